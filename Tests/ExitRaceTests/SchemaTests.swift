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
@testable import ExitRaceBenchmark

/// `scenarios/scenario.schema.json` lets editors validate and complete scenario files. These tests
/// keep it honest: shipped scenarios and the examples in the docs validate against it, broken
/// ones do not, and it names exactly the members the loader reads.
@Suite("JSON Schema")
struct SchemaTests {
    static let repository = ScenarioDecoderTests.repository
    static let schema: JSONNode = {
        let url = repository.appendingPathComponent("scenarios/scenario.schema.json")
        let bytes = [UInt8]((try? Data(contentsOf: url)) ?? Data())
        return (try? JSONParser.parse(bytes, file: url.path)) ?? JSONNode(value: .null, position: .init(file: "", line: 0, column: 0))
    }()
    static let validator = SchemaValidator(root: schema)

    static func parse(_ text: String, file: String = "example.json") -> JSONNode? {
        try? JSONParser.parse(text, file: file)
    }

    /// Fewer keywords than this (the schema had 729 in November 2026) means it was not read.
    static let minimumKeywords = 200

    @Test("the schema uses only keywords the validator checks")
    func schemaKeywords() throws {
        // A missing or unreadable schema must fail here, not pass having walked nothing.
        let url = Self.repository.appendingPathComponent("scenarios/scenario.schema.json")
        let root = try JSONParser.parse([UInt8](try Data(contentsOf: url)), file: url.path)
        guard case .object = root.value else {
            Issue.record("\(url.path): expected an object")
            return
        }
        var keywords = 0
        func walk(_ node: JSONNode, _ path: String, _ problems: inout [String], underProperties: Bool) {
            guard case .object(let members) = node.value else { return }
            for member in members {
                let isKeyword = !underProperties
                if isKeyword { keywords += 1 }
                if isKeyword && !SchemaValidator.annotations.contains(member.key) && !SchemaValidator.supported.contains(member.key) {
                    problems.append("\(path)/\(member.key)")
                }
                let childIsPropertyMap = isKeyword && (member.key == "properties" || member.key == "$defs")
                if case .array(let elements) = member.value.value {
                    for element in elements { walk(element, "\(path)/\(member.key)", &problems, underProperties: false) }
                } else {
                    walk(member.value, "\(path)/\(member.key)", &problems, underProperties: childIsPropertyMap)
                }
            }
        }
        var problems: [String] = []
        walk(root, "#", &problems, underProperties: false)
        expectEqual(problems, [])
        #expect(keywords >= Self.minimumKeywords, "only \(keywords) keywords in \(url.path)")
    }

