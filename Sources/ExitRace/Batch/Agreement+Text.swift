/// The agreement in words and as JSON (what `validation/agreement.json` commits), and the check
/// that fails when a report that agreed stops agreeing.
extension Agreement {
    /// `agree     01-name  (citation)` per report, each disagreement or missing feature indented
    /// under it, then the total.
    package var text: String {
        var lines: [String] = []
        for entry in entries {
            lines.append("\(entry.verdict.rawValue.padding(toLength: 15, withPad: " ", startingAt: 0))\(entry.name)  (\(entry.citation))")
            lines += entry.details.flatMap { ProseWrapping.lines($0, indent: "    ") }
        }
        lines.append(summary)
        return lines.joined(separator: "\n") + "\n"
    }

    /// `agrees with 12 of 16 public reports (2 disagree, 2 cannot be expressed yet)`.
    package var summary: String {
        "agrees with \(count(.agree)) of \(entries.count) public reports (\(count(.disagree)) disagree, "
            + "\(count(.cannotExpress)) cannot be expressed yet)"
    }

    /// The canonical JSON of the verdicts: counts, and per report its name, citation, verdict and details.
    package var json: String {
        let reports = entries.map { entry -> CanonicalJSON in
            .object([
                "name": .string(entry.name), "source": .string(entry.citation),
                "verdict": .string(entry.verdict.rawValue), "details": .array(entry.details.map { .string($0) }),
            ])
        }
        return CanonicalJSON.object([
            "agree": .integer(Int64(count(.agree))), "disagree": .integer(Int64(count(.disagree))),
            "cannotExpress": .integer(Int64(count(.cannotExpress))), "total": .integer(Int64(entries.count)),
            "reports": .array(reports),
        ]).serialized()
    }

    /// The reports that agree in the committed verdicts of file `path` (as ``json`` writes them)
    /// and no longer do now, each in words; empty when none regressed.
    package func regressions(committedFile path: String) throws(InputError) -> [String] {
        let committed = try Self.committedVerdicts(file: path)
        var lines: [String] = []
        for (name, verdict) in committed where verdict == Verdict.agree.rawValue {
            guard let now = entries.first(where: { $0.name == name }) else {
                lines.append("\(name): agreed in \(path), and is no longer among the reports")
                continue
            }
            guard now.verdict != .agree else { continue }
            lines.append("\(name): agreed in \(path), now \(now.verdict.rawValue)" + now.details.map { "; " + $0 }.joined())
        }
        return lines
    }

    /// The (name, verdict) pairs of a committed agreement file, in file order.
    static func committedVerdicts(file path: String) throws(InputError) -> [(String, String)] {
        let root = try JSONDocument.parse(try InputFile.read(path, what: "an agreement file (agree --format json)"), file: path)
        func fail(_ node: JSONNode, _ where: String, _ what: String) -> InputError {
            InputError([Diagnostic(at: node.position, path: `where`, message: "expected \(what), found \(node.kindDescription)")])
        }
        guard case .object(let members) = root.value, let reports = members.first(where: { $0.key == "reports" })?.value else {
            throw fail(root, "", "an object with \"reports\" (as agree --format json writes it)")
        }
        guard case .array(let elements) = reports.value else { throw fail(reports, "reports", "an array") }
        var verdicts: [(String, String)] = []
        for (index, element) in elements.enumerated() {
            guard case .object(let fields) = element.value,
                case .string(let name)? = fields.first(where: { $0.key == "name" })?.value.value,
                case .string(let verdict)? = fields.first(where: { $0.key == "verdict" })?.value.value
            else { throw fail(element, "reports[\(index)]", "an object with a \"name\" and a \"verdict\"") }
            verdicts.append((name, verdict))
        }
        return verdicts
    }
}
