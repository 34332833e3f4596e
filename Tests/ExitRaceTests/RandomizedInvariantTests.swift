import Testing

@testable import ExitRace
@testable import ExitRaceEngine
@testable import ExitRaceExperiment

/// Seeded random timing sets over the default scenario's strategies and procedures. Each failure
/// message names the seed and the round, so it can be replayed exactly.
@Suite("Randomized invariants")
struct RandomizedInvariantTests {
    static let seeds: [UInt64] = [1, 0xE817_2ACE, 20_261_121]

    /// The default scenario with every timing setting drawn at random (milliseconds with
    /// microsecond resolution), and small bounds so that bounds are exercised too.
    static func randomScenario(_ rng: inout SplitMix64) -> Scenario {
        var scenario = DefaultScenario.load()
        func ms(upTo max: UInt64) -> VirtualDuration { VirtualDuration(nanoseconds: Int64(rng.next() % (max * 1_000)) * 1_000) }
        scenario.timing.exitDuration = ms(upTo: 20)
        scenario.timing.startLatency = QoSClass.allCases.map { _ in ms(upTo: 30) }
        scenario.timing.cooperativePoolWidth = 1 + Int(rng.next() % 4)
        scenario.timing.dispatchPoolWidth = 1 + Int(rng.next() % 4)
        scenario.limits.maxEvents = 5 + Int(rng.next() % 40)
        scenario.limits.maxTime = ms(upTo: 8_000)
        for index in scenario.systemCalls.indices {
            let cost = ms(upTo: 5)
            scenario.systemCalls[index].cost = cost
            scenario.systemCalls[index].deliverAfter = VirtualDuration(
                nanoseconds: cost.nanoseconds == 0 ? 0 : Int64(rng.next() % UInt64(cost.nanoseconds + 1)))
            scenario.systemCalls[index].replyLatency = ms(upTo: 5)
            scenario.systemCalls[index].takesEffectOn = rng.next() % 2 == 0 ? .delivery : .reply
        }
        return scenario
    }

    @Test("nothing counts after death; the clock is consistent; every run ends within its bounds", .heavy, arguments: seeds)
    func invariants(seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        for round in 0..<40 {
            let scenario = Self.randomScenario(&rng)
            let table = Simulator(scenario: scenario).table()
            let maxTime = VirtualInstant.start + scenario.limits.maxTime
            for cell in table.cells {
                for outcome in cell.outcomes {
                    let context = "seed \(seed), round \(round), cell \(cell.hook)/\(cell.strategy)"
                    #expect(outcome.events <= scenario.limits.maxEvents, "\(context)")
                    if let at = outcome.cleanupAt {
                        #expect(outcome.cleanupFinished, "\(context)")
                        #expect(at <= maxTime, "\(context)")
                        if let death = outcome.death { #expect(at <= death.at, "effect after death; \(context)") }
                    }
                    if let would = outcome.wouldHaveFinishedAt {
                        #expect(!outcome.cleanupFinished, "\(context)")
                        #expect(outcome.death.map { would > $0.at } ?? false, "\(context)")
                    }
                    if let death = outcome.death { #expect(death.at <= maxTime, "\(context)") }
                    if outcome.boundReached != nil { expectEqual(outcome.death, nil, "\(context)") }
                    if let margin = outcome.margin { expectEqual((margin.nanoseconds >= 0), outcome.cleanupFinished, "\(context)") }
                }
            }
        }
    }

    @Test("the same scenario gives the same outcomes, run after run and simulator after simulator", .heavy, arguments: seeds)
    func determinism(seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        for round in 0..<10 {
            let scenario = Self.randomScenario(&rng)
            let first = Simulator(scenario: scenario)
            let a = first.table()
            let b = first.table()
            let c = Simulator(scenario: scenario).table()
            expectEqual(a, b, "seed \(seed), round \(round)")
            expectEqual(a, c, "seed \(seed), round \(round)")
            expectEqual(JSONRenderer.render([a]), JSONRenderer.render([c]), "seed \(seed), round \(round)")
        }
    }
}
