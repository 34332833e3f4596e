/// Measures the engine and the layers above it. Wall-clock time appears only here, never in
/// results.
///
/// This machine and most CI machines are shared, and absolute rates swing from minute to minute;
/// ratios measured alternately in one process do not. So each part measures two things in turn,
/// in short blocks, and reports their ratio beside the rates.
package enum Benchmark {
    /// One measured part: what was measured, and the figures, a line each.
    package struct Part: Sendable {
        /// What was measured, e.g. "the default table (18 cells × 2 procedures, 315 events)".
        package var label: String
        /// The figures, with their ratios.
        package var lines: [String]
    }

    /// The parts' names (`exitrace bench --part NAME`), in the order they run.
    package static let partNames = [
        "engine", "cost", "table", "reparameterized", "files", "sweep", "sampled", "explore", "calibration",
    ]

    /// Runs every part, or those of `names` (each one of ``partNames``), for about `seconds` of
    /// wall-clock time each, their fixed-size blocks scaled by `seconds` too (``BenchWorkload``), so
    /// that the whole takes about ``BenchWorkload/secondsPerSecond`` × `seconds`.
    package static func run(seconds: Double = 1, only names: [String]? = nil) -> [Part] {
        let workload = BenchWorkload(seconds: seconds)
        return partNames.filter { names?.contains($0) ?? true }.map { part($0, seconds: seconds, workload: workload) }
    }

    private static func part(_ name: String, seconds: Double, workload: BenchWorkload) -> Part {
        switch name {
        case "engine": engineAgainstBareHeap(seconds: seconds)
        case "cost": costPerEvent(seconds: seconds)
        case "table": defaultTable(seconds: seconds)
        case "reparameterized": reparameterizedTable(seconds: seconds)
        case "files": scenarioFiles(seconds: seconds)
        case "sweep": sweep(seconds: seconds, points: workload.sweepPoints)
        case "sampled": sampled(seconds: seconds, replications: workload.replications)
        case "explore": exploration(seconds: seconds)
        default: calibration(seconds: seconds, sets: workload.calibrationSets, checkSets: workload.tallyCheckSets)
        }
    }

    /// The parts as `exitrace bench` prints them.
    package static func text(_ parts: [Part]) -> String {
        var out = ""
        for part in parts {
            out += "\(part.label)\n"
            for line in part.lines { out += "  \(line)\n" }
        }
        #if DEBUG
        out += "note: this is a debug build; measure with `swift run -c release exitrace bench`\n"
        #endif
        return out
    }

    /// `value` rounded to exactly `decimals` places, thousands grouped: `1,486`, `0.70`.
    package static func fixed(_ value: Double, _ decimals: Int) -> String {
        guard value.isFinite, abs(value) < 1e15 else { return "\(value)" }
        var scale = 1
        for _ in 0..<decimals { scale *= 10 }
        let scaled = Int((abs(value) * Double(scale)).rounded())
        let sign = value < 0 && scaled != 0 ? "-" : ""
        let whole = sign + TimeFormatting.grouped(scaled / scale)
        guard decimals > 0 else { return whole }
        var fraction = String(scaled % scale)
        while fraction.count < decimals { fraction = "0" + fraction }
        return whole + "." + fraction
    }
}
