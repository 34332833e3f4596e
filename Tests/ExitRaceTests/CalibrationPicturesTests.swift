import Foundation
import Testing

@testable import ExitRace
@testable import ExitRaceParameters
@testable import ExitRaceEngine
@testable import ExitRaceExperiment
@testable import ExitRaceReport
import ExitRaceCLI

/// A calibration's pictures (`--format html`) and the check of a committed calibration
/// (`--check FILE [--update]`), issue 13.
@Suite("Calibration: pictures and the committed check")
struct CalibrationPicturesTests {
    static let shipped = MeasuredCalibrationTests.shipped
    static let priors = [
        "--set", "timing.exitDurationMs=uniform(2,4)", "--set", "timing.startLatencyMs.default=uniform(5,20)",
        "--set", "timing.startLatencyMs.userInitiated=logUniform(0.05,0.2)",
    ]

    @Test("the page holds one well-formed histogram per varied setting, the prior's median marked, the same bytes every time")
    func histograms() throws {
        let scenario = try MeasuredCalibrationTests.scenario([
            "timing.exitDurationMs=uniform(2,4)", "timing.startLatencyMs.default=uniform(5,20)",
            "timing.startLatencyMs.userInitiated=logUniform(0.05,0.2)",
        ])
        let measured = try MeasurementsDecoder.load(path: Self.shipped)
        let calibration = try Calibration(scenario: scenario, targets: try measured.resolve(against: scenario), samples: 48, seed: 3)
        func page(parallel: Bool) -> String {
            CalibrationHTML.render(CalibrationText(result: calibration.run(parallel: parallel), measured: measured, simulator: Simulator(scenario: scenario)))
        }
        let html = page(parallel: true)
        expectEqual(html, page(parallel: false))
        let pictures = WellFormed.pictures(in: html)
        expectEqual(pictures.count, 3)
        #expect(pictures.allSatisfy(WellFormed.check))
        #expect(pictures.allSatisfy { $0.contains("class=\"calibration-histogram\"") && $0.contains("class=\"prior-median\"") })
        #expect(pictures[0].contains("timing.exitDurationMs ~ uniform(2, 4)") && pictures[0].contains("prior median 3 ms"))
        #expect(html.hasPrefix("<!doctype html>") && html.contains("predictions for the cells nobody measured"))
    }

    @Test("--check passes on the file it wrote, fails with the change in words when it drifts, and --update rewrites it and its .md")
    func check() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("exitrace-calibration-check-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("prior.ios18.4.json").path
        let base = ["calibrate", "--measured", Self.shipped, "--samples", "32", "--seed", "2"] + Self.priors
        expectEqual(Tool.main(base + ["--format", "json", "--output", file]).exitCode, .success)
        let same = Tool.main(base + ["--check", file])
        #expect(same.exitCode == .success && same.stdout.hasPrefix("calibration matches \(file)"))

        let committed = try String(contentsOfFile: file, encoding: .utf8)
        let accepted = try #require(committed.components(separatedBy: "\"accepted\": ").dropFirst().first?.prefix { $0.isNumber })
        try committed.replacingOccurrences(of: "\"accepted\": \(accepted),", with: "\"accepted\": 99999,").write(toFile: file, atomically: true, encoding: .utf8)
        let drifted = Tool.main(base + ["--check", file])
        expectEqual(drifted.exitCode, .difference)
        expectContains(drifted.stdout, "accepted: 99,999 → \(accepted)")

        let updated = Tool.main(base + ["--check", file, "--update"])
        #expect(updated.exitCode == .success && updated.stdout.hasPrefix("updated \(file)"))
        expectEqual(Tool.main(base + ["--check", file]).exitCode, .success)
        #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent("prior.ios18.4.md").path))

        expectEqual(Tool.main(base + ["--check", directory.appendingPathComponent("missing.json").path]).exitCode, .badInput)
        expectEqual(Tool.main(base + ["--update"]).exitCode, .badInput)
    }

    @Test("the committed calibration of the reference experiment is committed beside its Markdown, in a subdirectory the results check does not read")
    func committedFiles() throws {
        let root = MeasuredCalibrationTests.root
        let json = root.appendingPathComponent("results/calibration/live-activity-prior.ios18.4.json").path
        let text = try String(contentsOfFile: json, encoding: .utf8)
        #expect(text.contains("\"scenario\": \"live-activity-prior\"") && text.contains("\"samples\": 16384"))
        #expect(FileManager.default.fileExists(atPath: root.appendingPathComponent("results/calibration/live-activity-prior.ios18.4.md").path))
    }
}
