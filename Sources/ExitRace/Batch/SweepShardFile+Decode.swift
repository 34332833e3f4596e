extension SweepShardFile {
    /// Reads the sweep shard file at `path`: every problem names the file, the place and what was
    /// expected and found.
    package static func read(path: String) throws(InputError) -> SweepShardFile {
        try decode(try InputFile.read(path, what: "a shard file"), file: path)
    }

    /// Decodes a sweep shard file's bytes; `file` names it in diagnostics.
    package static func decode(_ bytes: [UInt8], file: String) throws(InputError) -> SweepShardFile {
        let root = try JSONDocument.parse(bytes, file: file)
        let log = DiagnosticLog()
        func fail() -> InputError { InputError(log.diagnostics) }
        let allowed = ["kind", "sweepShardFormatVersion", "toolVersion", "scenario", "sweep", "points", "shard", "outcomes"]
        guard let object = ObjectReader(root, path: "", allowed: allowed, log: log) else { throw fail() }
        guard ShardHeader.hasFormatVersion(
            object, member: "sweepShardFormatVersion", what: "sweep shard format version", expected: formatVersion, log: log)
        else { throw fail() }
        let toolVersion = object.string("toolVersion", required: true)
        let pointCount = object.integer("points", in: 1...SamplingSettings.maxRuns, required: true)
        let resolved = ShardScenario.decode(object, file: file, log: log)
        let settings = decodeSettings(object, log: log)
        let shard = ShardHeader.shard(
            object, first: "firstPoint", end: "endPoint", maxItem: SamplingSettings.maxRuns, total: pointCount,
            items: { $0.replications(of: $1) }, described: "points", log: log)
        let outcomes = object.array("outcomes", required: true)
        guard let toolVersion, let pointCount, let resolved, let settings, let shard, let outcomes, log.diagnostics.isEmpty
        else { throw fail() }
        let scenario: Scenario
        let grid: SweepGrid
        do {
            scenario = try resolved.decode()
            grid = try Self.grid(settings, of: scenario)
        } catch {
            throw InputError(
                [Diagnostic(at: object.position("scenario"), path: "scenario.document", message: "expected a valid scenario and sweep, found problems:")]
                    + error.diagnostics)
        }
        guard grid.pointCount == pointCount else {
            log.error("points", object.position("points"), "expected \(grid.pointCount) points (the grid of sweep.vary), found \(pointCount)")
            throw fail()
        }
        let range = shard.replications(of: pointCount)
        guard outcomes.count == range.count else {
            log.error("outcomes", object.position("outcomes"), "expected \(range.count) points (\(range.lowerBound)..<\(range.upperBound)), found \(outcomes.count)")
            throw fail()
        }
        let perPoint = scenario.hooks.count * scenario.strategies.count * scenario.procedures.count
        var points: [SweepPoint] = []
        points.reserveCapacity(range.count)
        for (offset, node) in outcomes.enumerated() {
            guard let point = decodePoint(node, index: range.lowerBound + offset, path: "outcomes[\(offset)]", count: perPoint, log: log)
            else { throw fail() }
            points.append(point)
        }
        var decoded = SweepShardFile(scenario: resolved, settings: settings, pointCount: pointCount, shard: shard, points: points)
        decoded.toolVersion = toolVersion
        return decoded
    }

    private static func decodeSettings(_ object: ObjectReader, log: DiagnosticLog) -> Settings? {
        guard object.members("sweep", required: true) != nil, let node = object["sweep"],
            let reader = ObjectReader(node, path: "sweep", allowed: ["vary", "steps", "log", "toleranceNs"], log: log),
            let varyNodes = reader.array("vary", required: true),
            let steps = reader.integer("steps", in: 2...1_000_000, required: true),
            let toleranceNs = reader.integer("toleranceNs", in: 1...Int(Int64.max), required: true)
        else { return nil }
        guard let logarithmic = reader.bool("log") else {
            log.error(reader.childPath("log"), reader.position("log"), "expected \"log\", true or false")
            return nil
        }
        var vary: [String] = []
        for (index, node) in varyNodes.enumerated() {
            guard case .string(let spec) = node.value else {
                log.expected("a --vary PATH=FROM...TO", at: node, "sweep.vary[\(index)]")
                return nil
            }
            vary.append(spec)
        }
        guard !vary.isEmpty else {
            log.error("sweep.vary", reader.position("vary"), "expected at least one --vary, found none")
            return nil
        }
        return Settings(vary: vary, steps: steps, logarithmic: logarithmic, toleranceNs: Int64(toleranceNs))
    }

    private static func decodePoint(_ node: JSONNode, index: Int, path: String, count: Int, log: DiagnosticLog) -> SweepPoint? {
        guard case .array(let elements) = node.value, elements.count == count else {
            log.expected("an array of \(count) outcomes (every cell under every procedure)", at: node, path)
            return nil
        }
        var outcomes: [SweepPoint.Outcome] = []
        outcomes.reserveCapacity(count)
        for (offset, element) in elements.enumerated() {
            guard case .array(let pair) = element.value, pair.count == 2, case .number(let flag, _) = pair[0].value,
                flag == 0 || flag == 1
            else {
                log.expected("[finished 0 or 1, margin in nanoseconds or null]", at: element, "\(path)[\(offset)]")
                return nil
            }
            var margin: Int64?
            switch pair[1].value {
            case .null: margin = nil
            case .number(_, let text) where Int64(text) != nil: margin = Int64(text)
            default:
                log.expected("a margin in nanoseconds or null", at: pair[1], "\(path)[\(offset)][1]")
                return nil
            }
            outcomes.append(SweepPoint.Outcome(finished: flag == 1, marginNs: margin))
        }
        return SweepPoint(index: index, outcomes: outcomes)
    }
}
