// exitrace import fixture: Work handed to the system on entering the background: a background URLSession upload (the
// transfer daemon goes on after the app is gone) and a BGTaskScheduler request for later.
import BackgroundTasks
import UIKit

final class Uploader {
    static let shared = Uploader()

    lazy var session: URLSession = {
        let configuration = URLSessionConfiguration.background(withIdentifier: "com.example.upload")
        return URLSession(configuration: configuration, delegate: nil, delegateQueue: nil)
    }()

    func uploadPending(_ file: URL, to url: URL) {
        let task = session.uploadTask(with: URLRequest(url: url), fromFile: file)
        task.resume()
    }
}

class SceneDelegate: UIResponder, UIWindowSceneDelegate {
    func sceneDidEnterBackground(_ scene: UIScene) {
        Uploader.shared.uploadPending(pendingFile, to: endpoint)
        let request = BGProcessingTaskRequest(identifier: "com.example.cleanup")
        do {
            try BGTaskScheduler.shared.submit(request)
        } catch {
            print("Could not schedule: \(error)")
        }
    }
}
