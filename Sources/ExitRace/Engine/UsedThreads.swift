/// The threads a run has used so far — the main thread, then the used part of each pool — as a
/// sequence that allocates nothing. Threads beyond them are idle and untouched.
struct UsedThreads: Sequence, IteratorProtocol {
    /// One past the last used cooperative thread (the main thread is 0, the pool starts at 1).
    let cooperativeEnd: Int
    let dispatchStart: Int
    let dispatchEnd: Int
    private var position = 0

    init(cooperativeEnd: Int, dispatchStart: Int, dispatchEnd: Int) {
        self.cooperativeEnd = cooperativeEnd
        self.dispatchStart = dispatchStart
        self.dispatchEnd = dispatchEnd
    }

    mutating func next() -> Int? {
        if position == cooperativeEnd { position = dispatchStart }
        guard position < dispatchEnd else { return nil }
        defer { position += 1 }
        return position
    }
}

extension Engine {
    /// The threads this run has used.
    var usedThreads: UsedThreads {
        mutating get {
            UsedThreads(cooperativeEnd: Int(cooperativeFresh), dispatchStart: Int(firstDispatch), dispatchEnd: Int(dispatchFresh))
        }
    }
}
