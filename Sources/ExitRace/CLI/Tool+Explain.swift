import Foundation

extension Tool {
    static func explainCommand(_ raw: [String]) -> ToolOutput {
        let arguments: Arguments
        switch parse(raw, command: "explain", values: ["--hook", "--strategy", "--procedure", "--trace", "--set"]) {
        case .success(let parsed): arguments = parsed
        case .failure(let done): return done.output
        }
        guard arguments.positional.count <= 1 else {
            return usageError("exitrace explain: expected at most one scenario file, found \(arguments.positional.count)")
        }
        guard let hookText = arguments.value("--hook"), let strategyText = arguments.value("--strategy") else {
            return usageError("exitrace explain: --hook and --strategy are required (e.g. --hook AppDelegate --strategy Task.detached)")
        }
        let scenario: Scenario
        switch loadScenarios(arguments.positional, arguments) {
        case .success(let loaded): scenario = loaded[0]
        case .failure(let error): return inputError(error)
        }
        let hooks = scenario.hooks.map(\.name) + scenario.hooks.map(\.label)
        guard let hook = scenario.hooks.firstIndex(where: { $0.name == hookText || $0.label == hookText }) else {
            return usageError("exitrace explain: " + unknown("hook", hookText, hooks))
        }
        guard let strategy = scenario.strategies.firstIndex(where: { $0.name == strategyText }) else {
            return usageError("exitrace explain: " + unknown("strategy", strategyText, scenario.strategies.map(\.name)))
        }
        var procedures = Array(scenario.procedures.indices)
        if let procedureText = arguments.value("--procedure") {
            guard let index = scenario.procedures.firstIndex(where: { $0.name == procedureText }) else {
                return usageError("exitrace explain: " + unknown("procedure", procedureText, scenario.procedures.map(\.name)))
            }
            procedures = [index]
        }
        let traceFile = arguments.value("--trace")
        if traceFile != nil && procedures.count != 1 {
            return usageError("exitrace explain: --trace writes one run: add --procedure (one of \(scenario.procedures.map(\.name).joined(separator: ", ")))")
        }
        let simulator = Simulator(scenario: scenario)
        let traces = procedures.map { simulator.trace(hook: hook, strategy: strategy, procedure: $0) }
        if let traceFile {
            do {
                try AtomicFile.write(ChromeTrace.render(traces[0]), to: traceFile)
            } catch {
                return inputError(error)
            }
        }
        return ToolOutput(stdout: traces.map { CellExplanation($0).renderText() }.joined(separator: "\n"))
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
        let arguments: Arguments
        switch parse(raw, command: "report", values: ["--out", "--set"], flags: ["--expand"]) {
        case .success(let parsed): arguments = parsed
        case .failure(let done): return done.output
        }
        guard let out = arguments.value("--out") else {
            return usageError("exitrace report: --out DIR is required (index.html is written there)")
        }
        var files: [String] = []
        if !arguments.positional.isEmpty {
            do {
                files = try ScenarioDiscovery.files(arguments.positional)
            } catch {
                return inputError(error)
            }
        }
        let scenarios: [Scenario]
        switch loadScenarios(files, arguments) {
        case .success(let loaded): scenarios = loaded
        case .failure(let error): return inputError(error)
        }
        let page = (out as NSString).appendingPathComponent("index.html")
        do {
            try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
            try AtomicFile.write(HTMLReport.render(scenarios, expanded: arguments.flag("--expand")), to: page)
        } catch let error as InputError {
            return inputError(error)
        } catch {
            return inputError(InputError([Diagnostic(file: out, path: "", message: "cannot be created: \(error.localizedDescription)")]))
        }
        return ToolOutput(stdout: "\(page)\n")
    }

    static let reportHelp = """
        USAGE: exitrace report [DIR|FILE…] --out DIR [--expand] [--set PATH=VALUE]…

        Writes DIR/index.html, a self-contained HTML report (no scripts, no network): each
        scenario's table, and for every cell, under every kill procedure, an SVG timeline (one row
        per thread, the request and the process's death marked) with the verdict in words. With
        no FILE, the built-in default scenario. --expand opens every cell (for printing).

        """
}
