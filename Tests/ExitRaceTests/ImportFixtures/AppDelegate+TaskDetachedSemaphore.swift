// Seed 000 (the reference experiment): the AppDelegate · Task.detached + semaphore cell as a small app file.
// The snippet is the article's (/work/shared/seeds/000_*.txt), with DispatchSemaphore(value: 0) where the article
// wrote DispatchSemaphore(); `exitrace import` of this file must give the cell of results/live-activity.md.

import ActivityKit
import UIKit

@main
class AppDelegate: UIResponder, UIApplicationDelegate {
    func application(
        _ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
    ) -> Bool {
        true
    }

    func applicationWillTerminate(_ application: UIApplication) {
        let semaphore = DispatchSemaphore(value: 0)
        Task.detached {
            for activity in Activity<TimerAttributes>.activities {
                await activity.end(nil, dismissalPolicy: .immediate)
            }
            semaphore.signal()
        }
        semaphore.wait()
    }
}
