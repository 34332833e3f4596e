/// A run's whole state at a choice point, just before the choice is decided: a copy of the
/// engine (``Engine/copy()``: its arrays shared until one side changes them, its unshared
/// buffers copied). A schedule
/// that decides every earlier choice point as the run did goes on from here
/// (``Simulator/resume(_:deviations:watcher:)``) instead of simulating its prefix again: a search
/// over schedules shares the work of their common prefix (see docs/schedules.md).
package struct ChoicePointState {
    let engine: Engine
    /// The events the run had handled.
    let events: Int

    /// The state of `engine`, which goes on running, after `events` events.
    init(copying engine: Engine, events: Int) {
        self.engine = engine.copy()
        self.events = events
    }
}

/// Shown each choice point a run under a schedule meets, before it is decided
/// (``Simulator/run(hook:strategy:procedure:deviations:watcher:)``).
package protocol ChoicePointWatcher: AnyObject {
    /// At choice point `point` (numbered from 0) of `width` candidates: the candidate to take, or
    /// `nil` for the schedule's own. `state` gives the run's state there, for runs that go on from it.
    ///
    /// The simulator's run is paused here: of the simulator, a watcher may call only
    /// ``Simulator/resume(_:deviations:watcher:)`` (which runs on a copy of the state). Another run
    /// of the same simulator would reset the engine under the paused one (a release build does not
    /// check for such an overlapping access; see `Simulator.engine`).
    func reached(_ point: Int, width: Int, state: () -> ChoicePointState) -> Int?
}

extension Simulator {
    /// Simulates one cell under a schedule, showing `watcher` every choice point it meets.
    package func run(
        hook: Int, strategy: Int, procedure: Int, deviations: [ScheduleDeviation], watcher: any ChoicePointWatcher
    ) -> ScheduledRun {
        engine.scheduler.watcher = watcher
        defer { engine.scheduler.watcher = nil }
        return run(hook: hook, strategy: strategy, procedure: procedure, deviations: deviations)
    }

    /// Goes on from `state` under `deviations` (a schedule that agrees with the one `state` was
    /// reached under at every earlier choice point; the choice at `state`'s point is free), showing
    /// `watcher` every later choice point: the run is the same as one from the start under
    /// `deviations`. Runs on a copy of the state, never on this simulator's engine: a watcher may
    /// call it while this simulator's run is paused at the choice point.
    package func resume(
        _ state: ChoicePointState, deviations: [ScheduleDeviation], watcher: (any ChoicePointWatcher)?
    ) -> ScheduledRun {
        var engine = state.engine.copy()  // the state may be resumed again: this run must not change it
        engine.scheduler.follow(deviations)
        engine.scheduler.watcher = watcher
        var observer = NoRunObserver()
        let outcome = engine.runEvents(from: state.events, observer: &observer)
        let scheduler = engine.scheduler
        return ScheduledRun(
            outcome: outcome, widths: Array(scheduler.widths), invalidDeviation: scheduler.invalidDeviation,
            unreachedDeviations: Array(scheduler.unreachedDeviations))
    }
}
