/// The synthetic load: one hook that starts `tasks` detached tasks, each of which works, sleeps,
/// calls the system and signals; the hook waits for them all. Every kind of event appears in it.
enum SyntheticLoad {
    static func scenario(tasks: Int) -> Scenario {
        let body: [ProgramStep] = [
            .work(VirtualDuration(nanoseconds: 20_000)),
            .taskSleep(VirtualDuration(nanoseconds: 50_000)),
            .call("request"),
            .signal(semaphore: "done"),
        ]
        var program: [ProgramStep] = []
        for index in 0..<tasks {
            let priority: QoSClass = [.userInitiated, .default, .utility][index % 3]
            program.append(.spawnTask(TaskSpawn(isolation: .none, priority: priority, detached: true), body: body))
        }
        for _ in 0..<tasks { program.append(.wait(semaphore: "done", timeout: nil)) }
        return Scenario(
            name: "synthetic", title: "synthetic load", timing: .default, limits: .default,
            systemCalls: [
                SystemCall(
                    name: "request", cost: .ms(1), deliverAfter: VirtualDuration(nanoseconds: 500_000),
                    replyLatency: .ms(2), takesEffectOn: .delivery, isCleanup: true)
            ],
            hooks: [Hook(name: "hook", label: "hook")],
            strategies: [Strategy(name: "fan-out", code: "", program: program)],
            procedures: [
                KillProcedure(
                    name: "exit", label: "exit after the hook", steps: [.turn([.hook("hook"), .exit], watchdog: .ms(5000))])
            ])
    }
}
