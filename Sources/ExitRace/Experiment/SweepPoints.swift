import Dispatch

/// The outcomes of a range of a sweep's grid points, every cell under every procedure: what
/// `sweep --format jsonl` streams, a window of points at a time.
package struct SweepPoint: Sendable {
    /// One cell under one procedure at this point.
    package struct Outcome: Sendable {
        /// Whether the cleanup finished.
        package var finished: Bool
        /// Positive: won by this much; negative: would have needed this much longer (nanoseconds).
        package var marginNs: Int64?

        package init(finished: Bool, marginNs: Int64?) {
            self.finished = finished
            self.marginNs = marginNs
        }
    }

    /// The point's number in the grid.
    package var index: Int
    /// Row-major: `outcomes[(cell) * procedures + procedure]`, cells as in the table.
    package var outcomes: [Outcome]

    package init(index: Int, outcomes: [Outcome]) {
        self.index = index
        self.outcomes = outcomes
    }

    /// Simulates the points in `points`, in parallel across the cores unless `parallel` is
    /// false; the result is in point order whatever the split.
    package static func run(scenario: Scenario, grid: SweepGrid, points: Range<Int>, parallel: Bool = true) -> [SweepPoint] {
        let chunk = Swift.max(1, Swift.min(1_024, points.count / 16))
        let chunks = (points.count + chunk - 1) / chunk
        return FanOut.map(chunks, parallel: parallel) { index in
            var runner = SweepPointRunner(scenario: scenario, grid: grid)
            let start = points.lowerBound + index * chunk
            return runner.run(start..<Swift.min(points.upperBound, start + chunk))
        }.flatMap { $0 }
    }
}

/// Simulates ranges of a sweep's grid points one after another on one simulator, compiled once:
/// one per thread (a simulator is not thread-safe).
package struct SweepPointRunner {
    private var probe: Probe

    package init(scenario: Scenario, grid: SweepGrid) {
        probe = Probe(scenario: scenario, grid: grid)
    }

    /// The outcomes of the points in `points`, in point order.
    package mutating func run(_ points: Range<Int>) -> [SweepPoint] {
        var done: [SweepPoint] = []
        done.reserveCapacity(points.count)
        for point in points {
            probe.move(to: point)
            done.append(SweepPoint(index: point, outcomes: probe.outcomes()))
        }
        return done
    }
}

extension Probe {
    /// Every cell under every procedure at the current values.
    package func outcomes() -> [SweepPoint.Outcome] {
        let scenario = simulator.scenario
        var outcomes: [SweepPoint.Outcome] = []
        outcomes.reserveCapacity(scenario.hooks.count * scenario.strategies.count * scenario.procedures.count)
        for hook in scenario.hooks.indices {
            for strategy in scenario.strategies.indices {
                for procedure in scenario.procedures.indices {
                    let outcome = simulator.run(hook: hook, strategy: strategy, procedure: procedure, values: values)
                    outcomes.append(SweepPoint.Outcome(finished: outcome.cleanupFinished, marginNs: outcome.margin?.nanoseconds))
                }
            }
        }
        return outcomes
    }
}
