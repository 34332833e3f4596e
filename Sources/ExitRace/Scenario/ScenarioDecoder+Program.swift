/// Decoding of strategies: their programs, one function per family of steps, and the checks that
/// need a whole strategy (waits nothing ends, a cleanup call somewhere).
extension ScenarioDecoder {
    package struct ProgramContext {
        var callNames: [String]
        package var cleanupCalls: [String]
        /// The system calls declared `cancellable`: a plain `call` of one throws when cancelled.
        var cancellableCalls: [String] = []
        var log: DiagnosticLog
        /// Semaphore and flag use in the strategy being decoded.
        package var semaphores = SemaphoreUse()
        package var flags = SemaphoreUse()
        /// Whether strategies must call a cleanup system call (the goal is the cleanup).
        var requireCleanup = true
        /// The names of the scenario's own dispatch queues (`queues`).
        var queueNames: [String] = []
        /// Dispatch group use in the strategy being decoded.
        package var groups = SemaphoreUse()
        /// The groups the strategy enters (in `signaled`).
        var groupEnters = SemaphoreUse()
        /// Where `addTask` may go and which `async let` names are in scope (structured concurrency).
        var structure = StructureScope()
        /// The actors declared in `actors`, by name.
        var actorNames: [String] = []
        /// Task names the strategy spawns (`signaled`) and cancels (`waits`).
        var taskNames = SemaphoreUse()
        /// Task names the strategy awaits (`awaitTask`, in `waits`).
        var awaitedTasks = SemaphoreUse()
        /// The callbacks an `onCallbacks` program may be for: the lifecycle's and every hook's.
        var callbackNames: [String] = Callback.all
    }

    /// The waits and signals of one strategy, to catch a wait that nothing can ever end.
    package final class SemaphoreUse {
        var signaled: [String] = []
        var waits: [(name: String, path: String, position: SourcePosition)] = []

        package func reset() {
            signaled = []
            waits = []
        }
    }

    static func decodeStrategy(_ name: String, _ node: JSONNode, _ path: String, _ context: ProgramContext) -> Strategy? {
        guard let reader = ObjectReader(node, path: path, allowed: ScenarioKeys.strategy, log: context.log) else {
            return nil
        }
        guard let programs = strategyPrograms(reader, context.log) else { return nil }
        let member = reader["onCallbacks"] == nil ? "program" : "onCallbacks"
        if member == "onCallbacks" { reportUnknownCallbacks(reader, context) }
        let problemsBefore = context.log.diagnostics.count
        context.semaphores.reset()
        context.flags.reset()
        context.groups.reset()
        context.groupEnters.reset()
        context.taskNames.reset()
        context.awaitedTasks.reset()
        // One context for all of a strategy's programs: a semaphore signaled, a flag set or a task
        // spawned in one callback's program ends a wait or is cancelled in another's (they share them).
        let decoded = programs.map {
            (callback: $0.callback, steps: decodeProgram($0.steps, path: $0.path, async: false, context))
        }
        let program = decoded.flatMap(\.steps)
        reportEndlessWaits(context)
        reportEndlessGroupWaits(context)
        reportUnknownCancels(context)
        reportUnknownAwaitedTasks(context)
        // A step that failed to decode is already reported; do not add a consequence of it.
        if context.requireCleanup && context.log.diagnostics.count == problemsBefore
            && !containsCleanup(program, context.cleanupCalls)
        {
            context.log.error(
                reader.childPath(member), reader.position(member),
                "expected the program to call a cleanup system call (\(context.cleanupCalls.joined(separator: ", "))) somewhere, found none")
        }
        let sources = stepSources(programs.flatMap(\.steps), matching: program)
        guard member == "onCallbacks" else {
            return Strategy(name: name, code: reader.string("code"), program: program, stepSources: sources)
        }
        let onCallbacks = decoded.map { (callback: $0.callback ?? "", steps: $0.steps) }
        return Strategy(name: name, code: reader.string("code"), onCallbacks: onCallbacks, stepSources: sources)
    }

