@testable import ExitRace
@testable import ExitRaceFiles
@testable import ExitRaceEngine
@testable import ExitRaceExperiment
@testable import ExitRaceReport

/// Builds small scenarios for tests from JSON fragments, so each test states only what it is about.
enum TestScenario {
    /// A scenario with one hook (`hook`), the given strategies (name → program JSON) and procedures
    /// (name → steps JSON). The default procedure delivers `hook` in one turn, then exits.
    static func make(
        timing: String = "",
        limits: String = "",
        call: String = #""costMs": 1, "deliverAfterMs": 1, "replyLatencyMs": 2"#,
        strategies: KeyValuePairs<String, String>,
        procedures: KeyValuePairs<String, String> = [
            "exit": #"[{"op": "turn", "actions": [{"op": "hook", "name": "hook"}, {"op": "exit"}]}]"#
        ]
    ) -> Scenario {
        let strategyJSON = strategies.map { #""\#($0.key)": {"program": \#($0.value)}"# }.joined(separator: ",\n")
        let procedureJSON = procedures.map { #""\#($0.key)": {"steps": \#($0.value)}"# }.joined(separator: ",\n")
        let json = """
            {
              "name": "test",
              "timing": {\(timing)},
              "limits": {\(limits)},
              "systemCalls": {"request": {\(call)}},
              "hooks": {"hook": {}},
              "strategies": {\(strategyJSON)},
              "procedures": {\(procedureJSON)}
            }
            """
        do {
            return try ScenarioDecoder.decode(json, file: "test.json")
        } catch {
            preconditionFailure("test scenario is invalid:\n\(error)\n\(json)")
        }
    }

    /// Runs the first strategy under the first procedure.
    static func run(_ scenario: Scenario, strategy: Int = 0, procedure: Int = 0) -> RunOutcome {
        Simulator(scenario: scenario).run(hook: 0, strategy: strategy, procedure: procedure)
    }

    static func ms(_ value: Double) -> VirtualInstant {
        VirtualInstant(nanoseconds: Int64((value * 1_000_000).rounded()))
    }
}
