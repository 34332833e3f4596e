extension Tool {
    static func benchCommand(_ raw: [String]) -> ToolOutput {
        let arguments: Arguments
        switch parse(raw, command: "bench", values: ["--seconds"]) {
        case .success(let parsed): arguments = parsed
        case .failure(let done): return done.output
        }
        guard arguments.positional.isEmpty else {
            return usageError("exitrace bench: unexpected argument '\(arguments.positional[0])'")
        }
        var seconds = 1.0
        if let text = arguments.value("--seconds") {
            guard let value = Double(text), value > 0, value <= 600 else {
                return usageError("exitrace bench: --seconds expects a number from 0 to 600, found '\(text)'")
            }
            seconds = value
        }
        return ToolOutput(stdout: Benchmark.run(seconds: seconds).text)
    }

    static let benchHelp = """
        USAGE: exitrace bench [--seconds N]

        Reports simulated events per second on a synthetic load (200 tasks that work, sleep, call
        the system and signal a semaphore the hook waits on) and the time to compute the default
        table. Each part runs for about N seconds (default 1). Build with -c release to measure.

        """
}
