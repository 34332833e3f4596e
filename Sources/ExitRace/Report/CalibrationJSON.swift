/// A calibration's report as canonical JSON: the same content as the text report, with counts
/// as whole numbers, values in the settings' file units to 1/1000 and shares to 1/10,000.
extension CalibrationRenderer {
    /// The report as canonical JSON (keys sorted, a final newline).
    package static func json(_ words: CalibrationText) -> String {
        let result = words.result, tally = result.tally, c = result.calibration
        let space = words.simulator.parameters
        let settings: [CanonicalJSON] = result.settings.indices.map { index in
            let range = result.acceptedRange(setting: index, space: space)
            return .object([
                "path": .string(result.settings[index].path),
                "prior": .string(result.settings[index].distribution.description),
                "acceptedLow": range.map { thousandths($0.lowerBound) } ?? .null,
                "acceptedHigh": range.map { thousandths($0.upperBound) } ?? .null,
                "histogram": .array(result.histogram(setting: index).map { .integer(Int64($0)) }),
                "binEdges": .array(result.binEdges(setting: index).map(thousandths)),
            ])
        }
        var representative = CanonicalJSON.null
        if let (index, values) = result.representative(space: space) {
            representative = .object(["set": .integer(Int64(index)), "values": .array(values.map(thousandths))])
        }
        let predictions: [CanonicalJSON] = tally.accepted == 0 ? [] : result.unmeasuredCells.map { cell in
            .object([
                "cell": .string(words.cellName(cell)),
                "outcomes": .array(result.outcomes(cell: cell).map { mask, count in
                    let interval = WilsonInterval(successes: count, trials: tally.accepted)
                    return .object([
                        "verdict": .string(words.verdict(mask)), "count": .integer(Int64(count)),
                        "low": .decimal(Int64((interval.low * 10_000).rounded(.down)), scale: 4),
                        "high": .decimal(Int64((interval.high * 10_000).rounded(.up)), scale: 4),
                    ])
                }),
            ])
        }
        let closest: [CanonicalJSON] = tally.accepted > 0 ? [] : tally.closest.map { near in
            .object([
                "set": .integer(Int64(near.index)),
                "missed": .array(near.missed.map { .string(words.cellName(c.cellIndex(c.targets[$0]))) }),
            ])
        }
        let document: CanonicalJSON = .object([
            "scenario": .string(c.scenario.name), "measured": .string(words.measured.file),
            "device": .string(words.measured.device), "os": .string(words.measured.os),
            "samples": .integer(Int64(c.samples)), "seed": .integer(Int64(c.seed)), "tolerance": .integer(Int64(c.tolerance)),
            "accepted": .integer(Int64(tally.accepted)), "settings": .array(settings), "representative": representative,
            "predictions": .array(predictions), "closest": .array(closest),
            "misses": .array(c.targets.indices.map { .object(["cell": .string(words.cellName(c.cellIndex(c.targets[$0]))), "count": .integer(Int64(tally.misses[$0]))]) }),
        ])
        return document.serialized()
    }

    /// A value to 1/1000 of its unit, exactly as written in the text report.
    private static func thousandths(_ value: Double) -> CanonicalJSON {
        .decimal(Int64((value * 1000).rounded()), scale: 3)
    }
}
