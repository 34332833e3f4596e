/// Sweep points as JSON lines (`sweep --format jsonl`): one compact object per grid point, with
/// the varied settings and every cell's outcome under every procedure, for pandas or jq.
public enum SweepLinesRenderer {
    /// The lines of `points`, each ending in a newline.
    public static func render(_ points: [SweepPoint], grid: SweepGrid, scenario: Scenario) -> String {
        var out = JSONBytes()
        let procedures = scenario.procedures.count
        for point in points {
            out.append("{\"cells\":[")
            var offset = 0
            for hook in scenario.hooks.indices {
                for strategy in scenario.strategies.indices {
                    if offset > 0 { out.append(",") }
                    writeCell(point.outcomes[offset..<(offset + procedures)], hook, strategy, scenario, &out)
                    offset += procedures
                }
            }
            out.append("],\"point\":")
            out.append(integer: Int64(point.index))
            out.append(",\"settings\":{")
            writeSettings(grid.coordinates(of: point.index), grid, &out)
            out.append("}}\n")
        }
        return out.string
    }

    private static func writeCell(
        _ outcomes: ArraySlice<SweepPoint.Outcome>, _ hook: Int, _ strategy: Int, _ scenario: Scenario, _ out: inout JSONBytes
    ) {
        out.append("{\"hook\":")
        out.append(quoted: scenario.hooks[hook].name)
        out.append(",\"outcomes\":{")
        // Keys in canonical (byte) order, as every JSON ExitRace writes.
        let order = scenario.procedures.indices.sorted {
            scenario.procedures[$0].name.utf8.lexicographicallyPrecedes(scenario.procedures[$1].name.utf8)
        }
        for (position, procedure) in order.enumerated() {
            let outcome = outcomes[outcomes.startIndex + procedure]
            if position > 0 { out.append(",") }
            out.append(quoted: scenario.procedures[procedure].name)
            out.append(":{\"finished\":")
            out.append(outcome.finished ? "true" : "false")
            out.append(",\"marginNs\":")
            if let margin = outcome.marginNs { out.append(integer: margin) } else { out.append("null") }
            out.append("}")
        }
        out.append("},\"strategy\":")
        out.append(quoted: scenario.strategies[strategy].name)
        out.append("}")
    }

    private static func writeSettings(_ coordinates: [Int], _ grid: SweepGrid, _ out: inout JSONBytes) {
        let order = grid.axes.indices.sorted { grid.axes[$0].path.utf8.lexicographicallyPrecedes(grid.axes[$1].path.utf8) }
        for (position, axis) in order.enumerated() {
            if position > 0 { out.append(",") }
            out.append(quoted: grid.axes[axis].path)
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
