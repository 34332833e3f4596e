import Foundation
import Testing

/// The library's folders are layers that only point down: a file may use what its own folder and
/// the layers below declare, never what a layer above or a sibling folder declares.
@Suite("Layers point one way")
struct LayeringTests {
    /// Folder → layer; folders on one layer are siblings and must not use each other either.
    static let layers: [String: Int] = [
        "": 0, "Kernel": 0, "Diagnostics": 0,
        "JSON": 1, "Files": 1,
        "Model": 2,
        "Parameters": 3,
        "Scenario": 4, "Engine": 4,
        "Experiment": 5,
        "Report": 6,
        "Explain": 7, "Batch": 7, "Benchmark": 7, "Import": 5,
    ]
    static let library = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sources/ExitRace")

    /// Each source file's folder and its text without comments and string literals.
    static func sources() throws -> [(folder: String, file: String, code: String)] {
        let enumerator = FileManager.default.enumerator(atPath: library.path)
        var files: [(String, String, String)] = []
        while let relative = enumerator?.nextObject() as? String {
            guard relative.hasSuffix(".swift") else { continue }
            let parts = relative.split(separator: "/")
            let text = try String(contentsOf: library.appendingPathComponent(relative), encoding: .utf8)
            files.append((parts.count > 1 ? String(parts[0]) : "", relative, strip(text)))
        }
        return files.sorted { $0.1 < $1.1 }
    }

    static func strip(_ text: String) -> String {
        var code = text
        for pattern in [#"//[^\n]*"#, #""(\\.|[^"\\\n])*""#] {
            code = code.replacingOccurrences(of: pattern, with: " ", options: .regularExpression)
        }
        return code
    }

    static func declaredNames(in code: String) -> [String] {
        let pattern = #"(?m)^(?:public |internal |fileprivate |private )?(?:final |indirect )*(?:struct|enum|class|protocol|typealias|func) +([A-Za-z_][A-Za-z0-9_]*)"#
        let regex = try! NSRegularExpression(pattern: pattern)
        let range = NSRange(code.startIndex..., in: code)
        return regex.matches(in: code, range: range).map { String(code[Range($0.range(at: 1), in: code)!]) }
    }

    @Test("every folder has a layer")
    func everyFolderHasALayer() throws {
        let unknown = Set(try Self.sources().map(\.folder)).subtracting(Self.layers.keys)
        #expect(unknown.isEmpty, "folders without a layer: \(unknown.sorted())")
    }

    @Test("no file uses a name declared in a layer above it or in a sibling folder")
    func noUpwardUse() throws {
        let sources = try Self.sources()
        var declared: [(folder: String, name: String)] = []
        for source in sources { declared += Self.declaredNames(in: source.code).map { (source.folder, $0) } }
        var violations: [String] = []
        for source in sources {
            let layer = Self.layers[source.folder] ?? 0
            for (folder, name) in declared where folder != source.folder && (Self.layers[folder] ?? 0) >= layer {
                if source.code.range(of: #"\b\#(name)\b"#, options: .regularExpression) != nil {
                    violations.append("\(source.file) uses \(name) from \(folder)/")
                }
            }
        }
        #expect(violations.isEmpty, "\(violations.joined(separator: "\n"))")
    }
}
