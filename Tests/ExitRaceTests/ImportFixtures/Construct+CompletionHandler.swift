// exitrace import fixture: calls with a completion handler (a URLSession task, a queue named by an
// argument), waited for with a semaphore (docs/import.md).

import UIKit

class AppDelegate: UIResponder, UIApplicationDelegate {
    func applicationWillTerminate(_ application: UIApplication) {
        let semaphore = DispatchSemaphore(value: 0)
        let request = URLRequest(url: URL(string: "https://example.com/session/end")!)
        URLSession.shared.dataTask(with: request) { _, _, _ in
            semaphore.signal()
        }.resume()
        SessionStore.shared.close(queue: DispatchQueue.main, completion: { error in
            print("closed", error as Any)
        })
        _ = semaphore.wait(timeout: .now() + 3)
    }
}
