/// The short spelling of a distribution on the command line, `--set 'timing.exitDurationMs=uniform(1,20)'`,
/// turned into the JSON a scenario file would hold.
///
/// - `uniform(low, high)`, `logUniform(low, high)`, `triangular(low, mode, high)`
/// - `normal(mean, sd, min)` or `normal(mean, sd, min, max)`
/// - `choice(v1, v2, …)`, or with weights `choice(v1:w1, v2:w2, …)`
enum DistributionCall {
    /// The JSON text of `text` when it is a call such as `uniform(1,20)`; `nil` when it does not
    /// look like one. A call of an unknown family or with a wrong number of arguments is an error.
    static func json(_ text: String) throws(DistributionCallError) -> String? {
        guard let open = text.firstIndex(of: "("), text.hasSuffix(")") else { return nil }
        let family = String(text[..<open])
        guard !family.isEmpty, family.allSatisfy({ $0.isLetter }) else { return nil }
        let inner = text[text.index(after: open)..<text.index(before: text.endIndex)]
        let arguments = inner.split(separator: ",", omittingEmptySubsequences: false).map {
            $0.trimmingCharacters(in: .whitespaces)
        }
        guard Distribution.familyNames.contains(family) else {
            var message = "expected a distribution (\(Distribution.familyNames.map { "\($0)(…)" }.joined(separator: ", "))), found \"\(family)(…)\""
            if let near = closestMatch(to: family, in: Distribution.familyNames) { message += "; did you mean \"\(near)\"?" }
            throw DistributionCallError(message: message)
        }
        func count(_ allowed: ClosedRange<Int>, _ shape: String) throws(DistributionCallError) {
            guard allowed.contains(arguments.count), !arguments.contains(where: \.isEmpty) else {
                throw DistributionCallError(message: "expected \(shape), found \(family)(\(inner))")
            }
        }
        switch family {
        case "uniform", "logUniform":
            try count(2...2, "\(family)(low, high)")
            return "{\"\(family)\": [\(arguments.joined(separator: ", "))]}"
        case "triangular":
            try count(3...3, "triangular(low, mode, high)")
            return "{\"triangular\": [\(arguments.joined(separator: ", "))]}"
        case "normal":
            try count(3...4, "normal(mean, sd, min) or normal(mean, sd, min, max)")
            let maximum = arguments.count == 4 ? ", \"max\": \(arguments[3])" : ""
            return "{\"normal\": {\"mean\": \(arguments[0]), \"sd\": \(arguments[1])}, \"min\": \(arguments[2])\(maximum)}"
        default:
            try count(1...10_000, "choice(v1, v2, …) or choice(v1:w1, v2:w2, …)")
            let pairs = arguments.map { $0.split(separator: ":", maxSplits: 1).map(String.init) }
            if pairs.allSatisfy({ $0.count == 1 }) { return "{\"choice\": [\(arguments.joined(separator: ", "))]}" }
            guard pairs.allSatisfy({ $0.count == 2 }) else {
                throw DistributionCallError(message: "expected every value with a weight (v:w) or none, found \(family)(\(inner))")
            }
            let values = pairs.map { $0[0] }.joined(separator: ", "), weights = pairs.map { $0[1] }.joined(separator: ", ")
            return "{\"choice\": [\(values)], \"weights\": [\(weights)]}"
        }
    }
}

/// A malformed distribution call.
package struct DistributionCallError: Error {
    package var message: String
}
