/// Where a piece of imported Swift is: file, line and column, and the line's code.
package struct SwiftReference: Equatable, Sendable {
    package var file: String
    package var line: Int
    package var column: Int
    /// The source line, trimmed (at most 120 characters).
    package var code: String

    /// `File.swift:12:9`.
    package var place: String { "\(file):\(line):\(column)" }
}

/// A program step translated from Swift, with the Swift it came from and its nested bodies'
/// steps (in the order of ``ProgramStep/nestedBodies``).
package struct ImportedStep: Equatable, Sendable {
    /// The step; its nested bodies are ``children``' steps.
    package var step: ProgramStep
    package var source: SwiftReference
    package var children: [[ImportedStep]]
    /// A synchronous call written as a `call` with an empty completion (a save, a hand-off to a service).
    package var isSynchronousCall = false

    /// A step without a body.
    init(_ step: ProgramStep, _ source: SwiftReference) {
        self.step = step
        self.source = source
        children = []
    }

    /// A step with bodies: `make` builds the step from its bodies' steps.
    init(_ source: SwiftReference, children: [[ImportedStep]], _ make: ([[ProgramStep]]) -> ProgramStep) {
        self.step = make(children.map { $0.map(\.step) })
        self.source = source
        self.children = children
    }

    /// The step as a scenario file spells it, with the Swift it came from (`source`, `code`).
    package var json: OrderedJSON {
        var members: [(String, OrderedJSON)] = [("source", .string(source.place)), ("code", .string(source.code))]
        members += Self.members(of: step, children: children.map { .array($0.map(\.json)) })
        return .object(members)
    }

    /// The `op` and members of a step; `bodies` are its nested bodies already written.
    package static func members(of step: ProgramStep, children bodies: [OrderedJSON]) -> [(String, OrderedJSON)] {
        func ms(_ duration: VirtualDuration) -> OrderedJSON { .milliseconds(duration.nanoseconds) }
        switch step {
        case .spawnTask(let spawn, _):
            var members: [(String, OrderedJSON)] = [("op", .string(spawn.detached ? "detached" : "task"))]
            if let name = spawn.name { members.append(("name", .string(name))) }
            if let priority = spawn.priority { members.append(("priority", .string(priority.name))) }
            if !spawn.detached, spawn.isolation != TaskSpawn.defaultIsolation {
                members.append(("isolation", .string(isolationName(spawn.isolation))))
            }
            return members + [("body", bodies[0])]
        case .dispatchAsync(let target, _):
            return [("op", .string("dispatch"))] + queueMembers(target) + [("body", bodies[0])]
        case .wait(let semaphore, let timeout):
            return [("op", .string("wait")), ("semaphore", .string(semaphore))] + (timeout.map { [("timeoutMs", ms($0))] } ?? [])
        case .signal(let semaphore): return [("op", .string("signal")), ("semaphore", .string(semaphore))]
        case .call(let name): return [("op", .string("call")), ("name", .string(name))]
        case .work(let duration): return [("op", .string("work")), ("ms", ms(duration))]
        case .sleep(let duration): return [("op", .string("sleep")), ("ms", ms(duration))]
        case .taskSleep(let duration): return [("op", .string("taskSleep")), ("ms", ms(duration))]
        case .beginBackgroundTask(let task, _):
            return [("op", .string("beginBackgroundTask")), ("task", .string(task)), ("expiration", bodies[0])]
        case .endBackgroundTask(let task): return [("op", .string("endBackgroundTask")), ("task", .string(task))]
        case .timer(let interval, let count, _):
            return [("op", .string("timer")), ("intervalMs", ms(interval)), ("count", .number(String(count))), ("body", bodies[0])]
        case .setFlag(let flag): return [("op", .string("set")), ("flag", .string(flag))]
        case .waitUntil(let flag, let poll): return [("op", .string("waitUntil")), ("flag", .string(flag)), ("pollMs", ms(poll))]
        case .ifLaunchOptions(let options, _):
            let launch = options == .none ? "none" : "remoteNotification"
            return [("op", .string("if")), ("launchOptions", .string(launch)), ("body", bodies[0])]
        case .callWithCompletion(let name, let target, _):
            return [("op", .string("call")), ("name", .string(name))] + queueMembers(target) + [("completion", bodies[0])]
        case .dispatchSync(let target, _):
            return [("op", .string("dispatch"))] + queueMembers(target) + [("sync", .bool(true)), ("body", bodies[0])]
        case .dispatchAfter(let target, let delay, _):
            return [("op", .string("dispatch"))] + queueMembers(target) + [("afterMs", ms(delay)), ("body", bodies[0])]
        case .groupEnter(let group): return [("op", .string("groupEnter")), ("group", .string(group))]
        case .groupLeave(let group): return [("op", .string("groupLeave")), ("group", .string(group))]
        case .groupWait(let group, let timeout):
            return [("op", .string("groupWait")), ("group", .string(group))] + (timeout.map { [("timeoutMs", ms($0))] } ?? [])
        case .groupNotify(let group, let target, _):
            return [("op", .string("groupNotify")), ("group", .string(group))] + queueMembers(target) + [("body", bodies[0])]
        case .isolatedCall(let actor, _):
            return [("op", .string("isolatedCall")), ("actor", .string(actor)), ("body", bodies[0])]
        case .taskGroup(let throwing, _):
            return [("op", .string("taskGroup"))] + (throwing ? [("throwing", .bool(true))] : []) + [("body", bodies[0])]
        case .addTask(let priority, _):
            return [("op", .string("addTask"))] + (priority.map { [("priority", .string($0.name))] } ?? []) + [("body", bodies[0])]
        case .asyncLet(let name, _): return [("op", .string("asyncLet")), ("name", .string(name)), ("body", bodies[0])]
        case .awaitLet(let name): return [("op", .string("awaitLet")), ("name", .string(name))]
        case .cancelTask(let name): return [("op", .string("cancel")), ("task", .string(name))]
        case .awaitTask(let name): return [("op", .string("awaitTask")), ("task", .string(name))]
        case .checkCancellation: return [("op", .string("checkCancellation"))]
        case .ifCancelled: return [("op", .string("ifCancelled")), ("body", bodies[0])]
        case .callDiscardingError(let name):
            return [("op", .string("call")), ("name", .string(name)), ("try", .string("try?"))]
        case .taskSleepDiscardingError(let duration):
            return [("op", .string("taskSleep")), ("ms", ms(duration)), ("try", .string("try?"))]
        case .cancellationHandler:
            return [("op", .string("withTaskCancellationHandler")), ("body", bodies[1]), ("onCancel", bodies[0])]
        case .throwError: return [("op", .string("throw"))]
        case .groupNext(let all): return [("op", .string("next"))] + (all ? [("all", .bool(true))] : [])
        }
    }

    /// A `task` step's `isolation` as the file spells it: `inherit`, `mainActor`, `none` or an actor's name.
    static func isolationName(_ isolation: TaskSpawn.Isolation) -> String {
        switch isolation {
        case .inherit: "inherit"
        case .mainActor: "mainActor"
        case .none: "none"
        case .actor(let name): name
        }
    }

    /// The `queue` (and `qos` for a global queue) members naming a dispatch target.
    static func queueMembers(_ target: DispatchTarget) -> [(String, OrderedJSON)] {
        switch target {
        case .main: [("queue", .string("main"))]
        case .global(let qos): [("queue", .string("global")), ("qos", .string(qos.name))]
        case .queue(let name): [("queue", .string(name))]
        }
    }
}
