/// One run under a schedule: its outcome and the choice points it met.
package struct ScheduledRun: Sendable {
    /// What the run gave.
    package var outcome: RunOutcome
    /// The number of candidates at each choice point the run met, in order.
    package var widths: [Int]
    /// The first deviation whose pick was past its choice point's candidates, if any.
    package var invalidDeviation: ScheduleDeviation?
    /// Deviations for choice points the run never reached.
    package var unreachedDeviations: [ScheduleDeviation]

    /// Whether every deviation named a choice point the run met and a candidate it had.
    package var followedSchedule: Bool { invalidDeviation == nil && unreachedDeviations.isEmpty }
}

/// Runs under a schedule: same-instant races decided by `deviations` (sorted by choice point,
/// one per point), the default order everywhere else. See docs/schedules.md.
extension Simulator {
    /// Simulates one cell under a schedule.
    package func run(
        hook: Int, strategy: Int, procedure: Int, values: ParameterValues? = nil, deviations: [ScheduleDeviation]
    ) -> ScheduledRun {
        scheduled(deviations, outcome: { $0 }) {
            run(hook: hook, strategy: strategy, procedure: procedure, values: values)
        }.run
    }

    /// Simulates one cell under a schedule with tracing on.
    package func trace(
        hook: Int, strategy: Int, procedure: Int, values: ParameterValues? = nil, deviations: [ScheduleDeviation]
    ) -> (trace: CellTrace, run: ScheduledRun) {
        let (trace, run) = scheduled(deviations, outcome: \CellTrace.outcome) { () -> CellTrace in
            self.trace(hook: hook, strategy: strategy, procedure: procedure, values: values)
        }
        return (trace, run)
    }

    private func scheduled<T>(
        _ deviations: [ScheduleDeviation], outcome: (T) -> RunOutcome, _ body: () -> T
    ) -> (value: T, run: ScheduledRun) {
        precondition(zip(deviations, deviations.dropFirst()).allSatisfy { $0.choice < $1.choice }, "deviations out of order")
        engine.scheduling = true
        engine.scheduler.deviations = deviations
        defer {
            engine.scheduling = false
            engine.scheduler.deviations = []
        }
        let value = body()
        let scheduler = engine.scheduler
        let run = ScheduledRun(
            outcome: outcome(value),
            widths: Array(scheduler.widths), invalidDeviation: scheduler.invalidDeviation,
            unreachedDeviations: Array(scheduler.unreachedDeviations))
        return (value, run)
    }
}
