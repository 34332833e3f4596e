/// Distributions written in place of numbers (`"exitDurationMs": {"uniform": [1, 20]}`) and the
/// `sampling` section.
///
/// Before the scenario is decoded, each distribution is taken out of the document and its
/// nominal value (the median) put in its place, so every other rule of the format checks the
/// scenario as usual. Once the scenario is decoded, each distribution is checked against the
/// numeric setting it stands for: the setting must exist, and every value the distribution can
/// draw must be one the setting allows.
extension ScenarioDecoder {
    /// Replaces every distribution in `root` by its nominal value and returns them, in file order.
    static func extractDistributions(_ root: inout JSONNode, log: DiagnosticLog) -> [UncertainSetting] {
        var found: [UncertainSetting] = []
        extract(&root, path: "", into: &found, log: log)
        return found
    }

    private static func extract(_ node: inout JSONNode, path: String, into found: inout [UncertainSetting], log: DiagnosticLog) {
        switch node.value {
        case .object(var members):
            if members.contains(where: { Distribution.familyNames.contains($0.key) }) {
                guard isDurationPath(path) || isCountPath(path) else {
                    log.error(
                        path, node.position,
                        "expected a distribution only in place of a numeric setting, found one at \(path.isEmpty ? "the top level" : path)")
                    return
                }
                if let distribution = decodeDistribution(node, path: path, log: log) {
                    found.append(UncertainSetting(path: path, distribution: distribution, position: node.position))
                    node.value = nominalNumber(distribution, path: path)
                }
                return
            }
            for index in members.indices {
                let key = members[index].key
                guard key != ScenarioKeys.note, !(path.isEmpty && (key == "sweeps" || key == "sampling")) else { continue }
                extract(&members[index].value, path: join(path, key), into: &found, log: log)
            }
            node.value = .object(members)
        case .array(var elements):
            for index in elements.indices {
                extract(&elements[index], path: SettingPath.element(path, index), into: &found, log: log)
            }
            node.value = .array(elements)
        case .null, .bool, .number, .string, .unreadArray:
            break
        }
    }

    /// The nominal value as a number node; a count (a setting not in milliseconds) is rounded
    /// to a whole number.
    private static func nominalNumber(_ distribution: Distribution, path: String) -> JSONNode.Value {
        var value = distribution.nominal
        if !isDurationPath(path) { value = value.rounded(.toNearestOrAwayFromZero) }
        return .number(value, text: Distribution.format(value))
    }

    /// Durations are the settings whose names end in `Ms` (or are `ms`), and the members of
    /// `timing.startLatencyMs`.
    static func isDurationPath(_ path: String) -> Bool {
        guard let components = JSONPath.components(path), case .key(let key)? = components.last else { return false }
        if components.count >= 2, case .key("startLatencyMs") = components[components.count - 2] { return true }
        return key == "ms" || key.hasSuffix("Ms")
    }

    /// Counts are the numeric settings whose names do not end in `Ms`.
    static func isCountPath(_ path: String) -> Bool {
        guard let last = JSONPath.components(path)?.last, case .key(let key) = last else { return false }
        return ScenarioKeys.countSettings.contains(key)
    }

    // MARK: - One distribution

