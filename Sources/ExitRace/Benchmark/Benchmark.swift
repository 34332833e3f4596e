/// Measures the engine: simulated events per second on a synthetic load, and the time to compute
/// the default table. Wall-clock time appears only here, never in results.
public enum Benchmark {
    /// What one `bench` run measured, in wall-clock seconds (the only place wall-clock time appears).
    public struct Report: Sendable {
        /// Events simulated on the synthetic load.
        public var syntheticEvents: Int
        /// Wall-clock time those events took.
        public var syntheticSeconds: Double
        /// Runs of the synthetic load.
        public var syntheticRuns: Int
        /// Default tables computed.
        public var tableRuns: Int
        /// Wall-clock time those tables took.
        public var tableSeconds: Double
        /// Events in one default table (all cells, all procedures).
        public var tableEvents: Int
        /// Side by side with as many warm tables: tables of the default scenario, each with a new
        /// exit duration set in a parameter vector (no decoding, no compiling).
        public var reparameterizedSeconds: Double
        /// Wall-clock time of the warm tables measured alternately with the reparameterized ones.
        public var warmSeconds: Double
        /// Tables of each kind in that alternating measurement.
        public var reparameterizedTables: Int
        /// A few tables the old way, for scale: decode the default scenario with `--set`, build a
        /// simulator, compute the table.
        public var reloadedSeconds: Double
        /// Tables computed the old way (decode, build, run).
        public var reloadedTables: Int

        /// Simulated events per wall-clock second on the synthetic load.
        public var eventsPerSecond: Double { Double(syntheticEvents) / syntheticSeconds }
        /// Wall-clock microseconds per default table.
        public var microsecondsPerTable: Double { tableSeconds / Double(tableRuns) * 1e6 }

        /// The report as `exitrace bench` prints it.
        public var text: String {
            func fixed(_ value: Double, _ decimals: Int) -> String {
                var scale = 1.0
                for _ in 0..<decimals { scale *= 10 }
                let rounded = (value * scale).rounded() / scale
                return "\(rounded)"
            }
            var out = ""
            out += "synthetic load: \(syntheticRuns) runs, \(syntheticEvents) events in \(fixed(syntheticSeconds, 3)) s"
            out += " = \(fixed(eventsPerSecond / 1e6, 2)) million events/s\n"
            out += "default table:  \(tableRuns) tables (\(tableEvents) events each) in \(fixed(tableSeconds, 3)) s"
            out += " = \(fixed(microsecondsPerTable, 1)) µs per table\n"
            let perPoint = reparameterizedSeconds / Double(reparameterizedTables) * 1e6
            let warm = warmSeconds / Double(reparameterizedTables) * 1e6
            let reloaded = reloadedSeconds / Double(reloadedTables) * 1e6
            out += "new exit duration per table, as parameters: \(fixed(perPoint, 1)) µs = \(fixed(perPoint / warm, 2))× a warm table"
            out += " (\(fixed(warm, 1)) µs, measured alternately)\n"
            out += "new exit duration per table, decoding --set: \(fixed(reloaded, 1)) µs = \(fixed(reloaded / warm, 1))× a warm table\n"
            #if DEBUG
            out += "note: this is a debug build; measure with `swift run -c release exitrace bench`\n"
            #endif
            return out
        }
    }

    /// A process whose one hook starts `tasks` detached tasks that each work, sleep, call the
    /// system and signal; the hook waits for them all. Every kind of event appears in it.
    public static func syntheticScenario(tasks: Int = 200) -> Scenario {
        let body: [ProgramStep] = [
            .work(VirtualDuration(nanoseconds: 20_000)),
            .taskSleep(VirtualDuration(nanoseconds: 50_000)),
            .call("request"),
            .signal(semaphore: "done"),
        ]
        var program: [ProgramStep] = []
        for index in 0..<tasks {
            let priority: QoSClass = [.userInitiated, .default, .utility][index % 3]
            program.append(.spawnTask(TaskSpawn(isolation: .none, priority: priority, detached: true), body: body))
        }
        for _ in 0..<tasks { program.append(.wait(semaphore: "done", timeout: nil)) }
        return Scenario(
            name: "synthetic", title: "synthetic load", timing: .default, limits: .default,
            systemCalls: [
                SystemCall(
                    name: "request", cost: .ms(1), deliverAfter: VirtualDuration(nanoseconds: 500_000),
                    replyLatency: .ms(2), takesEffectOn: .delivery, isCleanup: true)
            ],
            hooks: [Hook(name: "hook", label: "hook")],
            strategies: [Strategy(name: "fan-out", code: "", program: program)],
            procedures: [
                KillProcedure(
                    name: "exit", label: "exit after the hook", steps: [.turn([.hook("hook"), .exit], watchdog: .ms(5000))])
            ])
    }

