import Foundation
import Testing

@testable import ExitRace
@testable import ExitRaceImport

/// Rules from the review of the importer after the scenario language gained a discarding
/// `taskSleep` and `withTaskCancellationHandler`: each with the Swift it reads and the steps it gives.
@Suite("exitrace import: review (try? Task.sleep, withTaskCancellationHandler)")
struct SwiftImportReviewTests {
    static func imported(_ body: String, members: String = "") throws -> SwiftImport.Result {
        let result = try SwiftImportTests.run(["App.swift": """
            class SceneDelegate: UIResponder, UIWindowSceneDelegate {
                \(members)
                func sceneDidEnterBackground(_ scene: UIScene) {
                    \(body)
                }
            }
            """])
        _ = try SwiftImportTests.decodes(result)
        return result
    }

    /// The body of the one task the hook's code starts.
    static func taskBody(_ result: SwiftImport.Result) -> [ProgramStep]? {
        guard result.hooks.count == 1, result.hooks[0].steps.count == 1,
            case .spawnTask(_, let body) = result.hooks[0].steps[0].step
        else { return nil }
        return body
    }

    static let halfSecond = VirtualDuration(nanoseconds: 500_000_000)

    @Test("try? await Task.sleep discards the cancellation's error: a taskSleep with \"try\": \"try?\"")
    func discardingSleep() throws {
        let result = try Self.imported("Task { try? await Task.sleep(nanoseconds: 500_000_000); await Store.flush() }")
        #expect(Self.taskBody(result) == [.taskSleepDiscardingError(Self.halfSecond), .call("Store.flush")])
        #expect(result.scenario.contains(#""try": "try?""#))
    }

    @Test("a plain try await Task.sleep is a taskSleep (cancelled, it ends the body), without a note")
    func throwingSleep() throws {
        let result = try Self.imported("Task { try await Task.sleep(for: .seconds(0.5)); await Store.flush() }")
        #expect(Self.taskBody(result) == [.taskSleep(Self.halfSecond), .call("Store.flush")])
        #expect(!result.notes.contains { $0.message.contains("Task.sleep") })
    }

    @Test("a plain try await Task.sleep in a do { } catch is a taskSleep, with the catch noted as an assumption")
    func sleepInDoCatch() throws {
        let result = try Self.imported("""
            Task {
                        do { try await Task.sleep(nanoseconds: 500_000_000) } catch { print(error) }
                        await Store.flush()
                    }
            """)
        #expect(Self.taskBody(result) == [.taskSleep(Self.halfSecond), .call("Store.flush")])
        #expect(result.notes.map(\.description).contains {
            $0.hasPrefix("App.swift:5:18: assumed: try await Task.sleep in a do { } catch")
        })
    }

    @Test("a do { } catch around a Task { } does not reach the task's body")
    func doCatchStopsAtTask() throws {
        let result = try Self.imported("""
            do { try prepare(); Task { try await Task.sleep(nanoseconds: 500_000_000); await Store.flush() } } catch { }
            """)
        #expect(!result.notes.contains { $0.message.contains("Task.sleep in a do") })
    }

    @Test("withTaskCancellationHandler: the operation inline in the task, the handler a synchronous body")
    func cancellationHandler() throws {
        let result = try Self.imported("""
            Task {
                        await withTaskCancellationHandler { await Uploader.shared.send() } onCancel: { try? context.save() }
                        await Analytics.shared.flush()
                    }
            """)
        let save = ProgramStep.callWithCompletion("context.save", queue: SwiftImportLanguageTests.global, completion: [])
        let handler = ProgramStep.cancellationHandler(operation: [.call("Uploader.send")], onCancel: [save])
        #expect(Self.taskBody(result) == [handler, .call("Analytics.flush")])
        #expect(!result.notes.contains { $0.message.contains("withTaskCancellationHandler") })
        #expect(result.scenario.contains(#""op": "withTaskCancellationHandler""#))
    }

    @Test("withTaskCancellationHandler with operation: and onCancel: arguments")
    func cancellationHandlerArguments() throws {
        let result = try Self.imported("""
            Task { await withTaskCancellationHandler(operation: { await Uploader.shared.send() }, onCancel: { }) }
            """)
        let handler = ProgramStep.cancellationHandler(operation: [.call("Uploader.send")], onCancel: [])
        #expect(Self.taskBody(result) == [handler])
    }
}
