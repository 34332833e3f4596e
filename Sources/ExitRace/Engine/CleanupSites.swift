/// The places in a strategy's code that each owe their cleanup call (docs/scenario-format.md,
/// "goal").
///
/// A cell's cleanup bits are first one per cleanup call (``Scenario/cleanupBits``): a call owed
/// is done once it took effect. A call made at two or more places would then be done when any one
/// of them took effect, and a request the process lost hid behind the same API's other request
/// that got through (two `Task`s sending `Analytics.send`, a save in two callbacks). So each such
/// place gets a bit of its own, after the calls' bits, and is owed as well: the cleanup finished
/// when every place took effect at least once. A call made at one place only needs no bit of its
/// own (its call's bit says the same), which keeps every such scenario's runs as they were.
///
/// A place in code that runs only on a condition (the body of `ifLaunchOptions` or `ifCancelled`,
/// a cancellation handler's `onCancel`, a background task's expiration handler) gets no bit: the
/// run may never take that path, and its call stays owed through the call's bit, as before. It
/// still counts as a place, so that a call made in one plain place and one conditional place gives
/// the plain one its bit (the conditional one, taking effect, must not hide the plain one lost).
/// Bits are numbered over the cleanup calls (``Scenario/cleanupBits``), then the places; those
/// beyond the 64 a mask holds are not given, and such places count through their call's bit.
struct CleanupSites {
    /// Per step of the strategy, in preorder (``Strategy/preorder(_:)``): its place's bit, or -1.
    let bitOfStep: [Int8]

    init(program: [ProgramStep], scenario: Scenario) {
        let places = scenario.cleanupCallSteps(in: program)
        // A call needs bits for its places when it is made in two places or more, counting those in
        // conditional code: else a conditional place that took effect would hide a lost plain one.
        var count: [Int: Int] = [:]
        for place in places { count[place.call, default: 0] += 1 }
        var bits = [Int8](repeating: -1, count: Strategy.preorder(program).count)
        var next = scenario.cleanupCallCount
        for place in places where !place.conditional && count[place.call, default: 0] > 1 && next < UInt64.bitWidth {
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
}
