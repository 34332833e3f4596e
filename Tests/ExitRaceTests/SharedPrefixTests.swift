import Foundation
import Testing

@testable import ExitRace
@testable import ExitRaceEngine
@testable import ExitRaceExperiment
@testable import ExitRaceScenario

/// Schedules share the work of their common prefix (``ChoicePointState``): a run resumed from a
/// choice point is the run from the start under the same schedule, and the explorer that shares
/// prefixes finds what running every schedule from the start finds, in the same order.
@Suite("Schedules resumed from a shared prefix")
struct SharedPrefixTests {
    /// Keeps the state at every choice point a run meets.
    final class Keeper: ChoicePointWatcher {
        var states: [(point: Int, width: Int, state: ChoicePointState)] = []
        func reached(_ point: Int, width: Int, state: () -> ChoicePointState) -> Int? {
            states.append((point, width, state()))
            return nil
        }
    }

    /// The scenarios of the shipped files whose runs are short (a debug build runs every choice
    /// point's every pick of every cell of these).
    static func scenarios() throws -> [Scenario] {
        let race = try ScenarioLoader.load(path: try ScheduleExplorationTests.raceFile())
        return [race, DefaultScenario.load()]
    }

    /// More scenarios: the shipped files whose runs are short.
    static func shippedScenarios() throws -> [Scenario] {
        try ScheduleExplorationTests.shippedScenarios().filter {
            ["background-main-queue-deadlock", "common-cleanup-code", "lifecycle-orders", "recipes-in-the-wild"].contains($0.name)
        }
    }

    @Test("a run resumed at any choice point with any pick is the run from the start under that schedule")
    func resumedRunIsTheRunFromTheStart() throws {
        var checked = 0
        for scenario in try Self.scenarios() + Self.shippedScenarios() {
            let simulator = Simulator(scenario: scenario), fresh = Simulator(scenario: scenario)
            for hook in scenario.hooks.indices {
                for strategy in scenario.strategies.indices {
                    for procedure in scenario.procedures.indices {
                        let keeper = Keeper()
                        let whole = simulator.run(
                            hook: hook, strategy: strategy, procedure: procedure, deviations: [], watcher: keeper)
                        expectEqual(keeper.states.map(\.width), whole.widths)
                        for (point, width, state) in keeper.states {
                            for pick in 0..<width {
                                let deviations = pick == 0 ? [] : [ScheduleDeviation(choice: point, pick: pick)]
                                let resumed = simulator.resume(state, deviations: deviations, watcher: nil)
                                let expected = fresh.run(
                                    hook: hook, strategy: strategy, procedure: procedure, deviations: deviations)
                                expectEqual(resumed.outcome, expected.outcome, "\(scenario.name) \(hook) \(strategy) \(procedure) \(point)=\(pick)")
                                expectEqual(resumed.widths, expected.widths)
                                expectEqual(resumed.followedSchedule, expected.followedSchedule)
                                checked += 1
                            }
                        }
                    }
                }
            }
        }
        #expect(checked > 100)
    }

    /// The explorer before prefixes were shared: each schedule run from the start, depth-first.
    static func reference(
        _ simulator: Simulator, cell: CellIndex, procedure: Int, limits: ExplorationLimits
    ) -> (results: [ScheduleResult], deviations: [[ScheduleDeviation]], stopped: Bool) {
        var results: [ScheduleResult] = [], schedules: [[ScheduleDeviation]] = [], stopped = false
        func run(_ deviations: [ScheduleDeviation]) -> ScheduledRun {
            let run = simulator.run(hook: cell.hook, strategy: cell.strategy, procedure: procedure, deviations: deviations)
            results.append(ScheduleResult(run.outcome))
            schedules.append(deviations)
            return run
        }
        func depthFirst(_ prefix: [ScheduleDeviation], _ widths: [Int], from start: Int) {
            guard prefix.count < limits.bound else { return }
            for point in start..<max(start, widths.count) {
                for pick in 1..<widths[point] {
                    guard results.count < limits.maxSchedules else { return stopped = true }
                    let deviations = prefix + [ScheduleDeviation(choice: point, pick: pick)]
                    depthFirst(deviations, run(deviations).widths, from: point + 1)
                    if stopped { return }
                }
            }
        }
        depthFirst([], run([]).widths, from: 0)
        return (results, schedules, stopped)
    }

