extension VerdictSentence {
    /// Why a cleanup that did not finish in a process that did not die never ran: its hook was never
    /// called (the procedure did not deliver it, nor end the process: often a procedure whose steps
    /// were replaced), else nothing was left that could run it.
    static func livedOnStory(_ trace: CellTrace) -> String {
        let hook = trace.scenario.hooks[trace.hook]
        let entered = trace.records.contains { record in
            record.kind == .hookEntered && hook.callbacks.contains(CellExplanation.callback(record.a, trace))
        }
        guard !entered else { return "nothing was left that could run it" }
        let procedure = trace.scenario.procedures[trace.procedure]
        return "\(hook.callbacks.joined(separator: " or ")) was never called: the kill procedure \(procedure.name) did not deliver "
            + "it, and did not end the process either"
    }
}
