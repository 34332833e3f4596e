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

/// Defaults live on the model types; these tests check that the decoder takes them from there and
/// that docs/scenario-format.md and the JSON Schema state the same values.
@Suite("Defaults")
struct DefaultsTests {
    static let documentation: [String] = {
        let url = ScenarioDecoderTests.repository.appendingPathComponent("docs/scenario-format.md")
        let text = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
        return text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }()

    /// The lines under `heading`, up to the next heading of level 2.
    static func section(_ heading: String) -> [String] {
        guard let start = documentation.firstIndex(of: heading) else { return [] }
        let end = documentation[(start + 1)...].firstIndex { $0.hasPrefix("## ") } ?? documentation.endIndex
        return Array(documentation[(start + 1)..<end])
    }

    /// The "default" column of the section's first table, by member; rows with no default are left out.
    static func documentedDefaults(_ heading: String) -> [String: String] {
        let rows = section(heading).filter { $0.hasPrefix("|") }.map { line in
            line.split(separator: "|", omittingEmptySubsequences: false).dropFirst().dropLast()
                .map { $0.trimmingCharacters(in: .whitespaces) }
        }
        guard let header = rows.first, let column = header.firstIndex(of: "default") else { return [:] }
        var defaults: [String: String] = [:]
        for row in rows.dropFirst(2) where column < row.count && !row[column].isEmpty {
            defaults[normalized(row[0])] = normalized(row[column])
        }
        return defaults
    }

    /// A default as the doc writes it, without code quotes, a trailing explanation in parentheses
    /// or thousands separators: `28 800 000 (8 h)` → `28800000`, `` `"delivery"` `` → `delivery`.
    static func normalized(_ text: String) -> String {
        var text = text
        if text.hasSuffix(")"), let parenthesis = text.firstIndex(of: "("), parenthesis != text.startIndex {
            text = String(text[..<parenthesis])
        }
        text = text.replacingOccurrences(of: "`", with: "").replacingOccurrences(of: "\"", with: "")
            .trimmingCharacters(in: .whitespaces)
        if text.allSatisfy({ $0.isNumber || $0 == " " || $0 == "." }) { text.removeAll { $0 == " " } }
        return text
    }

    /// A duration as the doc writes it, in milliseconds: `3`, `0.05`.
    static func ms(_ duration: VirtualDuration) -> String {
        let nanoseconds = duration.nanoseconds
        return nanoseconds % 1_000_000 == 0 ? "\(nanoseconds / 1_000_000)" : "\(Double(nanoseconds) / 1_000_000)"
    }