    /// Decodes `{"uniform": [1, 20]}` and the other families; `nil` after logging a problem.
    static func decodeDistribution(_ node: JSONNode, path: String, log: DiagnosticLog) -> Distribution? {
        guard case .object(let members) = node.value else { return nil }
        let families = members.filter { Distribution.familyNames.contains($0.key) }
        guard families.count == 1, let family = families.first else {
            log.error(path, node.position, "expected one distribution family, found \(families.map { "\"\($0.key)\"" }.joined(separator: " and "))")
            return nil
        }
        guard let reader = ObjectReader(node, path: path, allowed: [family.key] + ScenarioKeys.distributionExtras, log: log) else {
            return nil
        }
        let arguments = DistributionArguments(reader: reader, family: family.key, node: family.value)
        let distribution: Distribution?
        switch family.key {
        case "uniform": distribution = arguments.uniform()
        case "logUniform": distribution = arguments.logUniform()
        case "normal": distribution = arguments.normal()
        case "triangular": distribution = arguments.triangular()
        default: distribution = arguments.choice()
        }
        if family.key != "normal" {
            for key in ["min", "max"] where reader[key] != nil {
                log.error(reader.childPath(key), reader.position(key), "expected \"\(key)\" only on a normal distribution (it truncates one), found it on \(family.key)")
            }
        }
        if family.key != "choice", reader["weights"] != nil {
            log.error(reader.childPath("weights"), reader.position("weights"), "expected \"weights\" only on a choice, found it on \(family.key)")
        }
        return distribution
    }

    // MARK: - Checked against the scenario

    /// Checks each distribution against the setting it stands for; `scenario` is decoded with
    /// the nominal values in place.
    static func checkUncertainties(_ uncertainties: [UncertainSetting], _ scenario: Scenario, log: DiagnosticLog) {
        guard !uncertainties.isEmpty else { return }
        let space = ParameterSpace(scenario: scenario)
        var slots: [Int: UncertainSetting] = [:]
        for setting in uncertainties {
            guard let slot = space.index(canonical: setting.path) else {
                var message = "expected a distribution only in place of a numeric setting the runs read, found one at \(setting.path.isEmpty ? "the top level" : setting.path)"
                if let near = closestMatch(to: setting.path, in: space.slots.map(\.path)) { message += "; did you mean \"\(near)\"?" }
                log.error(setting.path, setting.position, message)
                continue
            }
            let info = space.slots[slot]
            // A normal with no "max" is cut at the setting's own largest value.
            var support = setting.distribution.support
            if !support.upperBound.isFinite { support = support.lowerBound...info.fileValue(info.range.upperBound) }
            guard let low = info.storedValue(info.unit == .count ? support.lowerBound.rounded(.up) : support.lowerBound),
                let high = info.storedValue(info.unit == .count ? support.upperBound.rounded(.down) : support.upperBound),
                info.range.contains(low), info.range.contains(high), low <= high
            else {
                log.error(
                    setting.path, setting.position,
                    "expected a distribution whose values are all \(info.rangeDescription), found \(setting.distribution.description)")
                continue
            }
            slots[slot] = setting
        }
        checkOrderings(space, slots, log: log)
    }

    /// A pair of ordered settings (`deliverAfterMs` ≤ `costMs`) must stay ordered for every draw.
    private static func checkOrderings(_ space: ParameterSpace, _ slots: [Int: UncertainSetting], log: DiagnosticLog) {
        let values = space.defaults
        for ordering in space.orderings {
            let lower = slots[ordering.lower], upper = slots[ordering.upper]
            guard lower != nil || upper != nil else { continue }
            let lowerMax = lower?.distribution.support.upperBound ?? space.slots[ordering.lower].fileValue(values[ordering.lower])
            let upperMin = upper?.distribution.support.lowerBound ?? space.slots[ordering.upper].fileValue(values[ordering.upper])
            guard values[ordering.lower] != ParameterSlot.followsOther, lowerMax > upperMin else { continue }
            let setting = (lower ?? upper)!
            log.error(
                setting.path, setting.position,
                "expected \(space.slots[ordering.lower].path) never above \(space.slots[ordering.upper].path) "
                    + "(\(ordering.reason)), found draws that can give \(Distribution.format(lowerMax)) and \(Distribution.format(upperMin))")
        }
    }

    // MARK: - The sampling section

    /// `"sampling": {"runs": 2000, "seed": 7}`.
    static func decodeSampling(_ object: ObjectReader, log: DiagnosticLog) -> SamplingSettings {
        var sampling = SamplingSettings.default
        guard let node = object["sampling"],
            let reader = ObjectReader(node, path: "sampling", allowed: ScenarioKeys.sampling, log: log)
        else { return sampling }
        if let runs = reader.integer("runs", in: 1...SamplingSettings.maxRuns) { sampling.runs = runs }
        if let seed = reader.integer("seed", in: 0...SamplingSettings.maxSeed) { sampling.seed = UInt64(seed) }
        return sampling
    }
}

/// Reads one family's arguments, logging what is wrong with them.
private struct DistributionArguments {
    let reader: ObjectReader
    let family: String
    let node: JSONNode

    private var path: String { reader.childPath(family) }
    private var log: DiagnosticLog { reader.log }

    private func fail(_ message: String) -> Distribution? {
        log.error(path, node.position, message)
        return nil
    }

