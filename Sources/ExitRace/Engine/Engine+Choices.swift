/// Schedule exploration's event loop: the events due at the current instant are gathered, each
/// owner's first one is a candidate, and when there are two or more the scheduler picks one.
/// Picking candidate 0 every time is exactly the (time, sequence) order of ``EventQueue``.
extension Engine {
    /// The next event to handle, as the scheduler decides; `nil` when none is pending. Never
    /// inlined, so that the default loop stays as small as before.
    @inline(never)
    mutating func nextChosen() -> EventQueue<SimEvent>.Entry? {
        guard let entry = nextChosenEntry() else { return nil }
        exploration.eventsTaken += 1
        return entry
    }

    private mutating func nextChosenEntry() -> EventQueue<SimEvent>.Entry? {
        if instantReady.isEmpty {
            guard let first = queue.next() else { return nil }
            exploration.appendDue(first)
        }
        while queue.hasEventNow, let entry = queue.next() { exploration.appendDue(entry) }
        // After death nothing counts, so its races are not choice points: the default order.
        guard alive else { return exploration.takeDue(at: 0) }
        exploration.countOwnersIfMany()
        let width: Int
        if exploration.countsOwners {
            width = exploration.dueOwners.count
        } else {
            collectCandidates()
            width = choiceCandidates.count
        }
        guard width > 1 else { return exploration.takeDue(at: 0) }
        let pick = scheduler.choose(among: width, instead: watcherPick(width: width))
        // The first candidate is the first event due: the candidates are listed only for another.
        if exploration.countsOwners && (pick != 0 || scheduler.recordingCandidates) { collectCandidates() }
        if scheduler.recordingCandidates { recordCandidates(taken: pick) }
        return exploration.takeDue(at: pick == 0 ? 0 : choiceCandidates[pick])
    }

    /// What the scheduler's watcher (if any) says at the choice point about to be decided: it is
    /// shown the run's state here, before the decision, and may take a candidate itself.
    private mutating func watcherPick(width: Int) -> Int? {
        guard let watcher = scheduler.watcher else { return nil }
        let point = scheduler.widths.count
        return watcher.reached(point, width: width) {
            // The copy holds the run's contexts only, not the slots of the largest earlier run.
            return ChoicePointState(copying: self, events: exploration.eventsTaken)
        }
    }

    /// Indices of each owner's first event among those due now, in sequence order.
    /// Each event's owner is worked out once and compared as a plain integer with the owners
    /// already taken (a timer storm has some hundred events due at each instant: this scan was
    /// four fifths of a search's time when it worked out both owners at every comparison). Past
    /// ``ScheduleExploration/ownerScanLimit`` events the owners taken are a set (and it is needed
    /// only when a candidate other than the first is taken: ``ScheduleExploration/dueOwners``).
    private mutating func collectCandidates() {
        choiceCandidates.removeAll(keepingCapacity: true)
        guard instantReady.count > ScheduleExploration.ownerScanLimit else {
            exploration.candidateOwners.removeAll(keepingCapacity: true)
            for index in instantReady.indices {
                let owner = instantReady[index].payload.owner
                if !exploration.candidateOwners.contains(owner) {
                    choiceCandidates.append(index)
                    exploration.candidateOwners.append(owner)
                }
            }
            return
        }
        exploration.candidateOwnerSet.removeAll(keepingCapacity: true)
        for index in instantReady.indices where exploration.candidateOwnerSet.insert(instantReady[index].payload.owner).inserted {
            choiceCandidates.append(index)
        }
    }

    private mutating func recordCandidates(taken pick: Int) {
        var events = [choiceCandidate(instantReady[choiceCandidates[pick]].payload)]
        for (index, candidate) in choiceCandidates.enumerated() where index != pick {
            events.append(choiceCandidate(instantReady[candidate].payload))
        }
        scheduler.recordCandidates(events)
    }

    /// `event` with the state naming it needs: its thread's context, the script's next step.
    private func choiceCandidate(_ event: SimEvent) -> ChoiceCandidate {
        var candidate = ChoiceCandidate(event: event, at: queue.now)
        switch event.kind {
        case .threadResume, .callWorkDone, .waitTimeout:
            if Int(event.a) < threads.count { candidate.context = threads[Int(event.a)].context }
        case .advanceScript:
            if lifecycle.scriptPc < program.steps.count { candidate.scriptStep = program.steps[lifecycle.scriptPc].kind }
        default: break
        }
        return candidate
    }
}