    static let timing: [String: String] = [
        "exitDurationMs": ms(Timing.default.exitDuration),
        "startLatencyMs": "see below",
        "cooperativePoolWidth": "\(Timing.default.cooperativePoolWidth)",
        "dispatchPoolWidth": "\(Timing.default.dispatchPoolWidth)",
        "mainThreadQoS": Timing.default.mainThreadQoS.name,
    ]
    static let startLatency = Dictionary(uniqueKeysWithValues: QoSClass.allCases.map { ($0.name, ms(Timing.default.startLatency($0))) })
    static let lifecycle: [String: String] = {
        let settings = LifecycleSettings.default
        return [
            "scenes": "\(settings.scenes)", "debuggerAttached": "\(settings.debuggerAttached)", "suspendAfterMs": ms(settings.suspendAfter),
            "backgroundTaskAllowanceMs": ms(settings.backgroundTaskAllowance), "expirationWarningMs": ms(settings.expirationWarning),
            "uiTeardownMs": ms(settings.uiTeardown), "terminateDelayMs": ms(settings.terminateDelay),
            "terminationWatchdogMs": ms(settings.terminationWatchdog), "launchWatchdogMs": ms(settings.launchWatchdog),
            "callbackWatchdogMs": ms(settings.callbackWatchdog), "backgroundSceneWatchdogMs": ms(settings.backgroundSceneWatchdog),
            "activeBackgroundModes": "[]", "backgroundLaunchCPUMs": ms(settings.backgroundLaunchCPU),
            "dataProtectionDelayMs": ms(settings.dataProtectionDelay),
        ]
    }()
    static let activity: [String: String] = [
        "startedAtMs": ActivitySettings.default.startedAt.map(ms) ?? "none",
        "maxActiveMs": ms(ActivitySettings.default.maxActive),
        "maxEndedMs": ms(ActivitySettings.default.maxEnded),
    ]
    static let limits = [
        "maxEvents": "\(Limits.default.maxEvents)", "maxTimeMs": ms(Limits.default.maxTime),
        "maxPendingEvents": "\(Limits.default.maxPendingEvents)", "maxContexts": "\(Limits.default.maxContexts)",
        "maxTraceRecords": "\(Limits.default.maxTraceRecords)",
    ]
    static let systemCall: [String: String] = {
        let cost = VirtualDuration.ms(7)
        let call = SystemCall(name: "call", cost: cost)
        return [
            "costMs": "required", "deliverAfterMs": call.deliverAfter.map(ms) ?? "costMs",
            "replyLatencyMs": ms(call.replyLatency), "takesEffectOn": call.takesEffectOn.rawValue, "cleanup": "\(call.isCleanup)",
            "fileProtection": call.fileProtection?.rawValue ?? "none", "cancellable": "\(call.cancellable)",
            "placeholder": "\(call.isPlaceholder)",
            "service": call.service == nil ? "none" : "?",
            "serviceStartAfterMs": ms(SystemService(kind: .push, run: cost).startAfter), "serviceRunMs": "required with service",
            "serviceAllowanceMs": "required with backgroundTask",
            "relaunchAfterMs": ms(SystemService(kind: .backgroundTransfer, run: cost).relaunchAfter),
            "cancelledByForceQuit": SystemService.Kind.allCases.map { "\($0.rawValue): \(SystemService.defaultCancelledByForceQuit($0))" }
                .joined(separator: ", "),
        ]
    }()

    @Test("the defaults in the tables of docs/scenario-format.md are the model's")
    func documentedTables() {
        let goal = switch Goal.default {
        case .cleanup: GoalKind.cleanup
        case .activityGone: GoalKind.activityGone
        case .keepsCalling: GoalKind.keepsCalling
        }
        let scenario = Scenario(
            name: "n", title: nil, timing: .default, limits: .default, systemCalls: [], hooks: [], strategies: [], procedures: [])
        let topLevel = [
            "name": ScenarioDecoder.defaultName(forFile: "dir/base.json") == "base" ? "the file's base name" : "?",
            // Without a title of its own a scenario is titled by its name; a file that extends another
            // inherits that file's title first (the loader's rule, tested in InheritedTitleTests).
            "title": scenario.title == scenario.name ? "the title of the file it extends, else name" : scenario.title,
            "timing": "all defaults", "lifecycle": "all defaults", "limits": "all defaults",
            "activity": scenario.activity == nil ? "none" : "?",
            "goal": "{kind: \(goal.rawValue)}",
            "sweeps": scenario.sweeps.isEmpty ? "none" : "?",
            "queues": scenario.queues.isEmpty ? "none" : "?",
            "thinWinMs": Self.ms(scenario.thinWin), "runCondition": "none", "runConditions": "none",
            "actors": scenario.actors.isEmpty ? "none" : "?",
        ]
        let sweep = SweepSpec(name: "s", vary: [])
        let sweepDefaults = [
            "steps": "\(sweep.steps)", "log": "\(sweep.logarithmic)", "toleranceMs": Self.ms(sweep.tolerance),
        ]
        for (heading, model) in [
            ("## Top level", topLevel), ("## `timing`", Self.timing), ("## `lifecycle`", Self.lifecycle),
            ("## `activity`", Self.activity), ("## `limits`", Self.limits), ("## `systemCalls`", Self.systemCall),
            ("## `sweeps`", sweepDefaults),
            ("## `actors`", ["global": "\(ActorDeclaration(name: "a").global)"]),
        ] {
            expectEqual(Self.documentedDefaults(heading), model, "\(heading)")
        }
    }

