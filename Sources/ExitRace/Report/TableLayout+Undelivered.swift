extension TableLayout {
    /// A details line per cell and story of a program of the column's `onCallbacks` holding cleanup
    /// calls that a run left undelivered, the procedures with the same story on one line, as the
    /// other details are: `your app · your app (foreground): not delivered in this run, so left out
    /// of the verdict: sceneDidEnterBackground (1 cleanup call)`.
    static func undeliveredDetails(_ table: ResultTable) -> [String] {
        let scenario = table.scenario
        var lines: [String] = []
        for cell in table.cells {
            var stories: [(text: String, procedures: [String])] = []
            for (procedure, outcome) in cell.outcomes.enumerated() where outcome.skippedCleanupPrograms != 0 {
                let missed = VerdictSentence.missedPrograms(scenario, strategy: cell.strategy, outcome)
                let text = VerdictSentence.undeliveredHeading + missed.map(\.description).joined(separator: ", ")
                let name = scenario.procedures[procedure].name
                if let index = stories.firstIndex(where: { $0.text == text }) {
                    stories[index].procedures.append(name)
                } else {
                    stories.append((text, [name]))
                }
            }
            let name = "\(scenario.hooks[cell.hook].label) · \(scenario.strategies[cell.strategy].name)"
            lines += stories.map { "\(name) (\(CellText.procedureProse($0.procedures))): \($0.text)" }
        }
        return lines
    }
}
