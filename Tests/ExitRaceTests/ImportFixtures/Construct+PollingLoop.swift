// exitrace import fixture: a while loop polling a flag, modelled as a waitUntil step; and the
// constructs that cannot be translated, each named on stderr with file:line:column (docs/import.md).

import ActivityKit
import UIKit

class AppDelegate: UIResponder, UIApplicationDelegate {
    var finished = false
    var retries = 0

    func applicationWillTerminate(_ application: UIApplication) {
        Task.detached {
            for activity in Activity<TimerAttributes>.activities {
                await activity.end(nil, dismissalPolicy: .immediate)
            }
            self.finished = true
        }
        while !finished {
            Thread.sleep(forTimeInterval: 0.05)
        }
        if retries > 0 {
            print("retried")
        } else {
            UserDefaults.standard.synchronize()
        }
        repeat {
            retries += 1
        } while retries < 3
        switch retries {
        case 0: print("none")
        default: break
        }
    }
}
