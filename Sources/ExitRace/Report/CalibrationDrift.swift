/// How a calibration computed now differs from a committed one (both `calibrate --format json`),
/// in words: one line per value that changed, named by where it sits (`accepted`,
/// `settings[timing.exitDurationMs].acceptedLow`, `predictions[AppDelegate · Task].outcomes[○].count`).
///
/// The simulator is deterministic, so any change is a real change: a model, scenario, measured
/// table or estimator that moved. What `calibrate --check` reports.
public enum CalibrationDrift {
    /// `6,188 of 16,384 sets accepted`, for the line that says the calibration matches.
    public static func acceptedSummary(_ words: CalibrationText) -> String {
        let tally = words.result.tally
        return "\(TimeFormatting.grouped(tally.accepted)) of \(TimeFormatting.grouped(tally.samples)) sets accepted"
    }

    /// The changes from the committed calibration in file `path` to `current`; empty when none.
    /// A file that cannot be read or is not valid JSON is bad input.
    public static func changes(committedFile path: String, current: String) throws(InputError) -> [String] {
        try changes(committed: try InputFile.read(path, what: "a calibration file (calibrate --format json)"), file: path, current: current)
    }

    /// The changes from `committed` (the bytes of file `file`) to `current`; empty when none.
    /// A committed file that is not valid JSON is bad input.
    public static func changes(committed: [UInt8], file: String, current: String) throws(InputError) -> [String] {
        let old = flatten(try JSONDocument.parse(committed, file: file))
        let new = flatten(try JSONDocument.parse(Array(current.utf8), file: "the calibration"))
        let before = Dictionary(old, uniquingKeysWith: { first, _ in first })
        let after = Dictionary(new, uniquingKeysWith: { first, _ in first })
        var lines: [String] = []
        for (key, value) in old {
            if let now = after[key] {
                if now != value { lines.append("\(key): \(value) → \(now)") }
            } else {
                lines.append("\(key): \(value) → (gone)")
            }
        }
        for (key, value) in new where before[key] == nil { lines.append("\(key): (none) → \(value)") }
        if lines.isEmpty && committed != Array(current.utf8) {
            lines.append("\(file) holds the same values written differently (edited by hand?); --update rewrites it")
        }
        return lines
    }

    /// Every scalar of `node` with its place, in file order; arrays of objects are indexed by their
    /// `path`, `cell` or `verdict` member when they have one.
    static func flatten(_ node: JSONNode, at place: String = "") -> [(String, String)] {
        switch node.value {
        case .object(let members):
            return members.flatMap { flatten($0.value, at: place.isEmpty ? $0.key : "\(place).\($0.key)") }
        case .array(let items):
            if items.allSatisfy({ if case .object = $0.value { true } else { false } }) {
                return items.enumerated().flatMap { index, item in flatten(item, at: "\(place)[\(name(item) ?? String(index))]") }
            }
            return [(place, "[" + items.map(scalar).joined(separator: ", ") + "]")]
        default:
            return [(place, scalar(node))]
        }
    }

    /// A scalar as JSON, on one line.
    static func scalar(_ node: JSONNode) -> String {
        var text = node.text
        while text.last == "\n" { text.removeLast() }
        return text
    }

    /// The `path`, `cell` or `verdict` string naming an object in an array.
    static func name(_ node: JSONNode) -> String? {
        guard case .object(let members) = node.value else { return nil }
        for key in ["path", "cell", "verdict"] {
            if let member = members.first(where: { $0.key == key }), case .string(let name) = member.value.value { return name }
        }
        return nil
    }
}
