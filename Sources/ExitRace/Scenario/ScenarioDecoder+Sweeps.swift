/// The `sweeps` section: named sweeps whose flip reports go with the scenario's results.
extension ScenarioDecoder {
    /// Each sweep's settings are checked against the decoded scenario's numeric settings, as
    /// `exitrace sweep --vary` checks them, so a sweep that would fail in CI fails here first.
    static func decodeSweeps(_ object: ObjectReader, _ scenario: Scenario, log: DiagnosticLog) -> [SweepSpec] {
        guard let members = object.members("sweeps") else { return [] }
        // A scenario with other problems has no reliable settings to check the sweeps against.
        let space = log.diagnostics.isEmpty ? ParameterSpace(scenario: scenario) : nil
        return members.compactMap { member in
            guard member.key != ScenarioKeys.note else { return nil }
            return decodeSweep(member.key, member.value, path: join("sweeps", member.key), space, log: log)
        }
    }

    private static func decodeSweep(
        _ name: String, _ node: JSONNode, path: String, _ space: ParameterSpace?, log: DiagnosticLog
    ) -> SweepSpec? {
        guard let reader = ObjectReader(node, path: path, allowed: ScenarioKeys.sweep, log: log),
            let varyNodes = reader.array("vary", required: true)
        else { return nil }
        var sweep = SweepSpec(name: name, vary: [])
        if let steps = reader.integer("steps", in: 2...100_000) { sweep.steps = steps }
        if let log = reader.bool("log") { sweep.logarithmic = log }
        if let tolerance = reader.milliseconds("toleranceMs") { sweep.tolerance = tolerance }
        if varyNodes.isEmpty {
            log.error(reader.childPath("vary"), reader.position("vary"), "expected at least one setting to vary, found none")
        }
        var axes: [SweepAxis] = []
        for (index, node) in varyNodes.enumerated() {
            let elementPath = "\(reader.childPath("vary"))[\(index)]"
            guard case .string(let spec) = node.value else {
                log.expected("a setting and its values, e.g. \"timing.exitDurationMs=0.1...100\"", at: node, elementPath)
                continue
            }
            sweep.vary.append(spec)
            guard let space else { continue }
            do {
                axes.append(try SweepAxis.parse(spec, steps: sweep.steps, logarithmic: sweep.logarithmic, space: space))
            } catch {
                for diagnostic in error.diagnostics { log.error(elementPath, node.position, diagnostic.message) }
            }
        }
        if axes.count == varyNodes.count, !axes.isEmpty, SweepGrid.checkedPointCount(axes, max: SweepSpec.maxPoints) == nil {
            log.error(reader.childPath("vary"), reader.position("vary"), "expected a grid of at most \(SweepSpec.maxPoints) points, found more")
        }
        return sweep
    }
}
