/// One cell of the table under one procedure, flattened for the engine: the procedure's script,
/// with the strategy inlined wherever the hook under test is delivered.
///
/// Bodies of spawned tasks and dispatched blocks are stored in place, right after the op that
/// starts them (`bodyEnd` marks where they stop), so a context is just a range of ops and "the
/// code this context has still to run" is a contiguous slice. Everything is plain integers: the
/// engine's inner loop reads it without reference counting or dynamic dispatch.
struct CellProgram {
    var ops: ContiguousArray<Op>
    var steps: ContiguousArray<ScriptStep>
    /// Semaphores, one per (strategy invocation, semaphore name).
    var semaphores: ContiguousArray<SemaphoreInfo>
    /// The cleanup system calls the strategy makes, as a bit mask of call indices: the cleanup
    /// finished once each of them has taken effect at least once (ending an activity twice is no
    /// better than once; a strategy that must save two things needs both).
    var requiredCleanups: UInt64

    struct SemaphoreInfo {
        var name: String
        var hook: Int32
    }
}

/// A compiled program step. `a` and `b` are operands whose meaning depends on `kind`.
struct Op {
    enum Kind: UInt8 {
        /// `a`: hook index. Marks where a hook's code starts.
        case hookEnter
        /// `a`: hook index.
        case hookReturn
        /// `duration`: CPU time.
        case work
        /// `duration`: time the thread is blocked.
        case sleep
        /// `duration`: time the task is suspended.
        case taskSleep
        /// `a`: isolation (see `SpawnIsolation`), `b`: priority raw value or 0 to inherit;
        /// body is `(index + 1)..<bodyEnd`.
        case spawnTask
        /// As `spawnTask`, for `Task.detached`.
        case spawnDetached
        /// Body is `(index + 1)..<bodyEnd`.
        case dispatchMain
        /// `a`: QoS raw value; body is `(index + 1)..<bodyEnd`.
        case dispatchGlobal
        /// `a`: semaphore; `duration`: timeout, or -1 for none.
        case wait
        /// `a`: semaphore.
        case signal
        /// `a`: system call index.
        case call
        /// The main thread calls `exit`.
        case exit
    }

    var kind: Kind
    var a: Int32 = 0
    var b: Int32 = 0
    var bodyEnd: Int32 = 0
    var duration: Int64 = 0
}

enum SpawnIsolation: Int32 {
    case inherit = 0
    case mainActor = 1
    case none = 2
}

/// A compiled step of a kill procedure's script.
struct ScriptStep {
    enum Kind: UInt8 { case turn, delay, sigkill }
    var kind: Kind
    /// For a turn: its ops are `bodyStart..<bodyEnd`.
    var bodyStart: Int32 = 0
    var bodyEnd: Int32 = 0
    /// Delay length, or the turn's watchdog budget (-1 for none).
    var duration: Int64 = -1
}
