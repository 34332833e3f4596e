import Foundation

/// One public report (a forum thread, a Stack Overflow question, a GitHub issue or commit) turned
/// into something the simulator can be held against: a directory holding `observed.json` — what
/// the report saw, in the measured-table format (`measurements/`'s shape) plus the `source` it
/// came from — and `scenario.json`, the report's setup written as a scenario.
///
/// ```json
/// {"device": "iPhone", "os": "iOS 17.2", "notes": "…",
///  "source": {"url": "https://…", "date": "2024-01-31", "quote": "the sentence stating the observation"},
///  "cells": [{"hook": "applicationWillTerminate", "strategy": "Task", "observed": "×"}]}
/// ```
///
/// `source` names a `url`, or a `repository` and a `commit`; `date` and `quote` are required, and
/// so is the top-level `os` (write "not stated" when the report does not say). A report whose
/// setup needs something the model cannot express yet says so in `cannotExpress` (the missing
/// feature, in words); its `scenario.json` may then be absent, and it is never run.
package struct PublicReport: Equatable, Sendable {
    /// Where a report comes from, quoted.
    package struct Source: Equatable, Sendable {
        /// The page's address, when the report is a page.
        package var url: String?
        /// `owner/name`, when the report is a repository's issue, code or commit.
        package var repository: String?
        /// The commit the quoted code or message is at.
        package var commit: String?
        /// When the report was written (as the source dates it).
        package var date: String
        /// The sentence stating the observation, verbatim.
        package var quote: String

        /// The URL, or `owner/name@commit`.
        package var citation: String { url ?? "\(repository ?? "?")@\(commit ?? "?")" }
    }

    /// The report's name: its directory's name.
    package var name: String
    /// What the report observed, cell by cell.
    package var observed: MeasuredTable
    /// Where it comes from.
    package var source: Source
    /// Why the model cannot express the report's setup yet (the missing feature), if it cannot.
    package var cannotExpress: String?
    /// The report's setup as a scenario file; `nil` only when it cannot be expressed.
    package var scenarioFile: String?

    /// The file holding the observation, in a report's directory.
    package static let observationFile = "observed.json"
    /// The file holding the setup, in a report's directory.
    package static let scenarioFileName = "scenario.json"
    static let extraMembers = ["source", "cannotExpress"]
    static let sourceMembers = ["url", "repository", "commit", "date", "quote"]

    /// Reads the report in `directory`.
    package static func load(directory: String) throws(InputError) -> PublicReport {
        let file = (directory as NSString).appendingPathComponent(observationFile)
        let root = try JSONDocument.parse(try InputFile.read(file, what: "a report's observation"), file: file)
        let log = DiagnosticLog()
        var table: MeasuredTable?
        var tableError: [Diagnostic] = []
        do {
            table = try MeasurementsDecoder.decode(root: root, file: file, extraMembers: extraMembers)
        } catch {
            tableError = error.diagnostics
        }
        var source: Source?
        var cannotExpress: String?
        // Unknown members are the table decoder's to report; this reader takes every key as known.
        var keys: [String] = []
        if case .object(let members) = root.value { keys = members.map(\.key) }
        if let reader = ObjectReader(root, path: "", allowed: keys, log: log) {
            source = decodeSource(reader, log: log)
            cannotExpress = reader.string("cannotExpress")
            if let cannotExpress, cannotExpress.isEmpty {
                log.error("cannotExpress", reader.position("cannotExpress"), "expected the feature the model lacks, found an empty string")
            }
            if reader["os"] == nil {
                log.error("", root.position, "missing member \"os\" (the iOS version the report states, or \"not stated\")")
            } else if case .string("")? = reader["os"]?.value {
                log.error("os", reader.position("os"), "expected the iOS version the report states (or \"not stated\"), found an empty string")
            }
        }
        let scenario = (directory as NSString).appendingPathComponent(scenarioFileName)
        let hasScenario = FileManager.default.fileExists(atPath: scenario)
        if !hasScenario && cannotExpress == nil {
            log.error("", root.position, "expected \(scenarioFileName) next to it (the report's setup), or \"cannotExpress\" naming what the model lacks")
        }
        let diagnostics = tableError + log.diagnostics
        guard diagnostics.isEmpty, let table, let source else { throw InputError(diagnostics.inReadingOrder()) }
        let name = (directory as NSString).lastPathComponent
        return PublicReport(name: name, observed: table, source: source, cannotExpress: cannotExpress,
                            scenarioFile: hasScenario ? scenario : nil)
    }

    private static func decodeSource(_ top: ObjectReader, log: DiagnosticLog) -> Source? {
        guard let node = top["source"] else {
            log.error("", top.node.position, "missing member \"source\" (url or repository + commit, date, quote)")
            return nil
        }
        guard let reader = ObjectReader(node, path: "source", allowed: sourceMembers, log: log) else { return nil }
        let url = reader.string("url"), repository = reader.string("repository"), commit = reader.string("commit")
        let date = reader.string("date", required: true), quote = reader.string("quote", required: true)
        if url == nil && (repository == nil || commit == nil) {
            log.error("source", node.position, "expected \"url\", or \"repository\" and \"commit\": where the report can be read")
        }
        if let quote, quote.isEmpty { log.error("source.quote", reader.position("quote"), "expected the sentence stating the observation, found an empty string") }
        guard let date, let quote else { return nil }
        return Source(url: url, repository: repository, commit: commit, date: date, quote: quote)
    }
}
