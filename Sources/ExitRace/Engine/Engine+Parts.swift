/// The engine's parts under the names the engine's extensions have always used: each is a stored
/// property of one part (`lifecycle`, `executors`, `exploration`, `recorder`), read and modified in
/// place (`_modify` yields the part's own storage, so an array is never copied). Release builds
/// inline them to plain field accesses. Their reads are `mutating` too: a non-mutating read from
/// mutating code copies the whole engine, and the part, in a debug build (see Engine). Code that
/// cannot mutate reads the parts directly (`executors.mainQueue`), as new code may.
extension Engine {
    // The app's lifecycle and the script (``LifecycleState``).
    var scriptPc: Int { mutating _read { yield lifecycle.scriptPc } _modify { yield &lifecycle.scriptPc } }
    var variantEnd: Int { mutating _read { yield lifecycle.variantEnd } _modify { yield &lifecycle.variantEnd } }
    var scriptReturn: Int { mutating _read { yield lifecycle.scriptReturn } _modify { yield &lifecycle.scriptReturn } }
    var appState: AppState { mutating _read { yield lifecycle.appState } _modify { yield &lifecycle.appState } }
    var launchOptions: Int32 { mutating _read { yield lifecycle.launchOptions } _modify { yield &lifecycle.launchOptions } }
    var inBackground: Bool { mutating _read { yield lifecycle.inBackground } _modify { yield &lifecycle.inBackground } }
    var suspended: Bool { mutating _read { yield lifecycle.suspended } _modify { yield &lifecycle.suspended } }
    var suspendedAt: Int64 { mutating _read { yield lifecycle.suspendedAt } _modify { yield &lifecycle.suspendedAt } }
    var terminating: Bool { mutating _read { yield lifecycle.terminating } _modify { yield &lifecycle.terminating } }
    var suspensionDeferred: Bool {
        mutating _read { yield lifecycle.suspensionDeferred }
        _modify { yield &lifecycle.suspensionDeferred }
    }
    var frozen: ContiguousArray<FrozenEvent> { mutating _read { yield lifecycle.frozen } _modify { yield &lifecycle.frozen } }
    var backgroundEpoch: UInt32 {
        mutating _read { yield lifecycle.backgroundEpoch }
        _modify { yield &lifecycle.backgroundEpoch }
    }
    var tasks: ContiguousArray<BackgroundTaskState> {
        mutating _read { yield lifecycle.tasks }
        _modify { yield &lifecycle.tasks }
    }
    var taskSlots: ReusableArray<Int32> { mutating _read { yield lifecycle.taskSlots } _modify { yield &lifecycle.taskSlots } }
    var heldTasks: Int { mutating _read { yield lifecycle.heldTasks } _modify { yield &lifecycle.heldTasks } }
    var backgroundTimeEnd: Int64 {
        mutating _read { yield lifecycle.backgroundTimeEnd }
        _modify { yield &lifecycle.backgroundTimeEnd }
    }
    var timers: ContiguousArray<TimerState> { mutating _read { yield lifecycle.timers } _modify { yield &lifecycle.timers } }
    var activity: ActivityTracker { mutating _read { yield lifecycle.activity } _modify { yield &lifecycle.activity } }

    // Queues, pools and actors (``ExecutorState``).
    var firstDispatch: Int32 { mutating _read { yield executors.firstDispatch } _modify { yield &executors.firstDispatch } }
    var mainQueue: UnsharedBuffer<Int32> { mutating _read { yield executors.mainQueue } _modify { yield &executors.mainQueue } }
    var mainQueueHead: Int { mutating _read { yield executors.mainQueueHead } _modify { yield &executors.mainQueueHead } }
    var mainKickPending: Bool { mutating _read { yield executors.mainKickPending } _modify { yield &executors.mainKickPending } }
    var cooperativeReady: CooperativePool {
        mutating _read { yield executors.cooperativeReady }
        _modify { yield &executors.cooperativeReady }
    }
    var dispatchReady: ReadyBuckets {
        mutating _read { yield executors.dispatchReady }
        _modify { yield &executors.dispatchReady }
    }
    var cooperativeIdle: UnsharedBuffer<Int32> {
        mutating _read { yield executors.cooperativeIdle }
        _modify { yield &executors.cooperativeIdle }
    }
    var dispatchIdle: UnsharedBuffer<Int32> {
        mutating _read { yield executors.dispatchIdle }
        _modify { yield &executors.dispatchIdle }
    }
    var cooperativeFresh: Int32 {
        mutating _read { yield executors.cooperativeFresh }
        _modify { yield &executors.cooperativeFresh }
    }
    var dispatchFresh: Int32 { mutating _read { yield executors.dispatchFresh } _modify { yield &executors.dispatchFresh } }
    var readySequence: UInt32 { mutating _read { yield executors.readySequence } _modify { yield &executors.readySequence } }
    var queueOwner: ReusableArray<Int32> {
        mutating _read { yield executors.queueOwner }
        _modify { yield &executors.queueOwner }
    }
    var queueHead: ReusableArray<Int32> { mutating _read { yield executors.queueHead } _modify { yield &executors.queueHead } }
    var queueTail: ReusableArray<Int32> { mutating _read { yield executors.queueTail } _modify { yield &executors.queueTail } }
    var actorHolder: ReusableArray<Int32> {
        mutating _read { yield executors.actorHolder }
        _modify { yield &executors.actorHolder }
    }
    var nextActorTicket: UInt32 {
        mutating _read { yield executors.nextActorTicket }
        _modify { yield &executors.nextActorTicket }
    }

    // Schedule exploration (``ScheduleExploration``).
    var scheduling: Bool { mutating _read { yield exploration.isOn } _modify { yield &exploration.isOn } }
    var scheduler: ScheduleController { mutating _read { yield exploration.scheduler } _modify { yield &exploration.scheduler } }
    var instantReady: ContiguousArray<EventQueue<SimEvent>.Entry> {
        mutating _read { yield exploration.instantReady }
        _modify { yield &exploration.instantReady }
    }
    var choiceCandidates: ContiguousArray<Int> {
        mutating _read { yield exploration.choiceCandidates }
        _modify { yield &exploration.choiceCandidates }
    }

    // Tracing (``TraceRecorder``).
    var tracing: Bool { mutating _read { yield recorder.isOn } _modify { yield &recorder.isOn } }
    var trace: ContiguousArray<TraceRecord> { mutating _read { yield recorder.records } _modify { yield &recorder.records } }
    var traceCut: Bool { mutating _read { yield recorder.cut } _modify { yield &recorder.cut } }
    var traceCalls: [Int: TraceCall] { mutating _read { yield recorder.calls } _modify { yield &recorder.calls } }
}
