// exitrace import fixture: The Core Data app template's lifecycle code (Xcode's "Use Core Data" option): the app delegate
// saves the view context when the app is about to terminate, and the scene delegate when its scene
// enters the background, both synchronously on the main thread.
import CoreData
import UIKit

@main
class AppDelegate: UIResponder, UIApplicationDelegate {
    lazy var persistentContainer: NSPersistentContainer = {
        let container = NSPersistentContainer(name: "Model")
        container.loadPersistentStores { _, error in
            if let error { fatalError("\(error)") }
        }
        return container
    }()

    func applicationWillTerminate(_ application: UIApplication) {
        self.saveContext()
    }

    func saveContext() {
        let context = persistentContainer.viewContext
        if context.hasChanges {
            do {
                try context.save()
            } catch {
                fatalError("Unresolved error \(error)")
            }
        }
    }
}

class SceneDelegate: UIResponder, UIWindowSceneDelegate {
    var window: UIWindow?

    func sceneDidEnterBackground(_ scene: UIScene) {
        (UIApplication.shared.delegate as? AppDelegate)?.saveContext()
        UserDefaults.standard.synchronize()
    }
}
