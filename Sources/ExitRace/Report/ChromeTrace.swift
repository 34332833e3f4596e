/// Writes a run in the Chrome Trace Event format (JSON), which Perfetto UI and chrome://tracing
/// open: one named track per thread plus the system side and the process, complete slices ("X")
/// for jobs, hooks, work, calls and waits, instants ("i") for deliveries, signals and death, and
/// flow arrows ("s"/"f") from where a job was created to where it started. Timestamps are
/// microseconds, written exactly from integer nanoseconds.
package enum ChromeTrace {
    /// The run as one Chrome Trace Event JSON document, with sorted keys: the same trace gives the
    /// same bytes. `eventBudget`: as in ``CellExplanation/text(of:eventBudget:)``.
    package static func render(_ trace: CellTrace, eventBudget: String? = nil) -> String {
        let timeline = Timeline(trace)
        let pid: Int64 = 1
        func us(_ ns: Int64) -> CanonicalJSON { .decimal(ns, scale: 3) }
        var events: [CanonicalJSON] = [
            .object([
                "name": .string("process_name"), "ph": .string("M"), "pid": .integer(pid), "tid": .integer(0),
                "args": .object(["name": .string("exitrace: \(trace.title)")]),
            ])
        ]
        for track in timeline.usedTracks {
            events.append(.object([
                "name": .string("thread_name"), "ph": .string("M"), "pid": .integer(pid), "tid": .integer(Int64(track)),
                "args": .object(["name": .string(timeline.tracks[track])]),
            ]))
            events.append(.object([
                "name": .string("thread_sort_index"), "ph": .string("M"), "pid": .integer(pid), "tid": .integer(Int64(track)),
                "args": .object(["sort_index": .integer(Int64(track))]),
            ]))
        }
        for slice in timeline.slices {
            events.append(.object([
                "name": .string(slice.name), "cat": .string(slice.category), "ph": .string("X"), "pid": .integer(pid),
                "tid": .integer(Int64(slice.track)), "ts": us(slice.start), "dur": us(slice.end - slice.start),
                "args": .object(["afterDeath": .bool(slice.afterDeath)]),
            ]))
        }
        for instant in timeline.instants {
            events.append(.object([
                "name": .string(instant.name), "cat": .string("event"), "ph": .string("i"), "s": .string("t"),
                "pid": .integer(pid), "tid": .integer(Int64(instant.track)), "ts": us(instant.time),
                "args": .object(["afterDeath": .bool(instant.afterDeath)]),
            ]))
        }
        for flow in timeline.flows {
            events.append(.object([
                "name": .string("enqueued"), "cat": .string("flow"), "ph": .string("s"), "id": .integer(Int64(flow.id)),
                "pid": .integer(pid), "tid": .integer(Int64(flow.fromTrack)), "ts": us(flow.fromTime),
            ]))
            events.append(.object([
                "name": .string("enqueued"), "cat": .string("flow"), "ph": .string("f"), "bp": .string("e"),
                "id": .integer(Int64(flow.id)), "pid": .integer(pid), "tid": .integer(Int64(flow.toTrack)), "ts": us(flow.toTime),
            ]))
        }
        return CanonicalJSON.object([
            "displayTimeUnit": .string("ms"),
            "traceEvents": .array(events),
            "otherData": .object([
                "tool": .string("exitrace \(ExitRaceVersion.current)"),
                // The verdict alone: an explanation would make every line of the timeline first.
                "verdict": .string(VerdictSentence.sentence(trace, eventBudget: eventBudget)),
            ]),
        ]).serialized()
    }
}
