import ExitRace
import Foundation
import Testing

@testable import ExitRaceCLI

/// Sweep pictures leave room for every label (a newcomer's walk found long row names cut at the
/// left edge and a 2-D map's title cut at the right): each text fits inside the picture, at the
/// pictures' generous estimate of 0.6 em per character.
@Suite("Sweep pictures fit their labels")
struct SweepPictureLayoutTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// Each `<text>` of `svg`: its anchor's x, its anchor, its font size and its characters.
    static func texts(_ svg: String) -> [(x: Double, anchor: String, size: Double, count: Int)] {
        let pattern = try! NSRegularExpression(pattern: #"<text x="([0-9.]+)" y="[0-9.-]+"(?: text-anchor="(\w+)")?(?: font-size="([0-9.]+)")?[^>]*>([^<]*)</text>"#)
        return pattern.matches(in: svg, range: NSRange(svg.startIndex..., in: svg)).map { match in
            func group(_ i: Int) -> String? { Range(match.range(at: i), in: svg).map { String(svg[$0]) } }
            let text = group(4)!.replacingOccurrences(of: "&amp;", with: "&").replacingOccurrences(of: "&lt;", with: "<")
            return (Double(group(1)!)!, group(2) ?? "start", Double(group(3) ?? "11")!, text.count)
        }
    }

    static func width(_ svg: String) -> Double {
        let match = svg.range(of: #"width="([0-9.]+)""#, options: .regularExpression)!
        return Double(svg[match].dropFirst(7).dropLast())!
    }

    static func picture(_ arguments: [String]) throws -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("exitrace-svg-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let output = Tool.main(["sweep"] + arguments + ["--svg", directory.path])
        expectEqual(output.exitCode, .success, "\(output.stderr)")
        let file = try #require(try FileManager.default.contentsOfDirectory(atPath: directory.path).first)
        return try String(contentsOf: directory.appendingPathComponent(file), encoding: .utf8)
    }

    @Test("long row names and titles fit, in a strip picture and in a phase map", .heavy, arguments: [1, 2])
    func labelsFit(axes: Int) throws {
        let file = Self.repository.appendingPathComponent("scenarios/recipes-in-the-wild.json").path
        var arguments = [file, "--vary", "timing.exitDurationMs=1...40", "--steps", "8"]
        if axes == 2 { arguments += ["--vary", "timing.startLatencyMs.default=1...20", "--steps", "8"] }
        let svg = try Self.picture(arguments)
        let width = Self.width(svg)
        for text in Self.texts(svg) {
            let extent = Double(text.count) * text.size * 0.6
            switch text.anchor {
            case "end": #expect(text.x - extent >= 0, "a label ending at \(text.x) needs \(extent)")
            case "middle": #expect(text.x - extent / 2 >= 0 && text.x + extent / 2 <= width)
            default: #expect(text.x + extent <= width, "a label from \(text.x) needs \(extent) of \(width)")
            }
        }
    }
}
