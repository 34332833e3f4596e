/// Translates the statements of a lifecycle entry point into program steps: each statement is
/// offered to the ``StepRecogniser/all`` table in order, calls into the given files are followed
/// (at most ``maxCallDepth`` deep), and whatever is left becomes an ``ImportNote``.
struct StepTranslator {
    /// How many calls deep the translator follows functions defined in the given files.
    static let maxCallDepth = 8

    /// A closure bound to a name (a local, or a parameter of a followed function), with the file and
    /// type it is written in (its `self` and its lines are theirs).
    struct BoundClosure {
        var closure: SwiftClosure
        var file: SwiftFile
        var typeName: String?
    }

    /// Where the code being translated runs.
    struct Context {
        var file: SwiftFile
        var isolation: SwiftCodebase.Isolation
        /// Directly in a task body, where `await` is allowed.
        var isAsync: Bool
        /// The type whose methods a bare call names first.
        var typeName: String?
        /// Functions being followed, to stop recursion.
        var callStack: [String] = []
        /// Loop variables bound to `Activity<…>.activities`.
        var activityNames: Set<String> = []
        /// Semaphores created by `let name = DispatchSemaphore(value:)` in the code translated so far.
        var semaphores: Set<String> = []
        /// The name a value is assigned to (`let id = beginBackgroundTask…`), for the recognisers.
        var assignedName: String?
        /// The task group whose body this is directly (`withTaskGroup { group in … }`): its name.
        var taskGroup: String?
        /// `async let` names declared so far in this body.
        var asyncLets: Set<String> = []
        /// Directly in a task's body (not in a function it calls or a closure it passes): a `return`
        /// here ends the task's body.
        var atTaskBodyTop = false
        /// In the body of a `do { } catch` of the current task body (or of a function it calls): an error
        /// thrown here is caught in Swift, where the scenario's throwing steps end the task's body.
        var inDoCatch = false
        /// In the body of an `isolatedCall` (a method of an actor, followed from a task).
        var inIsolatedCall = false
        /// Closures bound to local names (`let finish = { … }`): calling one runs its body here.
        var localClosures: [String: BoundClosure] = [:]
        /// Locals bound to a background `URLSession`'s upload or download task, not yet resumed.
        var transferTasks: [String: (name: String, location: SwiftLocation)] = [:]
        /// Locals bound to a `BGTaskScheduler` request (`let request = BGAppRefreshTaskRequest(…)`), with
        /// what the code so far says of its `earliestBeginDate`.
        var taskRequests: [String: RequestStart] = [:]
        /// Locals bound to a number or simple arithmetic of numbers (`let interval: TimeInterval = 15 * 60`).
        var numbers: [String: Double] = [:]
    }

    /// Flags polled by a `while !flag` loop that nothing in the entry point's code sets: such a loop
    /// is noted instead of translated (a `waitUntil` that nothing ends does not validate).
    var unsetFlags: Set<String> = []
    /// Task handles that no task step of the entry point's code spawns: their `cancel()` and `.value`
    /// are noted instead of translated (a `cancel` or `awaitTask` of no task does not validate).
    var unspawnedTasks: Set<String> = []
    /// Translating an early exit's branch only to count its steps (``translateEarlyExit``): no further probe.
    var isProbing = false
    /// Statements translated for the current entry point, an early exit's probe of its branch included (the
    /// work its translation did), and whether its budget's note was written (StepTranslator+Budget.swift).
    var statementsTranslated = 0
    var budgetNoted = false
    /// The app's own queues and actors the translated code uses, in first-use order.
    private(set) var usedQueues: [String] = []
    private(set) var usedActors: [String] = []

    /// Queues the code does not declare but a call implies: a Core Data context's private queue, which
    /// `context.perform { }` runs its block on (``StepRecogniser/contextPerform``), by the name it is written under.
    private(set) var impliedQueues: [String: ImportedQueue] = [:]

    mutating func useQueue(_ name: String) {
        if !usedQueues.contains(name) { usedQueues.append(name) }
    }

    /// Uses a queue the code implies (``impliedQueues``), declared in the scenario as it says.
    mutating func useImpliedQueue(_ name: String, _ queue: ImportedQueue) {
        if impliedQueues[name] == nil { impliedQueues[name] = queue }
        useQueue(name)
    }

