/// The race behind a schedule's deviation, in words: the event the default order takes and the
/// one the deviation takes instead, at one instant.
package struct ScheduleRace: Equatable, Sendable {
    /// The instant both events were due.
    package var at: VirtualInstant
    /// The event the default order takes first.
    package var defaultEvent: String
    /// The event the deviation takes first instead.
    package var otherEvent: String

    package init(at: VirtualInstant, defaultEvent: String, otherEvent: String) {
        self.at = at
        self.defaultEvent = defaultEvent
        self.otherEvent = otherEvent
    }
}

extension Simulator {
    /// Runs one cell under `deviations` and names the race at choice point `choice`, whose pick
    /// must be one of the deviations; nil when the run never meets that choice point.
    package func race(
        hook: Int, strategy: Int, procedure: Int, values: ParameterValues? = nil, deviations: [ScheduleDeviation],
        at choice: Int
    ) -> ScheduleRace? {
        guard deviations.contains(where: { $0.choice == choice }) else { return nil }
        let named = races(hook: hook, strategy: strategy, procedure: procedure, values: values, deviations: deviations)
        return named.first { $0.choice == choice }?.race
    }

    /// Runs one cell under `deviations` once and names the race behind each deviation the run
    /// met, in choice-point order.
    package func races(
        hook: Int, strategy: Int, procedure: Int, values: ParameterValues? = nil, deviations: [ScheduleDeviation]
    ) -> [(choice: Int, race: ScheduleRace)] {
        engine.scheduler.recordingCandidates = true
        defer { engine.scheduler.recordingCandidates = false }
        _ = run(hook: hook, strategy: strategy, procedure: procedure, values: values, deviations: deviations)
        let recorded = engine.scheduler.candidates
        let contexts = engine.allContextNames(), calls = scenario.systemCalls.map(\.name)
        return deviations.compactMap { deviation in
            guard deviation.choice < recorded.count, recorded[deviation.choice].count > 1 else { return nil }
            // The taken candidate comes first, then the others in scheduling order: the default one
            // (candidate 0) is second when another was taken.
            let candidates = recorded[deviation.choice]
            let taken = candidates[0], standard = candidates[deviation.pick == 0 ? 0 : 1]
            let race = ScheduleRace(
                at: taken.at, defaultEvent: engine.words(standard, contexts: contexts, calls: calls),
                otherEvent: engine.words(taken, contexts: contexts, calls: calls))
            return (deviation.choice, race)
        }
    }
}
