import Testing

@testable import ExitRace
@testable import ExitRaceImport

/// Observers and delegate methods the scenario language has no callback for are each named at their
/// place (issue 23, the audit's fourth gap); `for await _ in notifications(named:)` of a lifecycle
/// notification is an observer, translated; a notification named by a local is read through it; the
/// SwiftUI `.backgroundTask` modifier is named at its own line (the twelfth gap).
@Suite("exitrace import: other observers, delegate methods without a callback, async-sequence observers")
struct SwiftImportOtherObserversTests {
    static func notes(_ result: SwiftImport.Result) -> [String] { result.notes.map(\.description) }

    @Test("observers of other notifications, by addObserver, publisher or onReceive, are each named at their place")
    func otherNotificationsNamed() throws {
        let result = try SwiftImportTests.run(["App.swift": """
            import SwiftUI
            final class Obs {
                init() {
                    NotificationCenter.default.addObserver(forName: UIApplication.didReceiveMemoryWarningNotification, object: nil, queue: .main) { _ in
                        Task.detached { await Cache.shared.persistA() }
                    }
                    NotificationCenter.default.addObserver(self, selector: #selector(custom), name: .myAppDidSync, object: nil)
                }
                @objc func custom() {}
            }
            struct V: View {
                var body: some View {
                    Text("x")
                        .onReceive(NotificationCenter.default.publisher(for: UIDevice.orientationDidChangeNotification)) { _ in }
                }
            }
            class AppDelegate: UIResponder, UIApplicationDelegate {
                func applicationWillTerminate(_ application: UIApplication) { Task.detached { await Cache.shared.persistC() } }
            }
            """])
        let notes = Self.notes(result)
        #expect(notes.contains {
            $0.hasPrefix("App.swift:4:9: not translated: an observer of UIApplication.didReceiveMemoryWarningNotification, not a lifecycle notification")
        }, "\(notes)")
        #expect(notes.contains { $0.hasPrefix("App.swift:7:9: not translated: an observer of .myAppDidSync, not a lifecycle notification") })
        #expect(notes.contains { $0.hasPrefix("App.swift:14:13: not translated: an onReceive of UIDevice.orientationDidChangeNotification") },
            "the modifier's own line, not the chain's first: \(notes)")
        expectEqual(result.hooks.map(\.name), ["AppDelegate.applicationWillTerminate"])
    }

    @Test("a delegate method with no callback in the scenario language is named with its selector")
    func unmodelledDelegateMethods() throws {
        let result = try SwiftImportTests.run(["App.swift": """
            class AppDelegate: UIResponder, UIApplicationDelegate {
                func applicationDidReceiveMemoryWarning(_ application: UIApplication) { Task.detached { await Api.shared.purge() } }
                func application(_ application: UIApplication, performFetchWithCompletionHandler completionHandler: @escaping (UIBackgroundFetchResult) -> Void) {
                    completionHandler(.noData)
                }
                func applicationWillTerminate(_ application: UIApplication) { Task.detached { await Api.shared.close() } }
            }
            """])
        let notes = Self.notes(result)
        #expect(notes.contains { $0.hasPrefix("App.swift:2:5: not translated: AppDelegate.applicationDidReceiveMemoryWarning: a delegate method for a memory warning") })
        #expect(notes.contains { $0.hasPrefix("App.swift:3:5: not translated: AppDelegate.application(_:performFetchWithCompletionHandler:): a delegate method for a background fetch") })
        expectEqual(result.hooks.map(\.name), ["AppDelegate.applicationWillTerminate"])
    }

    @Test("for await _ in notifications(named: willTerminateNotification) is a termination observer, its body in a task of the loop's kind")
    func asyncSequenceObserver() throws {
        let result = try SwiftImportTests.run(["App.swift": """
            final class Lifecycle {
                func start() {
                    Task.detached {
                        for await _ in NotificationCenter.default.notifications(named: UIApplication.willTerminateNotification) {
                            await Api.shared.flush()
                        }
                    }
                    Task { @MainActor in
                        for await _ in NotificationCenter.default.notifications(named: .NSCalendarDayChanged) { print("day") }
                    }
                }
            }
            """])
        expectEqual(result.hooks.map(\.name), ["Lifecycle.willTerminateNotification async sequence"])
        expectEqual(result.hooks[0].entryPoint.callback, "willTerminateNotification")
        expectEqual(result.hooks[0].steps.map(\.step),
            [.spawnTask(TaskSpawn(isolation: .none, priority: nil, detached: true), body: [.call("Api.flush")])])
        let notes = Self.notes(result)
        #expect(notes.contains { $0.contains("assumed: for await … in notifications(named:): an observer of willTerminateNotification") })
        #expect(notes.contains { $0.hasPrefix("App.swift:9:13: not translated: an async sequence of .NSCalendarDayChanged") })
        _ = try SwiftImportTests.decodes(result)
    }

    @Test("a notification name held in a local is read through it; one the importer cannot follow is named")
    func notificationNameInLocal() throws {
        let result = try SwiftImportTests.run(["App.swift": """
            final class Lifecycle {
                func start(other: Notification.Name) {
                    let name = UIApplication.didEnterBackgroundNotification
                    NotificationCenter.default.addObserver(self, selector: #selector(entered), name: name, object: nil)
                    NotificationCenter.default.addObserver(self, selector: #selector(entered), name: other, object: nil)
                }
                @objc func entered() { Task.detached { await Api.shared.save() } }
            }
            """])
        expectEqual(result.hooks.map(\.entryPoint.callback), ["sceneDidEnterBackground"])
        #expect(Self.notes(result).contains {
            $0.hasPrefix("App.swift:5:9: not translated: an observer of a notification whose name the importer cannot read (other")
        })
    }

    @Test(".backgroundTask is named at the modifier's own line, not the chain's first")
    func backgroundTaskModifier() throws {
        let result = try SwiftImportTests.run(["App.swift": """
            import SwiftUI
            @main struct MyApp: App {
                var body: some Scene {
                    WindowGroup { Text("x") }
                        .backgroundTask(.appRefresh("refresh")) { await Store.shared.refresh() }
                }
            }
            class AppDelegate: UIResponder, UIApplicationDelegate {
                func applicationWillTerminate(_ application: UIApplication) { Task.detached { await Api.shared.close() } }
            }
            """])
        #expect(Self.notes(result).contains { $0.hasPrefix("App.swift:5:13: not translated: .backgroundTask: a background task's launch handler") },
            "\(Self.notes(result))")
    }
}
