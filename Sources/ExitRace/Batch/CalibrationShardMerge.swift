/// Puts the shards of one calibration back together: the tallies of every set added in order,
/// equal to the tally of the unsharded calibration.
///
/// Shards must come from the same tool, scenario (fingerprint), measured table, `--samples`,
/// `--seed` and `--tolerance`, and must cover every set exactly once; anything else is refused
/// with a diagnostic naming the file.
public enum CalibrationShardMerge {
    /// The merged calibration result, with the measured table it was calibrated against.
    public static func merge(
        _ shards: [(file: String, shard: CalibrationShardFile)]
    ) throws(InputError) -> (result: CalibrationResult, measured: MeasuredTable) {
        guard let first = shards.first else {
            throw InputError([Diagnostic(file: "merge", path: "", message: "expected at least one shard file, found none")])
        }
        var diagnostics: [Diagnostic] = []
        for (file, shard) in shards where shard.toolVersion != ExitRaceVersion.current {
            diagnostics.append(
                Diagnostic(
                    file: file, path: "toolVersion",
                    message: "expected shards of exitrace \(ExitRaceVersion.current) (this tool: results may differ between versions), found one of exitrace \(shard.toolVersion)"))
        }
        let reference = first.shard
        for (file, shard) in shards.dropFirst() {
            if shard.scenario.fingerprint != reference.scenario.fingerprint {
                diagnostics.append(
                    Diagnostic(
                        file: file, path: "scenario",
                        message: "expected the scenario of \(first.file) (\(reference.scenario.file), fingerprint \(reference.scenario.fingerprint)), found another (\(shard.scenario.file), fingerprint \(shard.scenario.fingerprint))"))
            }
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
        }
        guard diagnostics.isEmpty else { throw InputError(diagnostics) }
        let parts = shards.map { ShardCoverage.Part(file: $0.file, shard: $0.shard.shard, range: $0.shard.range) }
        diagnostics = ShardCoverage.problems(parts, total: reference.samples, items: "sets")
        guard diagnostics.isEmpty else { throw InputError(diagnostics) }
        let calibration = try CalibrationShardFile.calibration(
            scenario: reference.scenario, measuredFile: reference.measuredFile, measuredText: reference.measuredText,
            samples: reference.samples, seed: reference.seed, tolerance: reference.tolerance)
        var tally = calibration.emptyTally()
        for shard in shards.map(\.shard).sorted(by: { $0.range.lowerBound < $1.range.lowerBound }) where !shard.range.isEmpty {
            tally.merge(shard.tally)
        }
        let measured = try MeasurementsDecoder.decode(reference.measuredText, file: reference.measuredFile)
        return (CalibrationResult(calibration: calibration, tally: tally), measured)
    }
}
