/// The race behind a schedule's deviation, in words: the event the default order takes and the
/// one the deviation takes instead, at one instant.
public struct ScheduleRace: Equatable, Sendable {
    /// The instant both events were due.
    public var at: VirtualInstant
    /// The event the default order takes first.
    public var defaultEvent: String
    /// The event the deviation takes first instead.
    public var otherEvent: String
}

extension Simulator {
    /// Runs one cell under `deviations` and names the race at choice point `choice`, whose pick
    /// must be one of the deviations; nil when the run never meets that choice point.
    public func race(
        hook: Int, strategy: Int, procedure: Int, values: ParameterValues? = nil, deviations: [ScheduleDeviation],
        at choice: Int
    ) -> ScheduleRace? {
        engine.scheduler.recordingCandidates = true
        defer { engine.scheduler.recordingCandidates = false }
        _ = run(hook: hook, strategy: strategy, procedure: procedure, values: values, deviations: deviations)
        let recorded = engine.scheduler.candidates
        guard choice < recorded.count, recorded[choice].count > 1,
            let pick = deviations.first(where: { $0.choice == choice })?.pick
        else { return nil }
        // The taken candidate comes first, then the others in scheduling order: the default one
        // (candidate 0) is second when another was taken.
        let taken = recorded[choice][0], standard = recorded[choice][pick == 0 ? 0 : 1]
        let contexts = engine.allContextNames(), calls = scenario.systemCalls.map(\.name)
        return ScheduleRace(
            at: taken.at, defaultEvent: engine.words(standard, contexts: contexts, calls: calls),
            otherEvent: engine.words(taken, contexts: contexts, calls: calls))
    }
}
