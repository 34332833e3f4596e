/// Renders a sampled table as canonical JSON: every count of every cell and procedure, the
/// intervals, the first failing replications and the margins' histogram (non-empty bins only).
package enum RateJSONRenderer {
    /// The table as one canonical JSON document.
    package static func render(_ table: RateTable) -> String { document(table).serialized() }

    package static func document(_ table: RateTable) -> CanonicalJSON {
        let scenario = table.scenario
        return .object([
            "formatVersion": .integer(JSONRenderer.formatVersion),
            "scenario": .string(scenario.name),
            "title": .string(scenario.title),
            "hooks": .array(scenario.hooks.map { .object(["name": .string($0.name), "label": .string($0.label)]) }),
            "strategies": .array(scenario.strategies.map { .object(["name": .string($0.name), "code": .string($0.code)]) }),
            "procedures": .array(scenario.procedures.map { .object(["name": .string($0.name), "label": .string($0.label)]) }),
            "sampling": .object([
                "seed": .integer(Int64(bitPattern: table.seed)),
                "firstReplication": .integer(Int64(table.replications.lowerBound)),
                "replications": .integer(Int64(table.replications.count)),
                "drawn": .array(
                    scenario.uncertainties.map {
                        .object(["setting": .string($0.path), "distribution": .string($0.distribution.description)])
                    }),
            ]),
            "cells": .array(table.cells.map { cell(table, $0) }),
        ])
    }

    private static func cell(_ table: RateTable, _ cell: RateTable.Cell) -> CanonicalJSON {
        let scenario = table.scenario
        return .object([
            "hook": .string(scenario.hooks[cell.hook].name),
            "strategy": .string(scenario.strategies[cell.strategy].name),
            "verdict": .string(cell.verdict.symbol),
            "text": .string(table.cellText(cell)),
            "procedures": .array(
                cell.procedures.enumerated().map { index, rates in procedure(rates, name: scenario.procedures[index].name) }),
        ])
    }

    private static func procedure(_ rates: RateTable.ProcedureRates, name: String) -> CanonicalJSON {
        let interval = rates.interval
        return .object([
            "procedure": .string(name),
            "runs": .integer(Int64(rates.runs)),
            "finished": .integer(Int64(rates.finished)),
            "rate": millionths(rates.rate),
            "interval95": .object(["low": millionths(interval.low), "high": millionths(interval.high)]),
            "deadlocks": .integer(Int64(rates.deadlocks)),
            "inversions": .integer(Int64(rates.inversions)),
            "watchdogKills": .integer(Int64(rates.watchdogKills)),
            "boundsReached": .integer(Int64(rates.boundsReached)),
            "failingReplications": .array(rates.failures.map { .integer(Int64($0)) }),
            "margins": margins(rates.margins),
        ])
    }

    /// The non-empty bins, each with its range in nanoseconds.
    package static func margins(_ histogram: MarginHistogram) -> CanonicalJSON {
        let bins: [CanonicalJSON] = histogram.counts.indices.compactMap { bin in
            guard histogram.counts[bin] > 0 else { return nil }
            let range = MarginHistogram.range(ofBin: bin)
            return .object([
                "bin": .integer(Int64(bin)), "fromNs": .integer(range.low), "toNs": .integer(range.high),
                "runs": .integer(Int64(histogram.counts[bin])),
            ])
        }
        return .object(["bins": .array(bins), "withoutMargin": .integer(Int64(histogram.withoutMargin))])
    }

    /// A share 0…1 to six decimal places.
    static func millionths(_ value: Double) -> CanonicalJSON { .decimal(Int64((value * 1_000_000).rounded()), scale: 6) }
}