    /// The `let` properties with a literal value of the type the code is in (``SwiftCodebase/constants``),
    /// less the names a local of the code shadows (a local bound to a number).
    func constants(_ context: Context) -> [String: SwiftExpr] {
        guard let type = context.typeName, let constants = codebase.constants[type] else { return [:] }
        return constants.filter { context.numbers[$0.key] == nil }
    }

    /// The declaration of a queue the translated code uses: the code's own, else one a call implies.
    func queue(named name: String) -> ImportedQueue? { codebase.queues[name] ?? impliedQueues[name] }

    mutating func useActor(_ name: String) {
        if !usedActors.contains(name) { usedActors.append(name) }
    }

    let codebase: SwiftCodebase
    private(set) var notes: [ImportNote] = []
    /// System calls the translated code makes, in first-use order, with where they were first seen.
    private(set) var calls: [ImportedCall] = []
    /// The names of the locals (`let`/`var` in a body) translated so far, in order, repeats kept: the
    /// whole app names an entry point's locals after it (``WholeApp``), where its properties are shared.
    private(set) var locals: [String] = []

    init(codebase: SwiftCodebase) { self.codebase = codebase }

    func reference(_ location: SwiftLocation, _ context: Context) -> SwiftReference {
        let lines = context.file.lines
        var code = location.line - 1 < lines.count ? lines[location.line - 1] : ""
        code = code.trimmingCharacters(in: .whitespaces)
        if code.count > 120 { code = String(code.prefix(119)) + "…" }
        return SwiftReference(file: context.file.path, line: location.line, column: location.column, code: code)
    }

    mutating func note(
        _ kind: ImportNote.Kind, _ location: SwiftLocation, _ context: Context, _ message: String,
        topic: ImportNote.Topic = .other, dropsAwait: Bool = false
    ) {
        var note = ImportNote(
            kind: kind, file: context.file.path, line: location.line, column: location.column, message: message, topic: topic)
        note.dropsAwait = dropsAwait
        notes.append(note)
    }

    /// Records a system call at its first place; a later one of the same name whose start differs is noted
    /// (the scenario has one entry per name, with the first one's start).
    mutating func recordCall(
        _ name: String, _ source: SwiftReference, kind: ImportedCall.Kind = .awaited, start: ImportedCall.ServiceStart? = nil
    ) {
        guard let first = calls.first(where: { $0.name == name }) else {
            calls.append(ImportedCall(name: name, source: source, kind: kind, start: start))
            return
        }
        if let start, let written = first.start, start.delay != written.delay {
            notes.append(ImportNote(kind: .assumption, file: source.file, line: source.line, column: source.column,
                message: "\(name): this request's start (\(start.description)) is not the one written: the scenario has "
                    + "one systemCalls[\"\(name)\"], written with the start of the call at \(first.source.place) "
                    + "(\(written.description)); to model both, give this call a system call of its own by hand"))
        }
    }

    // MARK: - Statements

    mutating func translate(_ statements: [SwiftStatement], _ context: Context) -> [ImportedStep] {
        var steps: [ImportedStep] = [], deferred: [[ImportedStep]] = []
        var context = context
        for (index, statement) in statements.enumerated() {
            countStatement()
            if let exit = availableExit(statement) {
                // `if #available(…) { …; return }`: taken as available, its exit is taken; what follows is for
                // older systems.
                steps += translate(statement, &context)
                if index + 1 < statements.count {
                    note(.assumption, statement.location, context, "if #available … { \(exit) }: taken as available (a "
                        + "current iOS), so its exit is taken: the code after it, for older systems, is not translated; "
                        + "write it as a variant by hand if it matters")
                }
                break
            }
            if case .jump(let word, let value) = statement.kind {
                if let value { steps += translate(value, context) }
                guard word == "throw" else { break }
                note(.assumption, statement.location, context, "throw: the code after it is translated as if it did not throw")
                continue
            }
            if case .deferBlock(let body) = statement.kind {
                deferred.insert(translate(body, context), at: 0)
                continue
            }
            steps += translate(statement, &context)
        }
        return steps + deferred.flatMap { $0 }
    }

