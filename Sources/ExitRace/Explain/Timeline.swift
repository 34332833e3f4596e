/// A run laid out on tracks, one per thread plus the system side and the process: slices (what
/// ran, from when to when, properly nested per track), instants, and flows from the moment a job
/// was queued to the moment it started. The common ground of Chrome traces and HTML timelines.
package struct Timeline: Sendable {
    package struct Slice: Equatable, Sendable {
        package var track: Int
        package var start: Int64
        package var end: Int64
        package var name: String
        /// `job`, `hook`, `work`, `call`, `wait`, `sleep` or `exit`.
        package var category: String
        package var afterDeath: Bool
    }

    package struct Instant: Equatable, Sendable {
        package var track: Int
        package var time: Int64
        package var name: String
        package var afterDeath: Bool
    }

    package struct Flow: Equatable, Sendable {
        package var id: Int
        package var fromTrack: Int
        package var fromTime: Int64
        package var toTrack: Int
        package var toTime: Int64
    }

    /// Track names, indexed by track: the threads first, then ``systemTrack`` and ``processTrack``.
    package var tracks: [String]
    package var slices: [Slice]
    package var instants: [Instant]
    package var flows: [Flow]
    package var end: Int64
    package var deathTime: Int64?

    package var systemTrack: Int { tracks.count - 2 }
    package var processTrack: Int { tracks.count - 1 }

    /// Tracks that have anything on them, in order.
    package var usedTracks: [Int] {
        tracks.indices.filter { track in
            slices.contains { $0.track == track } || instants.contains { $0.track == track }
        }
    }

    /// Lays a run out record by record (see ``Builder``), then ends what was left open.
    package init(_ trace: CellTrace) {
        var builder = Builder(trace)
        for record in trace.records { builder.add(record) }
        builder.closeOpenSlices()
        builder.clipMainThreadAtDeath()
        tracks = trace.threads + ["system (receives requests)", "process"]
        slices = builder.slices
        instants = builder.instants
        flows = builder.flows
        end = builder.end
        deathTime = builder.deathTime
    }
}