    @Test("the explorer finds the witnesses, schedule count and cut of running each schedule from the start",
          arguments: [ExplorationLimits(bound: 1), ExplorationLimits(bound: 2), ExplorationLimits(bound: 3, maxSchedules: 7)])
    func explorerMatchesTheReference(limits: ExplorationLimits) throws {
        for scenario in try Self.scenarios() {
            let simulator = Simulator(scenario: scenario), fresh = Simulator(scenario: scenario)
            for hook in scenario.hooks.indices {
                for strategy in scenario.strategies.indices {
                    for procedure in scenario.procedures.indices {
                        let cell = CellIndex(hook: hook, strategy: strategy)
                        let explored = ScheduleExplorer.explore(simulator, cell: cell, procedure: procedure, limits: limits)
                        let reference = Self.reference(fresh, cell: cell, procedure: procedure, limits: limits)
                        expectEqual(explored.schedules, reference.results.count)
                        expectEqual(explored.exhaustive, !reference.stopped)
                        var witnesses: [ScheduleResult] = [], witnessSchedules: [[ScheduleDeviation]] = []
                        for (result, deviations) in zip(reference.results, reference.deviations) where !witnesses.contains(result) {
                            witnesses.append(result)
                            witnessSchedules.append(deviations)
                        }
                        expectEqual(explored.witnesses.map(\.result), witnesses)
                        expectEqual(explored.witnesses.map(\.deviations), witnessSchedules)
                    }
                }
            }
        }
    }

    /// Random schedules before each was one run: the run repeated from the start at every
    /// deviating choice point to learn the widths that follow.
    static func referenceRandom(
        _ simulator: Simulator, cell: CellIndex, procedure: Int, count: Int, seed: UInt64
    ) -> [(ScheduleResult, [ScheduleDeviation])] {
        let scenario = simulator.scenario
        let name = "\(scenario.hooks[cell.hook].name)|\(scenario.strategies[cell.strategy].name)|\(scenario.procedures[procedure].name)"
        var generator = SplitMix64(seed: StableSeed.combine(seed, StableSeed.hash(name)))
        let first = simulator.run(hook: cell.hook, strategy: cell.strategy, procedure: procedure, deviations: [])
        var schedules = [(ScheduleResult(first.outcome), [ScheduleDeviation]())]
        for _ in 1..<max(1, count) {
            var deviations: [ScheduleDeviation] = [], last = first, point = 0
            while point < last.widths.count {
                let pick = Int(generator.next() % UInt64(last.widths[point]))
                if pick != 0 {
                    deviations.append(ScheduleDeviation(choice: point, pick: pick))
                    last = simulator.run(hook: cell.hook, strategy: cell.strategy, procedure: procedure, deviations: deviations)
                }
                point += 1
            }
            schedules.append((ScheduleResult(last.outcome), deviations))
        }
        return schedules
    }

    @Test("random schedules, each one run drawing its picks as it goes, are the schedules of the repeated runs")
    func randomMatchesTheReference() throws {
        for scenario in try Self.scenarios() {
            let simulator = Simulator(scenario: scenario), fresh = Simulator(scenario: scenario)
            for hook in scenario.hooks.indices {
                for strategy in scenario.strategies.indices {
                    for procedure in scenario.procedures.indices {
                        let cell = CellIndex(hook: hook, strategy: strategy)
                        let limits = ExplorationLimits(randomSchedules: 12, seed: 5)
                        let explored = ScheduleExplorer.explore(simulator, cell: cell, procedure: procedure, limits: limits)
                        let reference = Self.referenceRandom(fresh, cell: cell, procedure: procedure, count: 12, seed: 5)
                        expectEqual(explored.schedules, reference.count)
                        var witnesses: [ScheduleResult] = [], witnessSchedules: [[ScheduleDeviation]] = []
                        for (result, deviations) in reference where !witnesses.contains(result) {
                            witnesses.append(result)
                            witnessSchedules.append(deviations)
                        }
                        expectEqual(explored.witnesses.map(\.result), witnesses)
                        expectEqual(explored.witnesses.map(\.deviations), witnessSchedules)
                    }
                }
            }
        }
    }
}
