import ExitRace

extension Tool {
    static func benchCommand(_ raw: [String]) -> ToolOutput {
        command { () throws(Stop) in
            let arguments = try parse(raw, benchSpec)
            if let extra = arguments.positional.first { throw usageError("exitrace bench: unexpected argument '\(extra)'") }
            var seconds = defaultBenchSeconds
            if let text = arguments.value("--seconds") {
                guard let value = Double(text), value > 0, value <= 600 else {
                    throw usageError("exitrace bench: --seconds expects a number above 0, at most 600, found '\(text)'")
                }
                seconds = value
            }
            let names = arguments.values("--part")
            let known = benchPartNames
            if let unknown = names.first(where: { !known.contains($0) }) {
                let near = closestMatch(to: unknown, in: known).map { "; did you mean '\($0)'?" } ?? ""
                throw usageError("exitrace bench: --part expects one of \(known.joined(separator: ", ")), found '\(unknown)'\(near)")
            }
            // The memory part first, while this process is small (see BenchMemory).
            let memory = names.isEmpty || names.contains("memory") ? BenchMemory.part(seconds: seconds) : ""
            let parts = Benchmark.run(seconds: seconds, only: names.isEmpty ? nil : names)
            let command = names.isEmpty || names.contains("sweep-command") ? BenchSweep.part(seconds: seconds) : ""
            return ToolOutput(stdout: memory + Benchmark.text(parts) + command)
        }
    }

    /// The names `--part` takes, in the order the parts run.
    static let benchPartNames = ["memory"] + Benchmark.partNames + ["sweep-command"]

    /// How long each part runs without `--seconds`.
    static let defaultBenchSeconds = 1.0

    static let benchSpec = CommandSpec(
        name: "bench",
        summary: """
              exitrace bench [--seconds N] [--part NAME]…
                                            measure the engine (use a release build)
            """,
        about: """
            USAGE: exitrace bench [--seconds N] [--part NAME]…

            Measures the engine and what is built on it, each part side by side with a yardstick in
            the same process, so that ratios hold where absolute rates swing (shared machines). The
            parts, by the name --part takes:
              - engine: the engine against a bare binary heap with as many pending events (synthetic
                load: tasks that work, sleep, call the system and signal a semaphore the hook waits on);
              - cost: the cost per event at 10, 100, 1,000 and 10,000 tasks against the bare heap (in
                thread CPU time, interleaved blocks of ≥ 20 ms, the median of ≥ 5 pairs: at least about
                2 s whatever N), and the fixed cost of a run against a 10-task run;
              - table: the default table; reparameterized: the default table with new parameter values
                each time, against a warm table (and against decoding --set again);
              - files: scenario files as `run --format json` handles them (decode, simulate, render);
              - sweep: \(TimeFormatting.grouped(BenchWorkload.reference.sweepPoints)) points × 36 cell-runs (× N) of a sweep as
                `sweep --format jsonl` makes them, in process;
              - sampled: 10,000 replications with two settings drawn; explore: every cell explored at
                bound 2 with explore's default budget, against a warm table;
              - calibration: 100,000 parameter sets of the reference prior on all cores, a set on one
                thread against a warm default table, and whether parallel and serial tallies agree;
              - sweep-command: `exitrace sweep … --format jsonl` over a million cell-runs (× N) in a
                child process, against the same grid in this process.
            Each figure with a target shows its ratio beside the target. Each part runs for
            about N seconds (sweep-command for 2N), and the fixed work a part repeats (the sweep's grid,
            the sampled experiment, the calibration, the memory part's inputs) is scaled by N too: the
            whole bench takes roughly \(BenchWorkload.secondsPerSecond) × N seconds on 2 cores (N = 1:
            about \(BenchWorkload.secondsPerSecond) s). First, the memory part: the peak resident memory
            and CPU time of commands whose memory is bounded by what they show (explain and explore of a
            timer storm, validate of a 16 MiB note) or by the limits (a run at the memory limits'
            ceiling), each in a child process of this binary, beside a baseline (validate of a small
            file); skipped when not run from an exitrace binary. Build with -c release to measure.

            """,
        options: [
            .text(
                "--seconds", "N", default: .value("\(Int(defaultBenchSeconds))"),
                "how long each part runs, in seconds (above 0, at most 600); the whole bench takes roughly "
                    + "\(BenchWorkload.secondsPerSecond) × N seconds"),
            .text(
                "--part", "NAME", repeatable: true, default: .words("every part"),
                "run only this part: \(benchPartNames.dropLast().joined(separator: ", ")) or \(benchPartNames.last ?? "")"),
        ],
        run: { raw, _ in benchCommand(raw) })
}
