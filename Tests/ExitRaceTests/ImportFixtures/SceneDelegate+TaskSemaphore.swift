// Seed 000 (the reference experiment): the SceneDelegate · Task + semaphore cell as a small app file.
// The snippet is the article's (/work/shared/seeds/000_*.txt), with DispatchSemaphore(value: 0) where the article
// wrote DispatchSemaphore(); `exitrace import` of this file must give the cell of results/live-activity.md.

import ActivityKit
import UIKit

class SceneDelegate: UIResponder, UIWindowSceneDelegate {
    var window: UIWindow?

    func sceneDidDisconnect(_ scene: UIScene) {
        let semaphore = DispatchSemaphore(value: 0)
        Task {
            for activity in Activity<TimerAttributes>.activities {
                await activity.end(nil, dismissalPolicy: .immediate)
            }
            semaphore.signal()
        }
        semaphore.wait()
    }
}
