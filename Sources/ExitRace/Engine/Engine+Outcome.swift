/// Judging a finished run by the scenario's goal.
extension Engine {
    /// The run's outcome, judged by the scenario's goal; `memory`, the use a run stopped by the
    /// memory bound had reached. It changes nothing, but is `mutating`: the event loop's call was
    /// not inlined, and a non-mutating call from mutating code is passed a copy of the whole engine
    /// (1,688 bytes, copied once a run; see Engine).
    ///
    /// Every field is worked out first and the outcome made once, in the caller's memory: an
    /// outcome made and then changed field by field was copied whole on its way out (callgrind).
    package mutating func outcome(
        events: Int, bound: RunOutcome.Bound?, memory: RunOutcome.MemoryUse?
    ) -> RunOutcome {
        let activity = activityOutcome()
        let skipped = program.listenedCallbacks != 0 ? skippedCleanupPrograms() : 0
        // Owed as oweUndeliveredGoingAway owed them at death, even when the row's code never ran at all.
        let owed = program.owedIfUndelivered != 0 && death != nil
            ? undeliveredCleanupPrograms() & program.owedIfUndelivered : 0
        let (met, metAt, wouldHave, judgedByCleanup) = goalMet(activity: activity)
        return RunOutcome(
            cleanupFinished: met, cleanupAt: metAt, wouldHaveFinishedAt: wouldHave,
            death: death, deadlockChain: deadlock, deadlockAfterDeath: deadlockAfterDeath, inversion: inversion,
            boundReached: bound, memoryRanShortAt: memory, events: events, activity: activity,
            judgedByCleanup: judgedByCleanup, finishedBySystemAfterDeath: services.finishedAfterDeath,
            skippedCleanupPrograms: skipped, owedSkippedPrograms: owed)
    }

    /// Whether the run met the scenario's goal, and when; when the cleanup would have finished
    /// had the app lived; whether the cleanup's end is what judged it (the goal `cleanup`).
    @inline(__always)  // mutating, though it changes nothing: see Engine
    private mutating func goalMet(
        activity: RunOutcome.ActivityOutcome?
    ) -> (met: Bool, at: VirtualInstant?, wouldHaveFinishedAt: VirtualInstant?, judgedByCleanup: Bool) {
        switch goal {
        case .cleanup:
            return (cleanupAt != nil, cleanupAt, wouldHaveFinishedAt, true)
        case .activityGone:
            let dismissed = activity?.dismissedAt
            let met = dismissed.map { $0.nanoseconds <= value(slots.goalAt) } ?? !hasActivity
            return (met, met ? dismissed : nil, nil, false)
        case .keepsCalling:
            let last = goalCall >= 0 ? lastDelivery[goalCall] : -1
            let met = last >= 0 && last >= value(slots.goalAt) - value(slots.goalWithin)
            return (met, last >= 0 ? VirtualInstant(nanoseconds: last) : nil, nil, false)
        }
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
