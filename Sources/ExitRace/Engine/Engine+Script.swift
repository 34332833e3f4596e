/// The kill procedure's script: turns, delays, kills and lifecycle actions; and death.
extension Engine {
    mutating func advanceScript() {
        guard alive else { return }
        while true {
            if variantEnd >= 0 && scriptPc == variantEnd {
                scriptPc = scriptReturn
                variantEnd = -1
            }
            guard variantEnd >= 0 || scriptPc < Int(program.mainSteps) else { return }
            let step = program.steps[scriptPc]
            scriptPc += 1
            switch step.kind {
            case .turn:
                if step.a & ScriptStep.forceQuits != 0 { userForceQuits() }
                if step.a & ScriptStep.beginsTermination != 0 {
                    beginTermination()
                    guard alive else { return }
                }
                let c = newContext(
                    SimContext(
                        kind: .turn, pc: step.bodyStart, end: step.bodyEnd, mainIsolated: true,
                        priority: mainQoS, hook: -1))
                if step.slot >= 0 && step.a & ScriptStep.countsCPUTime != 0 {
                    startCPUBudget(for: c, budget: value(step.slot))
                } else if step.slot >= 0 {
                    schedule(.watchdog, c, after: value(step.slot))
                }
                note(.turnQueued, context: c, a: Int32(scriptPc - 1))
                enqueueOnMain(c)
                return  // the script goes on when the turn returns
            case .delay:
                schedule(.advanceScript, 0, after: value(step.slot))
                return
            case .sigkill:
                die(.sigkill)
                return
            case .action:
                let variant = program.variants[Int(step.a) + appState.rawValue]
                note(.action, a: step.a, b: Int64(appState.rawValue))
                if step.bodyStart == ScriptStep.forceQuit { userForceQuits() }
                if variant.cleanups & ~requiredCleanups != 0 { owe(variant.cleanups) }
                if variant.start < variant.end {
                    scriptReturn = scriptPc
                    scriptPc = Int(variant.start)
                    variantEnd = Int(variant.end)
                }
            case .setState:
                appState = AppState(rawValue: Int(step.a)) ?? appState
                note(.stateChanged, a: step.a)
            case .launch:
                launchOptions = step.a
            case .enterBackground:
                enterBackground()
            case .enterForeground:
                inBackground = false
                backgroundEpoch &+= 1
            case .resume:
                resumeApp()
            case .beginFetch:
                beginTask(slot: -1, handlerStart: 0, handlerEnd: 0, callback: -1)
            case .endFetch:
                for index in tasks.indices where tasks[index].slot < 0 && tasks[index].held { endTask(index) }
            case .beginTermination:
                beginTermination()
                guard alive else { return }
            case .lockDevice:
                lockDevice()
            }
        }
    }

    /// The system begins terminating the app: from now on it is not suspended. A suspended app
    /// gets no callback: it is killed, as swiping a suspended app away is (`swipeAway` from
    /// `.suspended` expands to a SIGKILL).
    mutating func beginTermination() {
        if suspended { return die(.sigkill) }
        terminating = true
    }

    mutating func die(_ cause: RunOutcome.DeathCause) {
        guard alive else { return }
        alive = false
        appState = .terminated
        death = RunOutcome.Death(at: now, cause: cause)
        if tracing { note(.died, a: Int32(RunOutcome.DeathCause.allCases.firstIndex(of: cause)!)) }
        if program.owedIfUndelivered != 0 { oweUndeliveredGoingAway() }
        deadlock = findDeadlock()
        let main = Int(Self.mainThread)
        if threads[main].state == .waiting { semaphoreWaiters[Int(threads[main].semaphore)] -= 1 }
        threads[main].state = .dead
    }

    /// The process died: the cleanup calls of the code of the app going away that the run never
    /// delivered are owed (``CellProgram/owedIfUndelivered``), so a kill that never sent
    /// `applicationWillTerminate` loses the flush written there, unless code that ran made the call.
    private mutating func oweUndeliveredGoingAway() {
        var programs = undeliveredCleanupPrograms() & program.owedIfUndelivered
        var calls: UInt64 = 0
        while programs != 0 {
            calls |= program.cleanupCallsOfProgram[programs.trailingZeroBitCount]
            programs &= programs - 1
        }
        if calls & ~requiredCleanups != 0 { owe(calls) }
    }

    /// Cleanup call `index` took effect, from the place whose bit is `site` (-1 for none: see
    /// ``CleanupSites``): alive, the call and its place are done; after death, they would have been.
    mutating func recordEffect(of call: CallTiming, index: Int32, site: Int8, context: Int32) {
        guard call.isCleanup else { return }
        note(.effect, context: context, a: index, b: alive ? 0 : 1)
        let required = requiredCleanups
        if alive {
            markCleanupDone(call, site: site)
            if cleanupAt == nil && cleanupDone & required == required { cleanupAt = now }
        } else {
            lateCleanupDone |= 1 << UInt64(call.cleanupBit)
            if site >= 0 { lateCleanupDone |= 1 << UInt64(site) }
            if cleanupAt == nil && wouldHaveFinishedAt == nil && (cleanupDone | lateCleanupDone) & required == required {
                wouldHaveFinishedAt = now
            }
        }
    }

    /// Cleanup call `call` took effect now (while the process lives, or through a service), from
    /// the place whose bit is `site`, or -1.
    @inline(__always)
    mutating func markCleanupDone(_ call: CallTiming, site: Int8) {
        markCleanupBit(call.cleanupBit)
        if site >= 0 { markCleanupBit(site) }
    }

    /// Bit `bit` of the cleanup mask (``Scenario/cleanupBits``, ``CleanupSites``) is done now.
    @inline(__always)
    private mutating func markCleanupBit(_ bit: Int8) {
        let mask: UInt64 = 1 << UInt64(bit)
        guard cleanupDone & mask == 0 else { return }
        cleanupDone |= mask
        cleanupFirstDoneAt[Int(bit)] = now.nanoseconds
    }

    /// The run takes an action's expansion whose `onCallbacks` programs owe `cleanups`, or the process
    /// died without the code of the app going away: from now on they are owed too, and the cleanup
    /// finished when the last call owed first took effect (docs/scenario-format.md, "onCallbacks").
    mutating func owe(_ cleanups: UInt64) {
        requiredCleanups |= cleanups
        guard cleanupDone & requiredCleanups == requiredCleanups else {
            cleanupAt = nil
            return
        }
        var last: Int64 = 0
        var bits = requiredCleanups
        while bits != 0 {
            last = max(last, cleanupFirstDoneAt[bits.trailingZeroBitCount])
            bits &= bits - 1
        }
        cleanupAt = VirtualInstant(nanoseconds: last)
    }
}
