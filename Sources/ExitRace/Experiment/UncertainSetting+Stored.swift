/// How a number in (0, 1) becomes the value an uncertain setting's slot stores: shared by the
/// random replications of a sampled experiment and the low-discrepancy points of a calibration.
extension UncertainSetting {
    /// The stored value (nanoseconds or a count) at cumulative probability `p` of the setting's
    /// distribution: a duration rounded to the nearest nanosecond, a count to the nearest whole
    /// number (a uniform count is drawn uniformly from the whole numbers of its range), clamped
    /// to the slot's range.
    package func storedValue(atQuantile p: Double, slot info: ParameterSlot) -> Int64 {
        let stored: Int64
        switch (info.unit, distribution) {
        case (.count, .uniform(let low, let high)):
            let first = low.rounded(.up), last = high.rounded(.down)
            stored = Int64(first) + Int64((p * (last - first + 1)).rounded(.down))
        case (.count, let distribution):
            stored = Int64(distribution.quantile(p).rounded(.toNearestOrAwayFromZero))
        case (.milliseconds, let distribution):
            stored = VirtualDuration.milliseconds(distribution.quantile(p))?.nanoseconds ?? info.range.upperBound
        }
        return Swift.min(Swift.max(stored, info.range.lowerBound), info.range.upperBound)
    }
}
