import ExitRace
import Foundation

extension Tool {
    static func explainCommand(_ raw: [String]) -> ToolOutput {
        command { () throws(Stop) in
            let arguments = try parse(raw, command: "explain", values: ["--hook", "--strategy", "--procedure", "--trace", "--set"])
            guard arguments.positional.count <= 1 else {
                throw usageError("exitrace explain: expected at most one scenario file, found \(arguments.positional.count)")
            }
            guard let hookText = arguments.value("--hook"), let strategyText = arguments.value("--strategy") else {
                throw usageError("exitrace explain: --hook and --strategy are required (e.g. --hook AppDelegate --strategy Task.detached)")
            }
            let loaded = try loadScenarios(arguments.positional, arguments).scenarios
            guard loaded.count == 1 else {
                throw usageError("exitrace explain: expected one scenario file, found a directory of \(loaded.count)")
            }
            let scenario = loaded[0]
            let (hook, strategy, procedures) = try lookUp(hookText, strategyText, arguments.value("--procedure"), in: scenario)
            let traceFile = arguments.value("--trace")
            if traceFile != nil && procedures.count != 1 {
                throw usageError(
                    "exitrace explain: --trace writes one run: add --procedure (one of \(scenario.procedures.map(\.name).joined(separator: ", ")))")
            }
            let simulator = Simulator(scenario: scenario)
            let traces = procedures.map { simulator.trace(hook: hook, strategy: strategy, procedure: $0) }
            if let traceFile { try write(ChromeTrace.render(traces[0]), to: traceFile, inputsOf: arguments) }
            return ToolOutput(stdout: traces.map { CellExplanation($0).renderText() }.joined(separator: "\n"))
        }
    }

    /// The cell's indices, and every procedure's when none is named; an unknown name is a usage error.
    private static func lookUp(
        _ hook: String, _ strategy: String, _ procedure: String?, in scenario: Scenario
    ) throws(Stop) -> (hook: Int, strategy: Int, procedures: [Int]) {
        do throws(InputError) {
            let hookIndex = try scenario.hookIndex(named: hook)
            let strategyIndex = try scenario.strategyIndex(named: strategy)
            guard let procedure else { return (hookIndex, strategyIndex, Array(scenario.procedures.indices)) }
            return (hookIndex, strategyIndex, [try scenario.procedureIndex(named: procedure)])
        } catch {
            throw usageError("exitrace explain: " + error.diagnostics.map(\.message).joined(separator: "; "))
        }
    }

    static let explainHelp = """
        USAGE: exitrace explain [FILE] --hook HOOK --strategy STRATEGY [--procedure PROCEDURE]
                                [--trace TRACE.json] [--set PATH=VALUE]…

        Prints the timeline of one cell (the default scenario when no FILE): for each thread and
        executor, what ran when, in virtual time: hooks entered and returned, jobs queued and
        picked up, hops off the main actor, semaphore waits and signals, the request taking
        effect, the process dying and why. Then a verdict in plain words. Without --procedure,
        one timeline per kill procedure.

        HOOK is a hook's name or label (applicationWillTerminate or AppDelegate); STRATEGY a
        strategy's name ("Task.detached + semaphore").

        OPTIONS
          --trace FILE    also write the run in the Chrome Trace Event format, which Perfetto
                          (ui.perfetto.dev) and chrome://tracing open: one track per thread

        """
}

extension Tool {
    static func reportCommand(_ raw: [String]) -> ToolOutput {
        command { () throws(Stop) in
            let arguments = try parse(raw, command: "report", values: ["--out", "--set"], flags: ["--expand"])
            guard let out = arguments.value("--out") else {
                throw usageError("exitrace report: --out DIR is required (index.html is written there)")
            }
            let scenarios = try loadScenarios(arguments.positional, arguments).scenarios
            let page = (out as NSString).appendingPathComponent("index.html")
            try reporting { () throws(InputError) in try Directory.create(out) }
            let html = HTMLReport.render(ReportContent.compute(scenarios), expanded: arguments.flag("--expand"))
            try write(html, to: page, inputsOf: arguments)
            return ToolOutput(stdout: "\(page)\n")
        }
    }

    static let reportHelp = """
        USAGE: exitrace report [DIR|FILE…] --out DIR [--expand] [--set PATH=VALUE]…

        Writes DIR/index.html, a self-contained HTML report (no scripts, no network): each
        scenario's table, and for every cell, under every kill procedure, an SVG timeline (one row
        per thread, the request and the process's death marked) with the verdict in words. With
        no FILE, the built-in default scenario. --expand opens every cell (for printing).

        """
}
