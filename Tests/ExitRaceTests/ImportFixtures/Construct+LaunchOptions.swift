// exitrace import fixture: an if … else on the launch options, modelled as two `if` steps
// (launchOptions "remoteNotification" and "none"; docs/import.md).

import ActivityKit
import UIKit

class AppDelegate: UIResponder, UIApplicationDelegate {
    func application(
        _ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
    ) -> Bool {
        if launchOptions?[.remoteNotification] != nil {
            Task.detached {
                await SyncEngine.shared.refreshFromPush()
            }
        } else {
            Task {
                await SyncEngine.shared.restoreSession()
            }
        }
        return true
    }
}
