import ExitRace

extension Tool {
    static func benchCommand(_ raw: [String]) -> ToolOutput {
        command { () throws(Stop) in
            let arguments = try parse(raw, command: "bench", values: ["--seconds"])
            if let extra = arguments.positional.first { throw usageError("exitrace bench: unexpected argument '\(extra)'") }
            var seconds = 1.0
            if let text = arguments.value("--seconds") {
                guard let value = Double(text), value > 0, value <= 600 else {
                    throw usageError("exitrace bench: --seconds expects a number from 0 to 600, found '\(text)'")
                }
                seconds = value
            }
            return ToolOutput(stdout: Benchmark.run(seconds: seconds).text)
        }
    }

    static let benchHelp = """
        USAGE: exitrace bench [--seconds N]

        Reports simulated events per second on a synthetic load (200 tasks that work, sleep, call
        the system and signal a semaphore the hook waits on) and the time to compute the default
        table. Each part runs for about N seconds (default 1). Build with -c release to measure.

        """
}
