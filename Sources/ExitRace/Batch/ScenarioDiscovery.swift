import Foundation

/// Turns `DIR|FILE…` arguments into the scenario files to run, in a stable order: a directory
/// contributes its `*.json` files (not `*.schema.json`, not subdirectories), sorted by name.
/// Anything that is not a directory is passed on as a file, for the loader to read or report.
package enum ScenarioDiscovery {
    /// The scenario files of `arguments` (see ``discover(_:)``), or every unusable directory in one
    /// error. A file that does not exist is returned as is: loading it reports it.
    package static func files(_ arguments: [String]) throws(InputError) -> [String] {
        let (files, problems) = discover(arguments)
        guard problems.isEmpty else { throw InputError(problems) }
        return files
    }

    /// The files, and the directories that could not be used.
    package static func discover(_ arguments: [String]) -> (files: [String], problems: [Diagnostic]) {
        var files: [String] = []
        var diagnostics: [Diagnostic] = []
        for argument in arguments {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: argument, isDirectory: &isDirectory), isDirectory.boolValue else {
                files.append(argument)
                continue
            }
            let names: [String]
            do {
                names = try FileManager.default.contentsOfDirectory(atPath: argument)
            } catch {
                diagnostics.append(Diagnostic(file: argument, path: "", message: "cannot be listed: \(Directory.reason(error))"))
                continue
            }
            let scenarios = names.filter { $0.hasSuffix(".json") && !$0.hasSuffix(".schema.json") && !$0.hasPrefix(".") }
                .sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
            if scenarios.isEmpty {
                diagnostics.append(Diagnostic(file: argument, path: "", message: "expected scenario files (*.json), found none"))
            }
            files += scenarios.map { (argument as NSString).appendingPathComponent($0) }
        }
        return (files, diagnostics)
    }
}
