/// A `BGTaskScheduler` request's start: the `earliestBeginDate` the code gives it before
/// `BGTaskScheduler.shared.submit(request)`, which becomes the system call's `serviceStartAfterMs`
/// (docs/scenario-format.md, "Services that outlive the process": the launch comes
/// `serviceStartAfterMs` after the submission, "the system doesn’t guarantee launching the task at the
/// specified date, but only that it won’t begin sooner").
extension StepTranslator {
    /// What the code says of a request's `earliestBeginDate`, as far as the importer reads it.
    enum RequestStart {
        /// No `earliestBeginDate` is set on the request (`nil`: "no start delay").
        case notSet
        /// `request.earliestBeginDate = Date(timeIntervalSinceNow: 15 * 60)`: the delay, and where it is set.
        case read(VirtualDuration, SwiftLocation)
        /// Set to something the importer cannot read, at this place.
        case unread(SwiftLocation)
    }

    /// The request types of `BGTaskScheduler`.
    static let taskRequestTypes: Set<String> = [
        "BGAppRefreshTaskRequest", "BGProcessingTaskRequest", "BGContinuedProcessingTaskRequest",
    ]

    /// Whether an expression makes a new request: `BGAppRefreshTaskRequest(identifier: "refresh")`.
    static func isTaskRequestCreation(_ expr: SwiftExpr) -> Bool {
        guard case .call(let callee, _, _) = expr.kind, case .name(let type) = callee.kind else { return false }
        return taskRequestTypes.contains(type)
    }

    /// `request.earliestBeginDate = value` as a statement: the request's variable and its start; `nil`
    /// for any other statement.
    static func earliestBeginDate(
        _ expr: SwiftExpr, _ context: Context, at location: SwiftLocation
    ) -> (String, RequestStart)? {
        guard case .binary(let operands, let operators) = expr.kind, operators.first == "=",
            case .member(let base, "earliestBeginDate") = operands[0].kind, let request = StepRecogniser.variable(base)
        else { return nil }
        // The parser keeps `a = b + c` flat: the value is what follows the `=`.
        let rest = SwiftExpr.Kind.binary(Array(operands.dropFirst()), operators: Array(operators.dropFirst()))
        let value = operators.count == 1 ? operands[1] : SwiftExpr(kind: rest, location: operands[1].location)
        if case .name("nil") = value.kind { return (request, .notSet) }
        guard let seconds = secondsFromNow(value, context),
            let delay = StepRecogniser.duration(nanoseconds: max(0, seconds) * 1e9)
        else { return (request, .unread(location)) }
        return (request, .read(delay, location))
    }

    /// `Date(timeIntervalSinceNow: s)`, `Date().addingTimeInterval(s)`, `Date.now.addingTimeInterval(s)`,
    /// `Date() + s`, `Date.now + s`: `s`, when it is a number, a local constant or simple arithmetic of them.
    static func secondsFromNow(_ expr: SwiftExpr, _ context: Context) -> Double? {
        func isNow(_ expr: SwiftExpr) -> Bool {
            switch expr.kind {
            case .call(let callee, let arguments, let trailing):
                StepRecogniser.isName(callee, "Date") && arguments.isEmpty && trailing.isEmpty
            case .member(let base, "now"): StepRecogniser.isName(base, "Date")
            case .implicitMember("now"): true
            default: false
            }
        }
        switch expr.kind {
        case .call(let callee, let arguments, _) where arguments.count == 1:
            if StepRecogniser.isName(callee, "Date"), arguments[0].label == "timeIntervalSinceNow" {
                return arithmetic(arguments[0].value, context)
            }
            if case .member(let base, "addingTimeInterval") = callee.kind, isNow(base), arguments[0].label == nil {
                return arithmetic(arguments[0].value, context)
            }
            return nil
        case .binary(let operands, let operators) where operators.first == "+" && isNow(operands[0]):
            return arithmetic(SwiftExpr(kind: .binary(Array(operands.dropFirst()), operators: Array(operators.dropFirst())),
                location: expr.location), context)
        default:
            return nil
        }
    }

    /// A number, a local constant bound to one (``Context/numbers``), or `+ - * /` of them in
    /// parentheses or not (`15 * 60`, `(24 * 60 * 60)`); `nil` for anything else.
    static func arithmetic(_ expr: SwiftExpr, _ context: Context) -> Double? {
        if let value = StepRecogniser.number(expr) { return value }
        switch expr.kind {
        case .name(let name): return context.numbers[name]
        case .tuple(let elements) where elements.count == 1 && elements[0].label == nil:
            return arithmetic(elements[0].value, context)
        case .binary(let operands, let operators):
            guard operators.allSatisfy({ ["+", "-", "*", "/"].contains($0) }) else { return nil }
            var values: [Double] = []
            for operand in operands {
                guard let value = arithmetic(operand, context) else { return nil }
                values.append(value)
            }
            // `*` and `/` first, then `+` and `-`, left to right.
            var terms = [values[0]], signs: [String] = []
            for (index, op) in operators.enumerated() {
                let value = values[index + 1]
                switch op {
                case "*": terms[terms.count - 1] *= value
                case "/":
                    guard value != 0 else { return nil }
                    terms[terms.count - 1] /= value
                default:
                    terms.append(value)
                    signs.append(op)
                }
            }
            var total = terms[0]
            for (index, sign) in signs.enumerated() { total += sign == "+" ? terms[index + 1] : -terms[index + 1] }
            return total.isFinite ? total : nil
        default:
            return nil
        }
    }

    /// The `serviceStartAfterMs` of a `submit(request)`: its request's `earliestBeginDate` when read, else
    /// a placeholder, noted with its place.
    mutating func serviceStart(
        _ arguments: [SwiftArgument], _ location: SwiftLocation, _ context: Context
    ) -> ImportedCall.ServiceStart {
        let placeholder = "serviceStartAfterMs of systemCalls[\"BGTaskScheduler.submit\"] is a placeholder of 0 ms "
            + "(the system may start the task at once): set it"
        switch Self.submittedRequestStart(arguments, context) {
        case .notSet?:
            return ImportedCall.ServiceStart(delay: .zero, origin: .notSet)
        case .read(let delay, let at)?:
            return ImportedCall.ServiceStart(delay: delay, origin: .earliestBeginDate(reference(at, context)))
        case .unread(let at)?:
            note(.assumption, at, context, "earliestBeginDate not read (the importer reads Date(timeIntervalSinceNow: s), "
                + "Date().addingTimeInterval(s) or Date() + s, with s a number, a local constant or arithmetic of them): "
                + placeholder)
            return .placeholder
        case nil:
            note(.assumption, location, context, "the submitted request's earliestBeginDate not found (the importer reads "
                + "it on a request made in the same body: let request = BGAppRefreshTaskRequest(…); "
                + "request.earliestBeginDate = …): " + placeholder)
            return .placeholder
        }
    }

    /// The start of the request `submit` is given: one made in place (no `earliestBeginDate`), or a
    /// local whose `earliestBeginDate` the code before it sets; `nil` when the importer cannot tell.
    static func submittedRequestStart(_ arguments: [SwiftArgument], _ context: Context) -> RequestStart? {
        guard arguments.count == 1 else { return nil }
        let request = arguments[0].value
        if isTaskRequestCreation(request) { return .notSet }
        guard let name = StepRecogniser.variable(request) else { return nil }
        return context.taskRequests[name]
    }
}
