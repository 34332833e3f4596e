import Foundation
import Testing

@testable import ExitRace
@testable import ExitRaceParameters
@testable import ExitRaceEngine

/// `Calibration.init` is a library entry point: input the command line checks with its own
/// messages comes back from it as an `InputError`, never as a trap.
@Suite("Calibration input errors")
struct CalibrationInputTests {
    static let prior = ["timing.exitDurationMs=uniform(1,20)"]

    static func targets(_ scenario: Scenario) throws -> [MeasuredTarget] {
        try MeasurementsDecoder.load(path: MeasuredCalibrationTests.shipped).resolve(against: scenario)
    }

    static func messages(_ body: () throws(InputError) -> Calibration) -> [String] {
        do {
            _ = try body()
            return []
        } catch {
            return error.diagnostics.map(\.description)
        }
    }

    @Test("a scenario with nothing uncertain is an input error naming the scenario")
    func nothingUncertain() throws {
        let scenario = try MeasuredCalibrationTests.scenario([])
        let targets = try Self.targets(scenario)
        expectEqual(Self.messages { () throws(InputError) in try Calibration(scenario: scenario, targets: targets, samples: 64, seed: 1) },
            ["live-activity: error: expected settings drawn from distributions (the prior to vary), found none"])
    }

    @Test("samples out of range and a negative tolerance are input errors, all at once")
    func badNumbers() throws {
        let scenario = try MeasuredCalibrationTests.scenario(Self.prior)
        let targets = try Self.targets(scenario)
        let messages = Self.messages { () throws(InputError) in
            try Calibration(scenario: scenario, targets: targets, samples: 0, seed: 1, tolerance: -1)
        }
        expectEqual(messages, [
            "live-activity: error: expected a number of samples from 1 to 100000000, found 0",
            "live-activity: error: expected a tolerance of 0 or more missed cells, found -1",
        ])
        expectEqual(Self.messages { () throws(InputError) in
            try Calibration(scenario: scenario, targets: targets, samples: Calibration.maxSamples + 1, seed: 1)
        }.count, 1)
    }

    @Test("valid input makes a calibration")
    func valid() throws {
        let scenario = try MeasuredCalibrationTests.scenario(Self.prior)
        let calibration = try Calibration(scenario: scenario, targets: try Self.targets(scenario), samples: 64, seed: 1)
        expectEqual(calibration.samples, 64)
    }
}
