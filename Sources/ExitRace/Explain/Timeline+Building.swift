extension Timeline {
    /// What one trace record puts on a timeline.
    ///
    /// Deciding this apart from the bookkeeping of open slices keeps one exhaustive switch over
    /// every record kind: a new kind cannot be forgotten here without the compiler saying so.
    enum Mark {
        /// A job starts on the record's thread: an open slice, and a flow from where it was created.
        case startsJob(name: String)
        /// A slice that stays open until a record closes it.
        case opens(name: String, category: String)
        /// A slice whose length the record tells.
        case timed(name: String, category: String, durationNs: Int64)
        /// Closes the thread's open slices down to (and including) the innermost of `category`.
        case closes(category: String)
        case instant(Place, name: String)
        /// A job was created: where a flow to its start begins.
        case created
        /// Told by another mark, or not drawn.
        case nothing
    }

    /// The track of an instant.
    enum Place {
        /// The record's thread.
        case thread
        /// The system side, where requests arrive.
        case system
        /// The process: its death, suspension and watchdog. Never after death.
        case process
    }

    static func mark(_ record: TraceRecord, _ trace: CellTrace) -> Mark {
        switch record.kind {
        case .created: .created
        case .started: .startsJob(name: CellExplanation.context(record.context, trace))
        case .stopped: .closes(category: "job")
        case .hookEntered: .opens(name: CellExplanation.callback(record.a, trace), category: "hook")
        case .hookReturned: .closes(category: "hook")
        case .work: .timed(name: "work \(CellExplanation.ms(record.b))", category: "work", durationNs: record.b)
        case .sleep: .timed(name: "Thread.sleep \(CellExplanation.ms(record.b))", category: "sleep", durationNs: record.b)
        case .callStarted: .timed(name: CellExplanation.call(record.a, trace), category: "call", durationNs: record.b)
        case .exitBegan: .timed(name: "exit", category: "exit", durationNs: record.b)
        case .waitBlocked: .opens(name: "wait \(CellExplanation.semaphore(record.a, trace))", category: "wait")
        case .waitWoken, .waitTimedOut: .closes(category: "wait")
        case .polling: .opens(name: "poll \(CellExplanation.flag(record.a, trace))", category: "wait")
        case .signal: .instant(.thread, name: "signal \(CellExplanation.semaphore(record.a, trace))")
        case .inversion: .instant(.thread, name: "priority inversion")
        case .flagSet: .instant(.thread, name: "set \(CellExplanation.flag(record.a, trace))")
        case .delivered: .instant(.system, name: "\(CellExplanation.call(record.a, trace)) request received")
        case .replied: .instant(.system, name: "\(CellExplanation.call(record.a, trace)) reply")
        case .effect: .instant(.system, name: record.b == 0 ? "cleanup takes effect" : "too late: would take effect")
        case .watchdogFired: .instant(.process, name: "watchdog fires")
        case .died: .instant(.process, name: RunOutcome.DeathCause.allCases[Int(record.a)].phrase)
        case .suspended: .instant(.process, name: "suspended")
        case .resumed: .instant(.process, name: "resumed")
        case .expirationDue: .instant(.process, name: "background task expiring")
        case .deviceLocked: .instant(.process, name: "device locked")
        case .writeRefused: .instant(.system, name: "\(CellExplanation.call(record.a, trace)) write refused (device locked)")
        case .actorEntered: .opens(name: "on \(CellExplanation.actor(record.a, trace))", category: "actor")
        case .actorLeft: .closes(category: "actor")
        case .actorEscalated: .instant(.thread, name: "escalated to \(QoSClass(priority: UInt8(record.b)).name) QoS")
        case .taskEscalated:
            .instant(record.thread >= 0 ? .thread : .system, name: "task escalated to \(QoSClass(priority: UInt8(record.b)).name) QoS")
        case .turnQueued, .queuedOnMain, .queuedOnPool, .ready, .taskSleep, .waitPassed, .hop, .action, .stateChanged,
            .taskBegan, .taskEnded, .timerFired, .queuedBehind, .groupNotifySet, .actorQueued, .actorHandedOver, .awaitsChildren,
            .awaitsTask:
            .nothing
        case .groupEntered: .instant(.thread, name: "enter \(CellExplanation.semaphore(record.a, trace))")
        case .groupLeft: .instant(.thread, name: "leave \(CellExplanation.semaphore(record.a, trace))")
        case .syncWaits: .opens(name: "sync \(CellExplanation.queue(record.a, trace))", category: "wait")
        case .syncEntered:
            record.b == 1 ? .closes(category: "wait") : .instant(.thread, name: "sync \(CellExplanation.queue(record.a, trace))")
        case .service: .instant(.system, name: serviceMark(record, trace))
        case .cancellation: .instant(record.thread >= 0 ? .thread : .system, name: Self.cancellationMark(record.a))
        case .afterScheduled:
            .instant(.thread, name: "asyncAfter \(CellExplanation.ms(record.b)) on \(CellExplanation.queue(record.a, trace))")
        }
    }

    /// A service record's name on the system's track.
    static func serviceMark(_ record: TraceRecord, _ trace: CellTrace) -> String {
        let work = CellExplanation.call(record.a, trace)
        switch ServiceEvent(rawValue: record.b) {
        case .handedOff: return "\(work) handed to the system"
        case .handedOffTooLate: return "too late: \(work) would be handed off"
        case .started: return "\(work) task launched"
        case .finished: return "\(work) done (system)"
        case .cancelled: return "\(work) cancelled (force quit)"
        case .expired: return "\(work) expired"
        case .relaunched: return "relaunch for \(work) events"
        case .forceQuit: return "force quit"
        case nil: return "service"
        }
    }

    /// Lays out a run record by record, keeping per thread the slices still open.
    package struct Builder {
        package let trace: CellTrace
        let deathTime: Int64?
        /// The last record or death, whichever is later.
        package let end: Int64
        var slices: [Slice] = []
        var instants: [Instant] = []
        var flows: [Flow] = []
        /// Open slices per thread, innermost last: indices into `slices`.
        private var open: [[Int]]
        /// Where each job was created, by context: only looked up, never iterated.
        private var created: [Int: (track: Int, time: Int64)] = [:]
        /// Jobs that started once: a job resumed after a suspension gets no second flow.
        private var started = Set<Int>()

        package init(_ trace: CellTrace) {
            self.trace = trace
            deathTime = trace.outcome.death?.at.nanoseconds
            end = max(trace.records.last?.time ?? 0, deathTime ?? 0)
            open = Array(repeating: [], count: trace.threads.count)
        }

        var systemTrack: Int { trace.threads.count }
        var processTrack: Int { trace.threads.count + 1 }

        package mutating func add(_ record: TraceRecord) {
            let time = record.time
            let track = Int(record.thread)
            switch Timeline.mark(record, trace) {
            case .created:
                created[Int(record.context)] = (track, time)
            case .startsJob(let name):
                push(track, time, nil, name, "job")
                addFlow(to: Int(record.context), track: track, time: time)
            case .opens(let name, let category):
                push(track, time, nil, name, category)
            case .timed(let name, let category, let durationNs):
                push(track, time, time + durationNs, name, category)
            case .closes(let category):
                close(track, time, through: category)
            case .instant(.thread, let name):
                instants.append(Instant(track: track, time: time, name: name, afterDeath: isAfterDeath(time)))
            case .instant(.system, let name):
                instants.append(Instant(track: systemTrack, time: time, name: name, afterDeath: isAfterDeath(time)))
            case .instant(.process, let name):
                instants.append(Instant(track: processTrack, time: time, name: name, afterDeath: false))
            case .nothing:
                break
            }
        }

        /// Whatever is still open ends when its thread stops: the main thread at death, others at the end.
        mutating func closeOpenSlices() {
            for track in open.indices {
                let stop = track == 0 ? (deathTime ?? end) : end
                for index in open[track] { slices[index].end = max(slices[index].start, stop) }
            }
        }

        /// A timed slice of the main thread cut short by death ends there, with its job.
        mutating func clipMainThreadAtDeath() {
            guard let deathTime else { return }
            for index in slices.indices where slices[index].track == 0 {
                if slices[index].end > deathTime, slices[index].start <= deathTime {
                    slices[index].end = deathTime
                }
            }
        }

        private func isAfterDeath(_ time: Int64) -> Bool { deathTime.map { time > $0 } ?? false }

        /// A slice from `start`; without an `end` it stays open until ``close(_:_:through:)``.
        private mutating func push(_ track: Int, _ start: Int64, _ end: Int64?, _ name: String, _ category: String) {
            slices.append(
                Slice(track: track, start: start, end: end ?? start, name: name, category: category, afterDeath: isAfterDeath(start)))
            if end == nil { open[track].append(slices.count - 1) }
        }

        private mutating func close(_ track: Int, _ time: Int64, through category: String) {
            while let index = open[track].popLast() {
                slices[index].end = time
                if slices[index].category == category { return }
            }
        }

        private mutating func addFlow(to context: Int, track: Int, time: Int64) {
            if !started.contains(context), let origin = created[context] {
                flows.append(Flow(id: context, fromTrack: origin.track, fromTime: origin.time, toTrack: track, toTime: time))
            }
            started.insert(context)
        }
    }
}

extension Timeline {
    /// The mark of a cancellation record on the timeline, by its code (`Engine+Cancellation`).
    static func cancellationMark(_ code: Int32) -> String {
        switch code {
        case -2: "isCancelled: true"
        case -3: "isCancelled: false"
        case -4, -5: "throws CancellationError"
        case -6: "try? Task.sleep returns"
        case -7: "Task.sleep woken"
        case -8: "onCancel"
        case -9: "onCancel (cancelled already)"
        case -10: "throws"
        case -11: "group.next()"
        case -12: "group.next() rethrows"
        case -13: "group.next(): nil"
        case -14: "call throws CancellationError"
        case -15: "call cancelled"
        case -16: "cancelled call's reply ignored"
        case -17: "try? call returns"
        default: "cancel()"
        }
    }
}