    /// A strategy's step lists with their paths: its `program` (callback `nil`), or each program of
    /// `onCallbacks` in the file's order. `nil` when neither is there, or both are (reported).
    private static func strategyPrograms(
        _ reader: ObjectReader, _ log: DiagnosticLog
    ) -> [(callback: String?, steps: [JSONNode], path: String)]? {
        guard reader["onCallbacks"] != nil else {
            if reader["program"] == nil, !reader.isMisspelt("program") {
                log.error(
                    reader.path, reader.node.position,
                    "missing member \"program\" (an array), or \"onCallbacks\" (an object: a program per callback)")
                return nil
            }
            return reader.array("program", required: true).map { [(nil, $0, reader.childPath("program"))] }
        }
        if reader["program"] != nil {
            log.error(
                reader.childPath("onCallbacks"), reader.position("onCallbacks"),
                "expected either \"program\" (run in every callback of the hook) or \"onCallbacks\" (a program per "
                    + "callback), found both")
            return nil
        }
        guard let members = reader.members("onCallbacks") else { return nil }
        let path = reader.childPath("onCallbacks")
        var programs: [(callback: String?, steps: [JSONNode], path: String)] = []
        for member in members where member.key != ScenarioKeys.note {
            let memberPath = join(path, member.key)
            guard case .array(let steps) = member.value.value else {
                log.expected("an array (the callback's program)", at: member.value, memberPath)
                continue
            }
            programs.append((member.key, steps, memberPath))
        }
        if programs.isEmpty && members.allSatisfy({ $0.key == ScenarioKeys.note }) {
            log.error(path, reader.position("onCallbacks"), "expected at least one callback's program, found none")
            return nil
        }
        return programs
    }

    /// Reports each `onCallbacks` member that names no callback a procedure could deliver.
    private static func reportUnknownCallbacks(_ reader: ObjectReader, _ context: ProgramContext) {
        guard let members = reader.members("onCallbacks") else { return }
        for member in members where member.key != ScenarioKeys.note && !context.callbackNames.contains(member.key) {
            context.log.error(
                join(reader.childPath("onCallbacks"), member.key), member.keyPosition,
                "unknown callback \"\(member.key)\": expected a callback of the lifecycle or of a hook"
                    + suggestion(member.key, context.callbackNames))
        }
    }

    /// Reports each wait without a timeout on a semaphore or flag that nothing in the strategy ends.
    private static func reportEndlessWaits(_ context: ProgramContext) {
        for wait in context.semaphores.waits where !context.semaphores.signaled.contains(wait.name) {
            var message =
                "semaphore \"\(wait.name)\" is never signaled in this strategy, so this wait can never return"
            if let suggestion = closestMatch(to: wait.name, in: context.semaphores.signaled) {
                message += "; did you mean \"\(suggestion)\"?"
            } else {
                message += " (give it a timeoutMs to wait on purpose)"
            }
            context.log.error(wait.path, wait.position, message)
        }
        for wait in context.flags.waits where !context.flags.signaled.contains(wait.name) {
            var message = "flag \"\(wait.name)\" is never set in this strategy, so this wait can never return"
            message += suggestion(wait.name, context.flags.signaled)
            context.log.error(wait.path, wait.position, message)
        }
    }

    private static func containsCleanup(_ steps: [ProgramStep], _ cleanupCalls: [String]) -> Bool {
        steps.contains { step in
            if case .call(let name) = step, cleanupCalls.contains(name) { return true }
            if case .callDiscardingError(let name) = step, cleanupCalls.contains(name) { return true }
            if case .callWithCompletion(let name, _, _) = step, cleanupCalls.contains(name) { return true }
            return step.nestedBodies.contains { containsCleanup($0, cleanupCalls) }
        }
    }

    /// `async` is whether the steps run directly in a task body, where `await` is allowed.
    static func decodeProgram(_ nodes: [JSONNode], path: String, async: Bool, _ context: ProgramContext) -> [ProgramStep] {
        nodes.enumerated().compactMap { index, node in
            decodeStep(node, path: "\(path)[\(index)]", async: async, context)
        }
    }