    /// Exactly `count` finite numbers (or at least one, when `count` is nil).
    private func numbers(_ count: Int?, _ shape: String) -> [Double]? {
        guard case .array(let elements) = node.value, count == nil ? !elements.isEmpty : elements.count == count else {
            log.expected(shape, at: node, path)
            return nil
        }
        var values: [Double] = []
        for (index, element) in elements.enumerated() {
            guard case .number(let value, _) = element.value, value.isFinite else {
                if case .string(let text) = element.value, ScenarioDecoder.isDurationPath(reader.path),
                    let milliseconds = MillisecondsWithUnit.milliseconds(in: text) {
                    log.error(
                        SettingPath.element(path, index), element.position,
                        MillisecondsWithUnit.message(found: "the string \"\(text)\"", milliseconds: milliseconds, write: ""))
                    return nil
                }
                log.expected("a number", at: element, SettingPath.element(path, index))
                return nil
            }
            values.append(value)
        }
        return values
    }

    func uniform() -> Distribution? {
        guard let v = numbers(2, "[low, high]") else { return nil }
        guard v[0] <= v[1] else { return fail("expected low ≤ high, found \(f(v[0])) > \(f(v[1]))") }
        return .uniform(low: v[0], high: v[1])
    }

    func logUniform() -> Distribution? {
        guard let v = numbers(2, "[low, high]") else { return nil }
        guard v[0] > 0 else { return fail("expected a low end above 0 (a logarithm is taken), found \(f(v[0]))") }
        guard v[0] <= v[1] else { return fail("expected low ≤ high, found \(f(v[0])) > \(f(v[1]))") }
        return .logUniform(low: v[0], high: v[1])
    }

    func triangular() -> Distribution? {
        guard let v = numbers(3, "[low, mode, high]") else { return nil }
        guard v[0] <= v[1], v[1] <= v[2], v[0] < v[2] else {
            return fail("expected low ≤ mode ≤ high with low < high, found \(v.map(f).joined(separator: ", "))")
        }
        return .triangular(low: v[0], mode: v[1], high: v[2])
    }

    func normal() -> Distribution? {
        guard let parameters = ObjectReader(node, path: path, allowed: ["mean", "sd"], log: log) else { return nil }
        let mean = number(parameters, "mean"), sd = number(parameters, "sd")
        guard let minimum = number(reader, "min", why: "a normal distribution is cut at the setting's lowest value") else {
            return nil
        }
        let maximum = reader["max"] == nil ? Double.infinity : number(reader, "max")
        guard let mean, let sd, let maximum else { return nil }
        guard sd > 0 else { return fail("expected a standard deviation \"sd\" above 0, found \(f(sd))") }
        guard minimum < maximum else {
            log.error(reader.childPath("min"), reader.position("min"), "expected min < max, found \(f(minimum)) ≥ \(f(maximum))")
            return nil
        }
        let mass = StandardNormal.cdf((maximum - mean) / sd) - StandardNormal.cdf((minimum - mean) / sd)
        guard mass > 1e-9 else {
            return fail("expected min…max to hold some of the distribution, found \(f(minimum))…\(f(maximum)) more than 6 standard deviations from the mean \(f(mean))")
        }
        return .normal(mean: mean, sd: sd, min: minimum, max: maximum)
    }

    func choice() -> Distribution? {
        guard let values = numbers(nil, "a non-empty array of values") else { return nil }
        guard values.count <= 10_000 else { return fail("expected at most 10000 values, found \(values.count)") }
        guard let weightNode = reader["weights"] else { return .choice(values: values, weights: values.map { _ in 1 }) }
        guard case .array(let elements) = weightNode.value, elements.count == values.count else {
            log.expected("an array of \(values.count) weights, one per value", at: weightNode, reader.childPath("weights"))
            return nil
        }
        var weights: [Double] = []
        for (index, element) in elements.enumerated() {
            guard case .number(let weight, _) = element.value, weight.isFinite, weight >= 0 else {
                log.expected("a weight of 0 or more", at: element, SettingPath.element(reader.childPath("weights"), index))
                return nil
            }
            weights.append(weight)
        }
        guard weights.reduce(0, +) > 0 else {
            log.error(reader.childPath("weights"), weightNode.position, "expected some weight above 0, found all 0")
            return nil
        }
        return .choice(values: values, weights: weights)
    }

    private func number(_ reader: ObjectReader, _ key: String, why: String? = nil) -> Double? {
        guard let value = reader[key] else {
            if reader.isMisspelt(key) { return nil }
            log.error(reader.path, reader.node.position, "missing member \"\(key)\" (a number\(why.map { ": \($0)" } ?? ""))")
            return nil
        }
        guard case .number(let number, _) = value.value, number.isFinite else {
            log.expected("a number", at: value, reader.childPath(key))
            return nil
        }
        return number
    }

    private func f(_ value: Double) -> String { Distribution.format(value) }
}
