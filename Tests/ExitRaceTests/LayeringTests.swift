import Foundation
import Testing

/// The library's folders are layers, each a SwiftPM target (`ExitRace<Folder>`) that depends only on
/// the layers below it (Package.swift's `layers`), so the compiler refuses an upward or sideways use.
/// What the compiler cannot see is checked here: that every folder is a target (a folder missing from
/// the table would be left out of the build, with only a warning), that no target depends on a layer
/// above it or beside it (the levels below), and that the re-exports follow the table.
@Suite("Layers point one way")
struct LayeringTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let library = root.appendingPathComponent("Sources/ExitRace")

    /// Fewer library files than this means the path is wrong and the tests would check nothing.
    static let minimumFiles = 150

    /// Package.swift's `layers`, lowest first: each folder and the folders it depends on.
    static func layers() throws -> [(folder: String, below: [String])] {
        let manifest = try String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8)
        guard let start = manifest.range(of: "let layers: [(folder: String, below: [String])] = ["),
            let end = manifest.range(of: "\n]\n", range: start.upperBound..<manifest.endIndex)
        else { return [] }
        let table = String(manifest[start.upperBound..<end.lowerBound])
        let entry = try NSRegularExpression(pattern: #"\("([A-Za-z]+)", \[([^\]]*)\]\)"#)
        return entry.matches(in: table, range: NSRange(table.startIndex..., in: table)).map { match in
            let folder = String(table[Range(match.range(at: 1), in: table)!])
            let below = table[Range(match.range(at: 2), in: table)!].split(separator: ",").map {
                $0.trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "\""))
            }
            return (folder, below)
        }
    }

    /// The modules a file re-exports, in order.
    static func exported(_ file: URL) throws -> [String] {
        try String(contentsOf: file, encoding: .utf8).split(separator: "\n").compactMap { line in
            line.hasPrefix("@_exported import ") ? String(line.dropFirst("@_exported import ".count)) : nil
        }
    }

    @Test("every folder of Sources/ExitRace is a layer's target, and every layer a folder")
    func everyFolderIsATarget() throws {
        let layers = try Self.layers()
        #expect(layers.count >= 10, "only \(layers.count) layers read from Package.swift")
        let entries = try FileManager.default.contentsOfDirectory(atPath: Self.library.path)
        var isDirectory: ObjCBool = false
        let folders = Set(entries.filter {
            FileManager.default.fileExists(atPath: Self.library.appendingPathComponent($0).path, isDirectory: &isDirectory)
                && isDirectory.boolValue
        })
        let files = Set(entries).subtracting(folders).filter { $0.hasSuffix(".swift") }
        expectEqual(folders, Set(layers.map(\.folder)), "folders \(folders.sorted()), layers \(layers.map(\.folder))")
        expectEqual(files, ["Version.swift", "ExitRace.swift"], "files beside the folders: \(files.sorted())")
        let sources = FileManager.default.enumerator(atPath: Self.library.path)?.allObjects.compactMap { $0 as? String }
            .filter { $0.hasSuffix(".swift") } ?? []
        #expect(sources.count >= Self.minimumFiles, "only \(sources.count) files under \(Self.library.path)")
    }

    /// Folder → level; a target may depend only on folders of a lower level (folders on one level are
    /// siblings and must not use each other).
    static let levels: [String: Int] = [
        "Kernel": 0, "Diagnostics": 0,
        "JSON": 1, "Files": 1,
        "Model": 2,
        "Parameters": 3,
        "Scenario": 4, "Engine": 4,
        "Experiment": 5, "Import": 5,
        "Explain": 6,
        "Report": 7,
        "Batch": 8, "Benchmark": 8,
    ]

    @Test("a layer depends only on layers below it, never on a sibling or a layer above")
    func dependenciesPointDown() throws {
        let layers = try Self.layers()
        expectEqual(Set(layers.map(\.folder)), Set(Self.levels.keys), "Package.swift's layers: \(layers.map(\.folder))")
        for layer in layers {
            let level = Self.levels[layer.folder] ?? 0
            for below in layer.below {
                #expect((Self.levels[below] ?? .max) < level, "\(layer.folder) depends on \(below), which is not below it")
            }
        }
    }

    @Test("each layer re-exports the layers it depends on, and ExitRace every layer")
    func reexports() throws {
        let layers = try Self.layers()
        #expect(layers.count >= 10, "only \(layers.count) layers read from Package.swift")
        for layer in layers where !layer.below.isEmpty {
            let file = Self.library.appendingPathComponent(layer.folder).appendingPathComponent("Layers.swift")
            expectEqual(try Self.exported(file), layer.below.map { "ExitRace" + $0 }, "\(layer.folder)/Layers.swift")
        }
        let umbrella = try Self.exported(Self.library.appendingPathComponent("ExitRace.swift"))
        expectEqual(umbrella, layers.map { "ExitRace" + $0.folder }, "ExitRace.swift re-exports \(umbrella)")
    }
}
