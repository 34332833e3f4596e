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
    /// How many events ``Engine/nextChosen()`` has handed to the event loop in this run: the
    /// loop's own count whenever it asks for the next one.
    var eventsTaken = 0

    /// A new run starts with nothing due and the schedule from its first choice point.
    mutating func reset() {
        instantReady.removeAll(keepingCapacity: true)
        eventsTaken = 0
        scheduler.rewind()
    }
}