    private mutating func translate(_ statement: SwiftStatement, _ context: inout Context) -> [ImportedStep] {
        let here = statement.location
        switch statement.kind {
        case .expression(let expr):
            if let (request, start) = Self.earliestBeginDate(expr, context, at: here) {
                context.taskRequests[request] = start  // read where the request is submitted
            }
            return translate(expr, context)
        case .binding(let name, let value):
            locals.append(name)
            guard let value else { return [] }
            if Self.isTaskRequestCreation(value) {
                context.taskRequests[name] = .notSet
                return []
            }
            if let number = Self.arithmetic(value, context) {
                context.numbers[name] = number
                return []
            }
            if SwiftCodebase.isSemaphoreCreation(value) {
                context.semaphores.insert(name)
                if case .call(_, let arguments, _) = value.kind, let count = arguments.first?.value, !Self.isZero(count) {
                    note(.assumption, here, context, "DispatchSemaphore(value:) other than 0: scenario semaphores start at 0; "
                        + "give the first waits a signal by hand")
                }
                return []
            }
            if case .closure(let closure) = value.kind {
                // `let finish = { … }`: run where it is called
                context.localClosures[name] = BoundClosure(closure: closure, file: context.file, typeName: context.typeName)
                return []
            }
            if let transfer = StepRecogniser.backgroundTransferTask(value, context, self) {
                context.transferTasks[name] = (transfer, here)  // its `resume()` hands it to the system
                return []
            }
            var inner = context
            inner.assignedName = name
            return translate(value, inner)
        case .asyncLet(let name, let value):
            return translateAsyncLet(name, value, here, &context)
        case .forIn(let pattern, let sequence, let body, let awaits):
            if awaits, let group = context.taskGroup, StepRecogniser.variable(sequence) == group {
                return translateGroupLoop(body, here, context)  // `for await result in group`
            }
            if let (callee, _, _, _) = StepRecogniser.call(sequence), case .member(_, "notifications") = callee.kind {
                // `for await _ in NotificationCenter.default.notifications(named:)`: its body runs when the
                // notification is posted, an entry point of its own (or named, EntryPoint+Notifications.swift).
                return []
            }
            var inner = context
            if Self.isActivityList(sequence) {
                inner.activityNames.insert(pattern)
                note(.assumption, here, context, "for … in Activity<…>.activities: one activity, as in the reference experiment")
            } else {
                note(.assumption, here, context, "a for loop: its body is translated once")
            }
            return translate(sequence, context) + translate(body, inner)
        case .ifStatement(let conditions, let then, let otherwise):
            if let options = launchOptionsCondition(here, context) {
                return translateLaunchOptionsIf(options, then, otherwise, here, context)
            }
            if let steps = translateCancelledIf(conditions, then, otherwise, here, context) { return steps }
            if !conditions.allSatisfy(Self.isAvailabilityCheck),
                let steps = translateEarlyExit(conditions, then, otherwise, here, context)
            {
                return steps
            }
            let steps = conditions.flatMap { translate($0, context) }
            if conditions.isEmpty || !conditions.allSatisfy(Self.isAvailabilityCheck) {
                note(.assumption, here, context, "if: the condition is taken as true"
                    + (otherwise == nil ? "" : "; the else branch cannot be translated (the scenario language has no "
                        + "condition on the app's state): write it as a variant by hand"))
            } else if otherwise != nil {
                note(.assumption, here, context, "if #available: taken as available (a current iOS); the else branch, "
                    + "for older systems, is not translated: write it as a variant by hand if it matters")
            }
            return steps + translate(then, context)
        case .guardStatement(let conditions, let otherwise):
            return translateGuard(conditions, otherwise, here, context)
        case .switchStatement:
            note(.untranslated, here, context, "switch: write the case that runs by hand")
            return []
        case .doBlock(let body, let catches):
            var inner = context
            if !catches.isEmpty { inner.inDoCatch = true }
            let steps = translate(body, inner)
            for clause in catches { noteCatch(clause, context) }
            return steps
        case .loop(let keyword, let conditions, let body):
            if keyword == "while", let flag = SwiftCodebase.polledFlag(conditions, body), let poll = pollInterval(body, context) {
                guard !unsetFlags.contains(flag) else {
                    note(.untranslated, here, context, "while !\(flag): nothing in this entry point's code sets \(flag) = true, "
                        + "so the loop could never end: write it by hand")
                    return []
                }
                return [ImportedStep(.waitUntil(flag: flag, poll: poll), reference(here, context))]
            }
            note(.untranslated, here, context, "cannot translate a \(keyword) loop: write it by hand (only "
                + "while !flag { Thread.sleep(…) } is read, as a waitUntil step)")
            return []
        case .declaration(.function(let function)):
            // `func finish() { … }` inside a body: run where it is called, as a local closure is.
            if let body = function.body {
                let closure = SwiftClosure(attributes: function.attributes, parameters: [], body: body, location: function.location)
                context.localClosures[function.name] = BoundClosure(closure: closure, file: context.file, typeName: context.typeName)
            }
            return []
        case .declaration:
            return []
        case .opaque(let text):
            note(.untranslated, here, context, "'\(text)': not a statement the importer reads")
            return []
        case .jump, .deferBlock:
            return []
        }
    }