    @Test("the start latencies docs/scenario-format.md lists are the model's")
    func documentedStartLatencies() throws {
        let text = Self.section("## `timing`").joined(separator: " ")
        let start = try #require(text.range(of: "missing ones keep their defaults: ")).upperBound
        let end = try #require(text.range(of: ". ", range: start..<text.endIndex)).lowerBound
        var documented: [String: String] = [:]
        for item in text[start..<end].components(separatedBy: ", ") {
            let words = item.split(separator: " ").map { Self.normalized(String($0)) }
            try #require(words.count == 2, "\(item)")
            documented[words[0]] = words[1]
        }
        expectEqual(documented, Self.startLatency)
    }

    @Test("the defaults docs/scenario-format.md states in prose are the model's")
    func documentedProse() {
        let isolation = IsolationName.allCases.first { $0.isolation == TaskSpawn.defaultIsolation }?.rawValue ?? "?"
        for (heading, phrase) in [
            ("## `strategies`", "`isolation` `\"\(isolation)\"` (default"),
            ("## `strategies`", "(`qos` for global only, default `\(DispatchTarget.defaultGlobalQoS.name)`)"),
            ("## `procedures`", "`\(KillProcedure.defaultStartState.key)` (default)"),
            ("## `hooks`", "`label` names the row (default: the name)"),
        ] {
            expectContains(Self.section(heading).joined(separator: " "), phrase, "\(heading): \(phrase)")
        }
    }

    @Test("every default scenarios/scenario.schema.json states is the model's")
    func schemaDefaults() {
        /// The `default`s of a definition's properties; the schema states only some of them.
        func defaults(_ definition: JSONNode?) -> [String: String] {
            guard case .object(let members)? = definition?["properties"]?.value else { return [:] }
            var found: [String: String] = [:]
            for member in members {
                switch member.value["default"]?.value {
                case .number(_, let text)?: found[member.key] = text
                case .string(let text)?: found[member.key] = text
                case .bool(let value)?: found[member.key] = "\(value)"
                default: break
                }
            }
            return found
        }
        let definitions = SchemaTests.schema["$defs"]
        for (name, definition, model) in [
            ("timing", definitions?["timing"], Self.timing),
            ("startLatencyMs", definitions?["timing"]?["properties"]?["startLatencyMs"], Self.startLatency),
            ("lifecycle", definitions?["lifecycle"], Self.lifecycle), ("activity", definitions?["activity"], Self.activity),
            ("limits", definitions?["limits"], Self.limits), ("systemCall", definitions?["systemCall"], Self.systemCall),
            ("procedure", definitions?["procedure"], ["startsIn": KillProcedure.defaultStartState.key]),
        ] {
            let stated = defaults(definition)
            #expect(!stated.isEmpty, "\(name)")
            for (member, value) in stated { expectEqual(model[member], value, "\(name).\(member)") }
        }
    }

    @Test("a scenario that states nothing it may leave out gets the model's defaults")
    func decoderUsesTheModel() throws {
        let scenario = try ScenarioDecoder.decode(
            """
            {
              "activity": {},
              "systemCalls": { "end": { "costMs": 7 } },
              "hooks": { "applicationWillTerminate": {} },
              "strategies": { "s": { "program": [
                { "op": "task", "body": [{ "op": "call", "name": "end" }] },
                { "op": "dispatch", "queue": "global", "body": [] }
              ] } },
              "procedures": { "p": { "steps": [{ "op": "sigkill" }] } }
            }
            """, file: "dir/base.json")
        #expect(scenario.name == "base" && scenario.title == "base")
        #expect(scenario.timing == .default && scenario.lifecycle == .default && scenario.limits == .default)
        #expect(scenario.activity == .default && scenario.goal == .default)
        expectEqual(scenario.systemCalls, [SystemCall(name: "end", cost: .ms(7))])
        expectEqual(scenario.hooks, [Hook(name: "applicationWillTerminate", label: nil)])
        expectEqual(scenario.procedures, [KillProcedure(name: "p", label: nil, steps: [.sigkill])])
        expectEqual(scenario.procedures.first?.startsIn, KillProcedure.defaultStartState)
        expectEqual(scenario.strategies.first?.code, "")
        expectEqual(scenario.strategies.first?.program, [
            .spawnTask(TaskSpawn(isolation: TaskSpawn.defaultIsolation, priority: nil, detached: false), body: [.call("end")]),
            .dispatchAsync(.global(DispatchTarget.defaultGlobalQoS), body: []),
        ])
    }
}
