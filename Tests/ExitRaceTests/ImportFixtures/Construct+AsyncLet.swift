// exitrace import fixture: async let and its await (docs/import.md).

import ActivityKit
import UIKit

class AppDelegate: UIResponder, UIApplicationDelegate {
    func applicationWillTerminate(_ application: UIApplication) {
        Task.detached(priority: .high) {
            async let flushed: Void = Analytics.shared.flush()
            async let ended: Void = endActivities()
            _ = await (flushed, ended)
        }
    }
}

func endActivities() async {
    for activity in Activity<TimerAttributes>.activities {
        await activity.end(nil, dismissalPolicy: .immediate)
    }
}
