import Foundation
import Testing

@testable import ExitRace
@testable import ExitRaceDiagnostics
@testable import ExitRaceScenario

/// The `--set` lines a message suggests are quoted by one function (``ShellQuoting/quoted(_:)``), so that
/// a name with `'`, `"`, spaces or `$` in it pastes into a shell and reads back as the same path.
@Suite("--set suggestions: one shell quoting, names with ' \" spaces and $")
struct ShellQuotedSuggestionTests {
    static let awkward = ["it's", "say \"hi\"", "two words", "$HOME", "a\\b", "plain"]

    /// What a POSIX shell makes of `word` as one argument.
    static func shellReads(_ word: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "printf %s " + word]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    @Test("quoted(_:) gives back the word through a shell", arguments: awkward + ["", "'", "''\"$`\\!*?"])
    func quotedReadsBack(_ word: String) throws {
        expectEqual(try Self.shellReads(ShellQuoting.quoted(word)), word)
    }

    /// The word after `--set ` in `message`, up to the `)` or ` (` that ends the suggestion.
    static func suggested(_ message: String, endingWith end: String) throws -> String {
        let start = try #require(message.range(of: "--set ", options: .backwards)).upperBound
        let stop = try #require(message.range(of: end, options: .backwards, range: start..<message.endIndex)).lowerBound
        return String(message[start..<stop])
    }

    @Test("the dotted-name hint's --set reads back, through a shell, as the path to the one name", arguments: awkward)
    func dottedNameHint(_ name: String) throws {
        let dotted = "\(name).save"
        let source = "--set systemCalls.\(dotted).costMs=5"
        let path: [JSONPath.Component] = [.key(name), .key("save"), .key("costMs")]
        let hint = try #require(SettingOverride.dottedNameHint(path[...], keys: [dotted], walked: "systemCalls", source: source))
        let word = try Self.suggested(hint, endingWith: ")")
        let argument = try Self.shellReads(word)
        let override = try SettingOverride.parse(argument)
        expectEqual(override.path, [.key("systemCalls"), .key(dotted), .key("costMs")])
        expectEqual(override.value.value, .number(5, text: "5"))
    }

    @Test("the strategy-removal hint's --set reads back as the strategy's path", arguments: awkward)
    func removalHint(_ name: String) throws {
        let path = join("strategies", name) + ".program"
        let hint = ScenarioLoader.removal(path)
        guard path.hasPrefix("strategies[") else {
            #expect(hint.isEmpty, "a plain name's path is not in brackets: no hint, as before")
            return
        }
        let word = try Self.suggested(hint, endingWith: " (a file")
        let override = try SettingOverride.parse(try Self.shellReads(word))
        expectEqual(override.path, [.key("strategies"), .key(name)])
        expectEqual(override.value.value, .null)
    }

    @Test("a path with \" or \\ in a key reads back as that key")
    func joinEscapes() {
        for name in Self.awkward {
            expectEqual(JSONPath.components(join("hooks", name)), [.key("hooks"), .key(name)])
        }
    }
}
