/// Services that outlive the process (docs/scenario-format.md): a call with a `service` hands its
/// work to the system when its request leaves the process; the system's events then go on whatever
/// becomes of the process (they are not the app's: suspension does not hold them, and death does
/// not end them). The work counts when it ends, even after death, unless the user force-quit the
/// app before and the service is one a force quit cancels: then it is cancelled at the force quit
/// (or at its hand-off, when that comes after one). Work handed off after death (by threads
/// simulated on as if the process had lived) counts only for when the cleanup would have finished.
extension Engine {
    /// The request of `call` left the process: the system has the work.
    mutating func handOff(_ call: CallTiming, index: Int, site: Int8, context c: Int32) {
        let asIf = !alive
        note(.service, context: c, a: Int32(index), b: (asIf ? ServiceEvent.handedOffTooLate : .handedOff).rawValue)
        let flags = UInt32(index) | ServiceState.siteFlags(site) | (asIf ? ServiceState.asIfFlag : 0)
        if !asIf && cancelledByForceQuit(call.service) {
            return note(.service, context: c, a: Int32(index), b: ServiceEvent.cancelled.rawValue)
        }
        if !asIf { services.awaiting.append(ServiceState.AwaitedWork(context: c, flags: flags)) }
        services.pending += 1
        let start = value(call.service.startAfterSlot)
        if call.service.kind == .backgroundTask {
            schedule(.serviceStart, c, flags, after: start)
        } else {
            schedule(.serviceDone, c, flags, after: start + value(call.service.runSlot))
        }
    }

    /// A background task's launch: its launch handler runs for its work, or until its allowance
    /// runs out and its expiration handler is called.
    mutating func serviceStarts(context c: Int32, flags: UInt32) {
        let index = Int(flags & ServiceState.callMask)
        let service = calls[index].service
        if isCancelled(context: c, flags: flags, ending: false) { return }
        note(.service, context: c, a: Int32(index), b: ServiceEvent.started.rawValue)
        let run = value(service.runSlot)
        let allowance = value(service.allowanceSlot)
        if run <= allowance {
            schedule(.serviceDone, c, flags, after: run)
        } else {
            schedule(.serviceDone, c, flags | ServiceState.expiredFlag, after: allowance)
        }
    }

    /// A service's work ends: done (it counts), expired, or cancelled by a force quit.
    mutating func serviceEnds(context c: Int32, flags: UInt32) {
        if isCancelled(context: c, flags: flags, ending: true) { return }
        services.pending -= 1
        let index = Int(flags & ServiceState.callMask)
        let call = calls[index]
        let asIf = flags & ServiceState.asIfFlag != 0
        if flags & ServiceState.expiredFlag != 0 {
            return note(.service, context: c, a: Int32(index), b: ServiceEvent.expired.rawValue)
        }
        note(.service, context: c, a: Int32(index), b: ServiceEvent.finished.rawValue)
        if !asIf { delivered(call, index: index) }
        recordServiceEffect(of: call, index: Int32(index), site: ServiceState.site(of: flags), context: c, asIf: asIf)
        if call.service.kind == .backgroundTransfer && !asIf && (!alive || suspended) {
            services.pending += 1
            schedule(.serviceRelaunch, c, UInt32(index), after: value(call.service.relaunchSlot))
        }
    }

    /// The app is relaunched (or woken) in the background for the session's events. Never inlined:
    /// `Engine.handle` stays a jump to each event's handler.
    @inline(never)
    mutating func serviceRelaunches(context c: Int32, call: UInt32) {
        services.pending -= 1
        note(.service, context: c, a: Int32(call), b: ServiceEvent.relaunched.rawValue)
    }

    /// Whether the work this event of a service belongs to was cancelled by a force quit (the event
    /// then does nothing: its cancellation was told, and counted, at the force quit). The work
    /// leaves ``ServiceState/awaiting`` when it ends (`ending`), or when a cancelled one's event comes.
    private mutating func isCancelled(context c: Int32, flags: UInt32, ending: Bool) -> Bool {
        guard flags & ServiceState.asIfFlag == 0, let position = services.awaitingIndex(context: c, flags: flags) else { return false }
        let cancelled = services.awaiting[position].cancelled
        if cancelled || ending { services.awaiting.remove(at: position) }
        return cancelled
    }

    /// The user force-quit the app from the app switcher (a `swipeAway` of a launched app): work
    /// the system holds for it that a force quit cancels is cancelled now, not when it would have
    /// ended (`URLError.BackgroundTaskCancelledReason.userForceQuitApplication`: "the system canceled
    /// the background task because the user force-quit the application"; docs/scenario-format.md).
    mutating func userForceQuits() {
        guard appState != .notRunning && appState != .terminated else { return }
        services.forceQuitAt = now.nanoseconds
        guard program.usesServices else { return }
        note(.service, a: -1, b: ServiceEvent.forceQuit.rawValue)
        for position in services.awaiting.indices where !services.awaiting[position].cancelled {
            let work = services.awaiting[position]
            let index = work.flags & ServiceState.callMask
            guard calls[Int(index)].service.cancelledByForceQuit else { continue }
            services.awaiting[position].cancelled = true
            services.pending -= 1
            note(.service, context: work.context, a: Int32(index), b: ServiceEvent.cancelled.rawValue)
        }
    }

    @inline(__always)  // mutating, though it changes nothing: see Engine
    private mutating func cancelledByForceQuit(_ service: ServiceTiming) -> Bool {
        service.cancelledByForceQuit && services.forceQuitAt >= 0
    }

    /// A service's work counts whenever it ends, the process alive or not; work handed off after
    /// death counts only for when the cleanup would have finished.
    private mutating func recordServiceEffect(of call: CallTiming, index: Int32, site: Int8, context: Int32, asIf: Bool) {
        guard call.isCleanup else { return }
        guard !asIf else { return recordEffect(of: call, index: index, site: site, context: context) }
        note(.effect, context: context, a: index, b: 0)
        let required = requiredCleanups
        markCleanupDone(call, site: site)
        if cleanupAt == nil && cleanupDone & required == required {
            cleanupAt = now
            if !alive { services.finishedAfterDeath = true }
        }
    }

    /// Consistency of the services' state (debug builds, scenarios with services only).
    mutating func checkServiceInvariants() {
        #if EXITRACE_INVARIANTS
        guard program.usesServices else { return }
        precondition(services.pending >= 0, "service events miscounted")
        precondition(alive || death != nil, "dead without a death")
        precondition(!services.finishedAfterDeath || !alive, "finished after death while alive")
        precondition(services.forceQuitAt <= now.nanoseconds, "force quit in the future")
        #endif
    }
}
