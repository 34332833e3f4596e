/// Formats virtual time for people: milliseconds with up to three decimals (microsecond
/// resolution), computed with integers only so the text is the same on every machine.
enum TimeFormatting {
    static func milliseconds(_ nanoseconds: Int64) -> String {
        let sign = nanoseconds < 0 ? "-" : ""
        let microseconds = (abs(nanoseconds) + 500) / 1_000
        let whole = microseconds / 1_000
        var fraction = String(microseconds % 1_000)
        while fraction.count < 3 { fraction = "0" + fraction }
        while fraction.hasSuffix("0") { fraction.removeLast() }
        return fraction.isEmpty ? "\(sign)\(whole) ms" : "\(sign)\(whole).\(fraction) ms"
    }

    static func milliseconds(_ instant: VirtualInstant) -> String { milliseconds(instant.nanoseconds) }

    /// Always three decimals (`50.000 ms`), for columns that line up.
    static func fixedMilliseconds(_ nanoseconds: Int64) -> String {
        let sign = nanoseconds < 0 ? "-" : ""
        let microseconds = (abs(nanoseconds) + 500) / 1_000
        var fraction = String(microseconds % 1_000)
        while fraction.count < 3 { fraction = "0" + fraction }
        return "\(sign)\(microseconds / 1_000).\(fraction) ms"
    }

    /// A margin, with its sign always shown: `+42.5 ms`, `-7.9 ms`.
    static func signedMilliseconds(_ duration: VirtualDuration) -> String {
        duration.nanoseconds >= 0 ? "+" + milliseconds(duration.nanoseconds) : milliseconds(duration.nanoseconds)
    }
}
