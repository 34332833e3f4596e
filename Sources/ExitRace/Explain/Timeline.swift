/// A run laid out on tracks, one per thread plus the system side and the process: slices (what
/// ran, from when to when, properly nested per track), instants, and flows from the moment a job
/// was queued to the moment it started. The common ground of Chrome traces and HTML timelines.
package struct Timeline: Sendable {
    struct Slice: Equatable, Sendable {
        var track: Int
        var start: Int64
        var end: Int64
        var name: String
        /// `job`, `hook`, `work`, `call`, `wait`, `sleep` or `exit`.
        var category: String
        var afterDeath: Bool
    }

    struct Instant: Equatable, Sendable {
        var track: Int
        var time: Int64
        var name: String
        var afterDeath: Bool
    }

    struct Flow: Equatable, Sendable {
        var id: Int
        var fromTrack: Int
        var fromTime: Int64
        var toTrack: Int
        var toTime: Int64
    }

    /// Track names, indexed by track: the threads first, then ``systemTrack`` and ``processTrack``.
    var tracks: [String]
    var slices: [Slice]
    var instants: [Instant]
    var flows: [Flow]
    package var end: Int64
    var deathTime: Int64?

    var systemTrack: Int { tracks.count - 2 }
    var processTrack: Int { tracks.count - 1 }

    /// Tracks that have anything on them, in order.
    var usedTracks: [Int] {
        tracks.indices.filter { track in
            slices.contains { $0.track == track } || instants.contains { $0.track == track }
        }
    }

    /// Lays a run out record by record (see ``Builder``), then ends what was left open.
    init(_ trace: CellTrace) {
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
