/// A duration written with a unit of time (`40ms`, `40 ms`, `0.04s`, `500us`) where a setting takes a
/// bare number of milliseconds: every setting whose name ends in `Ms` (`costMs`, `exitDurationMs`,
/// `timing.startLatencyMs.default`) and a step's `ms`. The decoder, `--set` and `--vary` refuse it,
/// saying what to write instead.
package enum MillisecondsWithUnit {
    /// Each unit as written, lowercased, and how many milliseconds one of it is.
    private static let units: [(names: [String], milliseconds: Double)] = [
        (["ms", "msec", "msecs", "millisecond", "milliseconds"], 1),
        (["s", "sec", "secs", "second", "seconds"], 1_000),
        (["min", "mins", "minute", "minutes"], 60_000),
        (["us", "µs", "μs", "usec", "microsecond", "microseconds"], 0.001),
        (["ns", "nsec", "nanosecond", "nanoseconds"], 0.000_001),
    ]

    /// The milliseconds `text` means when it is a number followed by a unit of time (`0.04s` → 40),
    /// with or without a space between; nil for anything else.
    package static func milliseconds(in text: String) -> Double? {
        let trimmed = spacesTrimmed(text)
        let number = trimmed.prefix { $0.isASCII && ($0.isNumber || $0 == "." || $0 == "-" || $0 == "+" || $0 == "e" || $0 == "E") }
        let unit = spacesTrimmed(String(trimmed.dropFirst(number.count))).lowercased()
        guard let value = Double(number), value.isFinite, !unit.isEmpty,
            let factor = units.first(where: { $0.names.contains(unit) })?.milliseconds
        else { return nil }
        return value * factor
    }

    /// `40`, `0.5`: a count of milliseconds as a user would type it (at most six decimals).
    package static func written(_ milliseconds: Double) -> String {
        let rounded = (milliseconds * 1_000_000).rounded() / 1_000_000
        if rounded == rounded.rounded(), abs(rounded) < 1e15 { return String(Int64(rounded)) }
        return "\(rounded)"
    }

    /// Whether a setting path (`timing.exitDurationMs`, `procedures.background.steps[0].ms`) is a
    /// duration in milliseconds: one of its members ends in `Ms` or is `ms`.
    package static func isMillisecondsPath(_ path: [JSONPath.Component]) -> Bool {
        path.contains { component in
            guard case .key(let key) = component else { return false }
            return key == "ms" || key.hasSuffix("Ms")
        }
    }

    /// `uniform(1, 20)` for `uniform(1ms, 0.02s)`: a distribution call on the command line with its
    /// values written in bare milliseconds (a `choice`'s weights are left as they are); nil when no
    /// value has a unit, or the text is not a call.
    package static func rewrittenCall(_ text: String) -> String? {
        guard let open = text.firstIndex(of: "("), text.hasSuffix(")") else { return nil }
        let inner = text[text.index(after: open)..<text.index(before: text.endIndex)]
        var changed = false
        let arguments = inner.split(separator: ",", omittingEmptySubsequences: false).map { argument -> String in
            var parts = argument.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
            if let milliseconds = milliseconds(in: parts[0]) {
                parts[0] = written(milliseconds)
                changed = true
            }
            return parts.map(spacesTrimmed).joined(separator: ":")
        }
        return changed ? "\(text[..<open])(\(arguments.joined(separator: ", ")))" : nil
    }

    /// `expected a bare number of milliseconds (…Ms settings take no unit), found "40ms": write 40`.
    package static func message(found: String, milliseconds: Double, write: String) -> String {
        "expected a bare number of milliseconds (a …Ms setting takes no unit), found \(found): write \(write)\(written(milliseconds))"
    }

    /// The text without leading or trailing spaces, tabs and carriage returns.
    private static func spacesTrimmed(_ text: String) -> String {
        let scalars = text.unicodeScalars.drop { $0 == " " || $0 == "\t" || $0 == "\r" }
        return String(String.UnicodeScalarView(scalars.reversed().drop { $0 == " " || $0 == "\t" || $0 == "\r" }.reversed()))
    }
}
