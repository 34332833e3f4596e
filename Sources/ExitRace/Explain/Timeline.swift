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

    /// Lays a run out record by record (see ``Builder``), then ends what was left open.
    public init(_ trace: CellTrace) {
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