    private static func decodeStep(_ node: JSONNode, path: String, async: Bool, _ context: ProgramContext) -> ProgramStep? {
        guard let op = stepKind(node, path, ProgramOp.self, context.log) else {
            decodeBodiesOfUnknownStep(node, path: path, async: async, context)
            return nil
        }
        guard let reader = ObjectReader(node, path: path, allowed: op.members + ScenarioKeys.stepSource, log: context.log)
        else { return nil }
        _ = (reader.string("source"), reader.string("code"))  // reported when not strings
        let step = StepInput(reader: reader, node: node, path: path, async: async, context: context)
        switch op {
        case .task: return decodeSpawn(step, detached: false)
        case .detached: return decodeSpawn(step, detached: true)
        case .dispatch: return decodeAnyDispatch(step)
        case .wait: return decodeWait(step)
        case .signal: return decodeSignal(step)
        case .call: return decodeAnyCall(step)
        case .work: return reader.milliseconds("ms", required: true).map { .work($0) }
        case .sleep: return reader.milliseconds("ms", required: true).map { .sleep($0) }
        case .taskSleep: return decodeTaskSleep(step)
        case .beginBackgroundTask: return decodeBeginBackgroundTask(step)
        case .endBackgroundTask: return reader.string("task", required: true).map { .endBackgroundTask($0) }
        case .timer: return decodeTimer(step)
        case .set: return decodeSetFlag(step)
        case .waitUntil: return decodeWaitUntil(step)
        case .if: return decodeIf(step)
        case .groupEnter, .groupLeave, .groupWait, .groupNotify: return decodeGroupStep(step, op)
        case .isolatedCall: return decodeIsolatedCall(step)
        case .taskGroup: return decodeTaskGroup(step)
        case .addTask: return decodeAddTask(step)
        case .asyncLet: return decodeAsyncLet(step)
        case .awaitLet: return decodeAwaitLet(step)
        case .cancel: return decodeCancel(step)
        case .awaitTask: return decodeAwaitTask(step)
        case .checkCancellation: return decodeCheckCancellation(step)
        case .ifCancelled: return step.body(async: step.async).map { .ifCancelled(body: $0) }
        case .withTaskCancellationHandler: return decodeCancellationHandler(step)
        case .throw: return decodeThrow(step)
        case .next: return decodeGroupNext(step)
        }
    }

    /// The nested steps of a step whose `op` is unknown (already reported), decoded for their own
    /// problems, so that a misspelt `"detach"` does not hide the errors inside its body. They are
    /// read as the body of the op suggested for the misspelling would be (a task's body may
    /// `await`), or, without a suggestion, as a task's body: no error then depends on the guess.
    private static func decodeBodiesOfUnknownStep(_ node: JSONNode, path: String, async: Bool, _ context: ProgramContext) {
        guard case .object(let members) = node.value else { return }
        var guess: ProgramOp?
        if case .string(let name) = members.first(where: { $0.key == "op" })?.value.value {
            guess = closestMatch(to: name, in: ProgramOp.names).flatMap(ProgramOp.init(rawValue:))
        }
        let spawns = guess.map { [.task, .detached, .addTask, .asyncLet].contains($0) } ?? true
        let newContext = guess.map { [.task, .detached, .dispatch, .timer, .addTask, .asyncLet, .groupNotify].contains($0) } ?? true
        for member in members where ["body", "expiration", "completion"].contains(member.key) {
            guard case .array(let nodes) = member.value.value else { continue }
            let saved = context.structure.enter(group: guess == .taskGroup, newContext: newContext)
            _ = decodeProgram(nodes, path: join(path, member.key), async: spawns || async, context)
            context.structure.leave(saved)
        }
    }

    /// One step object being decoded: its members, where it stands, and whether it may `await`.
    struct StepInput {
        let reader: ObjectReader
        let node: JSONNode
        let path: String
        /// Whether the step runs directly in a task body, where `await` is allowed.
        let async: Bool
        let context: ProgramContext

        /// The step's `body`, which must be there.
        func body(async: Bool) -> [ProgramStep]? {
            guard let nodes = reader.array("body", required: true) else { return nil }
            // A body of its own starts a new scope: no group, no `async let` names.
            let saved = context.structure.enter(group: false, newContext: isNewContext)
            defer { context.structure.leave(saved) }
            return decodeProgram(nodes, path: reader.childPath("body"), async: async, context)
        }

        /// Whether this step's body runs as a context of its own.
        private var isNewContext: Bool {
            guard case .string(let op) = reader["op"]?.value else { return false }
            return ["task", "detached", "dispatch", "timer", "addTask", "asyncLet", "groupNotify"].contains(op)
        }

        /// Reports the step when it is not directly in a task body.
        func requireAsync(_ what: String) {
            guard !async else { return }
            context.log.error(
                path, node.position,
                "\(what) needs an async context: put it directly in the body of a \"task\" or \"detached\" step "
                    + "(hooks and dispatched blocks are synchronous)")
        }
    }

    // MARK: - Concurrency: tasks, dispatch, system calls

