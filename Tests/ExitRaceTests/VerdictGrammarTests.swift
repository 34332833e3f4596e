import Foundation
import Testing

@testable import ExitRace
@testable import ExitRaceEngine
@testable import ExitRaceExplain
@testable import ExitRaceModel
@testable import ExitRaceScenario

/// Every verdict sentence reads as one grammatical sentence: the death ends the clause that tells
/// what was pending (`… was still running on main thread when the process exited at 53 ms`), and what
/// explains it comes after the margin, never between the clause and `when` (on main: "… gets
/// sceneDidEnterBackground instead when the process exited", "… held it then when the process was
/// killed", "(the call takes effect on reply) when …", "was queued on the main queue since 50 ms").
@Suite("Verdict sentences are grammatical")
struct VerdictGrammarTests {
    /// What must not appear in any verdict: a clause of the explanation glued to the death, or a
    /// past tense that `since` needs in the perfect.
    static let misreadings = [
        "instead when", "then when", "on reply when", "on delivery) when", "on reply) when", "was queued on the main queue since",
        "was ready since", "was waiting for actor", "was waiting for its child tasks since", "the reply to its call",
    ]

    static func check(_ sentence: String, _ place: String) {
        for misreading in misreadings { expectNotContains(sentence, misreading, "\(place): \(sentence)") }
        #expect(sentence.hasSuffix("."), "\(place): \(sentence)")
        #expect(sentence.components(separatedBy: ". ").count == 1 || sentence.contains("(exitrace explore"), "\(place): \(sentence)")
    }

    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    @Test("every cell of every shipped scenario, under every procedure", .heavy)
    func shippedScenarios() throws {
        let scenarios = try ScenarioSet.load([Self.repository.appendingPathComponent("scenarios").path]).scenarios
        for scenario in scenarios {
            let simulator = Simulator(scenario: scenario)
            for hook in scenario.hooks.indices {
                for strategy in scenario.strategies.indices {
                    for procedure in scenario.procedures.indices {
                        let sentence = VerdictSentence.sentence(simulator.trace(hook: hook, strategy: strategy, procedure: procedure))
                        Self.check(sentence.split(separator: "\n").first.map(String.init) ?? "", "\(scenario.name) \(hook) \(strategy) \(procedure)")
                    }
                }
            }
        }
    }

    static func sentence(_ json: String, hook: String, strategy: String, procedure: String = "foreground") throws -> String {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("exitrace-grammar-\(UUID().uuidString).json")
        try Data(json.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let scenario = try ScenarioLoader.load(path: file.path)
        let index = { (names: [String], name: String) in try #require(names.firstIndex(of: name)) }
        let trace = Simulator(scenario: scenario).trace(
            hook: try index(scenario.hooks.map(\.name), hook), strategy: try index(scenario.strategies.map(\.name), strategy),
            procedure: try index(scenario.procedures.map(\.name), procedure))
        return VerdictSentence.sentence(trace)
    }

    @Test("a hook no procedure calls: the death, then why it is never called")
    func uncalledHook() throws {
        let sentence = try Self.sentence(
            #"{ "extend": "builtin:live-activity", "hooks": { "applicationDidEnterBackground": {} } }"#,
            hook: "applicationDidEnterBackground", strategy: "Task")
        expectEqual(sentence, "× lost: applicationDidEnterBackground was never called before the process exited at 53 ms: no kill "
            + "procedure delivers it; a scene-based app (lifecycle.scenes is true) gets sceneDidEnterBackground instead.")
        Self.check(sentence, "uncalled")
    }

    @Test("a call that takes effect on reply: the death ends the clause, the rule comes last")
    func callStates() throws {
        let reply = try Self.sentence(
            #"{ "extend": "builtin:live-activity", "systemCalls": { "Activity.end": { "replyLatencyMs": 100, "takesEffectOn": "reply" } } }"#,
            hook: "sceneDidDisconnect", strategy: "Task", procedure: "background")
        #expect(reply.hasSuffix("had sent Activity.end and was waiting for the reply when the process exited at 53 ms: lost by "
            + "48.1 ms (it would have finished at 101.1 ms); the call takes effect on reply."), "\(reply)")
        Self.check(reply, "reply")
    }
}