    /// A `catch` clause: the scenario language has no do/catch (a throwing step ends the task's body), so
    /// the clause is named with its place, never dropped silently; the `do` body before it is translated.
    private mutating func noteCatch(_ clause: SwiftCatchClause, _ context: Context) {
        let what = clause.pattern.isEmpty ? "catch" : "catch \(clause.pattern)"
        let runs = clause.body.isEmpty
            ? "this clause is empty: in Swift the error is ignored and the code after the do goes on (give a throwing "
                + "step \"try\": \"try?\" by hand to model that)"
            : "this clause, which runs only when the do body throws, is not translated: write it by hand if it matters"
        note(.untranslated, clause.location, context, "\(what): the scenario language has no do/catch; the do body is "
            + "translated (a step of it that throws, such as a cancelled taskSleep or checkCancellation, ends the task's "
            + "body); \(runs)")
    }

    // MARK: - Expressions

    mutating func translate(_ expr: SwiftExpr, _ context: Context) -> [ImportedStep] {
        let (rest, first) = translateEvaluatedFirst(expr, context)
        for recogniser in StepRecogniser.all {
            if let steps = recogniser.translate(rest, context, &self) { return first + steps }
        }
        return first + translateRest(rest, context)
    }

    /// What no recogniser took: a followed call, an awaited system call, an assignment, or a note.
    private mutating func translateRest(_ expr: SwiftExpr, _ context: Context) -> [ImportedStep] {
        switch expr.kind {
        case .prefix(let word, let operand):
            if word == "await" { return translateAwait(operand, expr.location, context) }
            return translate(operand, context)
        case .binary(let operands, let operators):
            if operators == ["="], let flag = StepRecogniser.variable(operands[0]), codebase.polledFlags.contains(flag),
                case .name("true") = operands[1].kind
            {
                return [ImportedStep(.setFlag(flag), reference(expr.location, context))]
            }
            if operators.count == 1, Self.isAssignment(operators[0]), let name = Self.assignedName(operands[0]) {
                // `cache[await key()] = value`: the target's subscripts and base run first; a property's
                // observers after the value is stored.
                let target = translateEvaluatedFirst(operands[0], context).steps
                var inner = context
                inner.assignedName = operators[0] == "=" ? name : nil
                return target + translate(operands[1], inner) + propertyObservers(operands[0], expr.location, context)
            }
            if let question = operators.firstIndex(of: "?"), let colon = operators[question...].firstIndex(of: ":") {
                // `condition ? a : b`: as an `if`, the condition taken as true; the other branch named.
                if operands[(colon + 1)...].contains(where: Self.makesCall) {
                    note(.assumption, expr.location, context, "a ? b : c: the condition is taken as true; the branch after "
                        + "':' cannot be translated (the scenario language has no condition on the app's state): write it as "
                        + "a variant by hand if it matters")
                }
                return operands[...colon].flatMap { translate($0, context) }
            }
            return operands.flatMap { translate($0, context) }
        case .call(let callee, let arguments, let trailing):
            if case .name(let name) = callee.kind, let bound = context.localClosures[name] {
                return translateLocalClosure(name, bound, expr.location, context)
            }
            if case .closure(let closure) = callee.kind, arguments.isEmpty, trailing.isEmpty {
                return translateInPlace(closure, context)  // `{ … }()`
            }
            if let (name, bound) = propertyClosure(callee, context) {
                return translateLocalClosure(name, bound, expr.location, context)  // `lazy var cleanup = { … }`; `cleanup()`
            }
            if let followed = follow(callee, expr.location, context, closures: (arguments, trailing)) { return followed }
            let name = Self.callName(callee)
            if !Self.harmless.contains(name), !Self.isValueCall(callee) {
                // The note's kind says "taken as instant"; the message does not say it again.
                note(.instant, expr.location, context, "\(name)(…): a synchronous call the importer does not know; if it is "
                    + "slow, add a work step of its duration by hand")
            }
            let closures = arguments.compactMap { if case .closure(let c) = $0.value.kind { c } else { nil } } + trailing
            for closure in closures {
                note(.untranslated, closure.location, context, "a closure passed to \(name)(…): when it runs is unknown; "
                    + "write it by hand if it matters", topic: .closureOfUnknownCall, dropsAwait: Self.awaits(closure.body))
            }
            return []
        case .closure(let closure):
            note(.untranslated, closure.location, context, "a closure that is not called here")
            return []
        case .tuple(let arguments), .collection(let arguments):
            return arguments.flatMap { translate($0.value, context) }
        case .name, .member:
            return followGetter(expr, context) ?? []
        case .implicitMember, .literal, .generic, .pound, .opaque:
            return []
        }
    }