    private static func decodeSpawn(_ step: StepInput, detached: Bool) -> ProgramStep? {
        let reader = step.reader
        // Every part is read before giving up, so that a wrong priority does not hide a wrong body step.
        let isolation = detached ? TaskSpawn.Isolation.none : decodeIsolation(reader, actors: step.context.actorNames)
        let priority = reader.qos("priority")
        let name = reader.string("name")
        if let name { step.context.taskNames.signaled.append(name) }
        let body = step.body(async: true)
        guard let isolation, reader["priority"] == nil || priority != nil, let steps = body else { return nil }
        var spawn = TaskSpawn(isolation: isolation, priority: priority, detached: detached)
        spawn.name = name
        return .spawnTask(spawn, body: steps)
    }

    /// `taskSleep`: `try await Task.sleep(for:)`, or `try? await …` with `"try": "try?"`.
    private static func decodeTaskSleep(_ step: StepInput) -> ProgramStep? {
        let form = step.reader.choice("try", as: SleepTry.self)
        if step.reader["try"] != nil && form == nil { return nil }
        guard let ms = step.reader.milliseconds("ms", required: true) else { return nil }
        step.requireAsync("\"taskSleep\" (an await)")
        if form != .optional {
            refuseThrowInNonThrowingChild(
                step, "a \"taskSleep\" with a plain try (try await Task.sleep)", fix: "add \"try\": \"try?\" (try? await Task.sleep)")
        }
        return form == .optional ? .taskSleepDiscardingError(ms) : .taskSleep(ms)
    }

    // MARK: - Semaphores and flags

    private static func decodeWait(_ step: StepInput) -> ProgramStep? {
        let reader = step.reader
        guard let semaphore = reader.string("semaphore", required: true) else { return nil }
        let timeout = reader.milliseconds("timeoutMs")
        if reader["timeoutMs"] == nil {
            step.context.semaphores.waits.append((semaphore, reader.childPath("semaphore"), reader.position("semaphore")))
        }
        return .wait(semaphore: semaphore, timeout: timeout)
    }

    private static func decodeSignal(_ step: StepInput) -> ProgramStep? {
        guard let semaphore = step.reader.string("semaphore", required: true) else { return nil }
        step.context.semaphores.signaled.append(semaphore)
        return .signal(semaphore: semaphore)
    }

    private static func decodeSetFlag(_ step: StepInput) -> ProgramStep? {
        guard let flag = step.reader.string("flag", required: true) else { return nil }
        step.context.flags.signaled.append(flag)
        return .setFlag(flag)
    }

    private static func decodeWaitUntil(_ step: StepInput) -> ProgramStep? {
        let reader = step.reader
        guard let flag = reader.string("flag", required: true) else { return nil }
        let poll = reader.milliseconds("pollMs", required: true)
        if let poll, poll.nanoseconds == 0 {
            reader.log.error(reader.childPath("pollMs"), reader.position("pollMs"), "expected more than 0 ms, found 0")
        }
        step.context.flags.waits.append((flag, reader.childPath("flag"), reader.position("flag")))
        guard let poll else { return nil }
        return .waitUntil(flag: flag, poll: poll)
    }

    // MARK: - The lifecycle: background tasks, timers, launch options

    private static func decodeBeginBackgroundTask(_ step: StepInput) -> ProgramStep? {
        let reader = step.reader
        guard let task = reader.string("task", required: true) else { return nil }
        var expiration: [ProgramStep] = []
        if let nodes = reader.array("expiration") {
            // The expiration handler is a context of its own: no task group, no `async let` names.
            let saved = step.context.structure.enter(group: false, newContext: true)
            expiration = decodeProgram(nodes, path: reader.childPath("expiration"), async: false, step.context)
            step.context.structure.leave(saved)
        }
        return .beginBackgroundTask(task, expiration: expiration)
    }

    private static func decodeTimer(_ step: StepInput) -> ProgramStep? {
        let reader = step.reader
        let interval = reader.milliseconds("intervalMs", required: true)
        let count = reader.integer("count", in: 1...1_000_000, required: true)
        if let interval, interval.nanoseconds == 0 {
            reader.log.error(reader.childPath("intervalMs"), reader.position("intervalMs"), "expected more than 0 ms, found 0")
        }
        let body = step.body(async: false)
        guard let interval, let count, let steps = body else { return nil }
        return .timer(interval: interval, count: count, body: steps)
    }

    private static func decodeIf(_ step: StepInput) -> ProgramStep? {
        let options = step.reader.choice("launchOptions", as: LaunchOptionsName.self, required: true)
        guard let steps = step.body(async: step.async), let options else { return nil }
        return .ifLaunchOptions(options.options, body: steps)
    }
}
