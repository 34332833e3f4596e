import Foundation

/// One varied setting of a sweep and the values it takes, in the slot's stored unit
/// (nanoseconds for durations).
///
/// Written `PATH=FROM...TO` (a range, cut into `steps` points, evenly or logarithmically) or
/// `PATH=v1,v2,…` (the values given), in the file's unit: milliseconds or a whole number. A
/// count setting (a pool's width) steps by whole numbers.
public struct SweepAxis: Equatable, Sendable {
    /// The varied slot.
    public var slot: Int
    /// Its path, e.g. `timing.exitDurationMs`.
    public var path: String
    /// The values, ascending and distinct, in the stored unit.
    public var values: [Int64]
    /// Whether the setting is a duration (else a whole number).
    public var isDuration: Bool
    /// How the values were chosen, for reports: `0.1...100 ms, 200 points, logarithmic`.
    public var spec: String

    /// Parses `PATH=FROM...TO` or `PATH=v1,v2,…` against a scenario's parameter space; `flag`
    /// names the option in diagnostics (`--vary`).
    public static func parse(
        _ text: String, steps: Int, logarithmic: Bool, space: ParameterSpace, flag: String = "--vary"
    ) throws(InputError) -> SweepAxis {
        func fail(_ message: String) -> InputError { InputError([Diagnostic(file: "\(flag) \(text)", path: "", message: message)]) }
        guard let equals = text.firstIndex(of: "=") else {
            throw fail("expected PATH=FROM...TO or PATH=v1,v2,… (e.g. timing.exitDurationMs=0.1...100), found no '='")
        }
        let path = String(text[..<equals])
        let slot = try space.slot(named: path, source: "\(flag) \(text)")
        let info = space.slots[slot]
        let valueText = String(text[text.index(after: equals)...])
        if info.unit == .milliseconds, let bare = withoutUnits(valueText) {
            throw fail("expected bare numbers of milliseconds (a …Ms setting takes no unit), found \"\(valueText)\": write \(flag) \(ShellQuoting.quoted("\(path)=\(bare)"))")
        }
        if let open = valueText.firstIndex(of: "("), valueText[..<open].allSatisfy(\.isLetter), !valueText[..<open].isEmpty {
            throw fail(
                "expected fixed values (FROM...TO or v1,v2,…) for \(path), found the distribution \"\(valueText)\": "
                    + "a sweep tries values one by one; a distribution is given with --set and drawn with --runs")
        }
        let values: [Int64]
        if let range = valueText.range(of: "...") {
            values = try rangeValues(
                String(valueText[..<range.lowerBound]), String(valueText[range.upperBound...]), info, steps: steps,
                logarithmic: logarithmic, fail: fail)
        } else {
            values = try listValues(valueText, info, fail: fail)
        }
        return SweepAxis(
            slot: slot, path: info.path, values: values, isDuration: info.unit == .milliseconds,
            spec: describe(valueText, info, count: values.count, logarithmic: logarithmic && valueText.contains("...")))
    }

    /// `1...20` for `1ms...0.02s`, `1,5` for `1ms,5ms`: the values written in bare milliseconds; nil
    /// when none has a unit of time.
    static func withoutUnits(_ text: String) -> String? {
        var changed = false
        func bare(_ part: Substring) -> String {
            guard let milliseconds = MillisecondsWithUnit.milliseconds(in: String(part)) else { return String(part) }
            changed = true
            return MillisecondsWithUnit.written(milliseconds)
        }
        let rewritten = text.components(separatedBy: "...").map { bound in
            bound.split(separator: ",", omittingEmptySubsequences: false).map(bare).joined(separator: ",")
        }.joined(separator: "...")
        return changed ? rewritten : nil
    }

    private static func number(_ text: String, _ info: ParameterSlot, fail: (String) -> InputError) throws(InputError) -> Int64 {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard let value = Double(trimmed), value.isFinite else {
            var message = "expected a number for \(info.path), found \"\(trimmed)\""
            if trimmed.contains("..") { message += "; a range is written FROM...TO with three dots (e.g. 1...20)" }
            throw fail(message)
        }
        guard let stored = info.storedValue(value) else {
            throw fail("expected \(info.rangeDescription) for \(info.path), found \(trimmed)")
        }
        guard info.range.contains(stored) else {
            throw fail("expected \(info.rangeDescription) for \(info.path), found \(trimmed)")
        }
        return stored
    }

    private static func listValues(_ text: String, _ info: ParameterSlot, fail: (String) -> InputError) throws(InputError) -> [Int64] {
        var values: [Int64] = []
        for part in text.split(separator: ",", omittingEmptySubsequences: false) {
            values.append(try number(String(part), info, fail: fail))
        }
        return Array(Set(values)).sorted()
    }

    private static func rangeValues(
        _ fromText: String, _ toText: String, _ info: ParameterSlot, steps: Int, logarithmic: Bool,
        fail: (String) -> InputError
    ) throws(InputError) -> [Int64] {
        let from = try number(fromText, info, fail: fail), to = try number(toText, info, fail: fail)
        guard from <= to else { throw fail("expected FROM ≤ TO, found \(fromText) > \(toText)") }
        guard steps >= 2 || from == to else { throw fail("expected --steps of at least 2 for a range, found \(steps)") }
        if logarithmic && from <= 0 { throw fail("expected FROM above 0 for --log, found \(fromText)") }
        var values: [Int64] = []
        for index in 0..<max(steps, 1) {
            let fraction = steps > 1 ? Double(index) / Double(steps - 1) : 0
            let value =
                logarithmic
                ? Double(from) * pow(Double(to) / Double(from), fraction)
                : Double(from) + (Double(to) - Double(from)) * fraction
            values.append(Swift.min(to, Swift.max(from, Int64(value.rounded()))))
        }
        // Counts step by whole numbers: rounding may merge points, which the set removes.
        return Array(Set(values)).sorted()
    }

    private static func describe(_ text: String, _ info: ParameterSlot, count: Int, logarithmic: Bool) -> String {
        let unit = info.unit == .milliseconds ? " ms" : ""
        var spec = "\(text)\(unit), \(count) value\(count == 1 ? "" : "s")"
        if logarithmic { spec += ", logarithmic" }
        return spec
    }
}