    /// `=` and the compound assignments (`+=`, `??=`), not the comparisons.
    static func isAssignment(_ op: String) -> Bool {
        op == "=" || (op.hasSuffix("=") && !["==", "!=", "<=", ">=", "===", "!=="].contains(op))
    }

    /// `await f()`: a function of the given files is followed; any other call becomes a system call.
    private mutating func translateAwait(_ operand: SwiftExpr, _ location: SwiftLocation, _ context: Context) -> [ImportedStep] {
        var core = operand
        while case .prefix(_, let inner) = core.kind { core = inner }
        if let names = awaitedLets(core, context) {
            return names.map { ImportedStep(.awaitLet(name: $0), reference(location, context)) }
        }
        if let steps = translateTaskValue(core, location, context) { return steps }
        core = Self.awaitedCall(core)
        if case .tuple(let elements) = core.kind, elements.count > 1 {
            // `await (a(), b())`: each element is awaited, in order.
            return elements.flatMap { translateAwait($0.value, $0.value.location, context) }
        }
        if case .call(let callee, let arguments, let trailing) = core.kind, case .closure(let closure) = callee.kind,
            arguments.isEmpty, trailing.isEmpty
        {
            return translateInPlace(closure, context)  // `await { … }()`
        }
        if case .call(let callee, _, _) = core.kind, Self.chain(callee) == ["Task", "yield"] {
            note(.instant, location, context, "await Task.yield(): a suspension the scenario language has no step for "
                + "(the task goes on at once)")
            return []
        }
        guard case .call(let callee, let arguments, let trailing) = core.kind else {
            return translateAwaitedProperty(core, location, context)
        }
        if let followed = follow(callee, location, context, closures: (arguments, trailing), awaited: true) { return followed }
        guard inTask(location, context) else { return [] }
        let name = systemCallName(callee, context)
        let source = reference(location, context)
        recordCall(name, source)
        return [ImportedStep(.call(name), source)]
    }

    /// Follows a call into a function defined in the given files (or an initializer of a type of the
    /// files: StepTranslator+Accessors.swift); `nil` when it names none.
    private mutating func follow(
        _ callee: SwiftExpr, _ location: SwiftLocation, _ context: Context,
        closures: (arguments: [SwiftArgument], trailing: [SwiftClosure]) = ([], []), awaited: Bool = false
    ) -> [ImportedStep]? {
        let (base, name) = Self.splitCallee(callee)
        guard let name else { return nil }
        guard let function = codebase.resolve(name: name, receiver: base.map(Self.chain) ?? [], callingType: context.typeName)
        else { return followInitializer(callee, location, context, closures: closures) }
        return enter(function, name: name, location, context, closures: closures, awaited: awaited)
    }

