/// The engine's schedule-exploration state: when on, every event goes through
/// ``Engine/nextChosen()``, and same-instant races are choice points that `scheduler` decides
/// (see docs/schedules.md). Off, the event loop is the plain (time, sequence) order.
struct ScheduleExploration {
    /// Whether runs go through the choice points.
    var isOn = false
    /// Decides the choice points and records what the run met.
    var scheduler = ScheduleController()
    /// The events due at the current instant, in sequence order.
    var instantReady = ContiguousArray<EventQueue<SimEvent>.Entry>()
    /// Indices into `instantReady` of each owner's first event.
    var choiceCandidates = ContiguousArray<Int>()
    /// The owner of each of `choiceCandidates` (scratch for ``Engine/nextChosen()``).
    var candidateOwners = ContiguousArray<UInt64>()
    /// The same owners as a set, when many events are due at once (scratch, as `candidateOwners`).
    var candidateOwnerSet = Set<UInt64>()
    /// Per owner, how many events of `instantReady` it owns, kept while ``countsOwners``: a choice
    /// point's width is then their number, and the candidates are listed only when one other than
    /// the first is taken. 2,000 tasks due at one instant made the list, built at every event,
    /// quadratic in them (one schedule took 8 times a run's time, ten 55 times).
    var dueOwners: [UInt64: Int] = [:]
    /// Whether ``dueOwners`` is kept: from more than ``ownerScanLimit`` events due at once, until
    /// half as many are left.
    var countsOwners = false

    /// Up to this many events due at once, a choice point lists its candidates by a scan: cheaper
    /// than hashing for the few that most instants have.
    static let ownerScanLimit = 32
    /// How many events ``Engine/nextChosen()`` has handed to the event loop in this run: the
    /// loop's own count whenever it asks for the next one.
    var eventsTaken = 0

    /// A new run starts with nothing due and the schedule from its first choice point.
    mutating func reset() {
        instantReady.removeAll(keepingCapacity: true)
        dueOwners.removeAll(keepingCapacity: true)
        countsOwners = false
        eventsTaken = 0
        scheduler.rewind()
    }

    /// Adds an event due now, after those already due.
    mutating func appendDue(_ entry: EventQueue<SimEvent>.Entry) {
        instantReady.append(entry)
        if countsOwners { dueOwners[entry.payload.owner, default: 0] += 1 }
    }

    /// Takes the due event at `index` out.
    mutating func takeDue(at index: Int) -> EventQueue<SimEvent>.Entry {
        let entry = instantReady.remove(at: index)
        guard countsOwners else { return entry }
        let owner = entry.payload.owner
        if let count = dueOwners[owner], count > 1 { dueOwners[owner] = count - 1 } else { dueOwners[owner] = nil }
        if instantReady.count <= Self.ownerScanLimit / 2 {
            countsOwners = false
            dueOwners.removeAll(keepingCapacity: true)
        }
        return entry
    }

    /// Starts keeping ``dueOwners`` when more than ``ownerScanLimit`` events are due.
    mutating func countOwnersIfMany() {
        guard !countsOwners, instantReady.count > Self.ownerScanLimit else { return }
        countsOwners = true
        for entry in instantReady { dueOwners[entry.payload.owner, default: 0] += 1 }
    }

    /// While kept, ``dueOwners`` counts exactly the owners of the events due. Checked up to 128
    /// events due (the tests' scenarios): past that, a count at every event would make a debug
    /// build's exploration quadratic again, which a test measures.
    func checkDueOwners() {
        #if EXITRACE_INVARIANTS
        guard countsOwners, instantReady.count <= 128 else { return }
        var counted: [UInt64: Int] = [:]
        for entry in instantReady { counted[entry.payload.owner, default: 0] += 1 }
        let exact = counted == dueOwners
        precondition(exact, "the owners of the events due are miscounted")
        #endif
    }
}
