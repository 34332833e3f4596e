/// Verdict sentences of cells decided by a service's work outside the process: what counts as
/// "finished" for it (the system completed the work, even after the process died), and why it
/// did not finish (a force quit cancelled it, a task's allowance ran out).
extension VerdictSentence {
    /// The sentence when a service decided the cell, else `nil` (the in-process sentences apply).
    static func serviceSentence(_ trace: CellTrace) -> String? {
        guard trace.scenario.goal == .cleanup else { return nil }
        let outcome = trace.outcome
        let ms = CellExplanation.ms
        let death = outcome.death.map { "\($0.cause.phrase) at \(ms($0.at.nanoseconds))" }
        let services = trace.records.filter { $0.kind == .service }
        if outcome.cleanupFinished, outcome.finishedBySystemAfterDeath, let at = outcome.cleanupAt {
            let done = services.last { ServiceEvent(rawValue: $0.b) == .finished && $0.time == at.nanoseconds }
            let work = done.map { CellExplanation.serviceWork($0.a, trace) } ?? "the service's work"
            var text = "○ finished under the system: \(work) was done at \(ms(at.nanoseconds)), after \(death ?? "the process died")"
            text += " — it counts, because the system, not the app, did the work outside the process"
            if let relaunch = services.first(where: { ServiceEvent(rawValue: $0.b) == .relaunched }) {
                text += "; the app is relaunched in the background at \(ms(relaunch.time)) for the session's events "
                    + "(application(_:handleEventsForBackgroundURLSession:completionHandler:))"
            }
            return text + inversionNote(outcome) + "."
        }
        guard !outcome.cleanupFinished, outcome.deadlock == nil else { return nil }
        let cleanup = Set(trace.scenario.systemCalls.indices.filter { trace.scenario.systemCalls[$0].isCleanup }.map(Int32.init))
        if let cancelled = services.first(where: { ServiceEvent(rawValue: $0.b) == .cancelled && cleanup.contains($0.a) }) {
            let quit = services.first { ServiceEvent(rawValue: $0.b) == .forceQuit }.map { " at \(ms($0.time))" } ?? ""
            return "× lost: the user force-quit the app\(quit), and the system cancelled \(CellExplanation.serviceWork(cancelled.a, trace))"
                + " (cancelledByForceQuit: a force quit cancels it)" + (death.map { "; \($0)" } ?? "") + "."
        }
        if let expired = services.first(where: { ServiceEvent(rawValue: $0.b) == .expired && cleanup.contains($0.a) }) {
            let started = services.first { ServiceEvent(rawValue: $0.b) == .started && $0.a == expired.a }
            return "× lost: \(CellExplanation.serviceWork(expired.a, trace))"
                + (started.map { " started at \(ms($0.time)) and" } ?? "")
                + " ran out of its allowance at \(ms(expired.time)) before its work was done (serviceRunMs is longer than "
                + "serviceAllowanceMs): its expiration handler is called and the task ends unfinished."
        }
        return nil
    }
}
