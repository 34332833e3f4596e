/// Puts the shards of one calibration back together: the tallies of every set added in order,
/// equal to the tally of the unsharded calibration.
///
/// Shards must come from the same tool, scenario (fingerprint), measured table, `--samples`,
/// `--seed` and `--tolerance`, and must cover every set exactly once; anything else is refused
/// with a diagnostic naming the file.
package enum CalibrationShardMerge {
    /// The merged calibration result, with the measured table it was calibrated against.
    package static func merge(
        _ shards: [(file: String, shard: CalibrationShardFile)]
    ) throws(InputError) -> (result: CalibrationResult, measured: MeasuredTable) {
        let reference = try CalibrationShardFile.checkedReference(shards) { part, first in
            let (file, shard) = part, reference = first.shard
            var diagnostics: [Diagnostic] = []
            if shard.measuredFile != reference.measuredFile || shard.measuredText != reference.measuredText {
                diagnostics.append(
                    Diagnostic(file: file, path: "measured", message: "expected the measured table of \(first.file) (\(reference.measuredFile)), found another (\(shard.measuredFile))"))
            }
            let mine = (shard.samples, shard.seed, shard.tolerance), theirs = (reference.samples, reference.seed, reference.tolerance)
            if mine != theirs {
                diagnostics.append(
                    Diagnostic(
                        file: file, path: "samples",
                        message: "expected --samples \(theirs.0) --seed \(theirs.1) --tolerance \(theirs.2) (as in \(first.file)), found --samples \(mine.0) --seed \(mine.1) --tolerance \(mine.2)"))
            }
            return diagnostics
        }
        let calibration = try CalibrationShardFile.calibration(
            scenario: reference.scenario, measuredFile: reference.measuredFile, measuredText: reference.measuredText,
            samples: reference.samples, seed: reference.seed, tolerance: reference.tolerance)
        var tally = calibration.emptyTally()
        for shard in shards.map(\.shard).sorted(by: { $0.range.lowerBound < $1.range.lowerBound }) where !shard.range.isEmpty {
            tally.merge(shard.tally)
        }
        let measured = try MeasurementsDecoder.decode(text: reference.measuredText, of: reference.measuredFile)
        return (CalibrationResult(calibration: calibration, tally: tally), measured)
    }
}

extension CalibrationShardFile: MergeableShard {
    static var items: String { "sets" }
    package var total: Int { samples }
}
