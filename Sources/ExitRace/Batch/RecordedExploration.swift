import Foundation

extension ResultFiles {
    /// The limits the committed result `<directory>/<name>.json` was explored with, when it was
    /// made with `--explore`; nil when it was not, or cannot be read (check reports that itself).
    package static func recordedExploration(name: String, directory: String) -> ExplorationLimits? {
        let path = ResultFiles(name: name, directory: directory).json
        guard FileManager.default.fileExists(atPath: path), let bytes = try? InputFile.read(path, what: "a result file"),
            let document = try? ResultDocument.parse(bytes, file: path)
        else { return nil }
        return document.exploration?.limits
    }
}
