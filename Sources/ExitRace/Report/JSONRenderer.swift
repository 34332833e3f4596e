/// Renders a table as canonical JSON with every per-procedure outcome. Times are integer
/// nanoseconds from the start of the run (`…Ns`), so nothing is lost to rounding.
public enum JSONRenderer {
    /// The `formatVersion` every result file states; ``ResultDocument`` refuses files of another one.
    /// Readers ignore unknown members, so adding members to the format needs no new version.
    public static let formatVersion: Int64 = 1

    /// One table as a JSON object, several as `{"scenarios": [...]}`; keys sorted, so the same tables
    /// give the same bytes.
    public static func render(_ tables: [ResultTable]) -> String {
        let value: CanonicalJSON =
            tables.count == 1 ? document(tables[0]) : .object(["scenarios": .array(tables.map(document))])
        return value.serialized()
    }

    /// One table with the flip reports of the scenario's sweeps, as a result file holds them
    /// (`"sweeps"`, by name); with no sweeps, exactly ``render(_:)`` of the table.
    /// With `exploration`, the document also holds an `"exploration"` member (see
    /// ``document(_:exploration:)``).
    package static func render(
        _ table: ResultTable, sweeps: [(name: String, report: FlipReport)], exploration: ScenarioExploration? = nil
    ) -> String {
        guard !sweeps.isEmpty, case .object(var members) = document(table, exploration: exploration) else {
            return document(table, exploration: exploration).serialized()
        }
        var byName: CanonicalJSON.Members = [:]
        for sweep in sweeps { byName.pairs.append((key: sweep.name, value: FlipReportRenderer.document(sweep.report))) }
        members.pairs.append((key: "sweeps", value: .object(byName)))
        return CanonicalJSON.object(members).serialized()
    }

    /// Several tables are `{"scenarios": [...]}`: what comes before the first one…
    static let openingOfMany = "{\n  \"scenarios\": [\n"
    /// …and after the last.
    static let closingOfMany = "  ]\n}\n"

    /// One table of several, as an element of `"scenarios"`.
    package static func member(_ table: ResultTable, last: Bool, exploration: ScenarioExploration? = nil) -> String {
        "    " + document(table, exploration: exploration).serialized(indent: 4) + (last ? "\n" : ",\n")
    }

    package static func document(_ table: ResultTable) -> CanonicalJSON {
        let scenario = table.scenario
        var members: CanonicalJSON.Members = [
            "formatVersion": .integer(formatVersion),
            "scenario": .string(scenario.name),
            "title": .string(scenario.title),
            "hooks": .array(scenario.hooks.map { .object(["name": .string($0.name), "label": .string($0.label)]) }),
            "strategies": .array(scenario.strategies.map { .object(["name": .string($0.name), "code": .string($0.code)]) }),
            "procedures": .array(
                scenario.procedures.map { .object(["name": .string($0.name), "label": .string($0.label)]) }),
            "cells": .array(table.cells.map { cell(table, $0) }),
        ]
        // Present only while import's placeholder costs remain, so that other files keep their bytes.
        if let note = scenario.placeholderNotes.first {
            members.pairs.append((key: "placeholders", value: .object([
                "systemCalls": .array(scenario.placeholderCalls.map { .string($0) }), "note": .string(note),
            ])))
        }
        // Present only when a run reached a bound, so that other files keep their bytes.
        let bounds = table.boundHints
        if !bounds.isEmpty {
            members.pairs.append((key: "limitsReached", value: .array(bounds.map { hint in
                .object([
                    "setting": .string(hint.setting), "value": .integer(Int64(hint.value)),
                    "ceiling": .integer(Int64(hint.ceiling)), "raise": hint.raise.map { .string($0) } ?? .null,
                    "note": .string(hint.words),
                ])
            })))
        }
        return .object(members)
    }

