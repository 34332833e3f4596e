/// Formats virtual time for people: milliseconds with up to three decimals (microsecond
/// resolution), computed with integers only so the text is the same on every machine.
package enum TimeFormatting {
    package static func milliseconds(_ nanoseconds: Int64) -> String {
        let sign = nanoseconds < 0 ? "-" : ""
        let microseconds = (abs(nanoseconds) + 500) / 1_000
        let whole = microseconds / 1_000
        var fraction = String(microseconds % 1_000)
        while fraction.count < 3 { fraction = "0" + fraction }
        while fraction.hasSuffix("0") { fraction.removeLast() }
        return fraction.isEmpty ? "\(sign)\(whole) ms" : "\(sign)\(whole).\(fraction) ms"
    }

    package static func milliseconds(_ instant: VirtualInstant) -> String { milliseconds(instant.nanoseconds) }

    /// Milliseconds to the nanosecond, no trailing zeros and no unit (`11.000001`): sweep
    /// boundaries can be pinned that finely.
    package static func exactMilliseconds(_ nanoseconds: Int64) -> String {
        let sign = nanoseconds < 0 ? "-" : ""
        let magnitude = nanoseconds.magnitude
        var fraction = String(magnitude % 1_000_000)
        fraction = String(repeating: "0", count: 6 - fraction.count) + fraction
        while fraction.hasSuffix("0") { fraction.removeLast() }
        return "\(sign)\(magnitude / 1_000_000)" + (fraction.isEmpty ? "" : ".\(fraction)")
    }

    /// Always three decimals (`50.000 ms`, `24,900.000 ms`), for columns that line up.
    package static func fixedMilliseconds(_ nanoseconds: Int64) -> String {
        let sign = nanoseconds < 0 ? "-" : ""
        let microseconds = (abs(nanoseconds) + 500) / 1_000
        var fraction = String(microseconds % 1_000)
        while fraction.count < 3 { fraction = "0" + fraction }
        return "\(sign)\(grouped(Int(microseconds / 1_000))).\(fraction) ms"
    }

    /// A margin, with its sign always shown: `+42.5 ms`, `-7.9 ms`.
    package static func signedMilliseconds(_ duration: VirtualDuration) -> String {
        duration.nanoseconds >= 0 ? "+" + milliseconds(duration.nanoseconds) : milliseconds(duration.nanoseconds)
    }

    /// For long spans: milliseconds below 10 s, seconds below a minute (`26.901 s`), then
    /// `h:mm:ss.mmm` (`8:00:00.011`).
    package static func human(_ nanoseconds: Int64) -> String {
        let magnitude = abs(nanoseconds)
        if magnitude < 10_000_000_000 { return milliseconds(nanoseconds) }
        let sign = nanoseconds < 0 ? "-" : ""
        let millis = (magnitude + 500_000) / 1_000_000
        func pad(_ value: Int64, _ width: Int) -> String {
            var text = String(value)
            while text.count < width { text = "0" + text }
            return text
        }
        if millis < 60_000 {
            var fraction = pad(millis % 1_000, 3)
            while fraction.hasSuffix("0") { fraction.removeLast() }
            return "\(sign)\(millis / 1_000)\(fraction.isEmpty ? "" : "." + fraction) s"
        }
        let hours = millis / 3_600_000
        let minutes = millis / 60_000 % 60
        let seconds = millis / 1_000 % 60
        return "\(sign)\(hours):\(pad(minutes, 2)):\(pad(seconds, 2)).\(pad(millis % 1_000, 3))"
    }

    package static func human(_ instant: VirtualInstant) -> String { human(instant.nanoseconds) }
}

extension TimeFormatting {
    /// A count and its noun, grouped and in the right number: `1 set`, `16,384 sets`.
    package static func counted(_ count: Int, _ noun: String) -> String {
        "\(grouped(count)) \(noun)\(count == 1 ? "" : "s")"
    }

    /// A count with commas between groups of three digits: `999,990`.
    package static func grouped(_ count: Int) -> String {
        let digits = String(count.magnitude)
        var out = count < 0 ? "-" : ""
        for (index, digit) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { out += "," }
            out.append(digit)
        }
        return out
    }
}
