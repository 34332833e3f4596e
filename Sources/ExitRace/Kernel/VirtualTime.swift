/// A span of virtual time, in integer nanoseconds.
///
/// The engine never uses floating point for time: scenario files state milliseconds, which are
/// converted once, at the edge, by ``VirtualDuration/milliseconds(_:)`` (rounded to the nearest
/// nanosecond, halves away from zero).
public struct VirtualDuration: Hashable, Comparable, Sendable {
    /// The length in nanoseconds (negative for a span backwards).
    public var nanoseconds: Int64

    /// A span of `nanoseconds`.
    @inlinable public init(nanoseconds: Int64) { self.nanoseconds = nanoseconds }

    /// No time at all.
    public static let zero = VirtualDuration(nanoseconds: 0)

    /// Converts a millisecond value from a scenario file, or `nil` when it is not finite or does not
    /// fit in 64-bit nanoseconds.
    public static func milliseconds(_ ms: Double) -> VirtualDuration? {
        guard ms.isFinite else { return nil }
        let ns = (ms * 1_000_000).rounded(.toNearestOrAwayFromZero)
        guard ns >= -9.2e18, ns <= 9.2e18 else { return nil }
        return VirtualDuration(nanoseconds: Int64(ns))
    }

    /// A whole number of milliseconds, for code and tests (files go through `milliseconds(_:)`).
    @inlinable public static func ms(_ value: Int64) -> VirtualDuration {
        VirtualDuration(nanoseconds: value * 1_000_000)
    }

    /// Shorter than.
    @inlinable public static func < (a: VirtualDuration, b: VirtualDuration) -> Bool {
        a.nanoseconds < b.nanoseconds
    }
    /// The two spans end to end.
    @inlinable public static func + (a: VirtualDuration, b: VirtualDuration) -> VirtualDuration {
        VirtualDuration(nanoseconds: a.nanoseconds + b.nanoseconds)
    }
    /// The difference of two spans.
    @inlinable public static func - (a: VirtualDuration, b: VirtualDuration) -> VirtualDuration {
        VirtualDuration(nanoseconds: a.nanoseconds - b.nanoseconds)
    }
}

/// A point on the virtual clock, in integer nanoseconds since the run started.
public struct VirtualInstant: Hashable, Comparable, Sendable {
    /// Nanoseconds since the run started.
    public var nanoseconds: Int64

    /// The instant `nanoseconds` after the start.
    @inlinable public init(nanoseconds: Int64) { self.nanoseconds = nanoseconds }

    /// The instant the run starts: every run's clock begins here.
    public static let start = VirtualInstant(nanoseconds: 0)

    /// Earlier than.
    @inlinable public static func < (a: VirtualInstant, b: VirtualInstant) -> Bool {
        a.nanoseconds < b.nanoseconds
    }
    /// The instant `b` after `a`.
    @inlinable public static func + (a: VirtualInstant, b: VirtualDuration) -> VirtualInstant {
        VirtualInstant(nanoseconds: a.nanoseconds &+ b.nanoseconds)
    }
    /// The span from `b` to `a`.
    @inlinable public static func - (a: VirtualInstant, b: VirtualInstant) -> VirtualDuration {
        VirtualDuration(nanoseconds: a.nanoseconds - b.nanoseconds)
    }
}
