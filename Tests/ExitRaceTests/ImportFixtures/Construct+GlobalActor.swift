// exitrace import fixture: A global actor other than the main actor: a type marked with it, a method marked with it, and a
// task isolated to it.
import UIKit

@globalActor actor StorageActor {
    static let shared = StorageActor()
}

@StorageActor
final class Storage {
    static let shared = Storage()

    func save() async {
        await Disk.write()
    }
}

final class Analytics {
    static let shared = Analytics()

    @StorageActor func flush() async {
        await Network.send()
    }
}

class AppDelegate: UIResponder, UIApplicationDelegate {
    func applicationWillTerminate(_ application: UIApplication) {
        Task {
            await Storage.shared.save()
        }
        Task { @StorageActor in
            await Disk.sync()
        }
        Task.detached {
            await Analytics.shared.flush()
        }
    }
}
