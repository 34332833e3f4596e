import ExitRace
import Foundation

extension Tool {
    static func explainCommand(_ raw: [String]) -> ToolOutput {
        command { () throws(Stop) in
            let arguments = try parse(raw, explainSpec)
            guard arguments.positional.count <= 1 else {
                throw usageError(
                    "exitrace explain: expected at most one scenario file, found \(arguments.positional.count)"
                        + " (the cell is named with --hook HOOK --strategy STRATEGY)")
            }
            let loaded = try loadScenarios(arguments.positional, arguments).scenarios
            guard loaded.count == 1 else {
                throw usageError("exitrace explain: expected one scenario file, found a directory of \(loaded.count)")
            }
            let scenario = loaded[0]
            guard let hookText = arguments.value("--hook"), let strategyText = arguments.value("--strategy") else {
                throw usageError(missingCellWords(arguments, scenario))
            }
            let (hook, strategy, procedures) = try lookUp(hookText, strategyText, arguments.value("--procedure"), in: scenario)
            let traceFile = arguments.value("--trace")
            if arguments.value("--schedule") != nil && procedures.count != 1 {
                throw usageError(
                    "exitrace explain: --schedule replays one run: add --procedure (one of \(scenario.procedures.map(\.name).joined(separator: ", ")))")
            }
            if traceFile != nil && procedures.count != 1 {
                throw usageError(
                    "exitrace explain: --trace writes one run: add --procedure (one of \(scenario.procedures.map(\.name).joined(separator: ", ")))")
            }
            let simulator = Simulator(scenario: scenario)
            let replay = try replay(arguments, simulator: simulator)
            let cell = CellIndex(hook: hook, strategy: strategy)
            let budget = try EventBudget(
                arguments.number(orDefault: maxEventsOption), given: arguments.value("--max-events") != nil, values: replay.values)
            let runs = try procedures.map { procedure throws(Stop) in
                try scheduledTrace(arguments, simulator, cell, procedure, replay.values, budget: budget)
            }
            let traces = runs.map(\.trace)
            let eventBudget = budget.cut == nil ? nil : maxEventsOption.name
            if let traceFile { try write(ChromeTrace.render(traces[0], eventBudget: eventBudget), to: traceFile, inputsOf: arguments) }
            let cut = budget.cutNote(traces.map(\.outcome))
            let header = replay.headerLines() + runs.flatMap(\.races).map { "schedule: " + $0.replayed } + (cut.map { [$0] } ?? [])
            var explanations = traces.map { CellExplanation.text(of: $0, eventBudget: eventBudget) }
                .joined(separator: "\n")
            let places = CleanupPlaces.table(traces.map { CleanupPlaces($0) }, procedures: procedures.map { scenario.procedures[$0].name })
            if procedures.count > 1 && !places.isEmpty { explanations += "\n" + places.joined(separator: "\n") + "\n" }
            return ToolOutput(stdout: header.isEmpty ? explanations : header.map { ProseWrapping.text($0) }.joined() + "\n" + explanations)
        }
    }

    /// The run's trace, under the `--schedule` given (checked against this run's identity) or
    /// the default order; with a schedule, also the race behind each of its deviations in words.
    /// The schedule's fingerprint is the run's own values'; the run itself follows `budget`'s.
    private static func scheduledTrace(
        _ arguments: Arguments, _ simulator: Simulator, _ cell: CellIndex, _ procedure: Int, _ values: ParameterValues,
        budget: EventBudget
    ) throws(Stop) -> (trace: CellTrace, races: [ScheduleRace]) {
        guard let text = arguments.value("--schedule") else {
            return (simulator.trace(hook: cell.hook, strategy: cell.strategy, procedure: procedure, values: budget.values), [])
        }
        let schedule: ScheduleText
        do throws(ScheduleTextError) {
            schedule = try ScheduleText(parsing: text)
            let fingerprint = ScheduleText.fingerprint(scenario: simulator.scenario, cell: cell, procedure: procedure, values: values)
            try schedule.check(fingerprint: fingerprint)
        } catch {
            throw usageError("exitrace explain: --schedule: \(error.message)")
        }
        var (trace, run) = simulator.trace(
            hook: cell.hook, strategy: cell.strategy, procedure: procedure, values: budget.values, deviations: schedule.deviations)
        guard run.followedSchedule else {
            throw usageError("exitrace explain: --schedule: the run does not have the choice points the schedule names (\(text))")
        }
        let races = simulator.races(
            hook: cell.hook, strategy: cell.strategy, procedure: procedure, values: budget.values, deviations: schedule.deviations)
        // A tie with the death is the schedule's only when it deviates at that instant.
        trace.deviatesAtDeath = races.contains { $0.race.at == trace.outcome.death?.at }
        return (trace, races.map(\.race))
    }

