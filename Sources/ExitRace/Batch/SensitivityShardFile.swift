/// The outcomes of one shard of a sensitivity analysis, as `exitrace sensitivity FILE --shard i/n
/// --output FILE` writes it and `exitrace merge` reads it: versioned canonical JSON holding the
/// tool version, the scenario (resolved document and fingerprint), `--samples`, `--seed`,
/// `--bootstrap`, the shard and, per base sample, the outcome bits at A, B and every AB_i (what
/// the bootstrap resamples), in hexadecimal words.
///
/// Shard `i` of `n` runs the base samples `(i-1)·N/n ..< i·N/n`; the merge adds every base
/// sample's row in order, which gives exactly the unsharded sums, and then bootstraps them.
package struct SensitivityShardFile: Sendable {
    /// The version of the sensitivity shard file format this tool writes and reads.
    package static let formatVersion = 1
    /// The value of the file's `kind` member.
    package static let kind = "sensitivity"

    /// The version of the tool that ran the shard.
    package var toolVersion: String
    /// The scenario as it was analysed.
    package var scenario: ResolvedScenario
    /// Base samples of the whole analysis.
    package var samples: Int
    /// The seed of the sequence (and of the bootstrap).
    package var seed: UInt64
    /// Bootstrap resamples.
    package var resamples: Int
    /// Which base samples this file holds.
    package var shard: ShardSpec
    /// The shard's base samples' outcome bits, ``SensitivitySums/rowWords`` words a sample.
    package var rows: [UInt64]

    /// The shard's base samples.
    package var range: Range<Int> { shard.replications(of: samples) }

    /// Runs shard `shard` of `analysis` of `scenario`.
    package static func run(
        _ analysis: Sensitivity, scenario: ResolvedScenario, resamples: Int, shard: ShardSpec, parallel: Bool = true
    ) -> SensitivityShardFile {
        let sums = analysis.sums(of: shard.replications(of: analysis.samples), parallel: parallel)
        return SensitivityShardFile(
            toolVersion: ExitRaceVersion.current, scenario: scenario, samples: analysis.samples, seed: analysis.seed, resamples: resamples,
            shard: shard, rows: sums.rows)
    }

    /// The file's text: canonical JSON, the same bytes for the same shard.
    package func serialized() -> String {
        CanonicalJSON.object([
            "kind": .string(Self.kind),
            "sensitivityShardFormatVersion": .integer(Int64(Self.formatVersion)),
            "toolVersion": .string(toolVersion),
            "scenario": .object([
                "file": .string(scenario.file), "fingerprint": .string(scenario.fingerprint), "document": .string(scenario.text),
            ]),
            "samples": .integer(Int64(samples)),
            "seed": .integer(Int64(bitPattern: seed)),
            "bootstrap": .integer(Int64(resamples)),
            "shard": .object([
                "index": .integer(Int64(shard.index)), "count": .integer(Int64(shard.count)),
                "firstSample": .integer(Int64(range.lowerBound)), "endSample": .integer(Int64(range.upperBound)),
            ]),
            "rows": .array(rows.map { .string(String($0, radix: 16)) }),
        ]).serialized()
    }
}

extension Sensitivity {
    /// The sums of base samples `range`, every row kept, on every core unless `parallel` is false.
    package func sums(of range: Range<Int>, parallel: Bool = true) -> SensitivitySums {
        let outputs = scenario.hooks.count * scenario.strategies.count * scenario.procedures.count
        var sums = SensitivitySums(outputs: outputs, settings: settings)
        let analysis = self
        ChunkedWork.run(chunks: (range.count + Self.chunkSize - 1) / Self.chunkSize, scenario: scenario, parallel: parallel, body: { chunk, simulator in
            let start = range.lowerBound + chunk * Self.chunkSize
            return analysis.runChunk(start..<Swift.min(range.upperBound, start + Self.chunkSize), simulator: simulator, outputs: outputs, keepRows: true)
        }, merge: { sums.merge($0) })
        return sums
    }

    /// The sums of base samples whose rows are `rows` (in sample order), every row kept.
    package func sums(ofRows rows: [UInt64]) -> SensitivitySums {
        let outputs = scenario.hooks.count * scenario.strategies.count * scenario.procedures.count
        var sums = SensitivitySums(outputs: outputs, settings: settings)
        let width = sums.rowWords
        for start in stride(from: 0, to: rows.count, by: width) { sums.add(row: rows[start..<(start + width)], keep: true) }
        return sums
    }
}
