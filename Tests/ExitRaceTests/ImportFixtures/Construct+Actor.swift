// exitrace import fixture: a custom actor and calls into it from a task (docs/import.md).

import ActivityKit
import UIKit

actor LiveActivityStore {
    static let shared = LiveActivityStore()

    func endAll() async {
        for activity in Activity<TimerAttributes>.activities {
            await activity.end(nil, dismissalPolicy: .immediate)
        }
    }

    func scheduleRefresh() {
        Task {
            await BackgroundRefresh.shared.cancelAll()
        }
    }
}

class AppDelegate: UIResponder, UIApplicationDelegate {
    let store = LiveActivityStore()

    func applicationWillTerminate(_ application: UIApplication) {
        Task.detached {
            await self.store.endAll()
            await LiveActivityStore.shared.scheduleRefresh()
        }
    }
}
