/// Task handles: the names a `Task { … }` is kept under and later used by (`upload.cancel()`,
/// `await upload.value`), so that the task step gets that `name` and the use becomes a `cancel` or
/// an `awaitTask` step.
extension SwiftCodebase {
    /// The receivers of `x.cancel()` and `x.value` in the statements, nested bodies included; and the
    /// names a `Task { }` or `Task.detached { }` is bound or assigned to (`let x = Task {`, `x = Task {`).
    static func taskHandleUses(_ statements: [SwiftStatement]) -> (used: Set<String>, assigned: Set<String>) {
        var names: Set<String> = [], assigned: Set<String> = []
        for statement in statements { collectUses(statement, into: &names, &assigned) }
        return (names, assigned)
    }

    /// `Task { … }`, `Task(priority:) { … }`, `Task.detached { … }`.
    static func isTaskSpawn(_ expr: SwiftExpr) -> Bool {
        guard case .call(let callee, _, _) = expr.kind else { return false }
        let names = StepTranslator.chain(callee)
        return names == ["Task"] || names == ["Task", "detached"]
    }

    private static func collectUses(_ statement: SwiftStatement, into names: inout Set<String>, _ assigned: inout Set<String>) {
        func collectUses(_ statement: SwiftStatement, into names: inout Set<String>) {
            Self.collectUses(statement, into: &names, &assigned)
        }
        func collectUses(_ expr: SwiftExpr, into names: inout Set<String>) {
            Self.collectUses(expr, into: &names, &assigned)
        }
        switch statement.kind {
        case .expression(let expr): collectUses(expr, into: &names)
        case .binding(let name, let value?):
            if isTaskSpawn(value) { assigned.insert(name) }
            collectUses(value, into: &names)
        case .asyncLet(_, let value?): collectUses(value, into: &names)
        case .binding, .asyncLet, .declaration, .opaque: break
        case .forIn(_, let sequence, let body, _):
            collectUses(sequence, into: &names)
            for inner in body { collectUses(inner, into: &names) }
        case .ifStatement(let conditions, let then, let otherwise):
            for condition in conditions { collectUses(condition, into: &names) }
            for inner in then + (otherwise ?? []) { collectUses(inner, into: &names) }
        case .guardStatement(let conditions, let otherwise):
            for condition in conditions { collectUses(condition, into: &names) }
            for inner in otherwise { collectUses(inner, into: &names) }
        case .switchStatement(let subject, let cases):
            collectUses(subject, into: &names)
            for inner in cases.flatMap(\.body) { collectUses(inner, into: &names) }
        case .doBlock(let body, _), .deferBlock(let body), .loop(_, _, let body):
            for inner in body { collectUses(inner, into: &names) }
        case .jump(_, let value):
            if let value { collectUses(value, into: &names) }
        }
    }

    private static func collectUses(_ expr: SwiftExpr, into names: inout Set<String>, _ assigned: inout Set<String>) {
        // `handle = Task { … }`: the name is a task handle wherever the assignment stands.
        if case .binary(let operands, ["="]) = expr.kind, isTaskSpawn(operands[1]), let name = StepRecogniser.variable(operands[0]) {
            assigned.insert(name)
        }
        func collectUses(_ statement: SwiftStatement, into names: inout Set<String>) {
            Self.collectUses(statement, into: &names, &assigned)
        }
        func collectUses(_ expr: SwiftExpr, into names: inout Set<String>) {
            Self.collectUses(expr, into: &names, &assigned)
        }
        switch expr.kind {
        case .member(let base, let member):
            if member == "value", let name = StepRecogniser.variable(base) { names.insert(name) }
            collectUses(base, into: &names)
        case .call(let callee, let arguments, let trailing):
            if arguments.isEmpty, case .member(let base, "cancel") = callee.kind, let name = StepRecogniser.variable(base) {
                names.insert(name)
            }
            collectUses(callee, into: &names)
            for argument in arguments { collectUses(argument.value, into: &names) }
            for closure in trailing { for inner in closure.body { collectUses(inner, into: &names) } }
        case .closure(let closure):
            for inner in closure.body { collectUses(inner, into: &names) }
        case .prefix(_, let inner), .generic(let inner, _):
            collectUses(inner, into: &names)
        case .binary(let operands, _):
            for operand in operands { collectUses(operand, into: &names) }
        case .tuple(let arguments), .collection(let arguments), .pound(_, let arguments):
            for argument in arguments { collectUses(argument.value, into: &names) }
        case .name, .implicitMember, .literal, .opaque:
            break
        }
    }
}
