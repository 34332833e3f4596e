/// The scenario a shard file of `sweep`, `calibrate` or `sensitivity` carries: its resolved
/// document (`extend` and `--set` applied), the file name it was decoded under, and a fingerprint
/// of both, so that an edited document is refused. (The shards of `run` also carry its `name`.)
enum ShardScenario {
    /// The `scenario` member of a shard file, or `nil` with every problem logged; a string member
    /// `name` is allowed only when `withName` is true.
    static func decode(_ object: ObjectReader, file: String, withName: Bool = false, log: DiagnosticLog) -> ResolvedScenario? {
        guard let node = object["scenario"] else {
            log.error("", object.node.position, "missing member \"scenario\" (an object)")
            return nil
        }
        let allowed = (withName ? ["name"] : []) + ["file", "fingerprint", "document"]
        guard let reader = ObjectReader(node, path: "scenario", allowed: allowed, log: log),
            let scenarioFile = reader.string("file", required: true),
            let fingerprint = reader.string("fingerprint", required: true),
            let text = reader.string("document", required: true)
        else { return nil }
        if withName { _ = reader.string("name") }
        let resolved: ResolvedScenario
        do {
            resolved = try ResolvedScenario(text: text, file: scenarioFile, source: "\(file) (scenario.document)")
        } catch {
            for diagnostic in error.diagnostics { log.error("scenario.document", reader.position("document"), diagnostic.description) }
            return nil
        }
        guard resolved.fingerprint == fingerprint else {
            log.error(
                "scenario.fingerprint", reader.position("fingerprint"),
                "expected the fingerprint of the embedded document, \(resolved.fingerprint), found \(fingerprint) (the file was edited)")
            return nil
        }
        return resolved
    }
}
