/// The watchdog of a background launch, which counts CPU time, not wall clock: "scene-create
/// watchdog transgression: com.app.id exhausted CPU time allowance of 3.77 seconds | |
/// ProcessVisibility: Background" (Apple Developer Forums thread 104020). The time the turn's main
/// thread spends computing (`work`, a completion-handler call's cost on it) counts; time blocked or
/// asleep does not.
extension Engine {
    /// `turn` is queued with a CPU-time budget of `budget` ns.
    mutating func startCPUBudget(for turn: Int32, budget: Int64) {
        device.cpuTurn = turn
        device.cpuLeft = budget
    }

    /// The main thread starts computing for `ns`: charged to the open CPU budget, if any; when it
    /// overruns what is left, the watchdog fires as the budget runs out.
    mutating func chargeMainCPU(_ ns: Int64) {
        let turn = device.cpuTurn
        guard turn >= 0 else { return }
        guard contexts[Int(turn)].state != .done else { return device.cpuTurn = -1 }
        guard ns > device.cpuLeft else { return device.cpuLeft -= ns }
        schedule(.watchdog, turn, after: device.cpuLeft)
        device.cpuExhaustedTurn = turn
        device.cpuTurn = -1
    }
}
