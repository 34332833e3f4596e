/// The plan of a sampled experiment: replication `r` draws every uncertain setting of the
/// scenario from its distribution, the other settings keep their values.
///
/// Draws are common random numbers: replication `r` gives the same values to every cell, so
/// strategies are compared on identical timings. Each value comes from a seed derived from
/// (seed, scenario name, r, setting path) alone, so a replication draws the same values on any
/// thread, in any order and in any shard.
package struct ReplicationPlan: ParameterPlan, Sendable {
    /// How many replications.
    package let runs: Int
    /// The seed every draw derives from.
    package let seed: UInt64
    /// The values of settings that are not drawn (the scenario's own, nominal for drawn ones).
    let base: ContiguousArray<Int64>
    let draws: [Draw]
    private let scenarioSeed: UInt64

    /// One uncertain setting: its slot and how to draw it.
    struct Draw: Sendable {
        var slot: Int
        var setting: UncertainSetting
        var info: ParameterSlot
        var pathHash: UInt64
    }

    /// `runs` replications of `scenario`'s uncertain settings, drawn from `seed`, over `base`
    /// (the scenario's own values unless given).
    package init(scenario: Scenario, space: ParameterSpace, runs: Int, seed: UInt64, base: ParameterValues? = nil) {
        precondition(runs >= 1, "a sampled experiment needs at least one replication")
        self.runs = runs
        self.seed = seed
        self.base = (base ?? space.defaults).raw
        scenarioSeed = StableSeed.combine(seed, StableSeed.hash(scenario.name))
        draws = scenario.uncertainties.map { setting in
            guard let slot = space.index(canonical: setting.path) else {
                preconditionFailure("\(setting.path) is not a numeric setting (the decoder checks this)")
            }
            return Draw(slot: slot, setting: setting, info: space.slots[slot], pathHash: StableSeed.hash(setting.path))
        }
    }

    /// One point per replication.
    package var pointCount: Int { runs }

    /// Writes replication `index`'s values into `values`, in place.
    package func fill(_ values: inout ParameterValues, point index: Int) {
        precondition(values.raw.count == base.count, "values of another scenario")
        for slot in base.indices { values.raw[slot] = base[slot] }
        let replicationSeed = StableSeed.combine(scenarioSeed, UInt64(index))
        for draw in draws { values.raw[draw.slot] = value(of: draw, replicationSeed: replicationSeed) }
    }

    /// The values replication `replication` draws, in the scenario's order of its uncertain
    /// settings, each in the setting's file unit (milliseconds or a count).
    package func drawnValues(replication: Int) -> [(path: String, value: Double)] {
        let replicationSeed = StableSeed.combine(scenarioSeed, UInt64(replication))
        return draws.map { draw in
            (draw.setting.path, draw.info.fileValue(value(of: draw, replicationSeed: replicationSeed)))
        }
    }

    /// The stored value (nanoseconds or a count) one replication draws for one setting.
    private func value(of draw: Draw, replicationSeed: UInt64) -> Int64 {
        let p = StableSeed.unitInterval(StableSeed.combine(replicationSeed, draw.pathHash))
        return draw.setting.storedValue(atQuantile: p, slot: draw.info)
    }
}
