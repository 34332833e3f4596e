import Testing

@testable import ExitRace
@testable import ExitRaceParameters
@testable import ExitRaceEngine

@Suite("Program steps")
struct ProgramStepTests {
    @Test("nestedBodies yields the body of every step that has one, and nothing for the others")
    func nestedBodies() {
        let body: [ProgramStep] = [.call("end"), .signal(semaphore: "done")]
        let nesting: [ProgramStep] = [
            .spawnTask(TaskSpawn(isolation: .inherit, priority: nil, detached: false), body: body),
            .dispatchAsync(.main, body: body),
            .timer(interval: .ms(1), count: 2, body: body),
            .ifLaunchOptions(.none, body: body),
            .beginBackgroundTask("bg", expiration: body),
        ]
        for step in nesting { expectEqual(step.nestedBodies, [body], "\(step)") }
        let leaves: [ProgramStep] = [
            .wait(semaphore: "done", timeout: nil), .signal(semaphore: "done"), .call("end"), .work(.ms(1)), .sleep(.ms(1)),
            .taskSleep(.ms(1)), .endBackgroundTask("bg"), .setFlag("stop"), .waitUntil(flag: "stop", poll: .ms(1)),
        ]
        for step in leaves { #expect(step.nestedBodies.isEmpty, "\(step)") }
    }
}
