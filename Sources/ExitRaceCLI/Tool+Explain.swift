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
            let loaded = try loadScenarios(arguments.positional, arguments)
            guard loaded.count == 1 else {
                throw usageError("exitrace explain: expected one scenario file, found a directory of \(loaded.count)")
            }
            let scenario = loaded[0]
            guard let hook = scenario.hooks.firstIndex(where: { $0.name == hookText || $0.label == hookText }) else {
                throw usageError("exitrace explain: " + unknown("hook", hookText, scenario.hooks.map(\.name) + scenario.hooks.map(\.label)))
            }
            guard let strategy = scenario.strategies.firstIndex(where: { $0.name == strategyText }) else {
                throw usageError("exitrace explain: " + unknown("strategy", strategyText, scenario.strategies.map(\.name)))
            }
            let procedureNames = scenario.procedures.map(\.name)
            var procedures = Array(scenario.procedures.indices)
            if let procedureText = arguments.value("--procedure") {
                guard let index = procedureNames.firstIndex(of: procedureText) else {
                    throw usageError("exitrace explain: " + unknown("procedure", procedureText, procedureNames))
                }
                procedures = [index]
            }
            let traceFile = arguments.value("--trace")
            if traceFile != nil && procedures.count != 1 {
                throw usageError(
                    "exitrace explain: --trace writes one run: add --procedure (one of \(procedureNames.joined(separator: ", ")))")
            }
            let simulator = Simulator(scenario: scenario)
            let traces = procedures.map { simulator.trace(hook: hook, strategy: strategy, procedure: $0) }
            if let traceFile { try write(ChromeTrace.render(traces[0]), to: traceFile) }
            return ToolOutput(stdout: traces.map { CellExplanation($0).renderText() }.joined(separator: "\n"))
        }
    }

    private static func unknown(_ what: String, _ found: String, _ names: [String]) -> String {
        var message = "no \(what) '\(found)'"
        if let suggestion = closestMatch(to: found, in: names) { message += "; did you mean '\(suggestion)'?" }
        var unique: [String] = []
        for name in names where !unique.contains(name) { unique.append(name) }
        return message + " (\(what)s: \(unique.joined(separator: ", ")))"
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
            let scenarios = try loadScenarios(arguments.positional, arguments)
            let page = (out as NSString).appendingPathComponent("index.html")
            try createDirectory(out)
            try write(HTMLReport.render(scenarios, expanded: arguments.flag("--expand")), to: page)
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
