/// A sensitivity analysis as canonical JSON: per cell and kill procedure whose outcome varies,
/// each setting's S1 and ST with their 95% bootstrap intervals (to 1/10,000); the outcomes that
/// never change, with whether they always finish.
extension SensitivityRenderer {
    /// The report as canonical JSON (keys sorted, a final newline).
    package static func json(_ bootstrap: SensitivityBootstrap, analysis: Sensitivity) -> String {
        let scenario = analysis.scenario, sums = bootstrap.sums
        let paths = scenario.uncertainties.map(\.path)
        var varying: [CanonicalJSON] = [], constant: [CanonicalJSON] = []
        for output in 0..<sums.sumA.count {
            let name = CanonicalJSON.string(outputName(output, scenario))
            let share = sums.finishedShare(output: output)
            guard sums.variance(output: output) > 0 else {
                constant.append(.object(["output": name, "finished": .bool(share == 1)]))
                continue
            }
            let settings: [CanonicalJSON] = paths.indices.map { i in
                .object([
                    "setting": .string(paths[i]),
                    "S1": json(bootstrap.firstOrder(output: output, setting: i)!),
                    "ST": json(bootstrap.total(output: output, setting: i)!),
                ])
            }
            varying.append(.object(["output": name, "finishedShare": ten000ths(share), "indices": .array(settings)]))
        }
        let document: CanonicalJSON = .object([
            "scenario": .string(scenario.name), "samples": .integer(Int64(analysis.samples)), "seed": .integer(Int64(analysis.seed)),
            "resamples": .integer(Int64(bootstrap.resamples)),
            "settings": .array(scenario.uncertainties.map { .object(["path": .string($0.path), "prior": .string($0.distribution.description)]) }),
            "outputs": .array(varying), "constant": .array(constant),
        ])
        return document.serialized()
    }

    private static func json(_ estimate: SobolEstimate) -> CanonicalJSON {
        .object(["value": ten000ths(estimate.value), "low": ten000ths(estimate.low), "high": ten000ths(estimate.high)])
    }

    private static func ten000ths(_ value: Double) -> CanonicalJSON { .decimal(Int64((value * 10_000).rounded()), scale: 4) }
}
