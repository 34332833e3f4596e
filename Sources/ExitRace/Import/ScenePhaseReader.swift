/// Reads the code of an `.onChange(of: scenePhase)` handler for one phase: the statements that run when
/// the new phase is `.background` (or `.inactive`, `.active`). A test of the phase is decided
/// (`phase == .background`, `!=`, `||`, `&&`, `!`, `if case .inactive = phase`, `[.background,
/// .inactive].contains(phase)`, a `switch phase`, a `guard`), so the branch that runs is kept in its
/// place and the others dropped; code that tests no phase runs on every change of phase and is kept for
/// each. A test it cannot decide is kept as written (its condition taken as true) and reported.
struct ScenePhaseReader {
    /// The names the new phase goes by in the code: the closure's parameter (or the handler's), and the
    /// `@Environment(\.scenePhase)` property, which holds the new phase once the handler runs.
    let names: Set<String>
    /// The phases a `ScenePhase` can be, in the order their entry points are named when tied.
    static let phases = ["background", "inactive", "active"]

    /// What one phase's reading found besides its statements.
    struct Reading {
        /// Where a test of the phase first selected code for this phase (an `if`, a `case`, a `guard`).
        var anchor: SwiftLocation?
        /// Tests of the phase that could not be decided, by place.
        var unread: [SwiftLocation] = []
    }

    /// The statements of `statements` that run when the new phase is `phase`.
    func statements(_ statements: [SwiftStatement], for phase: String, _ reading: inout Reading) -> [SwiftStatement] {
        var kept: [SwiftStatement] = []
        for statement in statements {
            kept += self.statement(statement, for: phase, &reading)
            if case .jump(let word, _)? = kept.last?.kind, word == "return" || word == "throw" { break }
        }
        return kept
    }

    private func statement(_ statement: SwiftStatement, for phase: String, _ reading: inout Reading) -> [SwiftStatement] {
        switch statement.kind {
        case .ifStatement(let conditions, let then, let otherwise):
            return ifStatement(statement, conditions, then, otherwise, phase, &reading)
        case .guardStatement(let conditions, let otherwise):
            return guardStatement(statement, conditions, otherwise, phase, &reading)
        case .switchStatement(let subject, let cases) where mentions(subject):
            return switchStatement(statement, cases, phase, &reading)
        case .doBlock(let body, let catches):
            var copy = statement
            copy.kind = .doBlock(statements(body, for: phase, &reading), catches: catches)
            return [copy]
        default:
            return [statement]
        }
    }

    private func ifStatement(
        _ statement: SwiftStatement, _ conditions: [SwiftExpr], _ then: [SwiftStatement], _ otherwise: [SwiftStatement]?,
        _ phase: String, _ reading: inout Reading
    ) -> [SwiftStatement] {
        switch decide(conditions, phase, statement.location, &reading) {
        case .false:
            return statements(otherwise ?? [], for: phase, &reading)
        case .true(let rest):
            if reading.anchor == nil { reading.anchor = statement.location }
            let branch = statements(then, for: phase, &reading)
            guard !rest.isEmpty else { return branch }
            var copy = statement
            copy.kind = .ifStatement(conditions: rest, then: branch, otherwise: otherwise.map { statements($0, for: phase, &reading) })
            return [copy]
        case .notAboutPhase:
            var copy = statement
            copy.kind = .ifStatement(
                conditions: conditions, then: statements(then, for: phase, &reading),
                otherwise: otherwise.map { statements($0, for: phase, &reading) })
            return [copy]
        }
    }

    private func guardStatement(
        _ statement: SwiftStatement, _ conditions: [SwiftExpr], _ otherwise: [SwiftStatement], _ phase: String,
        _ reading: inout Reading
    ) -> [SwiftStatement] {
        switch decide(conditions, phase, statement.location, &reading) {
        case .false:
            return statements(otherwise, for: phase, &reading)  // it leaves: nothing after it runs
        case .true(let rest):
            if reading.anchor == nil { reading.anchor = statement.location }
            guard !rest.isEmpty else { return [] }
            var copy = statement
            copy.kind = .guardStatement(conditions: rest, otherwise: otherwise)
            return [copy]
        case .notAboutPhase:
            return [statement]
        }
    }

