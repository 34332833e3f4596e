/// The plan of a calibration or a sensitivity analysis: point `n` gives uncertain setting `d` the
/// value at quantile `u[d]` of its distribution, where `u` is point `n` of a digitally shifted
/// Sobol sequence (or columns of it); every other setting keeps its value.
package struct LowDiscrepancyPlan: ParameterPlan, Sendable {
    /// The uncertain settings varied, in the scenario's order, with their slots.
    package let settings: [VariedSetting]
    /// How many points.
    package let pointCount: Int
    let base: ContiguousArray<Int64>
    package let coordinates: @Sendable (Int, Int) -> Double

    /// An uncertain setting bound to its slot.
    package struct VariedSetting: Sendable {
        /// The setting and its distribution.
        package var setting: UncertainSetting
        /// Its slot's index.
        package var slot: Int
        /// Its slot (unit, range).
        package var info: ParameterSlot
    }

    /// `points` points of `scenario`'s uncertain settings; `coordinate(point, setting)` is the
    /// number in (0, 1) each setting's quantile is taken at.
    package init(scenario: Scenario, space: ParameterSpace, points: Int, coordinate: @escaping @Sendable (Int, Int) -> Double) {
        base = space.defaults.raw
        pointCount = points
        coordinates = coordinate
        settings = scenario.uncertainties.map { setting in
            guard let slot = space.index(canonical: setting.path) else {
                preconditionFailure("\(setting.path) is not a numeric setting (the decoder checks this)")
            }
            return VariedSetting(setting: setting, slot: slot, info: space.slots[slot])
        }
    }

    /// Writes point `index`'s values into `values`, in place.
    package func fill(_ values: inout ParameterValues, point index: Int) {
        for slot in base.indices { values.raw[slot] = base[slot] }
        for (dimension, varied) in settings.enumerated() {
            values.raw[varied.slot] = varied.setting.storedValue(atQuantile: coordinates(index, dimension), slot: varied.info)
        }
    }

    /// Point `index`'s value of each varied setting, in its file unit (milliseconds or a count).
    package func fileValues(point index: Int) -> [Double] {
        settings.enumerated().map { dimension, varied in
            varied.info.fileValue(varied.setting.storedValue(atQuantile: coordinates(index, dimension), slot: varied.info))
        }
    }
}
