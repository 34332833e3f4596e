/// The places in a strategy's code that each owe their cleanup call (docs/scenario-format.md,
/// "goal").
///
/// A cell's cleanup bits are the cleanup calls' indices (bit `i` for `systemCalls[i]`): a call owed
/// is done once it took effect. A call made at two or more places would then be done when any one
/// of them took effect, and a request the process lost hid behind the same API's other request
/// that got through (two `Task`s sending `Analytics.send`, a save in two callbacks). So each such
/// place gets a bit of its own, after the calls' bits, and is owed as well: the cleanup finished
/// when every place took effect at least once. A call made at one place only needs no bit of its
/// own (its call's bit says the same), which keeps every such scenario's runs as they were.
///
/// A place in code that runs only on a condition (the body of `ifLaunchOptions` or `ifCancelled`,
/// a cancellation handler's `onCancel`, a background task's expiration handler) gets no bit: the
/// run may never take that path, and its call stays owed through the call's bit, as before.
/// Bits beyond the 64 a mask holds are not given; those places count through their call's bit.
struct CleanupSites {
    /// Per step of the strategy, in preorder (``Strategy/preorder(_:)``): its place's bit, or -1.
    let bitOfStep: [Int8]

    init(program: [ProgramStep], scenario: Scenario) {
        var places: [(step: Int, call: Int)] = []
        var step = 0
        Self.collect(program, conditional: false, scenario, step: &step, into: &places)
        var count: [Int: Int] = [:]
        for place in places { count[place.call, default: 0] += 1 }
        var bits = [Int8](repeating: -1, count: step)
        var next = scenario.systemCalls.count
        for place in places where count[place.call, default: 0] > 1 && next < 64 {
            bits[place.step] = Int8(next)
            next += 1
        }
        bitOfStep = bits
    }

    /// The bits of the places among steps `range` (preorder indices).
    func mask(ofSteps range: Range<Int>) -> UInt64 {
        var mask: UInt64 = 0
        for bit in bitOfStep[range] where bit >= 0 { mask |= 1 << UInt64(bit) }
        return mask
    }

    /// The steps (preorder) that call a cleanup call outside conditional code, with the call's index.
    private static func collect(
        _ steps: [ProgramStep], conditional: Bool, _ scenario: Scenario, step: inout Int, into places: inout [(step: Int, call: Int)]
    ) {
        for programStep in steps {
            if !conditional, let name = programStep.calledSystemCall,
                let call = scenario.systemCalls.firstIndex(where: { $0.name == name }), scenario.systemCalls[call].isCleanup
            {
                places.append((step, call))
            }
            step += 1
            for (position, body) in programStep.nestedBodies.enumerated() {
                let runsOnCondition = programStep.bodyRunsOnCondition(position)
                collect(body, conditional: conditional || runsOnCondition, scenario, step: &step, into: &places)
            }
        }
    }
}
