extension SensitivityShardFile {
    /// Reads the sensitivity shard file at `path`: every problem names the file, the place and
    /// what was expected and found.
    package static func read(path: String) throws(InputError) -> SensitivityShardFile {
        try decode(try InputFile.read(path, what: "a shard file"), file: path)
    }

    /// Decodes a sensitivity shard file's bytes; `file` names it in diagnostics.
    package static func decode(_ bytes: [UInt8], file: String) throws(InputError) -> SensitivityShardFile {
        let root = try JSONDocument.parse(bytes, file: file)
        let log = DiagnosticLog()
        func fail() -> InputError { InputError(log.diagnostics) }
        let allowed = ["kind", "sensitivityShardFormatVersion", "toolVersion", "scenario", "samples", "seed", "bootstrap", "shard", "rows"]
        guard let object = ObjectReader(root, path: "", allowed: allowed, log: log) else { throw fail() }
        guard ShardHeader.hasFormatVersion(
            object, member: "sensitivityShardFormatVersion", what: "sensitivity shard format version", expected: formatVersion, log: log)
        else { throw fail() }
        let toolVersion = object.string("toolVersion", required: true)
        let samples = object.integer("samples", in: 1...Sensitivity.maxSamples, required: true)
        let seed = object.integer("seed", in: 0...SamplingSettings.maxSeed, required: true)
        let resamples = object.integer("bootstrap", in: SensitivityBootstrap.resampleRange, required: true)
        let resolved = ShardScenario.decode(object, file: file, log: log)
        let shard = ShardHeader.shard(
            object, first: "firstSample", end: "endSample", maxItem: Sensitivity.maxSamples, total: samples,
            items: { $0.replications(of: $1) }, described: "base samples", log: log)
        let rowNodes = object.array("rows", required: true)
        guard let toolVersion, let samples, let seed, let resamples, let resolved, let shard, let rowNodes, log.diagnostics.isEmpty
        else { throw fail() }
        let analysis: Sensitivity
        do {
            analysis = try Self.analysis(scenario: resolved, samples: samples, seed: UInt64(seed))
        } catch {
            throw InputError(
                [Diagnostic(at: object.position("scenario"), path: "scenario", message: "expected a scenario to analyse, found problems:")]
                    + error.diagnostics)
        }
        let empty = analysis.sums(ofRows: [])
        let width = empty.rowWords
        let expected = shard.replications(of: samples).count * width
        guard rowNodes.count == expected else {
            log.error("rows", object.position("rows"), "expected \(expected) words (\(width) per base sample), found \(rowNodes.count)")
            throw fail()
        }
        var rows: [UInt64] = []
        rows.reserveCapacity(expected)
        for (index, node) in rowNodes.enumerated() {
            // Word k of a row holds outputs 64k…: bits past the last output are no outcome.
            let bits = Swift.min(64, empty.outputs - index % empty.words * 64)
            guard case .string(let hex) = node.value, let word = UInt64(hex, radix: 16), bits == 64 || word >> UInt64(bits) == 0
            else {
                log.expected("a word of outcome bits in hexadecimal (\(bits) outcomes: below 2^\(bits))", at: node, "rows[\(index)]")
                throw fail()
            }
            rows.append(word)
        }
        return SensitivityShardFile(
            toolVersion: toolVersion, scenario: resolved, samples: samples, seed: UInt64(seed), resamples: resamples, shard: shard, rows: rows)
    }

    /// The analysis the shard is part of.
    package static func analysis(scenario resolved: ResolvedScenario, samples: Int, seed: UInt64) throws(InputError) -> Sensitivity {
        let scenario = try resolved.decode()
        guard (1...SobolSequence.maxDimensions / 2).contains(scenario.uncertainties.count) else {
            throw InputError([
                Diagnostic(
                    file: resolved.file, path: "",
                    message: "expected 1 to \(SobolSequence.maxDimensions / 2) settings drawn from distributions, found \(scenario.uncertainties.count)")
            ])
        }
        return Sensitivity(scenario: scenario, samples: samples, seed: seed)
    }
}
