/// A run laid out on tracks, one per thread plus the system side and the process: slices (what
/// ran, from when to when, properly nested per track), instants, and flows from the moment a job
/// was queued to the moment it started. The common ground of Chrome traces and HTML timelines.
public struct Timeline: Sendable {
    public struct Slice: Equatable, Sendable {
        public var track: Int
        public var start: Int64
        public var end: Int64
        public var name: String
        /// `job`, `hook`, `work`, `call`, `wait`, `sleep` or `exit`.
        public var category: String
        public var afterDeath: Bool
    }

    public struct Instant: Equatable, Sendable {
        public var track: Int
        public var time: Int64
        public var name: String
        public var afterDeath: Bool
    }

    public struct Flow: Equatable, Sendable {
        public var id: Int
        public var fromTrack: Int
        public var fromTime: Int64
        public var toTrack: Int
        public var toTime: Int64
    }

    /// Track names, indexed by track: the threads first, then ``systemTrack`` and ``processTrack``.
    public var tracks: [String]
    public var slices: [Slice]
    public var instants: [Instant]
    public var flows: [Flow]
    public var end: Int64
    public var deathTime: Int64?

    public var systemTrack: Int { tracks.count - 2 }
    public var processTrack: Int { tracks.count - 1 }

    /// Tracks that have anything on them, in order.
    public var usedTracks: [Int] {
        tracks.indices.filter { track in
            slices.contains { $0.track == track } || instants.contains { $0.track == track }
        }
    }

    public init(_ trace: CellTrace) {
        tracks = trace.threads + ["system (receives requests)", "process"]
        let system = trace.threads.count
        let process = system + 1
        let deathTime = trace.outcome.death?.at.nanoseconds
        self.deathTime = deathTime
        let end = max(trace.records.last?.time ?? 0, deathTime ?? 0)
        self.end = end
        var slices: [Slice] = []
        var instants: [Instant] = []
        var flows: [Flow] = []
        // Open slices per thread, innermost last: index into `slices`.
        var open = Array(repeating: [Int](), count: trace.threads.count)
        var created: [Int: (track: Int, time: Int64)] = [:]
        var started = Set<Int>()
        func after(_ time: Int64) -> Bool { deathTime.map { time > $0 } ?? false }
        func push(_ thread: Int32, _ start: Int64, _ end: Int64?, _ name: String, _ category: String) {
            let track = Int(thread)
            slices.append(Slice(track: track, start: start, end: end ?? start, name: name, category: category, afterDeath: after(start)))
            if end == nil { open[track].append(slices.count - 1) }
        }
        /// Closes open slices of a thread down to (and including) the innermost of `category`.
        func close(_ thread: Int32, _ time: Int64, through category: String) {
            let track = Int(thread)
            while let index = open[track].popLast() {
                slices[index].end = time
                if slices[index].category == category { return }
            }
        }
        let name = { (c: Int32) in CellExplanation.context(c, trace) }
        for record in trace.records {
            let t = record.time
            let thread = record.thread
            switch record.kind {
            case .created:
                created[Int(record.context)] = (Int(thread), t)
            case .started:
                push(thread, t, nil, name(record.context), "job")
                if !started.contains(Int(record.context)), let origin = created[Int(record.context)] {
                    flows.append(Flow(id: Int(record.context), fromTrack: origin.track, fromTime: origin.time, toTrack: Int(thread), toTime: t))
                }
                started.insert(Int(record.context))
            case .stopped:
                close(thread, t, through: "job")
            case .hookEntered:
                push(thread, t, nil, CellExplanation.callback(record.a, trace), "hook")
            case .hookReturned:
                close(thread, t, through: "hook")
            case .work:
                push(thread, t, t + record.b, "work \(CellExplanation.ms(record.b))", "work")
            case .sleep:
                push(thread, t, t + record.b, "Thread.sleep \(CellExplanation.ms(record.b))", "sleep")
            case .callStarted:
                push(thread, t, t + record.b, CellExplanation.call(record.a, trace), "call")
            case .exitBegan:
                push(thread, t, t + record.b, "exit", "exit")
            case .waitBlocked:
                push(thread, t, nil, "wait \(CellExplanation.semaphore(record.a, trace))", "wait")
            case .waitWoken, .waitTimedOut:
                close(thread, t, through: "wait")
            case .signal:
                instants.append(Instant(track: Int(thread), time: t, name: "signal \(CellExplanation.semaphore(record.a, trace))", afterDeath: after(t)))
            case .inversion:
                instants.append(Instant(track: Int(thread), time: t, name: "priority inversion", afterDeath: after(t)))
            case .delivered:
                instants.append(Instant(track: system, time: t, name: "\(CellExplanation.call(record.a, trace)) request received", afterDeath: after(t)))
            case .replied:
                instants.append(Instant(track: system, time: t, name: "\(CellExplanation.call(record.a, trace)) reply", afterDeath: after(t)))
            case .effect:
                instants.append(Instant(track: system, time: t, name: record.b == 0 ? "cleanup takes effect" : "too late: would take effect", afterDeath: after(t)))
            case .watchdogFired:
                instants.append(Instant(track: process, time: t, name: "watchdog fires", afterDeath: false))
            case .died:
                instants.append(Instant(track: process, time: t, name: RunOutcome.DeathCause.allCases[Int(record.a)].phrase, afterDeath: false))
            case .suspended:
                instants.append(Instant(track: process, time: t, name: "suspended", afterDeath: false))
            case .resumed:
                instants.append(Instant(track: process, time: t, name: "resumed", afterDeath: false))
            case .expirationDue:
                instants.append(Instant(track: process, time: t, name: "background task expiring", afterDeath: false))
            case .polling:
                push(thread, t, nil, "poll \(CellExplanation.flag(record.a, trace))", "wait")
            case .flagSet:
                instants.append(Instant(track: Int(thread), time: t, name: "set \(CellExplanation.flag(record.a, trace))", afterDeath: after(t)))
            case .turnQueued, .queuedOnMain, .queuedOnPool, .ready, .taskSleep, .waitPassed, .hop, .action, .stateChanged,
                .taskBegan, .taskEnded, .timerFired:
                break
            }
        }
        // Whatever is still open ends when the thread stops: the main thread at death, others at the end.
        for thread in open.indices {
            let stop = thread == 0 ? (deathTime ?? end) : end
            for index in open[thread] { slices[index].end = max(slices[index].start, stop) }
        }
        // A timed slice cut short by death ends with its job.
        for index in slices.indices where slices[index].track == 0 {
            if let deathTime, slices[index].end > deathTime, slices[index].start <= deathTime {
                slices[index].end = deathTime
            }
        }
        self.slices = slices
        self.instants = instants
        self.flows = flows
    }
}
