// exitrace import fixture: Cancellation: a task kept under a name, which checks for cancellation; another task awaits its
// value; a closure bound to a local name cancels it.
import UIKit

class SceneDelegate: UIResponder, UIWindowSceneDelegate {
    func sceneDidEnterBackground(_ scene: UIScene) {
        let upload = Task.detached(priority: .utility) {
            guard !Task.isCancelled else { return }
            await Uploader.shared.send()
            try Task.checkCancellation()
            if Task.isCancelled {
                await Uploader.shared.rollback()
            }
            await Analytics.shared.flush()
        }
        Task {
            await upload.value
        }
        let stop = {
            upload.cancel()
        }
        stop()
    }
}
