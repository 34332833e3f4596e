/// The device's side of a run that is not the app's: its lock (Data Protection) and the CPU-time
/// budget of a background launch. Kept apart from the engine's other state; reset every run.
struct DeviceState {
    /// When the device was locked in this run (ns), or -1 while it is unlocked.
    var lockedAt: Int64 = -1
    /// The turn whose watchdog counts the main thread's CPU time (a background launch), or -1.
    var cpuTurn: Int32 = -1
    /// CPU time that turn may still use (ns).
    var cpuLeft: Int64 = 0
    /// The turn whose CPU-time watchdog has been scheduled to fire, or -1: its kill is for CPU time.
    var cpuExhaustedTurn: Int32 = -1
}
