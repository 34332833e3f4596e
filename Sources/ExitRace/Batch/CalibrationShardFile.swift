/// The tally of one shard of a calibration, as `exitrace calibrate FILE --measured M --shard i/n
/// --output FILE` writes it and `exitrace merge` reads it: versioned canonical JSON holding the
/// tool version, the scenario (resolved document and fingerprint), the measured table (its file
/// name and text), `--samples`, `--seed`, `--tolerance`, the shard and its ``CalibrationTally``.
///
/// Sets run in words of 64: shard `i` of `n` runs the words `(i-1)·W/n ..< i·W/n` of the `W` words
/// of the calibration's sets, so the shards' tallies add up, in order, to the unsharded tally.
package struct CalibrationShardFile: Sendable {
    /// The version of the calibration shard file format this tool writes and reads.
    package static let formatVersion = 1
    /// The value of the file's `kind` member.
    package static let kind = "calibrate"

    /// The version of the tool that ran the shard.
    package var toolVersion: String
    /// The scenario as it was calibrated.
    package var scenario: ResolvedScenario
    /// The measured table's file name, as given.
    package var measuredFile: String
    /// The measured table's text.
    package var measuredText: String
    /// How many sets the whole calibration draws.
    package var samples: Int
    /// The seed of the sequence.
    package var seed: UInt64
    /// How many measured cells an accepted set may miss.
    package var tolerance: Int
    /// Which part of the sets this file holds.
    package var shard: ShardSpec
    /// The tally of the shard's sets.
    package var tally: CalibrationTally

    /// The sets shard `shard` of a calibration of `samples` sets runs: whole words of 64.
    package static func sets(of shard: ShardSpec, samples: Int) -> Range<Int> {
        let words = shard.replications(of: (samples + Calibration.chunkSize - 1) / Calibration.chunkSize)
        return Swift.min(samples, words.lowerBound * Calibration.chunkSize)..<Swift.min(samples, words.upperBound * Calibration.chunkSize)
    }

    /// The shard's sets.
    package var range: Range<Int> { Self.sets(of: shard, samples: samples) }

    /// Runs shard `shard` of `calibration`, of `scenario` against the measured table `measuredText`.
    package static func run(
        _ calibration: Calibration, scenario: ResolvedScenario, measuredFile: String, measuredText: String, shard: ShardSpec,
        parallel: Bool = true
    ) -> CalibrationShardFile {
        let range = sets(of: shard, samples: calibration.samples)
        return CalibrationShardFile(
            toolVersion: ExitRaceVersion.current, scenario: scenario, measuredFile: measuredFile, measuredText: measuredText,
            samples: calibration.samples, seed: calibration.seed, tolerance: calibration.tolerance, shard: shard,
            tally: calibration.tally(of: range, parallel: parallel))
    }

    /// The file's text: canonical JSON, the same bytes for the same shard.
    package func serialized() -> String {
        CanonicalJSON.object([
            "kind": .string(Self.kind),
            "calibrationShardFormatVersion": .integer(Int64(Self.formatVersion)),
            "toolVersion": .string(toolVersion),
            "scenario": .object([
                "file": .string(scenario.file), "fingerprint": .string(scenario.fingerprint), "document": .string(scenario.text),
            ]),
            "measured": .object(["file": .string(measuredFile), "document": .string(measuredText)]),
            "samples": .integer(Int64(samples)),
            "seed": .integer(Int64(bitPattern: seed)),
            "tolerance": .integer(Int64(tolerance)),
            "shard": .object([
                "index": .integer(Int64(shard.index)), "count": .integer(Int64(shard.count)),
                "firstSet": .integer(Int64(range.lowerBound)), "endSet": .integer(Int64(range.upperBound)),
            ]),
            "tally": Self.tallyJSON(tally),
        ]).serialized()
    }

    private static func tallyJSON(_ tally: CalibrationTally) -> CanonicalJSON {
        func sparse(_ counts: [Int]) -> CanonicalJSON {
            .array(counts.indices.filter { counts[$0] != 0 }.map { .array([.integer(Int64($0)), .integer(Int64(counts[$0]))]) })
        }
        return .object([
            "samples": .integer(Int64(tally.samples)),
            "accepted": .integer(Int64(tally.accepted)),
            "acceptedWords": .array(tally.acceptedBits.map { .string(String($0, radix: 16)) }),
            "fineHistograms": .array(tally.fineHistograms.map(sparse)),
            "lowest": .array(tally.lowest.map { .integer($0) }),
            "highest": .array(tally.highest.map { .integer($0) }),
            "predictions": .array(
                tally.predictions.map { counts in
                    // In mask order, so the file's bytes never depend on the dictionary's order.
                    .array(counts.keys.sorted().map { .array([.integer(Int64($0)), .integer(Int64(counts[$0]!))]) })
                }),
            "misses": .array(tally.misses.map { .integer(Int64($0)) }),
            "closest": .array(
                tally.closest.map { near in
                    .object([
                        "index": .integer(Int64(near.index)),
                        "missed": .array(near.missed.map { .integer(Int64($0)) }),
                        "predicted": .array(near.predicted.map { .integer(Int64($0)) }),
                    ])
                }),
        ])
    }
}

extension Calibration {
    /// The tally of the sets `range` (starting on a word of 64), on every core unless `parallel` is false.
    package func tally(of range: Range<Int>, parallel: Bool = true) -> CalibrationTally {
        precondition(range.lowerBound % Self.chunkSize == 0, "a shard starts on a word of 64 sets")
        var tally = emptyTally()
        let firstChunk = range.lowerBound / Self.chunkSize
        let chunks = (range.count + Self.chunkSize - 1) / Self.chunkSize
        let calibration = self
        ChunkedWork.run(chunks: chunks, scenario: scenario, parallel: parallel, body: { chunk, simulator in
            let start = (firstChunk + chunk) * Self.chunkSize
            return calibration.runChunk(start..<Swift.min(range.upperBound, start + Self.chunkSize), simulator: simulator)
        }, merge: { tally.merge($0) })
        return tally
    }
}

extension CalibrationShardFile {
    /// The text of the measured table at `path`, as a shard file carries it.
    package static func measuredText(path: String) throws(InputError) -> String {
        String(decoding: try InputFile.read(path, what: "a measured table"), as: UTF8.self)
    }
}
