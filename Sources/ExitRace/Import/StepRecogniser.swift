/// One translation rule: a Swift construct it recognises and the program steps it becomes.
///
/// The table ``all`` is the importer's whole knowledge of Swift's concurrency APIs; a construct
/// the scenario language gains is one more entry here. A rule returns `nil` when the expression is
/// not its construct, and the next rule is tried.
package struct StepRecogniser: Sendable {
    /// What the rule recognises, for docs and tests.
    package let name: String
    let translate: @Sendable (SwiftExpr, StepTranslator.Context, inout StepTranslator) -> [ImportedStep]?

    package static let all: [StepRecogniser] = [
        taskSpawn, dispatch, dispatchGroup, semaphoreWait, semaphoreSignal, beginBackgroundTask, endBackgroundTask,
        threadSleep, taskSleep, mainActorRun, continuation, taskGroup, addTask, taskCancel, checkCancellation, cancellationHandler,
        backgroundTaskSubmit, backgroundTransfer, scheduledTimer, contextPerform, inPlaceClosure, addOperation, completionCall,
        synchronousSave,
    ]

    /// `await MainActor.run { body }`: the body, run where the task is (the scenario language has no
    /// actor hop yet, so a task off the main actor runs it on its own thread; noted).
    static let mainActorRun = StepRecogniser(name: "MainActor.run") { expr, context, translator in
        guard let (callee, arguments, trailing, _) = call(expr), StepTranslator.chain(callee) == ["MainActor", "run"],
            let body = closure(arguments, trailing)
        else { return nil }
        if context.isolation != .mainActor {
            translator.note(.assumption, expr.location, context, "MainActor.run: its body is translated where the task "
                + "runs (a hop to the main actor is not in the scenario language yet)")
        }
        return translator.translateInPlace(body, context)
    }

    /// `await withCheckedContinuation { continuation in … }` (and the throwing and unsafe ones): the
    /// body runs at once where the task is; the task then waits until the continuation is resumed,
    /// which the body's own steps (a completion handler, a dispatched block) stand for (noted).
    static let continuation = StepRecogniser(name: "withCheckedContinuation") { expr, context, translator in
        guard let (callee, arguments, trailing, _) = call(expr), case .name(let function) = callee.kind,
            ["withCheckedContinuation", "withCheckedThrowingContinuation", "withUnsafeContinuation",
             "withUnsafeThrowingContinuation"].contains(function),
            let body = closure(arguments, trailing)
        else { return nil }
        translator.note(.assumption, expr.location, context, "\(function): its body is translated where the task runs; "
            + "the wait for resume() is not modelled (if it matters, a semaphore signaled where resume() is called stands for it)")
        var inner = context
        inner.assignedName = nil
        inner.isAsync = false
        inner.atTaskBodyTop = false
        return translator.translate(body.body, inner)
    }

    // MARK: - Matching helpers

    /// The call under `try`/`await`: (callee, arguments, trailing closures, whether it is awaited).
    package static func call(_ expr: SwiftExpr) -> (callee: SwiftExpr, arguments: [SwiftArgument], trailing: [SwiftClosure], awaited: Bool)? {
        var core = expr, awaited = false
        while case .prefix(let word, let inner) = core.kind, word.hasPrefix("try") || word == "await" {
            if word == "await" { awaited = true }
            core = inner
        }
        guard case .call(let callee, let arguments, let trailing) = core.kind else { return nil }
        return (callee, arguments, trailing, awaited)
    }

    /// The `try`, `try?` or `try!` an expression starts with (before or after its `await`), if any.
    static func tryWord(_ expr: SwiftExpr) -> String? {
        var core = expr
        while case .prefix(let word, let inner) = core.kind, word.hasPrefix("try") || word == "await" {
            if word.hasPrefix("try") { return word }
            core = inner
        }
        return nil
    }

    static func argument(_ label: String, _ arguments: [SwiftArgument]) -> SwiftExpr? {
        arguments.first { $0.label == label }?.value
    }

    /// The closure a call passes last: a trailing one, or an argument.
    static func closure(_ arguments: [SwiftArgument], _ trailing: [SwiftClosure], label: String? = nil) -> SwiftClosure? {
        if let closure = trailing.first { return closure }
        for argument in arguments.reversed() where label == nil || argument.label == label {
            if case .closure(let closure) = argument.value.kind { return closure }
        }
        return nil
    }

    /// `.high`, `.userInitiated`, `TaskPriority.high`: the class it names.
    package static func qos(_ expr: SwiftExpr) -> QoSClass? {
        let name: String
        switch expr.kind {
        case .implicitMember(let member), .member(_, let member): name = member
        default: return nil
        }
        switch name {
        case "userInteractive": return .userInteractive
        case "high", "userInitiated": return .userInitiated
        case "medium", "default": return .default
        case "low", "utility": return .utility
        case "background": return .background
        default: return nil
        }
    }

    /// A number literal's value (underscores allowed); `nil` for anything else.
    package static func number(_ expr: SwiftExpr) -> Double? {
        switch expr.kind {
        case .literal(let text): return Double(text.replacingOccurrences(of: "_", with: ""))
        case .prefix("-", let inner): return number(inner).map { -$0 }
        case .call(let callee, let arguments, _) where arguments.count == 1:
            // Double(2), UInt64(500_000_000), TimeInterval(1)
            if case .name(let type) = callee.kind, ["Double", "UInt64", "Int", "UInt32", "TimeInterval"].contains(type) {
                return number(arguments[0].value)
            }
            return nil
        default: return nil
        }
    }

    /// `.seconds(2)`, `.milliseconds(500)`, `.nanoseconds(n)`, `.microseconds(n)` → nanoseconds.
    static func durationNanoseconds(_ expr: SwiftExpr) -> Double? {
        guard case .call(let callee, let arguments, _) = expr.kind, arguments.count == 1,
            let value = number(arguments[0].value)
        else { return nil }
        let unit: String
        switch callee.kind {
        case .implicitMember(let name), .member(_, let name): unit = name
        default: return nil
        }
        switch unit {
        case "seconds": return value * 1e9
        case "milliseconds": return value * 1e6
        case "microseconds": return value * 1e3
        case "nanoseconds": return value
        default: return nil
        }
    }

    package static func duration(nanoseconds: Double) -> VirtualDuration? {
        guard nanoseconds.isFinite, nanoseconds >= 0, nanoseconds <= Limits.maxDurationMs * 1e6 else { return nil }
        return VirtualDuration(nanoseconds: Int64(nanoseconds.rounded()))
    }

    static func isName(_ expr: SwiftExpr, _ name: String) -> Bool {
        if case .name(let actual) = expr.kind { return actual == name }
        return false
    }

    /// The variable a receiver names: `semaphore`, `self.semaphore` → `semaphore`.
    static func variable(_ expr: SwiftExpr) -> String? {
        switch expr.kind {
        case .name(let name): return name
        case .member(let base, let name): return variable(base) != nil ? name : nil
        case .prefix(_, let inner): return variable(inner)
        default: return nil
        }
    }

    // MARK: - Tasks

    /// `Task { }`, `Task(priority:) { }`, `Task { @MainActor in }`, `Task.detached(priority:) { }`.
    static let taskSpawn = StepRecogniser(name: "Task / Task.detached") { expr, context, translator in
        guard let (callee, arguments, trailing, _) = call(expr) else { return nil }
        let detached: Bool
        if isName(callee, "Task") {
            detached = false
        } else if case .member(let base, "detached") = callee.kind, isName(base, "Task") {
            detached = true
        } else {
            return nil
        }
        guard let closure = closure(arguments, trailing, label: trailing.isEmpty ? "operation" : nil) ?? closure(arguments, trailing)
        else { return nil }
        var isolation: TaskSpawn.Isolation = .none
        var inner = context
        inner.isAsync = true
        inner.assignedName = nil
        inner.taskGroup = nil
        inner.asyncLets = []
        inner.atTaskBodyTop = true
        inner.inDoCatch = false
        inner.inIsolatedCall = false
        let marked = translator.codebase.isolation(attributes: closure.attributes)
        if marked == .mainActor {
            isolation = .mainActor
            inner.isolation = .mainActor
        } else if case .actor(let actor)? = marked {
            // `Task { @MyGlobalActor in … }`
            translator.useActor(actor)
            isolation = .actor(actor)
            inner.isolation = .actor(actor)
        } else if detached {
            inner.isolation = .none
        } else if context.isolation == .mainActor {
            isolation = .inherit
        } else if case .actor(let actor) = context.isolation {
            // In actor-isolated code `Task {}` is isolated to that actor.
            translator.useActor(actor)
            isolation = .actor(actor)
        } else {
            inner.isolation = .none
        }
        var priority: QoSClass?
        if let given = argument("priority", arguments) {
            priority = qos(given)
            if priority == nil {
                translator.note(.assumption, given.location, context, "a priority the importer cannot read: the default is used")
            }
        }
        let body = translator.translate(closure.body, inner)
        var spawn = TaskSpawn(isolation: detached ? .none : isolation, priority: priority, detached: detached)
        if let name = context.assignedName, translator.codebase.taskHandles.contains(name) {
            spawn.name = name  // `let upload = Task { … }` with `upload.cancel()` or `upload.value` in the files
        }
        return [ImportedStep(translator.reference(expr.location, context), children: [body]) { .spawnTask(spawn, body: $0[0]) }]
    }

    // MARK: - Semaphores

    static func isSemaphore(_ name: String, _ context: StepTranslator.Context, _ translator: StepTranslator) -> Bool {
        context.semaphores.contains(name) || translator.codebase.semaphoreNames.contains(name)
    }

    /// `semaphore.wait()`, `semaphore.wait(timeout: .now() + 2)`, `semaphore.wait(wallTimeout: .now() + 2)` (a
    /// wall-clock deadline: the same span in the model, which has one clock).
    static let semaphoreWait = StepRecogniser(name: "DispatchSemaphore.wait") { expr, context, translator in
        guard let (callee, arguments, _, _) = call(expr), case .member(let receiver, "wait") = callee.kind,
            let name = variable(receiver), isSemaphore(name, context, translator)
        else { return nil }
        let timeout = waitTimeout(argument("timeout", arguments) ?? argument("wallTimeout", arguments), expr, context, &translator)
        return [ImportedStep(.wait(semaphore: name, timeout: timeout), translator.reference(expr.location, context))]
    }

    /// The value an import writes for a wait's timeout (or a dispatch's delay) it cannot read: a
    /// placeholder the summary names with its place, for the user to set in the written step.
    static let unreadTimeoutPlaceholderMs: Int64 = 1000

    /// A wait's `timeout:` (`nil`: none given, or `.distantFuture`). One the importer cannot read
    /// (`.now() + someInterval`) keeps the wait, with a placeholder timeout named in a note.
    static func waitTimeout(
        _ given: SwiftExpr?, _ expr: SwiftExpr, _ context: StepTranslator.Context, _ translator: inout StepTranslator,
        member: String = "timeoutMs"
    ) -> VirtualDuration? {
        guard let given, !isDistantFuture(given) else { return nil }
        if let nanoseconds = dispatchTimeout(given, constants: translator.constants(context)),
            let read = duration(nanoseconds: nanoseconds)
        {
            return read
        }
        return unreadPlaceholder(expr, context, &translator, what: "timeout", member: member)
    }

    /// The placeholder for a time the importer cannot read (it reads `.now() + seconds` and
    /// `.now() + .seconds(n)`), with the note that says where to set it.
    static func unreadPlaceholder(
        _ expr: SwiftExpr, _ context: StepTranslator.Context, _ translator: inout StepTranslator,
        what: String, member: String
    ) -> VirtualDuration {
        let place = translator.reference(expr.location, context).place
        translator.note(.assumption, expr.location, context, "\(what) not read (the importer reads .now() + seconds or "
            + ".now() + .seconds(n)): modelled as \(unreadTimeoutPlaceholderMs) ms; set it in the scenario, as the "
            + "\(member) of the step whose source is \(place)")
        return .ms(unreadTimeoutPlaceholderMs)
    }

    /// `.distantFuture`, `DispatchTime.distantFuture`: no timeout.
    static func isDistantFuture(_ expr: SwiftExpr) -> Bool {
        switch expr.kind {
        case .implicitMember("distantFuture"), .member(_, "distantFuture"): true
        default: false
        }
    }

    /// `.now() + 2`, `DispatchTime.now() + .milliseconds(500)`, `.distantFuture` (no timeout is nil);
    /// `.now() + saveTimeout` when `saveTimeout` (or `self.saveTimeout`) is a `let` property of the calling
    /// type with a literal value (``SwiftCodebase/constants``, given as `constants`).
    static func dispatchTimeout(_ expr: SwiftExpr, constants: [String: SwiftExpr] = [:]) -> Double? {
        guard case .binary(let operands, let operators) = expr.kind, operators == ["+"], operands.count == 2 else { return nil }
        var interval = operands[1]
        if let name = propertyName(interval), let value = constants[name] { interval = value }
        if let seconds = number(interval) { return seconds * 1e9 }
        return durationNanoseconds(interval)
    }

    /// `name` or `self.name`: a property of the calling type; `nil` for anything else.
    static func propertyName(_ expr: SwiftExpr) -> String? {
        switch expr.kind {
        case .name(let name): name
        case .member(let base, let name) where isName(base, "self") || isName(base, "Self"): name
        default: nil
        }
    }

    /// `semaphore.signal()`.
    static let semaphoreSignal = StepRecogniser(name: "DispatchSemaphore.signal") { expr, context, translator in
        guard let (callee, arguments, _, _) = call(expr), arguments.isEmpty, case .member(let receiver, "signal") = callee.kind,
            let name = variable(receiver), isSemaphore(name, context, translator)
        else { return nil }
        return [ImportedStep(.signal(semaphore: name), translator.reference(expr.location, context))]
    }

    // MARK: - Background tasks

    /// `id = UIApplication.shared.beginBackgroundTask(withName:expirationHandler:) { … }`.
    package static let beginBackgroundTask = StepRecogniser(name: "beginBackgroundTask") { expr, context, translator in
        guard let (callee, arguments, trailing, _) = call(expr), StepTranslator.chain(callee).last == "beginBackgroundTask",
            !translator.definesFunction(callee, context)
        else { return nil }
        let task = context.assignedName ?? "backgroundTask"
        var expiration: [ImportedStep] = []
        if let handler = closure(arguments, trailing) {
            var inner = context
            inner.isAsync = false
            inner.assignedName = nil
            inner.isolation = .mainActor
            expiration = translator.translate(handler.body, inner)
        }
        return [ImportedStep(translator.reference(expr.location, context), children: [expiration]) {
            .beginBackgroundTask(task, expiration: $0[0])
        }]
    }

    /// `UIApplication.shared.endBackgroundTask(id)`.
    package static let endBackgroundTask = StepRecogniser(name: "endBackgroundTask") { expr, context, translator in
        guard let (callee, arguments, _, _) = call(expr), StepTranslator.chain(callee).last == "endBackgroundTask",
            !translator.definesFunction(callee, context)
        else { return nil }
        guard let given = arguments.first?.value, let task = variable(given) else {
            translator.note(.untranslated, expr.location, context, "endBackgroundTask of something that is not a variable")
            return []
        }
        return [ImportedStep(.endBackgroundTask(task), translator.reference(expr.location, context))]
    }

    // MARK: - Sleeping

    /// `Thread.sleep(forTimeInterval:)`, `usleep(µs)`, `sleep(s)`: block the thread.
    static let threadSleep = StepRecogniser(name: "Thread.sleep / usleep / sleep") { expr, context, translator in
        guard let (callee, arguments, _, awaited) = call(expr), !awaited, arguments.count == 1 else { return nil }
        let scale: Double
        switch StepTranslator.chain(callee) {
        case ["Thread", "sleep"] where arguments[0].label == "forTimeInterval": scale = 1e9
        case ["usleep"]: scale = 1e3
        case ["sleep"] where arguments[0].label == nil: scale = 1e9
        default: return nil
        }
        guard let value = number(arguments[0].value), let duration = duration(nanoseconds: value * scale) else {
            translator.note(.untranslated, expr.location, context, "a sleep whose duration is not a number: write it by hand")
            return []
        }
        return [ImportedStep(.sleep(duration), translator.reference(expr.location, context))]
    }

    /// `try await Task.sleep(nanoseconds:)`, `Task.sleep(for: .seconds(n))`: suspend the task. Cancelled,
    /// it throws: `try?` discards the error (the body goes on: `"try": "try?"`); a plain `try` ends the
    /// task's body, noted when a `do { } catch` around it would catch the error and go on in Swift.
    package static let taskSleep = StepRecogniser(name: "Task.sleep") { expr, context, translator in
        guard let (callee, arguments, _, _) = call(expr), StepTranslator.chain(callee) == ["Task", "sleep"],
            let given = arguments.first
        else { return nil }
        let nanoseconds: Double?
        switch given.label {
        case "nanoseconds": nanoseconds = number(given.value)
        case "for": nanoseconds = durationNanoseconds(given.value)
        case "seconds": nanoseconds = number(given.value).map { $0 * 1e9 }
        default: nanoseconds = nil
        }
        guard context.isAsync, let nanoseconds, let duration = duration(nanoseconds: nanoseconds) else {
            translator.note(.untranslated, expr.location, context, context.isAsync
                ? "a Task.sleep whose duration is not a number: write it by hand" : "Task.sleep outside a task body")
            return []
        }
        switch tryWord(expr) {
        case "try?":
            return [ImportedStep(.taskSleepDiscardingError(duration), translator.reference(expr.location, context))]
        case "try" where context.inDoCatch:
            translator.note(.assumption, expr.location, context, "try await Task.sleep in a do { } catch: cancelled, "
                + "its CancellationError is taken as uncaught and ends the task's body (in Swift the catch runs and "
                + "the code goes on): write it as \"try\": \"try?\" by hand if the catch ignores it")
        default: break
        }
        return [ImportedStep(.taskSleep(duration), translator.reference(expr.location, context))]
    }
}
