// exitrace import fixture: the app's own queues, DispatchQueue(label:qos:attributes:), with async, sync
// and asyncAfter (docs/import.md). Its expected scenario is Golden/import-Construct+OwnQueue.json.

import ActivityKit
import UIKit

class AppDelegate: UIResponder, UIApplicationDelegate {
    private let saveQueue = DispatchQueue(label: "com.example.save", qos: .utility)
    private let decodeQueue = DispatchQueue(label: "com.example.decode", qos: .userInitiated, attributes: .concurrent)

    func applicationWillTerminate(_ application: UIApplication) {
        let semaphore = DispatchSemaphore(value: 0)
        saveQueue.sync {
            Thread.sleep(forTimeInterval: 0.003)
        }
        decodeQueue.async {
            Task.detached {
                for activity in Activity<TimerAttributes>.activities {
                    await activity.end(nil, dismissalPolicy: .immediate)
                }
                semaphore.signal()
            }
        }
        saveQueue.asyncAfter(deadline: .now() + .milliseconds(500)) {
            usleep(1_000)
        }
        _ = semaphore.wait(timeout: .now() + 2)
    }
}
