/// A step of a program that calls one of the scenario's cleanup system calls (``SystemCall/isCleanup``).
package struct CleanupCallStep: Equatable, Sendable {
    /// The step's index among the program's steps in pre-order (``Strategy/preorder(_:)``), counted
    /// from the walk's `firstStep`.
    package var step: Int
    /// The called system call's index in the scenario's `systemCalls`.
    package var call: Int
    /// Whether the step is in code that runs only on a condition (``ProgramStep/bodyRunsOnCondition(_:)``),
    /// at any depth.
    package var conditional: Bool
}

extension Scenario {
    /// The steps of `program` that call a cleanup system call, in pre-order, numbered from
    /// `firstStep`: the one walk behind the cell compiler's cleanup masks and places (``CleanupSites``)
    /// and explain's places and counts (``CleanupPlaces``), so that they agree on which steps those
    /// are and how they are numbered.
    package func cleanupCallSteps(in program: some Collection<ProgramStep>, firstStep: Int = 0) -> [CleanupCallStep] {
        let callIndex = Dictionary(systemCalls.indices.map { (systemCalls[$0].name, $0) }, uniquingKeysWith: { first, _ in first })
        var found: [CleanupCallStep] = []
        var step = firstStep
        func walk(_ steps: some Collection<ProgramStep>, conditional: Bool) {
            for programStep in steps {
                if let name = programStep.calledSystemCall, let call = callIndex[name], systemCalls[call].isCleanup {
                    found.append(CleanupCallStep(step: step, call: call, conditional: conditional))
                }
                step += 1
                for (position, body) in programStep.nestedBodies.enumerated() {
                    walk(body, conditional: conditional || programStep.bodyRunsOnCondition(position))
                }
            }
        }
        walk(program, conditional: false)
        return found
    }
}