    /// Translates a function of the files where it is called: its body, with the closures the call passes
    /// bound to its parameters; on another actor from a task, an `isolatedCall`. A call that recurses, or
    /// nests deeper than ``maxCallDepth``, is named instead.
    mutating func enter(
        _ function: SwiftCodebase.Function, name: String, _ location: SwiftLocation, _ context: Context,
        closures: (arguments: [SwiftArgument], trailing: [SwiftClosure]) = ([], []), awaited: Bool = false
    ) -> [ImportedStep] {
        let key = "\(function.typeName ?? "").\(name)\(function.function.accessor.map { ".\($0)" } ?? "")"
        guard !context.callStack.contains(key) else {
            note(.untranslated, location, context, "\(name)(…) calls itself: followed once")
            return []
        }
        guard context.callStack.count < Self.maxCallDepth else {
            note(.untranslated, location, context, "\(name)(…): calls nested more than \(Self.maxCallDepth) deep are not followed",
                dropsAwait: awaited)
            return []
        }
        guard mayFollow(name, location, context, awaited: awaited) else { return [] }
        var inner = context
        inner.file = function.file
        inner.typeName = function.typeName
        inner.callStack.append(key)
        inner.assignedName = nil
        inner.atTaskBodyTop = false
        inner.localClosures = closureParameters(closures.arguments, closures.trailing, function.function, name, context)
        inner.transferTasks = [:]
        inner.taskRequests = [:]
        inner.numbers = [:]
        if !context.isAsync || function.function.isAsync { inner.isolation = function.isolation }
        inner.taskGroup = nil
        inner.asyncLets = []
        if case .actor(let actor) = function.isolation, context.isolation != function.isolation {
            guard context.isAsync else {
                note(.untranslated, location, context, "\(name)(…) runs on actor \(actor), called outside a task body: "
                    + "translated where it is called; put the call in a task by hand")
                return translate(function.function.body ?? [], inner)
            }
            useActor(actor)
            inner.isolation = function.isolation
            inner.isAsync = true
            inner.inIsolatedCall = true
            let body = translate(function.function.body ?? [], inner)
            return [ImportedStep(reference(location, context), children: [body]) { .isolatedCall(actor: actor, body: $0[0]) }]
        }
        return translate(function.function.body ?? [], inner)
    }

    /// Whether a call names a function of the given files (the app's own `endBackgroundTask(identifier:)`
    /// is followed, not taken for UIKit's).
    func definesFunction(_ callee: SwiftExpr, _ context: Context) -> Bool {
        let (base, name) = Self.splitCallee(callee)
        guard let name else { return false }
        return codebase.resolve(name: name, receiver: base.map(Self.chain) ?? [], callingType: context.typeName) != nil
            || initializedType(callee).map { codebase.initializer(of: $0, labels: []) != nil } == true
    }

    // MARK: - Names

    /// Calls that take no time worth a note.
    static let harmless: Set<String> = [
        "print", "debugPrint", "NSLog", "os_log", "assert", "precondition", "fatalError",
        "NotificationCenter.default.addObserver", "NotificationCenter.default.removeObserver",
    ]

    /// Calls that build or transform values rather than do work: a type's initializer (`Date()`) and
    /// the standard library's collection methods. They get no "taken as instant" note (docs/import.md
    /// lists them); a call with side effects (`UserDefaults.standard.set`, `removeObject`, `cancel`,
    /// `invalidate`) is not one of them: it is named.
    static func isValueCall(_ callee: SwiftExpr) -> Bool {
        let names = chain(callee)
        // A type's initializer, also a nested type's (`Attributes.ContentState(…)`).
        if names.last?.first?.isUppercase == true { return true }
        return ["map", "compactMap", "flatMap", "filter", "forEach", "sorted", "joined", "contains", "first", "reduce",
                "append", "removeAll", "insert", "remove", "toggle",
                "removeValue", "addingTimeInterval"].contains(names.last ?? "")
    }

