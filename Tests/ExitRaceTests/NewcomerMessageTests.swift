import Testing

@testable import ExitRace

/// What a newcomer typed and was not told how to fix (issue 26, the final walk): each message now
/// says what to write instead.
@Suite("Messages that say what to write")
struct NewcomerMessageTests {
    static func message(_ body: () throws(InputError) -> Void) -> String {
        do throws(InputError) {
            try body()
            return ""
        } catch {
            return error.diagnostics.map(\.message).joined(separator: "\n")
        }
    }

    @Test("a range with two dots is told to use three")
    func twoDotRange() {
        let space = ParameterSpace(scenario: DefaultScenario.load())
        let text = Self.message { () throws(InputError) in
            _ = try SweepAxis.parse("timing.exitDurationMs=1..20", steps: 20, logarithmic: false, space: space)
        }
        expectContains(text, "a range is written FROM...TO with three dots (e.g. 1...20)", "\(text)")
    }

    @Test("a name in brackets without quotes is shown quoted")
    func unquotedBracketName() {
        let text = Self.message { () throws(InputError) in _ = try SettingOverride.parse("systemCalls[upload].costMs=1") }
        expectContains(text, #"(a name in brackets is quoted, and the whole PATH=VALUE in single quotes"#, "\(text)")
        expectContains(text, #"--set 'systemCalls["upload"].costMs=5')"#, "\(text)")
    }

    @Test("an array of bare words is told to quote them")
    func bareWordsInArray() {
        let text = Self.message { () throws(InputError) in
            _ = try SettingOverride.parse("hooks.x.callbacks=[sceneDidEnterBackground]")
        }
        expectContains(text, #"(strings inside are quoted: ["a", "b"])"#, "\(text)")
    }
}

extension NewcomerMessageTests {
    @Test("a distribution with bad arguments gets one message; one without its closing parenthesis is told so")
    func distributionTypos() {
        let reversed = Self.message { () throws(InputError) in
            _ = try ScenarioLoader.loadDefault(overrides: [try SettingOverride.parse("timing.exitDurationMs=uniform(20,1)")])
        }
        expectEqual(reversed.split(separator: "\n").count, 1, "\(reversed)")
        expectContains(reversed, "expected low ≤ high, found 20 > 1")
        let open = Self.message { () throws(InputError) in _ = try SettingOverride.parse("timing.exitDurationMs=uniform(1,20") }
        expectEqual(open, #"expected uniform(…) with its closing parenthesis, found "uniform(1,20""#)
    }
}

extension NewcomerMessageTests {
    @Test("a run condition picked in a file without runConditions is an error, not a silent no-op")
    func runConditionWithoutConditions() {
        let text = Self.message { () throws(InputError) in
            _ = try ScenarioLoader.loadDefault(overrides: [try SettingOverride.parse("runCondition=release")])
        }
        expectContains(text, #"expected runConditions with a "release" member to pick from, found none"#, "\(text)")
    }
}
