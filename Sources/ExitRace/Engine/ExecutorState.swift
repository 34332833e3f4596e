/// Where runnable work waits for a thread: the main queue, the cooperative pool's and the
/// Dispatch workers' ready jobs and idle threads, the app's own serial queues and the declared
/// actors. The threads and contexts themselves are the engine's (``Engine/threads``,
/// ``Engine/contexts``); see `Engine+Executors`, `Engine+Queues` and `Engine+Actors` for the rules.
///
/// The main queue, the idle threads and the pools' ready jobs are ``UnsharedBuffer``s: a plain
/// copy shares them, ``copied()`` does not.
struct ExecutorState {
    /// Index of the first Dispatch worker: the cooperative pool's threads come before it.
    var firstDispatch: Int32 = 1
    var mainQueue = UnsharedBuffer<Int32>()
    var mainQueueHead = 0
    var mainKickPending = false
    var cooperativeReady = CooperativePool()
    var dispatchReady = ReadyBuckets()
    var cooperativeIdle = UnsharedBuffer<Int32>()
    var dispatchIdle = UnsharedBuffer<Int32>()
    /// Threads from here to the end of their pool have not been used in this run (and are idle).
    var cooperativeFresh: Int32 = 1
    var dispatchFresh: Int32 = 1
    /// Orders ready jobs of one priority first come first served.
    var readySequence: UInt32 = 0
    /// Per own serial queue: the context holding it, and the first and last context waiting (-1 for none).
    var queueOwner = ReusableArray<Int32>()
    var queueHead = ReusableArray<Int32>()
    var queueTail = ReusableArray<Int32>()
    /// Per declared actor: the context whose job holds it (running, or scheduled on the pool), or -1.
    var actorHolder = ReusableArray<Int32>()
    var nextActorTicket: UInt32 = 0

    /// Empties the main queue and the pools (every pool thread unused again, the cooperative pool
    /// `cooperativeWidth` wide) and frees every actor of `actors`. The own queues are reset by
    /// `Engine.resetQueues()`.
    /// The same state in buffers of its own (for ``Engine/copy()``).
    func copied() -> ExecutorState {
        var copy = self
        copy.mainQueue = mainQueue.copied()
        copy.cooperativeIdle = cooperativeIdle.copied()
        copy.dispatchIdle = dispatchIdle.copied()
        copy.cooperativeReady = cooperativeReady.copied()
        copy.dispatchReady = dispatchReady.copied()
        return copy
    }

    mutating func reset(cooperativeWidth: Int32, firstCooperative: Int32, actors: Int) {
        mainQueue.empty()
        mainQueueHead = 0
        mainKickPending = false
        cooperativeReady.reset(width: cooperativeWidth)
        dispatchReady.removeAll()
        cooperativeIdle.empty()
        dispatchIdle.empty()
        cooperativeFresh = firstCooperative
        dispatchFresh = firstDispatch
        readySequence = 0
        actorHolder.refill(-1, count: actors)
        nextActorTicket = 0
    }
}
