/// Judging a finished run by the scenario's goal.
extension Engine {
    /// The run's outcome, judged by the scenario's goal. It changes nothing, but is `mutating`: the
    /// event loop's call was not inlined, and a non-mutating call from mutating code is passed a
    /// copy of the whole engine (1,688 bytes, copied once a run; see Engine).
    package mutating func outcome(events: Int, bound: RunOutcome.Bound?) -> RunOutcome {
        var outcome = RunOutcome(
            cleanupFinished: cleanupAt != nil, cleanupAt: cleanupAt, wouldHaveFinishedAt: wouldHaveFinishedAt,
            death: death, deadlockChain: deadlock, inversion: inversion, boundReached: bound, events: events)
        outcome.deadlockAfterDeath = deadlockAfterDeath
        outcome.finishedBySystemAfterDeath = services.finishedAfterDeath
        outcome.activity = activityOutcome()
        if program.listenedCallbacks != 0 { outcome.skippedCleanupPrograms = skippedCleanupPrograms() }
        // Owed as oweUndeliveredGoingAway owed them at death, even when the row's code never ran at all.
        if program.owedIfUndelivered != 0 && death != nil {
            outcome.owedSkippedPrograms = undeliveredCleanupPrograms() & program.owedIfUndelivered
        }
        switch goal {
        case .cleanup:
            break
        case .activityGone:
            let dismissed = outcome.activity?.dismissedAt
            let met = dismissed.map { $0.nanoseconds <= value(slots.goalAt) } ?? !hasActivity
            outcome.cleanupFinished = met
            outcome.cleanupAt = met ? dismissed : nil
            outcome.wouldHaveFinishedAt = nil
            outcome.judgedByCleanup = false
        case .keepsCalling:
            let last = goalCall >= 0 ? lastDelivery[goalCall] : -1
            let met = last >= 0 && last >= value(slots.goalAt) - value(slots.goalWithin)
            outcome.cleanupFinished = met
            outcome.cleanupAt = last >= 0 ? VirtualInstant(nanoseconds: last) : nil
            outcome.wouldHaveFinishedAt = nil
            outcome.judgedByCleanup = false
        }
        return outcome
    }

    /// The `onCallbacks` programs holding cleanup calls that the run never delivered, when it
    /// delivered some callback the row's hook listens to.
    @inline(__always)  // mutating, though it changes nothing: see Engine
    mutating func skippedCleanupPrograms() -> UInt64 {
        guard deliveredCallbacks & program.listenedCallbacks != 0 else { return 0 }  // the row's code never ran
        return undeliveredCleanupPrograms()
    }

    /// The `onCallbacks` programs holding cleanup calls that the run has not delivered (so far).
    @inline(__always)  // mutating, though it changes nothing: see Engine
    mutating func undeliveredCleanupPrograms() -> UInt64 {
        var skipped = program.cleanupProgramsNeverSent
        for (callback, index) in program.cleanupProgramOfCallback.enumerated()
        where index >= 0 && callback < 64 && deliveredCallbacks & (1 << UInt64(callback)) == 0 {
            skipped |= 1 << UInt64(index)
        }
        return skipped
    }

    @inline(__always)  // mutating, though it changes nothing: see Engine
    mutating func activityOutcome() -> RunOutcome.ActivityOutcome? {
        guard hasActivity, activity.exists else { return nil }
        let limit = activity.startedAt + value(slots.activityMaxActive)
        let endedByApp = activity.endedAt >= 0 && activity.endedAt < limit
        let ended = endedByApp ? activity.endedAt : limit
        var visible = value(slots.activityMaxEnded)
        if endedByApp && activity.dismissAfter >= 0 { visible = min(activity.dismissAfter, visible) }
        return RunOutcome.ActivityOutcome(
            startedAt: VirtualInstant(nanoseconds: activity.startedAt), endedAt: VirtualInstant(nanoseconds: ended),
            endedByApp: endedByApp, dismissedAt: VirtualInstant(nanoseconds: ended + visible), updates: activity.updates,
            lastUpdateAt: activity.lastUpdateAt >= 0 ? VirtualInstant(nanoseconds: activity.lastUpdateAt) : nil)
    }
}