    /// Whether an expression calls something (a call, or a closure that does is not counted).
    static func makesCall(_ expr: SwiftExpr) -> Bool {
        switch expr.kind {
        case .call: true
        case .prefix(_, let inner), .member(let inner, _), .generic(let inner, _): makesCall(inner)
        case .binary(let operands, _): operands.contains(where: makesCall)
        case .tuple(let elements), .collection(let elements): elements.contains { makesCall($0.value) }
        case .name, .implicitMember, .literal, .closure, .pound, .opaque: false
        }
    }

    /// `a.b.c` → (`a.b`, `c`); a bare name `f` → (nil, `f`).
    static func splitCallee(_ callee: SwiftExpr) -> (base: SwiftExpr?, name: String?) {
        switch callee.kind {
        case .name(let name): return (nil, name)
        case .member(let base, let name):
            if case .name("self") = base.kind { return (nil, name) }
            return (base, name)
        case .generic(let inner, _): return splitCallee(inner)
        default: return (nil, nil)
        }
    }

    /// The dotted names of a member chain, without `self` and calls' arguments: `Foo.shared.bar`.
    static func chain(_ expr: SwiftExpr) -> [String] {
        switch expr.kind {
        case .name(let name): return name == "self" ? [] : [name]
        case .member(let base, let name): return chain(base) + [name]
        case .call(let callee, _, _): return chain(callee)
        case .generic(let inner, _): return chain(inner)
        case .prefix(_, let inner): return chain(inner)
        case .implicitMember(let name): return [name]
        case .tuple(let elements):
            // `(UIApplication.shared.delegate as? AppDelegate)?.saveContext()`: the type cast to.
            guard elements.count == 1, case .binary(let operands, let operators) = elements[0].value.kind,
                let last = operators.last, last.hasPrefix("as"), case .name(let type) = operands[operands.count - 1].kind
            else { return [] }
            return [type]
        default: return []
        }
    }

    /// The name an assignment's target binds a value to: `name`, `self.name`, `a.b.name` → `name`.
    static func assignedName(_ target: SwiftExpr) -> String? {
        switch target.kind {
        case .name(let name), .member(_, let name): name
        default: nil
        }
    }

    static func callName(_ callee: SwiftExpr) -> String {
        let names = chain(callee)
        return names.isEmpty ? "call" : names.joined(separator: ".")
    }

    /// A system call's name: the last member of the receiver's chain and the method, singletons'
    /// accessors left out (`Analytics.shared.flush` → `Analytics.flush`, `container.mainContext.save` →
    /// `mainContext.save`: the object the call is made on), or `Activity.<method>` on a loop variable
    /// over the activities.
    func systemCallName(_ callee: SwiftExpr, _ context: Context) -> String {
        let names = Self.chain(callee).filter { !["shared", "default", "standard", "current", "main"].contains($0) }
        guard let method = names.last else { return "call" }
        if names.count >= 2, context.activityNames.contains(names[0]) || names[names.count - 2].lowercased().contains("activity")
            || Self.isActivity(names, codebase)
        {
            return "Activity.\(method)"
        }
        return names.count >= 2 ? "\(names[names.count - 2]).\(method)" : method
    }

    /// A method called on an activity: one of `Activity<…>.activities` (`Activity<A>.activities.first?.end(…)`),
    /// or a property the files declare of type `Activity<…>` (`var la: Activity<A>?`, then `self.la?.end(…)`).
    static func isActivity(_ names: [String], _ codebase: SwiftCodebase) -> Bool {
        if names.count >= 3, names[0] == "Activity", names[1] == "activities" { return true }
        return names.count == 2 && codebase.declaredTypes[names[0]] == "Activity"
    }

    static func isActivityList(_ expr: SwiftExpr) -> Bool {
        guard case .member(let base, "activities") = expr.kind else { return false }
        if case .generic(let inner, _) = base.kind, case .name("Activity") = inner.kind { return true }
        if case .name("Activity") = base.kind { return true }
        return false
    }

    static func isAvailabilityCheck(_ expr: SwiftExpr) -> Bool {
        if case .pound(let word, _) = expr.kind { return word == "#available" || word == "#unavailable" }
        return false
    }

    static func isZero(_ expr: SwiftExpr) -> Bool {
        if case .literal(let text) = expr.kind { return Double(text.replacingOccurrences(of: "_", with: "")) == 0 }
        return false
    }
}
