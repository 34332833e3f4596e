import Foundation
import Testing

@testable import ExitRace
@testable import ExitRaceFiles
@testable import ExitRaceParameters
@testable import ExitRaceScenario
@testable import ExitRaceEngine
@testable import ExitRaceExperiment
@testable import ExitRaceImport
@testable import ExitRaceReport
@testable import ExitRaceExplain

/// Mutates the shipped scenarios thousands of times and checks that every input ends in a result
/// or in clear diagnostics: never a crash, a hang or an empty error. The seed is fixed so CI is
/// repeatable; set EXITRACE_FUZZ_SEED to explore others. Failures print the seed and the round.
/// The rounds come in chunks, each with a generator of its own (the seed mixed with the chunk's
/// number), so chunks run in parallel. `.heavy`: `swift test` skips it, `EXITRACE_FULL=1` (as
/// `.ci/run` sets) runs all of them, and a run that only re-records goldens the first.
@Suite("Fuzzing the scenario loader and the engine")
struct FuzzTests {
    static let seed: UInt64 = {
        if let text = ProcessInfo.processInfo.environment["EXITRACE_FUZZ_SEED"], let value = UInt64(text) { return value }
        return 0xF022_2026
    }()
    /// Rounds per chunk, and the chunks `.ci/run` runs (`EXITRACE_FULL=1`: 4 chunks of 400); otherwise
    /// the first 200 rounds of chunk 0, every round with the engine's invariants checked.
    /// (`EXITRACE_FUZZ_SEED` explores other rounds.)
    static let rounds = TestSample.isFull ? 400 : 200
    static let fullChunks = 4
    static let chunks = Array(0..<(TestSample.isFull ? fullChunks : 1))

    /// The shipped scenarios with their `extend` chains resolved, so each stands alone.
    static let corpus: [[UInt8]] = {
        let directory = ScenarioDecoderTests.repository.appendingPathComponent("scenarios")
        let files = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return files.filter { $0.hasSuffix(".json") && !$0.hasSuffix(".schema.json") }.sorted().compactMap {
            (try? ScenarioLoader.document(path: directory.appendingPathComponent($0).path, chain: [])).map { Array(render($0).utf8) }
        }
    }()

    /// Values that stress the decoder: wrong types, extremes, near-misses.
    static let values: [String] = [
        "null", "true", "false", "0", "-1", "0.5", "1e9", "1e10", "1e300", "-1e300", "123456789012345678901234567890",
        "\"\"", "\"x\"", "\"high\"", "\"main\"", "\"Activity.end\"", "\"done\"", "[]", "{}", "[1, 2]",
        "{\"op\": \"task\", \"body\": []}", "{\"op\": \"wait\", \"semaphore\": \"done\"}",
        "{\"op\": \"signal\", \"semaphore\": \"done\"}", "{\"op\": \"sigkill\"}", "{\"op\": \"exit\"}",
    ]

    static func mutate(_ bytes: [UInt8], _ rng: inout SplitMix64) -> [UInt8] {
        var bytes = bytes
        func position() -> Int { bytes.isEmpty ? 0 : Int(rng.next() % UInt64(bytes.count)) }
        switch rng.next() % 8 {
        case 0:  // flip a byte
            if !bytes.isEmpty { bytes[position()] = UInt8(truncatingIfNeeded: rng.next()) }
        case 1:  // delete a range
            let start = position()
            let end = min(bytes.count, start + Int(rng.next() % 40))
            bytes.removeSubrange(start..<end)
        case 2:  // duplicate a range
            let start = position()
            let end = min(bytes.count, start + Int(rng.next() % 200))
            bytes.insert(contentsOf: bytes[start..<end], at: position())
        case 3:  // truncate
            bytes = Array(bytes.prefix(position()))
        case 4:  // deep nesting
            let depth = Int(rng.next() % 200)
            bytes.insert(contentsOf: Array(repeating: UInt8(ascii: "["), count: depth), at: position())
        default:  // replace a JSON value with another (structure-aware)
            guard var root = try? JSONParser.parse(bytes, file: "fuzz") else { break }
            let replacement = values[Int(rng.next() % UInt64(values.count))]
            guard let node = try? JSONParser.parse(replacement, file: "fuzz") else { break }
            var counter = Int(rng.next() % 400)
            replaceNode(&root, with: node, countdown: &counter)
            bytes = Array(render(root).utf8)
        }
        return bytes
    }