    /// `swift test` validates the reference scenario; `EXITRACE_FULL=1` (`.ci/run`) every shipped one.
    @Test("every shipped scenario validates against the schema")
    func shippedScenarios() throws {
        let directory = Self.repository.appendingPathComponent("scenarios")
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.path)
            .filter { $0.hasSuffix(".json") && !$0.hasSuffix(".schema.json") }
            .filter { TestRun.full || $0 == "live-activity.json" }
        #expect(!files.isEmpty)
        for file in files.sorted() {
            let text = try String(contentsOf: directory.appendingPathComponent(file), encoding: .utf8)
            let node = try #require(Self.parse(text, file: file))
            expectEqual(Self.validator.validate(node), [], "\(file)")
        }
    }

    @Test("files the loader rejects for their shape, the schema rejects too", .heavy, arguments: [
        (#""exitDurationMs": 3"#, #""exitDurationMS": 3"#),
        (#""cooperativePoolWidth": 6"#, #""cooperativePoolWidth": 0"#),
        (#""cooperativePoolWidth": 6"#, #""cooperativePoolWidth": 1.5"#),
        (#""takesEffectOn": "delivery""#, #""takesEffectOn": "later""#),
        (#"{ "op": "delay", "ms": 50,"#, #"{ "op": "delay", "ms": -50,"#),
        (#"{ "op": "delay", "ms": 50,"#, #"{ "op": "pause", "ms": 50,"#),
        (#""priority": "high""#, #""priority": "urgent""#),
        (#"{ "op": "exit" }"#, #"{ "op": "exit", "code": 0 }"#),
        (#""hooks": {"#, #""hookz": {"#),
    ])
    func brokenFilesFail(original: String, replacement: String) throws {
        let text = DefaultScenario.json.replacingOccurrences(of: original, with: replacement)
        #expect(text != DefaultScenario.json)
        let node = try #require(Self.parse(text))
        #expect(!Self.validator.validate(node).isEmpty)
        #expect(throws: InputError.self) { try ScenarioDecoder.decode(text, file: "broken.json") }
    }

    /// The member names a schema definition allows (its `properties`), without `note`.
    static func properties(_ definition: JSONNode?) -> [String] {
        guard let definition, let properties = definition["properties"], case .object(let members) = properties.value else {
            return []
        }
        return members.map(\.key).filter { $0 != ScenarioKeys.note }
    }

    static func branches(_ definition: String, discriminator: String = "op") -> [(op: String, members: [String])] {
        guard let node = schema["$defs"]?[definition], let oneOf = node["oneOf"], case .array(let branches) = oneOf.value else {
            return []
        }
        return branches.compactMap { branch in
            guard let op = branch["properties"]?[discriminator]?["const"], case .string(let name) = op.value else { return nil }
            return (name, properties(branch))
        }
    }

    @Test("the schema and the loader agree on every member name")
    func namesAgree() {
        let defs = Self.schema["$defs"]
        expectEqual(Self.properties(Self.schema), ScenarioKeys.topLevel)
        expectEqual(Self.properties(defs?["timing"]), ScenarioKeys.timing)
        expectEqual(Self.properties(defs?["timing"]?["properties"]?["startLatencyMs"]), ScenarioKeys.startLatency)
        expectEqual(Self.properties(defs?["limits"]), ScenarioKeys.limits)
        expectEqual(Self.properties(defs?["systemCall"]), ScenarioKeys.systemCall)
        expectEqual(Self.properties(defs?["hook"]), ScenarioKeys.hook)
        expectEqual(Self.properties(defs?["strategy"]), ScenarioKeys.strategy)
        expectEqual(Self.properties(defs?["procedure"]), ScenarioKeys.procedure)
        expectEqual(Self.properties(defs?["lifecycle"]), ScenarioKeys.lifecycle)
        expectEqual(Self.properties(defs?["activity"]), ScenarioKeys.activity)
        let goals = Self.branches("goal", discriminator: "kind")
        expectEqual(goals.map(\.op), ScenarioKeys.goals.map(\.op))
        for (kind, members) in goals { expectEqual(members, ScenarioKeys.members(of: ScenarioKeys.goals, op: kind), "goal \(kind)") }
        for (name, table) in [
            ("programStep", ScenarioKeys.programSteps), ("procedureStep", ScenarioKeys.procedureSteps),
            ("turnAction", ScenarioKeys.turnActions),
        ] {
            let schemaBranches = Self.branches(name)
            expectEqual(schemaBranches.map(\.op), table.map(\.op), "\(name)")
            for (op, members) in schemaBranches {
                let sourceMembers = name == "programStep" ? ScenarioKeys.stepSource : []
                expectEqual(members, sourceMembers + ScenarioKeys.members(of: table, op: op), "\(name) \(op)")
            }
        }
    }

    /// The ```json blocks of docs/scenario-format.md, each with the schema reference from the
    /// `<!-- schema: REF -->` line before it.
    static func documentationExamples() throws -> [(reference: String, json: String, line: Int)] {
        let text = try String(contentsOf: repository.appendingPathComponent("docs/scenario-format.md"), encoding: .utf8)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var examples: [(String, String, Int)] = []
        var index = 0
        while index < lines.count {
            if lines[index] == "```json" {
                var reference = ""
                if index > 0, lines[index - 1].hasPrefix("<!-- schema: "), lines[index - 1].hasSuffix(" -->") {
                    reference = String(lines[index - 1].dropFirst(13).dropLast(4))
                }
                var body: [String] = []
                index += 1
                while index < lines.count && lines[index] != "```" {
                    body.append(lines[index])
                    index += 1
                }
                examples.append((reference, body.joined(separator: "\n"), index))
            }
            index += 1
        }
        return examples
    }

    @Test("every JSON example in docs/scenario-format.md validates; whole scenarios also load", .heavy)
    func documentationExamplesValidate() throws {
        let examples = try Self.documentationExamples()
        #expect(examples.count >= 10)
        for example in examples {
            let context = "docs/scenario-format.md example ending at line \(example.line)"
            #expect(!example.reference.isEmpty, "\(context) has no <!-- schema: … --> line before it")
            let node = try #require(Self.parse(example.json), "\(context) is not JSON")
            let schema = try #require(Self.validator.resolve(example.reference), "\(context): no \(example.reference)")
            expectEqual(Self.validator.validate(node, against: schema), [], "\(context)")
            if example.reference == "#" {
                let directory = FileManager.default.temporaryDirectory.appendingPathComponent("exitrace-docs-\(UUID().uuidString)")
                try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
                defer { try? FileManager.default.removeItem(at: directory) }
                let file = directory.appendingPathComponent("example.json").path
                try Data(example.json.utf8).write(to: URL(fileURLWithPath: file))
                #expect(throws: Never.self, "\(context)") { try ScenarioLoader.load(path: file) }
            }
        }
    }
}
