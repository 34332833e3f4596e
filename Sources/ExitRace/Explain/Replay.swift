/// The values one run of a sampled scenario uses, and the words that say where they came from:
/// replication `r` of seed `S` (exactly the values ``ReplicationPlan`` fills for it, so a run
/// that failed in a rate table replays as it ran), or the nominal values (each distribution's
/// median) when no replication is named.
///
/// Run it with ``Simulator/trace(hook:strategy:procedure:values:)`` and ``values``.
package struct Replay: Sendable {
    /// One setting drawn for the replication.
    package struct DrawnValue: Equatable, Sendable {
        /// The setting's path, e.g. `timing.exitDurationMs`.
        package var path: String
        /// The value drawn, in the setting's file unit (milliseconds or a count), as
        /// ``ReplicationPlan/drawnValues(replication:)`` lists it.
        package var value: Double
        /// The value as stored (nanoseconds for a duration, else the count).
        package var stored: Int64
        /// Whether the setting is a duration in milliseconds (else a whole number).
        package var isDuration: Bool
        /// The distribution it was drawn from.
        package var distribution: Distribution

        /// `timing.exitDurationMs = 12.345678 ms  ~ uniform(1, 20)`.
        package var text: String {
            let shown = isDuration ? TimeFormatting.exactMilliseconds(stored) + " ms" : String(stored)
            return "\(path) = \(shown)  ~ \(distribution.description)"
        }
    }

    /// The replication replayed, or `nil` for the nominal values.
    package let replication: Int?
    /// The seed the draws derive from.
    package let seed: UInt64
    /// Every value the run reads.
    package let values: ParameterValues
    /// The uncertain settings with their values, in the scenario's order (empty when the
    /// scenario draws nothing).
    package let drawn: [DrawnValue]
    /// Whether the scenario draws any setting from a distribution.
    package let isUncertain: Bool

    /// Replication `replication` (0 or more) of `simulator`'s scenario, drawn from `seed`.
    package init(simulator: Simulator, seed: UInt64, replication: Int) {
        precondition(replication >= 0, "replications are numbered from 0")
        let scenario = simulator.scenario
        let plan = ReplicationPlan(scenario: scenario, space: simulator.parameters, runs: replication + 1, seed: seed)
        var values = simulator.defaults
        plan.fill(&values, point: replication)
        self.replication = replication
        self.seed = seed
        self.values = values
        isUncertain = scenario.isUncertain
        drawn = Self.drawn(plan.drawnValues(replication: replication), scenario: scenario, values: values)
    }

    /// The scenario's own values: each uncertain setting at its distribution's median.
    package init(nominal simulator: Simulator, seed: UInt64) {
        let scenario = simulator.scenario
        let values = simulator.defaults
        replication = nil
        self.seed = seed
        self.values = values
        isUncertain = scenario.isUncertain
        let nominal = scenario.uncertainties.compactMap { setting -> (path: String, value: Double)? in
            guard let slot = values.space.index(canonical: setting.path) else { return nil }
            return (setting.path, values.space.slots[slot].fileValue(values[slot]))
        }
        drawn = Self.drawn(nominal, scenario: scenario, values: values)
    }

    private static func drawn(_ list: [(path: String, value: Double)], scenario: Scenario, values: ParameterValues) -> [DrawnValue] {
        zip(list, scenario.uncertainties).compactMap { entry, setting in
            guard let slot = values.space.index(canonical: entry.path) else { return nil }
            return DrawnValue(
                path: entry.path, value: entry.value, stored: values[slot],
                isDuration: values.space.slots[slot].unit == .milliseconds, distribution: setting.distribution)
        }
    }

    /// What the run's values are, in words, for the top of an explanation: nothing for a
    /// scenario without distributions explained without a replication.
    package func headerLines() -> [String] {
        guard let replication else {
            guard isUncertain else { return [] }
            return ["nominal values (medians of the distributions); add --replication r to replay a sampled run"]
                + drawn.map { "  " + $0.text }
        }
        guard isUncertain else {
            return ["replication \(replication), seed \(seed): the scenario draws no setting from a distribution, so every replication is this same run"]
        }
        return ["replication \(replication), seed \(seed), drew:"] + drawn.map { "  " + $0.text }
    }
}
