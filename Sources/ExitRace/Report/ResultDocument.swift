/// A result file (`exitrace run --format json`, `results/<name>.json`) read back for comparison.
/// Only what comparisons need is read; unknown members are ignored so that older tools can read
/// newer files.
package struct ResultDocument: Equatable, Sendable {
    /// A hook, strategy or kill procedure as the file lists it.
    package struct Entry: Equatable, Sendable {
        /// The name scenarios and lookups use, e.g. `applicationWillTerminate`.
        package var name: String
        /// What tables show, e.g. `AppDelegate`; the name when the file gives no label.
        package var label: String
    }

    /// One kill procedure's run of a cell.
    package struct Outcome: Equatable, Sendable {
        /// The procedure's name, e.g. `foreground`.
        package var procedure: String
        /// Whether the cleanup finished (the file's `cleanupFinished`).
        package var finished: Bool
        /// By how much the cleanup beat the process's death, in nanoseconds; negative when it lost;
        /// `nil` when the file has none (the process did not die, or the goal is not the cleanup).
        package var marginNs: Int64?
        /// `events` or `time` when the run stopped at a ``Limits`` bound; `nil` when it ended by itself.
        package var boundReached: String?
    }

    /// A (hook, strategy) cell with its outcome under every procedure.
    package struct Cell: Equatable, Sendable {
        /// The hook's name (not its label), e.g. `applicationWillTerminate`.
        package var hook: String
        /// The strategy's name, e.g. `Task.detached + semaphore`.
        package var strategy: String
        /// ○, △ or ×.
        package var verdict: String
        /// Whether a run of the cell had a priority inversion (`[i]` in tables).
        package var priorityInversion: Bool
        /// Whether a run of the cell deadlocked (`[d]` in tables).
        package var deadlock: Bool
        /// One per procedure, in the file's order.
        package var outcomes: [Outcome]
        /// Whether, under some procedure, the cleanup finished and the run then ended in a
        /// watchdog kill (`[w]` in tables); `false` when the file leaves the member out, as it
        /// does for unmarked cells.
        package var watchdogKill = false
        /// The procedures under which that happened (`watchdogKillIn`); empty when the file does
        /// not name them (a sampled table, or a file written before they were named).
        package var watchdogKillIn: [String] = []
        /// The procedures under which the cleanup won by less than the scenario's `thinWinMs`
        /// (`[t]` in tables, `thinWinIn`); empty when the file has none.
        package var thinWinIn: [String] = []
        /// The share that finished under each procedure, in the file's order, when the file is a
        /// sampled table (``RateJSONRenderer``); `nil` for a table of single runs, whose
        /// `outcomes` say what happened instead (a sampled cell has no `outcomes`).
        package var rates: [Rate]?
    }

    /// One kill procedure's replications of a cell in a sampled table.
    package struct Rate: Equatable, Sendable {
        /// The procedure's name, e.g. `foreground`.
        package var procedure: String
        /// Replications run.
        package var runs: Int
        /// Replications in which the cleanup finished.
        package var finished: Int
        /// The share that finished, 0…1, as the file gives it (to six decimal places).
        package var rate: Double
        /// The lower end of the 95% interval, 0…1.
        package var low: Double
        /// The upper end of the 95% interval, 0…1.
        package var high: Double
    }

    /// One cell along one line of a sweep, in the words of the flip report.
    package struct SweepCell: Equatable, Sendable {
        /// The sweep's name in the scenario, e.g. `exit`.
        package var sweep: String
        /// The line, e.g. `along timing.exitDurationMs`.
        package var line: String
        /// The hook's name and the strategy's.
        package var hook: String
        /// The strategy's name.
        package var strategy: String
        /// E.g. `× up to 11 ms, ○ from 11.001 ms`.
        package var text: String
    }

    /// The scenario's name: diffs pair old and new documents by it.
    package var scenario: String
    /// The rows, in table order.
    package var hooks: [Entry]
    /// The columns, in table order.
    package var strategies: [Entry]
    /// The kill procedures, in table order.
    package var procedures: [Entry]
    /// The cells as the file lists them: row by row.
    package var cells: [Cell]
    /// Every cell of every line of every sweep the file holds.
    package var sweeps: [SweepCell] = []
    /// The names of the file's sweeps; `nil` when it has no `"sweeps"` member at all (a file
    /// written by `run`, which computes no sweeps), so that diffs leave sweeps out.
    package var sweepNames: [String]?
    /// Whether the file is a sampled table (it has a `"sampling"` member): its cells then carry
    /// ``Cell/rates``.
    package var isSampled = false
    /// What exploring the cells' schedules found, when the file was made with `--explore`.
    package var exploration: Exploration?

    /// The cell of the hook and strategy with these names (not labels), or `nil`.
    package func cell(hook: String, strategy: String) -> Cell? {
        cells.first { $0.hook == hook && $0.strategy == strategy }
    }

    /// The label of the hook called `name`, or `name` itself when the file has no such hook.
    package func hookLabel(_ name: String) -> String { hooks.first { $0.name == name }?.label ?? name }

    /// The document of a freshly computed table (the same as parsing its JSON rendering).
    package init(table: ResultTable) {
        // Reading our own canonical JSON back keeps one definition of what a result file holds.
        let json = JSONRenderer.render([table])
        do {
            self = try ResultDocument.parse(Array(json.utf8), file: table.scenario.name)
        } catch {
            preconditionFailure("a rendered result does not parse: \(error)")
        }
    }

    /// The document of a freshly computed sampled table (the same as parsing its JSON rendering).
    package init(rateTable table: RateTable) {
        let json = RateJSONRenderer.render(table)
        do {
            self = try ResultDocument.parse(Array(json.utf8), file: table.scenario.name)
        } catch {
            preconditionFailure("a rendered rate table does not parse: \(error)")
        }
    }

    package init(scenario: String, hooks: [Entry], strategies: [Entry], procedures: [Entry], cells: [Cell]) {
        self.scenario = scenario
        self.hooks = hooks
        self.strategies = strategies
        self.procedures = procedures
        self.cells = cells
    }
}
