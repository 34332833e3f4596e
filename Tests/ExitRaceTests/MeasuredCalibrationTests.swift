import Foundation
import Testing

@testable import ExitRace
@testable import ExitRaceFiles
@testable import ExitRaceParameters
@testable import ExitRaceEngine
@testable import ExitRaceExperiment
@testable import ExitRaceReport
import ExitRaceCLI

/// Calibrating a scenario against a measured table (issue 13): the measurements file, the
/// rejection sampler and the command.
@Suite("Calibration against measured tables")
struct MeasuredCalibrationTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let shipped = root.appendingPathComponent("measurements/live-activity-ios18.4.json").path

    static func scenario(_ settings: [String]) throws -> Scenario {
        try ScenarioSet.load([], settings: settings).scenarios[0]
    }

    static func targets(_ json: String, _ scenario: Scenario) throws(InputError) -> [MeasuredTarget] {
        try MeasurementsDecoder.decode(json, file: "m.json").resolve(against: scenario)
    }

    @Test("the shipped measurements are the twelve cells of the reference experiment")
    func shippedFile() throws {
        let table = try MeasurementsDecoder.load(path: Self.shipped)
        expectEqual(table.os, "iOS 18.4")
        let targets = try table.resolve(against: DefaultScenario.load())
        expectEqual(targets.count, 12)
        expectEqual(Set(targets.map { $0.hook * 10 + $0.strategy }).count, 12)
    }

    @Test("the default scenario's own settings reproduce every measured cell")
    func ownSettingsMatch() throws {
        let scenario = DefaultScenario.load()
        let targets = try MeasurementsDecoder.load(path: Self.shipped).resolve(against: scenario)
        let simulator = Simulator(scenario: scenario)
        var masks = CellMasks(scenario: scenario)
        let outcome = CellMasks.of(point: 0, plan: SinglePoint(simulator.defaults), simulator: simulator, reusing: &masks)
        for target in targets {
            expectEqual(outcome[target.hook * scenario.strategies.count + target.strategy], target.finishedMask, "\(target.cell.hook) · \(target.cell.strategy)")
        }
    }

    @Test("a prior around the default scenario's values accepts sets, and the accepted ranges hold its values")
    func priorAroundDefaults() throws {
        let scenario = try Self.scenario([
            "timing.exitDurationMs=uniform(2,4)", "timing.startLatencyMs.default=uniform(5,20)",
            "timing.startLatencyMs.userInitiated=logUniform(0.05,0.2)",
        ])
        let targets = try MeasurementsDecoder.load(path: Self.shipped).resolve(against: scenario)
        let result = try Calibration(scenario: scenario, targets: targets, samples: 128, seed: 3).run()
        #expect(result.tally.accepted > 64)
        let space = Simulator(scenario: scenario).parameters
        let own = ["timing.exitDurationMs": 3.0, "timing.startLatencyMs.default": 10, "timing.startLatencyMs.userInitiated": 0.1]
        for index in scenario.uncertainties.indices {
            let own = try #require(own[scenario.uncertainties[index].path])
            let range = try #require(result.acceptedRange(setting: index, space: space))
            #expect(range.contains(own), "\(scenario.uncertainties[index].path): \(range)")
        }
        #expect(result.representative(space: space) != nil)
    }

    @Test("worked by hand: AppDelegate · Task.detached is ○ only when exit takes more than 11 ms", .heavy)
    func exitThreshold() throws {
        let scenario = try Self.scenario(["timing.exitDurationMs=uniform(1,20)"])
        let targets = try Self.targets(#"{"cells": [{"hook": "AppDelegate", "strategy": "Task.detached", "observed": "○"}]}"#, scenario)
        let result = try Calibration(scenario: scenario, targets: targets, samples: 1024, seed: 9).run()
        let range = try #require(result.acceptedRange(setting: 0, space: Simulator(scenario: scenario).parameters))
        #expect(range.lowerBound > 11 && range.lowerBound < 11.1)
        #expect(range.upperBound > 19.9 && range.upperBound <= 20)
        // 9 of the prior's 19 ms: a Sobol sequence puts the share within a few sets of it.
        #expect(abs(Double(result.tally.accepted) - 1024 * 9 / 19) < 4)
        #expect(result.histogram(setting: 0).prefix(10).allSatisfy { $0 == 0 })
    }

    @Test("parallel and serial calibrations give the same tally", .heavy)
    func deterministic() throws {
        let scenario = try Self.scenario(["timing.exitDurationMs=uniform(1,20)", "timing.startLatencyMs.default=uniform(1,60)"])
        let targets = try MeasurementsDecoder.load(path: Self.shipped).resolve(against: scenario)
        let calibration = try Calibration(scenario: scenario, targets: targets, samples: 300, seed: 5, tolerance: 1)
        expectEqual(calibration.run(parallel: true).tally, calibration.run(parallel: false).tally)
    }

    @Test("nothing accepted: the closest sets and the cells they miss")
    func nothingAccepted() throws {
        let scenario = try Self.scenario(["timing.exitDurationMs=uniform(1,20)"])
        let json = #"{"cells": [{"hook": "Notification", "strategy": "Task", "observed": "○"}]}"#
        let targets = try Self.targets(json, scenario)
        let result = try Calibration(scenario: scenario, targets: targets, samples: 64, seed: 1).run()
        expectEqual(result.tally.accepted, 0)
        let measured = try MeasurementsDecoder.decode(json, file: "m.json")
        let text = CalibrationRenderer.text(CalibrationText(result: result, measured: measured, simulator: Simulator(scenario: scenario)))
        expectContains(text, "No set of the 64 drawn reproduces the measurements")
        expectContains(text, "Notification · Task: measured ○, predicted ×")
    }

    @Test("bad measured files: every problem with its line, column and a suggestion")
    func badFiles() throws {
        let scenario = DefaultScenario.load()
        let json = """
            {"cells": [
              {"hook": "AppDelegat", "strategy": "Task.detach", "observed": "○"},
              {"hook": "AppDelegate", "strategy": "Task", "observed": "o"},
              {"hook": "AppDelegate", "strategy": "Task", "observed": "△"},
              {"hook": "SceneDelegate", "strategy": "Task", "observed": "△", "procedures": ["backgruond"]}
            ]}
            """
        #expect(throws: InputError.self) { try Self.targets(json, scenario) }
        do {
            _ = try MeasurementsDecoder.decode(json, file: "m.json")
            Issue.record("decoded a bad symbol")
        } catch {
            let text = error.description
            expectContains(text, "m.json:3:59: error: cells[1].observed: expected ○, △ or ×", "\(text)")
            expectContains(text, "m.json:4:59: error: cells[2]: △ needs \"procedures\"", "\(text)")
        }
        let names = """
            {"cells": [
              {"hook": "AppDelegat", "strategy": "Task.detach", "observed": "○"},
              {"hook": "SceneDelegate", "strategy": "Task", "observed": "△", "procedures": ["backgruond"]}
            ]}
            """
        do {
            _ = try Self.targets(names, scenario)
            Issue.record("resolved unknown names")
        } catch {
            let text = error.description
            expectContains(text, "m.json:2:12: error: cells[0].hook: no hook \"AppDelegat\" in scenario live-activity; did you mean \"AppDelegate\"?", "\(text)")
            expectContains(text, "cells[0].strategy: no strategy \"Task.detach\" in scenario live-activity; did you mean \"Task.detached\"?", "\(text)")
            expectContains(text, "cells[1].procedures[0]: no procedure \"backgruond\" in scenario live-activity; did you mean \"background\"?", "\(text)")
        }
    }

    @Test("the command: a report, and exit 2 for no distributions, --samples out of range or a bad file")
    func command() throws {
        let ok = Tool.main(["calibrate", "--measured", Self.shipped, "--set", "timing.exitDurationMs=uniform(1,20)", "--samples", "64"])
        expectEqual(ok.exitCode, .success)
        expectContains(ok.stdout, "accepted: ")
        expectContains(ok.stdout, "AppDelegate · Task.detached(priority: .high): ○ in 100%")
        let none = Tool.main(["calibrate", "--measured", Self.shipped])
        expectEqual(none.exitCode, .badInput)
        expectContains(none.stderr, "expected settings drawn from distributions")
        let samples = Tool.main(["calibrate", "--measured", Self.shipped, "--set", "timing.exitDurationMs=uniform(1,20)", "--samples", "0"])
        expectEqual(samples.exitCode, .badInput)
        expectContains(samples.stderr, "--samples expects a whole number")
        let missing = Tool.main(["calibrate", "--measured", "/nonexistent.json", "--set", "timing.exitDurationMs=uniform(1,20)"])
        expectEqual(missing.exitCode, .badInput)
        expectContains(Tool.main(["calibrate", "--help"]).stdout, "USAGE: exitrace calibrate")
    }

    @Test("a Markdown table in the reference experiment's own layout reads like the shipped JSON")
    func markdownTable() throws {
        let markdown = """
            os: iOS 18.4
            Measured from Xcode.

            | hook | Task | Task + semaphore | Task.detached | Task.detached + semaphore |
            |---|---|---|---|---|
            | AppDelegate | △ (background only) | × | × | ○ |
            | SceneDelegate | △ background | × | ○ | ○ (hang risk) |
            | Notification | × | × | × | ○ |
            """
        let table = try MeasurementsDecoder.decodeMarkdown(markdown, file: "m.md")
        expectEqual(table.os, "iOS 18.4")
        let scenario = DefaultScenario.load()
        let fromMarkdown = try table.resolve(against: scenario).map { [$0.hook, $0.strategy, Int($0.finishedMask)] }
        let fromJSON = try MeasurementsDecoder.load(path: Self.shipped).resolve(against: scenario).map { [$0.hook, $0.strategy, Int($0.finishedMask)] }
        expectEqual(fromMarkdown, fromJSON)
        do {
            _ = try MeasurementsDecoder.decodeMarkdown("| hook | Task |\n|---|---|\n| AppDelegate | maybe |", file: "m.md")
            Issue.record("read a cell with no symbol")
        } catch {
            expectEqual(error.description, "m.md:3:17: error: row \"AppDelegate\", column \"Task\": expected ○, △ or × at the start of "
                + "the cell (or nothing, for a cell not measured), found \"maybe\"")
        }
    }

    @Test("--format json is canonical and says what the text says")
    func jsonReport() {
        let output = Tool.main(["calibrate", "--measured", Self.shipped, "--set", "timing.exitDurationMs=uniform(1,20)", "--samples", "64", "--format", "json"])
        expectEqual(output.exitCode, .success)
        #expect(output.stdout.hasPrefix("{\n  \"accepted\": "))
        expectContains(output.stdout, "\"cell\": \"AppDelegate · Task.detached(priority: .high)\"")
    }
}
