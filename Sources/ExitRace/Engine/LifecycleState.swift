/// The app's lifecycle during a run, and where the kill procedure's script is: the state iOS
/// sees (active, background, suspended, terminating), its background tasks, timers and Live
/// Activity. See `Engine+Lifecycle` and `Engine+Script` for the rules that change it.
struct LifecycleState {
    // The script.
    var scriptPc = 0
    /// While the script runs an action's expansion: where it ends, and where the script goes on.
    var variantEnd = -1
    var scriptReturn = 0

    // The app's state.
    var appState = AppState.active
    var launchOptions: Int32 = 0
    var inBackground = false
    var suspended = false
    var suspendedAt: Int64 = 0
    /// The system has begun terminating the app: it is not suspended any more.
    var terminating = false
    /// Suspension came due while the main thread was inside a lifecycle callback: it happens
    /// when that callback's turn returns.
    var suspensionDeferred = false
    /// The app-side events held while it is suspended, with the time they still had to go.
    var frozen = ContiguousArray<FrozenEvent>()
    /// Bumped on every move between foreground and background, so stale checks do nothing.
    var backgroundEpoch: UInt32 = 0

    // Background time.
    var tasks = ContiguousArray<BackgroundTaskState>()
    var taskSlots = ReusableArray<Int32>()
    var heldTasks = 0
    /// When the app's background time ends, once the expiration handlers have been called in this
    /// stay in the background (-1 before): a task begun after that gets no allowance of its own.
    var backgroundTimeEnd: Int64 = -1

    var timers = ContiguousArray<TimerState>()
    var activity = ActivityTracker()

    /// The script from its start, and the app in the state `cell`'s procedure starts in; the Live
    /// Activity started at `activityStartedAt` (nanoseconds), if the scenario has one (-1: none).
    mutating func reset(for cell: CellProgram, activityStartedAt: Int64?) {
        scriptPc = 0
        variantEnd = -1
        scriptReturn = 0
        appState = cell.initialState
        launchOptions = 0
        // A switch: `==` on AppState went through its Equatable witness, a generic call, each run.
        switch cell.initialState {
        case .background: (inBackground, suspended) = (true, false)
        case .suspended: (inBackground, suspended) = (true, true)
        case .notRunning, .inactive, .active, .terminated: (inBackground, suspended) = (false, false)
        }
        suspendedAt = 0
        terminating = false
        suspensionDeferred = false
        frozen.empty()
        backgroundEpoch = 0
        tasks.empty()
        taskSlots.refill(-1, count: cell.taskSlots.count)
        heldTasks = 0
        backgroundTimeEnd = -1
        timers.empty()
        activity = ActivityTracker()
        if let activityStartedAt {
            activity.exists = true
            activity.startedAt = activityStartedAt
        }
    }
}
