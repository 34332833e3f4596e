/// Why an entry point is left out of the rows: its code makes no system call, so the table has
/// nothing whose end it could measure. The words say what its code was translated into.
extension SwiftImport {
    /// How many translated steps the reason names before "and N more".
    static let leftOutStepsNamed = 4

    /// The end of the note of an entry point left out: synchronous code; or work it starts (a task, a
    /// block on a queue) that holds no step at all (every call in it synchronous and unknown: taken as
    /// instant); or work that was translated (an await of the app's own code, followed, into a
    /// `taskSleep`, say) but makes no system call.
    static func leftOutReason(_ steps: [ImportedStep]) -> String {
        guard startsWork(steps) else { return " (synchronous code finishes before the callback returns)" }
        let translated = startedWork(steps)
        guard !translated.isEmpty else {
            return ". The task or block it starts runs after the callback returns, but every call in it is "
                + "synchronous and unknown to the importer (taken as instant): to measure that work, give it "
                + "a system call by hand (docs/import.md)"
        }
        var named = translated.prefix(leftOutStepsNamed).map { "\(operation($0.step)) at \($0.source.place)" }
        if translated.count > leftOutStepsNamed { named.append("\(translated.count - leftOutStepsNamed) more") }
        return ". The task or block it starts runs after the callback returns and was translated ("
            + named.joined(separator: ", ") + "), but makes no system call: an await of code of the files given is "
            + "followed into that code, and only an API the importer does not know (awaited, a save, a hand-off to "
            + "the system) becomes a system call, whose end the table measures; to measure that work, give it a "
            + "system call by hand (docs/import.md)"
    }

    /// The steps without a body inside the tasks and blocks the steps start, in order.
    static func startedWork(_ steps: [ImportedStep]) -> [ImportedStep] {
        steps.flatMap { step -> [ImportedStep] in
            switch step.step {
            case .spawnTask, .dispatchAsync, .dispatchAfter: step.children.flatMap(leaves)
            default: step.children.flatMap(startedWork)
            }
        }
    }

    /// The steps without a body, at any depth, in order.
    static func leaves(_ steps: [ImportedStep]) -> [ImportedStep] {
        steps.flatMap { $0.children.isEmpty ? [$0] : $0.children.flatMap(leaves) }
    }

    /// A step's `op` as the scenario file spells it (`taskSleep`).
    static func operation(_ step: ProgramStep) -> String {
        let members = ImportedStep.members(of: step, children: step.nestedBodies.map { _ in .array([]) })
        guard case .string(let op)? = members.first(where: { $0.0 == "op" })?.1 else { return "step" }
        return op
    }
}
