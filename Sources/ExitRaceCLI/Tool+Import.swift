import ExitRace
import Foundation

extension Tool {
    static func importCommand(_ raw: [String]) -> ToolOutput {
        command { () throws(Stop) in
            let arguments = try parse(raw, importSpec)
            guard !arguments.positional.isEmpty else { throw usageError("exitrace import: expected at least one Swift file") }
            let output = arguments.value("--output")
            let name = try importedName(arguments.value("--name"), output: output)
            let kills = try importedKills(arguments.value("--kills"))
            let result = try reporting { () throws(InputError) in
                try SwiftImport.load(paths: arguments.positional, name: name, kills: kills)
            }
            if let answer = result.answer { return ToolOutput(stderr: answerText(answer, result.notes)) }
            if !result.problems.isEmpty {
                let problems = result.problems.map { $0.description + "\n" }.joined()
                throw Stop(output: ToolOutput(stderr: result.summary + problems, exitCode: .badInput))
            }
            guard let output else { return ToolOutput(stdout: result.scenario, stderr: result.summary) }
            let isInput = arguments.positional.contains {
                URL(fileURLWithPath: $0).standardizedFileURL.path == URL(fileURLWithPath: output).standardizedFileURL.path
            }
            // An input is refused by the write itself, with --force or not.
            if !isInput, !arguments.flag("--force"), let existing = FileManager.default.contents(atPath: output),
                !ImportDigest.isUnedited(String(decoding: existing, as: UTF8.self))
            {
                throw inputError(InputError([Diagnostic(file: output, path: "", message: replacedMessage(existing))]))
            }
            try write(result.scenario, to: output, inputsOf: arguments)
            return ToolOutput(stderr: result.summary + "wrote \(output); next: exitrace run \(output)\n")
        }
    }

    /// Why `import` keeps a file at `--output`: one it wrote that was edited since, one an earlier import
    /// wrote without a digest (whether it was edited cannot be told), or one it did not write.
    static func replacedMessage(_ existing: Data) -> String {
        let text = String(decoding: existing, as: UTF8.self)
        let written = String(decoding: existing.prefix(256), as: UTF8.self).contains(SwiftImport.writtenByMarker)
        let found = !written
            ? "found a file it did not write (a scenario of yours?)"
            : !ImportDigest.carriesDigest(text)
                ? "found one written by an earlier import, before import wrote a digest into its note, so whether it was "
                    + "edited since cannot be told (move any edits of yours out of it first)"
                : "found one edited since import wrote it (its text no longer matches its import digest): re-importing "
                    + "would throw your edits away"
        return "expected a scenario exitrace import wrote and nobody edited since (or a new file), \(found); give another "
            + "--output, or --force to replace it. Keep edits in a file that extends the import (docs/import.md, "
            + "\"Keep your edits\")"
    }

    /// An import's answer when there is nothing to simulate (exit 0, nothing written), with why for
    /// each entry point.
    static func answerText(_ answer: String, _ notes: [ImportNote]) -> String {
        ProseWrapping.text(answer) + notes.map { "  \($0.description)\n" }.joined()
    }

    /// The scenario's name: `--name`, else the output file's base name, else "imported"; a name that
    /// cannot be a scenario's (it names the result files) is refused against the option it came from.
    static func importedName(_ given: String?, output: String?) throws(Stop) -> String {
        let name = given ?? output.map(scenarioName(ofOutput:)) ?? "imported"
        guard let problem = ScenarioDecoder.scenarioNameProblem(name) else { return name }
        if given != nil { throw usageError("exitrace import: --name: \(problem)") }
        throw usageError("exitrace import: the scenario is named after --output's base name, which cannot be a "
            + "scenario's name: \(problem); give --name NAME")
    }

    /// `--kills reference` (the default) or `every`.
    static func importedKills(_ given: String?) throws(Stop) -> ImportedKills {
        guard let given else { return .reference }
        guard let kills = ImportedKills(rawValue: given) else {
            throw usageError("exitrace import: --kills: expected reference or every, found \"\(given)\"")
        }
        return kills
    }

    /// `my-app.json` → `my-app`: the scenario is named after the file it is written to.
    static func scenarioName(ofOutput path: String) -> String {
        var base = String(path.split(separator: "/").last ?? "imported")
        if base.hasSuffix(".json") { base.removeLast(5) }
        return base.isEmpty || base.hasPrefix(".") ? "imported" : base
    }

    static let importSpec = CommandSpec(
        name: "import",
        summary: """
              exitrace import FILE.swift… [--output FILE.json [--force]] [--name NAME] [--kills every]
                                            write a scenario from your app's lifecycle code (its
                                            delegate methods, observers, scene-phase handlers)
            """,
        about: """
            USAGE: exitrace import FILE.swift… [--output FILE.json [--force]] [--name NAME] [--kills every]

            Reads your app's Swift and writes a scenario of its lifecycle code: one hook per entry point
            found (delegate methods such as applicationWillTerminate and sceneDidDisconnect, observers of
            UIApplication notifications, .onChange(of: scenePhase)), one strategy per hook ("your code:
            …") translated from the Swift it runs, each step noting its file and line. The scenario
            extends the built-in one (timing, Activity.end, kill procedures); run it with exitrace run.
            Its kills are the reference experiment's two swipes; --kills every also writes the suspended
            kill and jetsam (as in scenarios/live-activity-every-kill.json), which deliver no callback.
            The scenario goes to stdout, or to --output (written whole or not at all; a file there that
            import did not write, or that was edited since, is kept unless --force is given: keep your
            edits in a file that extends the import); its name is
            --name, else the output file's base name, else "imported". A summary goes to stderr: each
            entry point, the awaited calls that became system calls (set their costMs), and every
            construct not translated or translated with an assumption, as FILE:LINE:COLUMN.
            Of each #if, the branch an iOS device release build compiles is read (DEBUG off); the others
            are named. See docs/import.md. Exit code 0 on success, 2 on bad input (a directory: give its
            files, DIR/*.swift; a file whose name does not end in .swift, a file that is not Swift source,
            unbalanced delimiters, no lifecycle code found).

            """,
        options: [
            .text("--output", "FILE.json", alias: "-o", "write the scenario to FILE.json (whole or not at all) instead of stdout"),
            .text("--name", "NAME", default: .words("the output file's base name, else \"imported\""), "the scenario's name"),
            .flag("--force", "replace --output even when it is not a scenario import wrote, or was edited since"),
            .text("--kills", "reference|every", default: .value("reference"),
                "the kill procedures: the reference experiment's two swipes, or every kill (also suspended and jetsam)"),
        ],
        run: { raw, _ in importCommand(raw) })
}
