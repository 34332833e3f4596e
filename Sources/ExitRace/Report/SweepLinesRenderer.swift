import Foundation

/// Sweep points as JSON lines (`sweep --format jsonl`): one compact object per grid point, with
/// the varied settings and every cell's outcome under every procedure, for pandas or jq.
package enum SweepLinesRenderer {
    /// The lines of `points`, each ending in a newline.
    package static func render(_ points: [SweepPoint], grid: SweepGrid, scenario: Scenario) -> String {
        lines(points[...], grid, scenario, Keys(scenario: scenario, grid: grid))
    }

    static func lines(_ points: ArraySlice<SweepPoint>, _ grid: SweepGrid, _ scenario: Scenario, _ keys: Keys) -> String {
        var out = JSONBytes()
        let procedures = scenario.procedures.count
        for point in points {
            out.append("{\"cells\":[")
            var offset = 0
            for hook in scenario.hooks.indices {
                for strategy in scenario.strategies.indices {
                    if offset > 0 { out.append(",") }
                    writeCell(point.outcomes[offset..<(offset + procedures)], hook, strategy, keys, &out)
                    offset += procedures
                }
            }
            out.append("],\"point\":")
            out.append(integer: Int64(point.index))
            out.append(",\"settings\":{")
            writeSettings(grid.coordinates(of: point.index), grid, keys, &out)
            out.append("}}\n")
        }
        return out.string
    }

    /// What every line repeats, ordered and quoted once per rendering rather than once per cell
    /// (sorting the procedures for every cell was half the time of `sweep --format jsonl`).
    struct Keys: Sendable {
        /// The procedures in canonical (byte) order of their names, as every JSON ExitRace writes.
        let procedureOrder: [Int]
        /// By procedure: its quoted name.
        let procedures: [String]
        let hooks: [String]
        let strategies: [String]
        /// The axes in canonical order of their paths, and each path quoted.
        let axisOrder: [Int]
        let axes: [String]

        init(scenario: Scenario, grid: SweepGrid) {
            procedureOrder = Self.canonicalOrder(scenario.procedures.map(\.name))
            procedures = scenario.procedures.map { Self.quoted($0.name) }
            hooks = scenario.hooks.map { Self.quoted($0.name) }
            strategies = scenario.strategies.map { Self.quoted($0.name) }
            axisOrder = Self.canonicalOrder(grid.axes.map(\.path))
            axes = grid.axes.map { Self.quoted($0.path) }
        }

        static func canonicalOrder(_ names: [String]) -> [Int] {
            names.indices.sorted { names[$0].utf8.lexicographicallyPrecedes(names[$1].utf8) }
        }

        static func quoted(_ text: String) -> String {
            var bytes = JSONBytes()
            bytes.append(quoted: text)
            return bytes.string
        }
    }

    private static func writeCell(
        _ outcomes: ArraySlice<SweepPoint.Outcome>, _ hook: Int, _ strategy: Int, _ keys: Keys, _ out: inout JSONBytes
    ) {
        out.append("{\"hook\":")
        out.append(keys.hooks[hook])
        out.append(",\"outcomes\":{")
        for (position, procedure) in keys.procedureOrder.enumerated() {
            let outcome = outcomes[outcomes.startIndex + procedure]
            if position > 0 { out.append(",") }
            out.append(keys.procedures[procedure])
            out.append(":{\"finished\":")
            out.append(outcome.finished ? "true" : "false")
            out.append(",\"marginNs\":")
            if let margin = outcome.marginNs { out.append(integer: margin) } else { out.append("null") }
            out.append("}")
        }
        out.append("},\"strategy\":")
        out.append(keys.strategies[strategy])
        out.append("}")
    }

    private static func writeSettings(_ coordinates: [Int], _ grid: SweepGrid, _ keys: Keys, _ out: inout JSONBytes) {
        for (position, axis) in keys.axisOrder.enumerated() {
            if position > 0 { out.append(",") }
            out.append(keys.axes[axis])
            out.append(":")
            let stored = grid.axes[axis].values[coordinates[axis]]
            if grid.axes[axis].isDuration {
                out.append(TimeFormatting.exactMilliseconds(stored))
            } else {
                out.append(integer: stored)
            }
        }
    }
}
