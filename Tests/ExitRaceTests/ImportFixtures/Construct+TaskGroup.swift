// exitrace import fixture: withTaskGroup / addTask (docs/import.md).

import ActivityKit
import UIKit

class SceneDelegate: UIResponder, UIWindowSceneDelegate {
    func sceneDidDisconnect(_ scene: UIScene) {
        Task {
            await withTaskGroup(of: Void.self) { group in
                for activity in Activity<TimerAttributes>.activities {
                    group.addTask {
                        await activity.end(nil, dismissalPolicy: .immediate)
                    }
                }
                group.addTask(priority: .utility) {
                    await Analytics.shared.flush()
                }
                await group.waitForAll()
            }
        }
    }
}
