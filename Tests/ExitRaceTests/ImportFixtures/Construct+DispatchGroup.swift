// exitrace import fixture: DispatchGroup enter / leave / wait / notify and async(group:) (docs/import.md).

import ActivityKit
import UIKit

class SceneDelegate: UIResponder, UIWindowSceneDelegate {
    func sceneDidDisconnect(_ scene: UIScene) {
        let group = DispatchGroup()
        group.enter()
        Task.detached(priority: .high) {
            await Analytics.shared.flush()
            group.leave()
        }
        DispatchQueue.global(qos: .utility).async(group: group) {
            Thread.sleep(forTimeInterval: 0.002)
        }
        group.notify(queue: .main) {
            print("all done")
        }
        _ = group.wait(timeout: .now() + 1.5)
    }
}
