/// How a calibration computed now differs from a committed one (both `calibrate --format json`),
/// in words: one line per value that changed, named by where it sits (`accepted`,
/// `settings[timing.exitDurationMs].acceptedLow`, `predictions[AppDelegate · Task].outcomes[○].count`).
///
/// The simulator is deterministic, so any change is a real change: a model, scenario, measured
/// table or estimator that moved. What `calibrate --check` reports.
///
/// The measured file's path (`measured`) is kept in the report for information but is not
/// compared: `./measurements/x.json`, `measurements/x.json` and the same file reached from
/// another directory are one measured table, and its content is what the other values depend on.
/// Whole numbers in the change lines are written with thousands separators (`6,188 → 6,179`).
package enum CalibrationDrift {
    /// The members not compared: the measured file's path as typed.
    static let informational: Set<String> = ["measured"]

    /// How a committed calibration was made: its `samples`, `seed` and `tolerance`.
    package struct Options: Equatable, Sendable {
        package var samples: Int, seed: UInt64, tolerance: Int
        package init(samples: Int, seed: UInt64, tolerance: Int) {
            self.samples = samples
            self.seed = seed
            self.tolerance = tolerance
        }
    }

    /// The committed file `path`, parsed: JSON, not yet known to be a calibration
    /// (``expectCalibration(_:file:)``). A file that cannot be read or is not valid JSON is bad input.
    package static func committedRoot(file path: String) throws(InputError) -> JSONNode {
        try JSONDocument.parse(try InputFile.read(path, what: "a calibration file (calibrate --format json)"), file: path)
    }

    /// The options a committed calibration was made with; `nil` when it does not say them all.
    package static func options(of root: JSONNode) -> Options? {
        guard case .object(let members) = root.value else { return nil }
        func whole(_ key: String) -> Int? {
            guard let member = members.first(where: { $0.key == key }), case .number(let value, _) = member.value.value,
                value >= 0, value.rounded() == value, value < 1e15 else { return nil }
            return Int(value)
        }
        guard let samples = whole("samples"), let seed = whole("seed"), let tolerance = whole("tolerance") else { return nil }
        return Options(samples: samples, seed: UInt64(seed), tolerance: tolerance)
    }

    /// `the committed calibration was made with --samples 16384 --seed 1; this run used --samples
    /// 4096 --seed 1` (`--tolerance` too when it differs); `nil` when they are the same.
    package static func optionsMismatch(committed: Options, current: Options) -> String? {
        guard committed != current else { return nil }
        func words(_ options: Options) -> String {
            "--samples \(options.samples) --seed \(options.seed)"
                + (committed.tolerance != current.tolerance ? " --tolerance \(options.tolerance)" : "")
        }
        return "the committed calibration was made with \(words(committed)); this run used \(words(current))"
    }

    /// `6,188 of 16,384 sets accepted`, for the line that says the calibration matches.
    package static func acceptedSummary(_ words: CalibrationText) -> String {
        let tally = words.result.tally
        return "\(TimeFormatting.grouped(tally.accepted)) of \(TimeFormatting.counted(tally.samples, "set")) accepted"
    }

    /// The changes from the committed calibration in file `path` to `current`; empty when none.
    /// A file that cannot be read or is not valid JSON is bad input.
    package static func changes(committedFile path: String, current: String) throws(InputError) -> [String] {
        try changes(committed: try InputFile.read(path, what: "a calibration file (calibrate --format json)"), file: path, current: current)
    }

    /// The changes from `committed` (the bytes of file `file`) to `current`; empty when none.
    /// A committed file that is not valid JSON is bad input.
    package static func changes(committed: [UInt8], file: String, current: String) throws(InputError) -> [String] {
        let root = try JSONDocument.parse(committed, file: file)
        try expectCalibration(root, file: file)
        let old = flatten(root).filter { !informational.contains($0.0) }
        let new = flatten(try JSONDocument.parse(Array(current.utf8), file: "the calibration")).filter { !informational.contains($0.0) }
        let before = Dictionary(old, uniquingKeysWith: { first, _ in first })
        let after = Dictionary(new, uniquingKeysWith: { first, _ in first })
        var lines: [String] = []
        for (key, value) in old {
            if let now = after[key] {
                if now != value { lines.append("\(key): \(grouped(value)) → \(grouped(now))") }
            } else {
                lines.append("\(key): \(grouped(value)) → (gone)")
            }
        }
        for (key, value) in new where before[key] == nil { lines.append("\(key): (none) → \(grouped(value))") }
        if lines.isEmpty && !sameBytes(committed, current) {
            lines.append("\(file) holds the same values written differently (edited by hand?); --update rewrites it")
        }
        return lines
    }

    /// The members every calibration file has (`calibrate --format json`), by which one is known.
    static let identifyingMembers = ["accepted", "misses", "settings"]

    /// Refuses a committed file that is no calibration (a result file, a scenario given by
    /// mistake) with one error at its start, rather than hundreds of lines of changes (exit 1).
    package static func expectCalibration(_ root: JSONNode, file: String) throws(InputError) {
        func refuse(_ found: String) -> InputError {
            InputError([Diagnostic(at: root.position, path: "", message: "expected a calibration file (calibrate --format json), found \(found)")])
        }
        guard case .object(let members) = root.value else { throw refuse(root.kindDescription) }
        let keys = members.map(\.key)
        let missing = identifyingMembers.filter { !keys.contains($0) }
        guard !missing.isEmpty else { return }
        if keys.contains("formatVersion") && keys.contains("cells") {
            throw refuse("what looks like a result file (it has \"formatVersion\" and \"cells\", as run --format json writes them)")
        }
        throw refuse("an object without " + missing.map { "\"\($0)\"" }.joined(separator: ", "))
    }

    /// Whether `committed` is byte for byte `current`, apart from the (informational) measured
    /// file's path.
    static func sameBytes(_ committed: [UInt8], _ current: String) -> Bool {
        let text = String(decoding: committed, as: UTF8.self)
        func withoutMeasured(_ text: String) -> String {
            text.split(separator: "\n", omittingEmptySubsequences: false)
                .filter { !$0.hasPrefix("  \"measured\": ") }.joined(separator: "\n")
        }
        return text == current || withoutMeasured(text) == withoutMeasured(current)
    }

    /// A value as written in a change line: a whole number grouped (`16384` → `16,384`); anything
    /// else, arrays included (where a separator would read as a list comma), as it is.
    package static func grouped(_ value: String) -> String {
        Int(value).map(TimeFormatting.grouped) ?? value
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
    package static func name(_ node: JSONNode) -> String? {
        guard case .object(let members) = node.value else { return nil }
        for key in ["path", "cell", "verdict"] {
            if let member = members.first(where: { $0.key == key }), case .string(let name) = member.value.value { return name }
        }
        return nil
    }
}