    private static func cell(_ table: ResultTable, _ cell: ResultTable.Cell) -> CanonicalJSON {
        let scenario = table.scenario
        let finished: [Int] =
            switch cell.verdict {
            case .always: Array(scenario.procedures.indices)
            case .some(let indices): indices
            case .never: []
            }
        var members: CanonicalJSON.Members = [
            "hook": .string(scenario.hooks[cell.hook].name),
            "strategy": .string(scenario.strategies[cell.strategy].name),
            "verdict": .string(cell.verdict.symbol),
            "finishedIn": .array(finished.map { .string(scenario.procedures[$0].name) }),
            "priorityInversion": .bool(cell.hasInversion),
            "deadlock": .bool(cell.hasDeadlock),
            "outcomes": .array(
                cell.outcomes.enumerated().map { index, outcome in
                    self.outcome(outcome, procedure: scenario.procedures[index].name)
                }),
        ]
        // Present only on marked cells, so that files without the mark keep their bytes.
        let thin = table.thinWinProcedures(cell)
        if !thin.isEmpty {
            members.pairs.append((key: "thinWinIn", value: .array(thin.map { .string(scenario.procedures[$0].name) })))
        }
        if cell.watchdogKilled {
            members.pairs.append((key: "watchdogKill", value: .bool(true)))
            let procedures = cell.watchdogKillProcedures.map { CanonicalJSON.string(scenario.procedures[$0].name) }
            members.pairs.append((key: "watchdogKillIn", value: .array(procedures)))
        }
        // `[n]`: per procedure, the callbacks whose code (holding cleanup calls) the run never delivered.
        let skipped = cell.outcomes.enumerated().filter { $0.element.skippedCleanupPrograms != 0 }
        if !skipped.isEmpty {
            let byProcedure = skipped.map { procedure, outcome in
                let missed = VerdictSentence.missedPrograms(scenario, strategy: cell.strategy, outcome)
                let members: CanonicalJSON.Members = [
                    "procedure": .string(scenario.procedures[procedure].name),
                    "callbacks": .array(missed.map { .string($0.callback) }),
                ]
                return CanonicalJSON.object(members)
            }
            members.pairs.append((key: "codeNotRunIn", value: .array(byProcedure)))
        }
        return .object(members)
    }

    package static func outcome(_ outcome: RunOutcome, procedure: String) -> CanonicalJSON {
        func ns(_ instant: VirtualInstant?) -> CanonicalJSON { instant.map { .integer($0.nanoseconds) } ?? .null }
        var death = CanonicalJSON.null
        if let d = outcome.death {
            death = .object(["atNs": .integer(d.at.nanoseconds), "cause": .string(d.cause.rawValue)])
        }
        var inversion = CanonicalJSON.null
        if let i = outcome.inversion {
            inversion = .object([
                "atNs": .integer(i.at.nanoseconds), "waiterQoS": .string(i.waiter.name),
                "signalerQoS": .string(i.signaler.name), "count": .integer(Int64(i.count)),
                "message": .string(i.checkerMessage),
            ])
        }
        var activity = CanonicalJSON.null
        if let a = outcome.activity {
            activity = .object([
                "startedAtNs": .integer(a.startedAt.nanoseconds), "endedAtNs": .integer(a.endedAt.nanoseconds),
                "endedByApp": .bool(a.endedByApp), "dismissedAtNs": .integer(a.dismissedAt.nanoseconds),
                "updates": .integer(Int64(a.updates)), "lastUpdateAtNs": ns(a.lastUpdateAt),
            ])
        }
        var members: CanonicalJSON.Members = [
            "activity": activity,
            "procedure": .string(procedure),
            "cleanupFinished": .bool(outcome.cleanupFinished),
            "cleanupAtNs": ns(outcome.cleanupAt),
            "wouldHaveFinishedAtNs": ns(outcome.wouldHaveFinishedAt),
            "death": death,
            "marginNs": outcome.margin.map { .integer($0.nanoseconds) } ?? .null,
            "deadlock": outcome.deadlock.map { .array($0.map { .string($0.description) }) } ?? .null,
            "priorityInversion": inversion,
            "boundReached": outcome.boundReached.map { .string($0.rawValue) } ?? .null,
            "events": .integer(Int64(outcome.events)),
        ]
        // Only when so, like a cell's "watchdogKill": results without services stay as they were.
        if outcome.finishedBySystemAfterDeath { members.pairs.append((key: "finishedUnderSystemAfterDeath", value: .bool(true))) }
        return .object(members)
    }
}
