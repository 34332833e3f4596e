import Foundation

/// How far the model agrees with public reports (`exitrace agree validation/`): each report's
/// scenario is simulated with its own settings (the shipped defaults, changed only where the
/// report's setup says) and every observed cell is compared with the prediction.
///
/// A report agrees when every observed cell is predicted exactly (the same procedures finish);
/// it disagrees when one is not; it cannot be expressed when its observation says what the model
/// lacks. Nothing here can be set per report: the verdict comes from the scenario alone.
package struct Agreement: Equatable, Sendable {
    /// What became of one report.
    package enum Verdict: String, Equatable, Sendable {
        case agree
        case disagree
        case cannotExpress = "cannot express"
    }

    /// One report's verdict, with why when it is not agreement.
    package struct Entry: Equatable, Sendable {
        /// The report's name (its directory).
        package var name: String
        /// Where the report can be read.
        package var citation: String
        /// Agree, disagree or cannot express.
        package var verdict: Verdict
        /// The cells that disagree (`AppDelegate · Task: observed ○, predicted ×`), or the missing
        /// feature; empty when the report agrees.
        package var details: [String]
    }

    /// Every report, in name order.
    package var entries: [Entry]

    /// How many reports have `verdict`.
    package func count(_ verdict: Verdict) -> Int { entries.filter { $0.verdict == verdict }.count }

    /// Reads every report in `directory` (each subdirectory holding `observed.json`) and compares
    /// it with the simulation; every problem in any report is reported together.
    package static func evaluate(directory: String) throws(InputError) -> Agreement {
        var diagnostics: [Diagnostic] = []
        var entries: [Entry] = []
        for report in try reportDirectories(directory) {
            do {
                entries.append(try evaluate(PublicReport.load(directory: report)))
            } catch {
                diagnostics += error.diagnostics
            }
        }
        guard diagnostics.isEmpty else { throw InputError(diagnostics) }
        return Agreement(entries: entries)
    }

    /// The report directories of `directory`, by name; an error when there is none.
    static func reportDirectories(_ directory: String) throws(InputError) -> [String] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw InputError([Diagnostic(file: directory, path: "", message: "expected a directory of reports, found none there")])
        }
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? [])
            .filter { !$0.hasPrefix(".") }
            .sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        let reports = names.map { (directory as NSString).appendingPathComponent($0) }.filter { path in
            var isDirectory: ObjCBool = false
            return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
        }
        guard !reports.isEmpty else {
            throw InputError([Diagnostic(file: directory, path: "", message: "expected report directories (each with \(PublicReport.observationFile)), found none")])
        }
        return reports
    }

    /// One report's verdict.
    package static func evaluate(_ report: PublicReport) throws(InputError) -> Entry {
        var entry = Entry(name: report.name, citation: report.source.citation, verdict: .agree, details: [])
        if let missing = report.cannotExpress {
            entry.verdict = .cannotExpress
            entry.details = [missing]
            return entry
        }
        guard let file = report.scenarioFile else { return entry }
        let scenario = try ScenarioLoader.load(path: file)
        guard scenario.procedures.count <= 32 else {
            throw InputError([Diagnostic(file: file, path: "procedures", message: "expected at most 32 procedures to compare, found \(scenario.procedures.count)")])
        }
        let targets = try report.observed.resolve(against: scenario)
        let table = Simulator(scenario: scenario).table()
        for target in targets {
            let predicted = finishedMask(table.cell(hook: target.hook, strategy: target.strategy))
            guard predicted != target.finishedMask else { continue }
            let names = scenario.procedures.map(\.name)
            entry.details.append("\(target.cell.hook) · \(target.cell.strategy): observed \(describe(target.finishedMask, names)), predicted \(describe(predicted, names))")
        }
        if !entry.details.isEmpty { entry.verdict = .disagree }
        return entry
    }

    package static func finishedMask(_ cell: ResultTable.Cell) -> UInt32 {
        var mask: UInt32 = 0
        for (procedure, outcome) in cell.outcomes.enumerated() where outcome.cleanupFinished { mask |= 1 << UInt32(procedure) }
        return mask
    }

    /// `○`, `×` or `△ (background)`.
    package static func describe(_ mask: UInt32, _ procedures: [String]) -> String {
        if mask == MeasuredTarget.everyProcedure(procedures.count) { return "○" }
        if mask == 0 { return "×" }
        let finished = procedures.indices.filter { mask & (1 << UInt32($0)) != 0 }.map { procedures[$0] }
        return "△ (\(finished.joined(separator: ", ")))"
    }
}