    /// Runs each part for about `seconds` of wall-clock time.
    public static func run(seconds: Double = 1) -> Report {
        let clock = ContinuousClock()
        let synthetic = Simulator(scenario: syntheticScenario())
        var syntheticEvents = 0
        var syntheticRuns = 0
        _ = synthetic.run(hook: 0, strategy: 0, procedure: 0)  // warm up: allocate once
        let syntheticStart = clock.now
        var syntheticElapsed = Duration.zero
        repeat {
            for _ in 0..<10 {
                syntheticEvents += synthetic.run(hook: 0, strategy: 0, procedure: 0).events
                syntheticRuns += 1
            }
            syntheticElapsed = clock.now - syntheticStart
        } while syntheticElapsed < .seconds(seconds)

        let simulator = Simulator(scenario: DefaultScenario.load())
        let tableEvents = simulator.table().cells.reduce(0) { $0 + $1.outcomes.reduce(0) { $0 + $1.events } }
        var tableRuns = 0
        let tableStart = clock.now
        var tableElapsed = Duration.zero
        repeat {
            for _ in 0..<100 {
                _ = simulator.table()
                tableRuns += 1
            }
            tableElapsed = clock.now - tableStart
        } while tableElapsed < .seconds(seconds)

        let (reparameterized, warm, pairs) = measureReparameterized(simulator, seconds: seconds, clock: clock)
        let (reloaded, reloads) = measureReloaded(seconds: seconds / 4, clock: clock)
        return Report(
            syntheticEvents: syntheticEvents, syntheticSeconds: syntheticElapsed.seconds, syntheticRuns: syntheticRuns,
            tableRuns: tableRuns, tableSeconds: tableElapsed.seconds, tableEvents: tableEvents,
            reparameterizedSeconds: reparameterized, warmSeconds: warm, reparameterizedTables: pairs,
            reloadedSeconds: reloaded, reloadedTables: reloads)
    }

    /// Alternates blocks of tables with a new exit duration each and blocks of warm tables.
    private static func measureReparameterized(
        _ simulator: Simulator, seconds: Double, clock: ContinuousClock
    ) -> (reparameterized: Double, warm: Double, tables: Int) {
        var values = simulator.defaults
        guard let exit = simulator.parameters.index(of: "timing.exitDurationMs") else { return (0, 0, 1) }
        var changed = Duration.zero, warm = Duration.zero
        var tables = 0
        let start = clock.now
        repeat {
            let changedStart = clock.now
            for index in 0..<50 {
                values[exit] = Int64(1 + (tables + index) % 50) * 1_000_000
                _ = simulator.table(values: values)
            }
            let warmStart = clock.now
            for _ in 0..<50 { _ = simulator.table() }
            changed += warmStart - changedStart
            warm += clock.now - warmStart
            tables += 50
        } while clock.now - start < .seconds(seconds)
        return (changed.seconds, warm.seconds, tables)
    }

    private static func measureReloaded(seconds: Double, clock: ContinuousClock) -> (seconds: Double, tables: Int) {
        var tables = 0
        let start = clock.now
        repeat {
            let override = try? SettingOverride.parse("timing.exitDurationMs=\(1 + tables % 50)")
            if let scenario = try? ScenarioLoader.loadDefault(overrides: override.map { [$0] } ?? []) {
                _ = Simulator(scenario: scenario).table()
            }
            tables += 1
        } while clock.now - start < .seconds(seconds)
        return ((clock.now - start).seconds, tables)
    }
}

extension Duration {
    fileprivate var seconds: Double {
        let (s, attoseconds) = components
        return Double(s) + Double(attoseconds) / 1e18
    }
}