    /// `switch phase { case .background: … default: … }`: the case that matches, its body in place of the
    /// switch (a `break` that ends the case is left out: it ends the switch, not the handler).
    private func switchStatement(
        _ statement: SwiftStatement, _ cases: [SwiftSwitchCase], _ phase: String, _ reading: inout Reading
    ) -> [SwiftStatement] {
        let matching = cases.first { $0.patterns.contains { Self.phaseValue($0) == phase } }
        guard let chosen = matching ?? cases.first(where: \.isDefault) else { return [] }
        if reading.anchor == nil {
            reading.anchor = chosen.patterns.first { Self.phaseValue($0) == phase }?.location ?? statement.location
        }
        let body = chosen.body.filter { if case .jump("break", nil) = $0.kind { false } else { true } }
        return statements(body, for: phase, &reading)
    }

    // MARK: - Conditions

    /// What a list of conditions says for one phase: false (one is false), true with the conditions that are
    /// not about the phase left to test, or nothing about the phase.
    enum Decision {
        case `false`
        case `true`(rest: [SwiftExpr])
        case notAboutPhase
    }

    private func decide(
        _ conditions: [SwiftExpr], _ phase: String, _ location: SwiftLocation, _ reading: inout Reading
    ) -> Decision {
        var rest: [SwiftExpr] = [], decided = false
        for condition in conditions {
            guard mentions(condition) else {
                rest.append(condition)
                continue
            }
            switch evaluate(condition, phase) {
            case false?: return .false
            case true?: decided = true
            case nil:
                if !reading.unread.contains(location) { reading.unread.append(location) }
                rest.append(condition)
            }
        }
        return decided ? .true(rest: rest) : .notAboutPhase
    }

    /// Whether `expr` names the phase (outside closures).
    func mentions(_ expr: SwiftExpr) -> Bool {
        if isPhase(expr) { return true }
        return expr.children.contains(where: mentions)
    }

    private func isPhase(_ expr: SwiftExpr) -> Bool {
        switch expr.kind {
        case .name(let name): names.contains(name)
        case .member(let base, let name): StepRecogniser.isName(base, "self") && names.contains(name)
        default: false
        }
    }

    /// `.background`, `ScenePhase.background` → `background`.
    static func phaseValue(_ expr: SwiftExpr) -> String? {
        switch expr.kind {
        case .implicitMember(let value): phases.contains(value) ? value : nil
        case .member(let base, let value): StepRecogniser.isName(base, "ScenePhase") && phases.contains(value) ? value : nil
        default: nil
        }
    }

    /// The truth of a test of the phase for `phase` (Kleene's logic: `false && unknown` is false), or `nil`.
    func evaluate(_ expr: SwiftExpr, _ phase: String) -> Bool? {
        switch expr.kind {
        case .tuple(let elements) where elements.count == 1: return evaluate(elements[0].value, phase)
        case .prefix("!", let operand): return evaluate(operand, phase).map { !$0 }
        case .binary(let operands, let operators): return evaluate(operands, operators, phase)
        case .call(let callee, let arguments, _):
            // `[.background, .inactive].contains(phase)`
            guard case .member(let list, "contains") = callee.kind, case .collection(let elements) = list.kind,
                arguments.count == 1, isPhase(arguments[0].value)
            else { return nil }
            let values = elements.map { Self.phaseValue($0.value) }
            return values.contains(nil) ? nil : values.contains(phase)
        default: return nil
        }
    }

    /// A flat operator chain: `||` binds loosest, then `&&`, then the comparisons `==`, `!=` and `~=`
    /// (`if case .inactive = phase`).
    private func evaluate(_ operands: [SwiftExpr], _ operators: [String], _ phase: String) -> Bool? {
        for (split, combine) in [("||", true), ("&&", false)] where operators.contains(split) {
            var parts: [Bool?] = [], start = 0
            for (index, op) in operators.enumerated() where op == split {
                parts.append(evaluate(Array(operands[start...index]), Array(operators[start..<index]), phase))
                start = index + 1
            }
            parts.append(evaluate(Array(operands[start...]), Array(operators[start...]), phase))
            if parts.contains(combine) { return combine }
            return parts.contains(nil) ? nil : !combine
        }
        guard operators.count == 1, operands.count == 2 else { return operators.isEmpty ? evaluate(operands[0], phase) : nil }
        for (a, b) in [(operands[0], operands[1]), (operands[1], operands[0])] where isPhase(a) {
            guard let value = Self.phaseValue(b) else { return nil }
            switch operators[0] {
            case "==", "~=": return value == phase
            case "!=": return value != phase
            default: return nil
            }
        }
        return nil
    }
}