    static func replaceNode(_ node: inout JSONNode, with replacement: JSONNode, countdown: inout Int) {
        if countdown == 0 {
            node = replacement
            countdown = -1
            return
        }
        countdown -= 1
        switch node.value {
        case .array(var elements):
            for index in elements.indices where countdown >= 0 { replaceNode(&elements[index], with: replacement, countdown: &countdown) }
            node.value = .array(elements)
        case .object(var members):
            for index in members.indices where countdown >= 0 {
                replaceNode(&members[index].value, with: replacement, countdown: &countdown)
            }
            node.value = .object(members)
        default: break
        }
    }

    static func render(_ node: JSONNode) -> String {
        switch node.value {
        case .null: "null"
        case .bool(let b): b ? "true" : "false"
        case .number(_, let text): text
        case .string(let s): CanonicalJSON.string(s).serialized().trimmingCharacters(in: .newlines)
        case .array(let elements): "[" + elements.map(render).joined(separator: ",\n") + "]"
        case .unreadArray(let array): "[" + array.elements.map(render).joined(separator: ",\n") + "]"
        case .object(let members):
            "{" + members.map { CanonicalJSON.string($0.key).serialized().trimmingCharacters(in: .newlines) + ": " + render($0.value) }
                .joined(separator: ",\n") + "}"
        }
    }

    @Test("mutated scenarios end in a table or in clear diagnostics", .heavy, arguments: chunks)
    func fuzz(chunk: Int) {
        #expect(Self.corpus.count >= 5)
        var rng = SplitMix64(seed: Self.seed ^ (UInt64(chunk) &* 0x9E37_79B9_7F4A_7C15))
        var accepted = 0
        var rejected = 0
        for round in 0..<Self.rounds {
            var input = Self.corpus[Int(rng.next() % UInt64(Self.corpus.count))]
            for _ in 0...(rng.next() % 3) { input = Self.mutate(input, &rng) }
            let context = "EXITRACE_FUZZ_SEED=\(Self.seed), chunk \(chunk), round \(round)"
            do {
                let scenario = try ScenarioDecoder.decode(input, file: "fuzz.json")
                let table = Simulator(scenario: scenario).table()
                expectEqual(table.cells.count, scenario.hooks.count * scenario.strategies.count, "\(context)")
                for cell in table.cells {
                    for outcome in cell.outcomes {
                        #expect(outcome.events <= scenario.limits.maxEvents, "\(context)")
                        // In-process work never counts after death; a service's work (done by the system) may.
                        if outcome.judgedByCleanup, !outcome.finishedBySystemAfterDeath, let at = outcome.cleanupAt,
                            let death = outcome.death
                        {
                            #expect(at <= death.at, "\(context)")
                        }
                    }
                }
                _ = OutputFormat.allCases.map { $0.render([table]) }
                accepted += 1
            } catch {
                let lineCount = input.reduce(1) { $0 + ($1 == 0x0A ? 1 : 0) }
                #expect(!error.diagnostics.isEmpty, "\(context)")
                for diagnostic in error.diagnostics {
                    #expect(!diagnostic.message.isEmpty && diagnostic.file == "fuzz.json", "\(context)")
                    #expect(diagnostic.line >= 1 && diagnostic.line <= lineCount, "\(context): \(diagnostic)")
                    #expect(diagnostic.message.contains("expected") || diagnostic.message.contains("unknown member")
                        || diagnostic.message.contains("missing member") || diagnostic.message.contains("never signaled")
                        || diagnostic.message.contains("never set")
                        || diagnostic.message.contains("needs an async context") || diagnostic.message.contains("goes with")
                        || diagnostic.message.contains("is resolved when a file is loaded")
                        || diagnostic.message.contains("cancels nothing") || diagnostic.message.contains("is not supported in"),
                        "\(context): \(diagnostic)")
                }
                rejected += 1
            }
        }
        // The mutations must reach both sides, or the test checks less than it claims.
        #expect(accepted > Self.rounds / 20, "seed \(Self.seed), chunk \(chunk): only \(accepted) mutants were valid")
        #expect(rejected > Self.rounds / 2, "seed \(Self.seed), chunk \(chunk): only \(rejected) mutants were rejected")
    }
}
