/// Events of a choice point in words, for the details of an order-sensitive cell: what kind of
/// event it is and, where the engine knows, whose (a context, a thread, a system call).
extension Engine {
    /// `candidate` in words; `contexts` are the run's context names (``allContextNames()``).
    package func words(_ candidate: ChoiceCandidate, contexts: [String], calls: [String]) -> String {
        let event = candidate.event
        func context(_ c: Int32) -> String? { c >= 0 && Int(c) < contexts.count ? contexts[Int(c)] : nil }
        func call(_ index: UInt32) -> String { Int(index) < calls.count ? calls[Int(index)] : "a system call" }
        switch event.kind {
        case .advanceScript: return scriptWords(candidate.scriptStep)
        case .jobReady: return context(event.a).map { "\($0) becoming ready to run" } ?? "a context becoming ready to run"
        case .taskWake: return context(event.a).map { "\($0) waking from Task.sleep" } ?? "a task waking from Task.sleep"
        case .threadResume:
            return context(candidate.context).map { "\($0) ending its work or sleep (\(threadName(event.a)))" }
                ?? "a thread finishing its work"
        case .callWorkDone:
            return context(candidate.context).map { "\($0) finishing its system call's work" } ?? "a thread finishing a system call's work"
        case .waitTimeout: return context(candidate.context).map { "the wait of \($0) timing out" } ?? "a wait timing out"
        case .kickMain: return "the main thread turning to its queue"
        case .callDelivered:
            return "\(call(event.b)) " + (context(event.a).map { "from \($0) " } ?? "") + "reaching the system"
        case .callReply: return "the reply to \(call(event.b))" + (context(event.a).map { " from \($0)" } ?? "")
        case .watchdog: return "a turn's watchdog expiring"
        case .exitCompleted: return "the process's exit completing"
        case .timerFired: return "a timer firing"
        case .suspendCheck: return "the system's check whether the app may be suspended"
        case .taskExpiring: return "a background task's expiration warning"
        case .taskDeadline: return "a background task's deadline"
        case .afterDue: return context(event.a).map { "the asyncAfter deadline of \($0)" } ?? "an asyncAfter deadline"
        case .serviceStart: return "the system starting the scheduled task of \(call(event.b & ServiceState.callMask))"
        case .serviceDone: return "the system finishing the work of \(call(event.b & ServiceState.callMask))"
        case .serviceRelaunch: return "the system relaunching the app for \(call(event.b))"
        }
    }

    private func scriptWords(_ step: ScriptStep.Kind?) -> String {
        switch step {
        case .turn: "the system's next callback turn"
        case .sigkill: "the system's SIGKILL"
        case nil: "the kill procedure's script"
        default: "the kill procedure's next step"
        }
    }
}
