/// One number a run reads: a duration, a count or a width, named by the path users write in
/// `--set` and see in diagnostics (`timing.exitDurationMs`, `strategies.Task.program[0].ms`).
///
/// Durations are held in integer nanoseconds and written in milliseconds, as in the file.
public struct ParameterSlot: Equatable, Sendable {
    /// How a slot's value is written in files and stored inside.
    public enum Unit: Equatable, Sendable {
        /// A duration: milliseconds in files and on the command line, nanoseconds inside.
        case milliseconds
        /// A whole number (a count, a pool's width).
        case count
    }

    /// The setting's path in the scenario file, e.g. `systemCalls["Activity.end"].costMs`.
    public var path: String
    /// Milliseconds (stored as nanoseconds) or a whole number.
    public var unit: Unit
    /// The scenario's own value (nanoseconds for a duration).
    public var defaultValue: Int64
    /// The values the setting may take (nanoseconds for a duration).
    public var range: ClosedRange<Int64>
    /// Whether a change reshapes the engine (pool widths resize its thread table): allowed, but
    /// the first run with a new value allocates.
    public var changesStructure: Bool
    /// The path of the setting this one equals when the file leaves it out (`deliverAfterMs`
    /// follows `costMs`); its stored value is then ``followsOther`` until it is set.
    public var defaultFollows: String?

    /// The stored value of a slot that follows another one.
    package static let followsOther: Int64 = -1

    /// A slot named `path`; durations in nanoseconds.
    package init(
        path: String, unit: Unit, defaultValue: Int64, range: ClosedRange<Int64>, changesStructure: Bool = false,
        defaultFollows: String? = nil
    ) {
        self.defaultFollows = defaultFollows
        self.path = path
        self.unit = unit
        self.defaultValue = defaultValue
        self.range = range
        self.changesStructure = changesStructure
    }

    /// Any duration a scenario may state: 0 to ``Limits/maxDurationMs``.
    static let durationRange: ClosedRange<Int64> = 0...Int64(Limits.maxDurationMs) * 1_000_000
    /// A duration that must be more than zero (poll and timer intervals, `limits.maxTimeMs`).
    static let positiveDurationRange: ClosedRange<Int64> = 1...durationRange.upperBound

    /// A value in the file's unit (milliseconds or a count) as the slot stores it; `nil` when it
    /// is not a number of that kind.
    public func storedValue(_ value: Double) -> Int64? {
        switch unit {
        case .milliseconds:
            return VirtualDuration.milliseconds(value)?.nanoseconds
        case .count:
            guard value.isFinite, value == value.rounded(), abs(value) < 9e15 else { return nil }
            return Int64(value)
        }
    }

    /// A stored value in the file's unit: milliseconds or a count.
    public func fileValue(_ stored: Int64) -> Double {
        unit == .milliseconds ? Double(stored) / 1_000_000 : Double(stored)
    }

    /// A stored value as a reader means it: `3 ms`, `4`, or `same as systemCalls["Activity.end"].costMs`
    /// for a slot that follows another one (whose stored value, ``followsOther``, is no duration).
    public func describe(_ stored: Int64) -> String {
        if stored == Self.followsOther, let other = defaultFollows { return "same as \(other)" }
        let value = Self.format(fileValue(stored))
        return unit == .milliseconds ? "\(value) ms" : value
    }

    /// The range in the file's unit, in words: "from 0 to 1000000000 ms".
    public var rangeDescription: String {
        let low = Self.format(fileValue(range.lowerBound)), high = Self.format(fileValue(range.upperBound))
        return unit == .milliseconds ? "milliseconds from \(low) to \(high)" : "a whole number from \(low) to \(high)"
    }

    /// `3`, `0.1`, `1000000000`: no exponent, no trailing zeros.
    package static func format(_ value: Double) -> String {
        if value == value.rounded() && abs(value) < 1e15 { return String(Int64(value)) }
        return String(value)
    }
}

extension ParameterSlot: CustomStringConvertible {
    /// `timing.exitDurationMs = 3 ms`: the path and the scenario's own value, as ``describe(_:)`` says it.
    public var description: String { "\(path) = \(describe(defaultValue))" }
}