    /// The values to explain: replication `--replication` drawn from `--seed` (default: the
    /// scenario's sampling seed), else the scenario's nominal values.
    private static func replay(_ arguments: Arguments, simulator: Simulator) throws(Stop) -> Replay {
        let seed = arguments.number(SamplingOptions.seedOption).map { UInt64($0) } ?? simulator.scenario.sampling.seed
        guard let replication = arguments.number(replicationOption) else {
            if arguments.value("--seed") != nil {
                throw usageError("exitrace explain: --seed chooses the draws of a replication: add --replication r (a number from 0)")
            }
            return Replay(nominal: simulator, seed: seed)
        }
        return Replay(simulator: simulator, seed: seed, replication: replication)
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

    /// `--hook and --strategy are required: the cell to explain, e.g. --hook AppDelegate --strategy Task`,
    /// with the names of the scenario being explained (its first hook's label and first strategy, or
    /// the one given) and, for each option missing, what it accepts.
    private static func missingCellWords(_ arguments: Arguments, _ scenario: Scenario) -> String {
        let hook = arguments.value("--hook"), strategy = arguments.value("--strategy")
        let missing = [hook == nil ? "--hook" : nil, strategy == nil ? "--strategy" : nil].compactMap { $0 }
        let example = "--hook \(ShellQuoting.quoted(hook ?? scenario.hooks[0].label)) "
            + "--strategy \(ShellQuoting.quoted(strategy ?? scenario.strategies[0].name))"
        var accepted: [String] = []
        if hook == nil { accepted.append("hooks: " + uniqueNames(scenario.hooks.map(\.label) + scenario.hooks.map(\.name))) }
        if strategy == nil { accepted.append("strategies: " + uniqueNames(scenario.strategies.map(\.name))) }
        return "exitrace explain: \(missing.joined(separator: " and ")) \(missing.count == 1 ? "is" : "are") required: "
            + "the cell to explain, e.g. \(example) (\(accepted.joined(separator: "; ")))"
    }

    /// `A, B, C`: each name once, in the order given.
    private static func uniqueNames(_ names: [String]) -> String {
        var unique: [String] = []
        for name in names where !unique.contains(name) { unique.append(name) }
        return unique.joined(separator: ", ")
    }

    /// The most events explain follows a run for without `--max-events`: the default scenario's
    /// `limits.maxEvents`. A file may allow far more (up to ``Limits/maxEventsCeiling``), which a
    /// trace would follow for minutes.
    static let defaultExplainMaxEvents = Limits.default.maxEvents

    static let maxEventsOption = OptionSpec.whole(
        "--max-events", "N", 1...Limits.maxEventsCeiling, default: .number(defaultExplainMaxEvents),
        "follow each run for at most N events: a scenario whose limits.maxEvents is larger is cut here, and the "
            + "explanation says so (raise it to follow a long run further)")

    static let replicationOption = OptionSpec.whole(
        "--replication", "R", 0...(SamplingSettings.maxRuns - 1), default: .none,
        "replay replication R of a sampled run (numbered from 0, as the rate table's \"fails in replications\" lists "
            + "them): the run uses exactly the values R drew, printed first; --trace then writes that run")

    static let explainSpec = CommandSpec(
        name: "explain",
        summary: """
              exitrace explain [FILE] --hook H --strategy S [--procedure P] [--set PATH=VALUE]…
                           [--replication r [--seed S]] [--schedule SCHEDULE] [--trace OUT.json] [--max-events N]
                                            tell, step by step, why one cell came out as it did
            """,
        about: """
            USAGE: exitrace explain [FILE] --hook HOOK --strategy STRATEGY [--procedure PROCEDURE]
                                    [--trace TRACE.json] [--set PATH=VALUE]… [--replication R [--seed S]]
                                    [--schedule SCHEDULE] [--max-events N]

            Prints the timeline of one cell (the default scenario when no FILE): for each thread and
            executor, what ran when, in virtual time: hooks entered and returned, jobs queued and
            picked up, hops off the main actor, semaphore waits and signals, the request taking
            effect, the process dying and why. Then a verdict in plain words. Without --procedure,
            one timeline per kill procedure.

            HOOK is a hook's name or label (applicationWillTerminate or AppDelegate), or a callback
            exactly one hook listens to (applicationWillTerminate for an imported scenario's hook
            AppDelegate.applicationWillTerminate; when several hooks listen to it, the one that
            listens to it alone, else the error lists them); STRATEGY a strategy's name ("Task.detached + semaphore"). Without them, or with a
            name the scenario does not have, explain lists the names of the scenario given (after its
            extend), the nearest to what was typed first.

            """,
        options: [
            .text("--hook", "HOOK", "the cell's hook (required)"),
            .text("--strategy", "STRATEGY", "the cell's strategy (required)"),
            .text("--procedure", "PROCEDURE", default: .words("every kill procedure, one timeline each"), "the kill procedure"),
            .text(
                "--trace", "FILE",
                "also write the run in the Chrome Trace Event format, which Perfetto (ui.perfetto.dev) and chrome://tracing "
                    + "open: one track per thread; a trace holds one run, so it needs --procedure unless the scenario has a "
                    + "single kill procedure"),
            .set("override one setting of the scenario; repeatable"),
            replicationOption, maxEventsOption,
            .whole(
                "--seed", "S", 0...SamplingSettings.maxSeed, default: .words("the file's sampling seed, else \(SamplingSettings.default.seed)"),
                "the seed the replication was drawn from; give the --seed you gave `exitrace run`"),
            .text(
                "--schedule", "SCHEDULE",
                "replay one order of same-instant races, a witness `exitrace explore` printed (needs --procedure; --trace "
                    + "then writes that run)"),
        ],
        epilogue: """
            A scenario with distributions explained without --replication runs at its nominal values
            (each distribution's median).

            When the strategy makes cleanup calls in two or more places, each verdict is followed by
            "cleanup calls, place by place": a line per place (call, Swift source, callback) with its
            fate. ○ took effect in time; × did not: too late (it would have taken effect after the
            process died), made but never took effect, or never made (its code did not reach it, or
            its callback, code of the app going away, was not delivered before the process died);
            – owes nothing: its code did not run (its callback was not delivered in this run and is
            not owed, or is owed and another place, which it names, made its call in time; or the
            row's hook does not listen to that callback), or it is on a condition not taken and
            another place made its call. Without --procedure, a table of the places
            (rows) under each kill procedure (columns), with the same marks, ends the output.

            """,
        run: { raw, _ in explainCommand(raw) })
}

extension Tool {
    static func reportCommand(_ raw: [String]) -> ToolOutput {
        command { () throws(Stop) in
            let arguments = try parse(raw, reportSpec)
            let sampling = SamplingOptions(arguments)
            guard let out = arguments.value("--out") else {
                throw usageError("exitrace report: --out DIR is required (index.html is written there)")
            }
            let scenarios = try loadScenarios(arguments.positional, arguments).scenarios
            let page = (out as NSString).appendingPathComponent("index.html")
            try reporting { () throws(InputError) in try Directory.create(out, for: "--out") }
            let html = HTMLReport.render(ReportContent.compute(
                    scenarios, sampling: sampling.sampling(for:), replayOptions: SamplingOptions.replayOptions(arguments)), expanded: arguments.flag("--expand"))
            try write(html, to: page, inputsOf: arguments)
            return ToolOutput(stdout: "\(page)\n")
        }
    }

    static let reportSpec = CommandSpec(
        name: "report",
        summary: """
              exitrace report [DIR|FILE…] --out DIR
                                            write a self-contained HTML report with a timeline per cell
            """,
        about: """
            USAGE: exitrace report [DIR|FILE…] --out DIR [--expand] [--set PATH=VALUE]… [--runs N] [--seed S]

            Writes DIR/index.html, a self-contained HTML report (no scripts, no network): each
            scenario's table, and for every cell, under every kill procedure, an SVG timeline (one row
            per thread, the request and the process's death marked) with the verdict in words. With
            no FILE, the built-in default scenario. --expand opens every cell (for printing).

            A sampled scenario (one with distributions, or --runs) shows rates: per cell and kill
            procedure the share of replications that finished as a bar with its 95% interval, a
            histogram of margins, the first failing replication replayed, then the timelines at
            the nominal values.

            """,
        options: [
            .text("--out", "DIR", "the directory index.html is written to (required)"),
            .flag("--expand", "open every cell (for printing)"),
            .set("override one setting of every scenario; repeatable"),
        ] + SamplingOptions.options,
        run: { raw, _ in reportCommand(raw) })
}
