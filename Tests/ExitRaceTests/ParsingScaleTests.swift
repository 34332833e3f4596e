import Foundation
import Testing

@testable import ExitRace
@testable import ExitRaceJSON
@testable import ExitRaceFiles
@testable import ExitRaceParameters
@testable import ExitRaceScenario
@testable import ExitRaceEngine
@testable import ExitRaceExperiment
@testable import ExitRaceImport
@testable import ExitRaceReport
@testable import ExitRaceExplain
@testable import ExitRaceBenchmark

/// Parsing and decoding take time linear in the size of the file: large objects, long arrays,
/// many strategies and long procedures, all on one line (where a column count used to rescan the
/// line for every value). Sizes are small enough for a debug build; each case checks that twice the
/// input takes well under four times as long (what a quadratic parser would take). No bound is in
/// seconds: each time is the thread's CPU time, the fastest of several runs, the two sizes measured
/// in turn, so a loaded machine slows both alike.
@Suite("Parsing scales linearly")
struct ParsingScaleTests {
    /// The default scenario with `members` added at the top level, all on one line.
    static func scenario(adding members: String) -> String {
        let base = DefaultScenario.json.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
        let body = base.dropFirst(base.first == "{" ? 1 : 0)
        return "{" + members + ", " + body
    }

    static func noteObject(_ count: Int) -> String {
        "\"note\": {" + (0..<count).map { "\"k\($0)\": \($0)" }.joined(separator: ", ") + "}"
    }

    static func noteArray(_ count: Int) -> String {
        "\"note\": [" + (0..<count).map(String.init).joined(separator: ",") + "]"
    }

    /// The default scenario with `count` copies of its first strategy and a procedure of `steps`
    /// delays before the foreground kill, on one line.
    static func manyEntries(strategies count: Int, steps: Int) throws -> String {
        var root = try JSONParser.parse(DefaultScenario.json, file: "base")
        guard case .object(var members) = root.value,
            let strategiesIndex = members.firstIndex(where: { $0.key == "strategies" }),
            case .object(let strategies) = members[strategiesIndex].value.value
        else { throw ScaleError.unexpectedDefault }
        let first = strategies[0]
        members[strategiesIndex].value.value = .object(
            (0..<count).map { JSONNode.Member(key: "S\($0)", keyPosition: first.keyPosition, value: first.value) })
        root.value = .object(members)
        var text = FuzzTests.render(root)
        let delays = Array(repeating: #"{"op": "delay", "ms": 1}"#, count: steps).joined(separator: ", ")
        let procedure = #""long": {"steps": [\#(delays), {"op": "sigkill"}]}"#
        text = text.replacingOccurrences(of: "\"procedures\": {", with: "\"procedures\": {\(procedure),")
        return text.split(separator: "\n").joined(separator: " ")
    }

    enum ScaleError: Error { case unexpectedDefault }

    /// How much of this thread's CPU time decoding `text` takes; it must decode. CPU time, not wall
    /// time: on a loaded machine a wall-clock reading also counts the time other processes ran
    /// (fastest-of-five wall times failed at 2n = 1.16 × 3 × n while CI ran beside other builds).
    static func decodeTime(_ text: String) throws -> Duration {
        let bytes = Array(text.utf8)
        return try ThreadCPUTime.measure { try ScenarioDecoder.decode(bytes, file: "big.json") }.1
    }

    /// How many times each input is timed; the fastest counts (the others met a busier machine).
    static let repeats = 5

    /// The fastest of `repeats` runs of `first` and of `second`, timed in turn so that a change in
    /// the machine's load reaches both.
    static func fastest(_ first: () throws -> Duration, _ second: () throws -> Duration) rethrows -> (Duration, Duration) {
        var best = (Duration.seconds(1_000_000), Duration.seconds(1_000_000))
        for _ in 0..<repeats {
            best.0 = min(best.0, try first())
            best.1 = min(best.1, try second())
        }
        return best
    }

    /// Decodes the input at size `n` and `2n` and checks that the larger takes under three times as
    /// long (linear: about twice; quadratic: four times).
    static func expectLinear(_ make: (Int) throws -> String, size n: Int) throws {
        let smallText = try make(n), largeText = try make(2 * n)
        _ = try decodeTime(make(n / 4))  // warm up
        let (small, large) = try fastest({ try decodeTime(smallText) }, { try decodeTime(largeText) })
        #expect(large < small * 3, "fastest of \(repeats): n: \(small), 2n: \(large)")
    }

    @Test("a note object with many keys", .heavy)
    func manyKeys() throws {
        try Self.expectLinear({ Self.scenario(adding: Self.noteObject($0)) }, size: 10_000)
    }

    @Test("a long array of numbers", .heavy)
    func longArray() throws {
        try Self.expectLinear({ Self.scenario(adding: Self.noteArray($0)) }, size: 40_000)
    }

    @Test("many strategies", .heavy)
    func manyStrategies() throws {
        try Self.expectLinear({ try Self.manyEntries(strategies: $0, steps: 1) }, size: 1_000)
    }

    @Test("a long procedure", .heavy)
    func longProcedure() throws {
        try Self.expectLinear({ try Self.manyEntries(strategies: 1, steps: $0) }, size: 4_000)
    }

    @Test("a megabyte on one line parses about as fast as on short lines, and its last column is right", .heavy)
    func longLine() throws {
        let text = Self.scenario(adding: Self.noteArray(150_000)) + " x"
        #expect(throws: JSONParser.SyntaxError(
            position: SourcePosition(file: "big.json", line: 1, column: text.unicodeScalars.count),
            expected: "the end of the file", found: "'x'")) {
            try JSONParser.parse(text, file: "big.json")
        }
        // A third of those values on one line against the same one per line: a column count that
        // rescanned its line would make the one long line far slower (quadratic), not a little.
        let oneLine = Self.scenario(adding: Self.noteArray(50_000))
        let shortLines = Self.scenario(adding: Self.noteArray(50_000).replacingOccurrences(of: ",", with: ",\n"))
        func parseTime(_ text: String) throws -> Duration {
            let start = ContinuousClock.now
            _ = try JSONParser.parse(text, file: "big.json")
            return ContinuousClock.now - start
        }
        let (long, short) = try Self.fastest({ try parseTime(oneLine) }, { try parseTime(shortLines) })
        #expect(long < short * 3, "fastest of \(Self.repeats): one line: \(long), short lines: \(short)")
    }

    @Test("columns count scalars, also after earlier positions on the same line")
    func columnsAfterMultibyteText() {
        #expect(throws: JSONParser.SyntaxError(
            position: SourcePosition(file: "f", line: 2, column: 22), expected: "each member name once", found: "\"b\" again")) {
            try JSONParser.parse("{\"a\": 1,\n \"é\": \"○△×\", \"b\": 1, \"b\": 2}", file: "f")
        }
    }
}
