/// A traced run's contexts (``CellTrace/contexts``), indexed by the records' `context`, as
/// ``CellTrace/Context`` values made when read.
///
/// A run may make millions of contexts of a few kinds (a timer's blocks, a loop's tasks): what
/// many share (the kind, QoS, isolation, cleanup calls, and the name before its ` #n`) is kept
/// once as a shape, and each context is a shape and its ordinal among the contexts of its name:
/// 8 bytes where a named ``CellTrace/Context`` took some 130.
package struct ContextTable: RandomAccessCollection, Sendable {
    /// What contexts of one shape have in common.
    struct Shape: Sendable {
        /// The context with no ` #n` (see ``ContextID``), and an index into `totals`.
        var baseName: String
        var description: Int32
        var kind: CellTrace.Context.Kind
        var qos: QoSClass
        var mainIsolated: Bool
        var cleanupCalls: Int
        /// An empty completion handler on a global queue (``CellTrace/Context/isBlockingCall``).
        var isBlockingCall = false
    }

    /// One context: its shape, and which of the contexts of its description it is (from 1).
    struct Row: Sendable {
        var shape: Int32
        var ordinal: Int32
    }

    var shapes: [Shape]
    var rows: [Row]
    /// Per description: how many contexts of the run have it (one has no ` #n`).
    var totals: [Int32]

    package var startIndex: Int { 0 }
    package var endIndex: Int { rows.count }

    package subscript(index: Int) -> CellTrace.Context {
        let row = rows[index]
        let shape = shapes[Int(row.shape)]
        return CellTrace.Context(
            name: totals[Int(shape.description)] > 1 ? "\(shape.baseName) #\(row.ordinal)" : shape.baseName, kind: shape.kind,
            qos: shape.qos, mainIsolated: shape.mainIsolated, cleanupCalls: shape.cleanupCalls,
            isBlockingCall: shape.isBlockingCall)
    }

    /// Whether context `index` is a blocking call's empty completion handler, without making its name.
    package func isBlockingCall(_ index: Int32) -> Bool {
        index >= 0 && Int(index) < rows.count && shapes[Int(rows[Int(index)].shape)].isBlockingCall
    }

    /// Builds a table from a run's contexts in order.
    struct Builder {
        private struct ShapeKey: Hashable {
            var description: Int32
            var priority: UInt8
            var mainIsolated: Bool
            var start: Int32
            var end: Int32
        }

        let callbacks: [String]
        private var descriptions: [ContextID.Description: Int32] = [:]
        private var shapeIndex: [ShapeKey: Int32] = [:]
        private var shapes: [Shape] = []
        private var rows: [Row] = []
        private var totals: [Int32] = []

        init(callbacks: [String]) { self.callbacks = callbacks }

        /// Whether `context` is an empty completion handler on a global queue: the language's spelling
        /// of a synchronous call (`try context.save()`, as `import` writes it). An empty handler on
        /// the main queue or a queue of the scenario's is a real asynchronous completion, told as one.
        static func spellsBlockingCall(_ context: SimContext) -> Bool {
            context.kind == .completionHandler && context.start >= context.end && context.serialQueue < 0 && !context.mainIsolated
        }

        mutating func reserve(_ count: Int) { rows.reserveCapacity(count) }

        /// Adds the next context; `cleanupCalls` counts its cleanup calls (asked once per shape).
        mutating func append(_ context: SimContext, cleanupCalls: () -> Int) {
            let description = ContextID.Description(context)
            let number: Int32
            if let known = descriptions[description] {
                number = known
            } else {
                number = Int32(totals.count)
                descriptions[description] = number
                totals.append(0)
            }
            totals[Int(number)] += 1
            let key = ShapeKey(
                description: number, priority: context.priority, mainIsolated: context.mainIsolated, start: context.start,
                end: context.end)
            let shape: Int32
            if let known = shapeIndex[key] {
                shape = known
            } else {
                shape = Int32(shapes.count)
                shapeIndex[key] = shape
                shapes.append(
                    Shape(
                        baseName: description.name(callbacks: callbacks), description: number, kind: Self.kind(context.kind),
                        qos: QoSClass(priority: context.priority), mainIsolated: context.mainIsolated,
                        cleanupCalls: cleanupCalls(),
                        isBlockingCall: Self.spellsBlockingCall(context)))
            }
            rows.append(Row(shape: shape, ordinal: totals[Int(number)]))
        }

        func table() -> ContextTable { ContextTable(shapes: shapes, rows: rows, totals: totals) }

        private static func kind(_ kind: SimContext.Kind) -> CellTrace.Context.Kind {
            switch kind {
            case .turn: .turn
            case .mainBlock: .mainBlock
            case .globalBlock: .globalBlock
            case .task: .task
            case .detachedTask: .detachedTask
            case .expirationHandler: .expirationHandler
            case .timerBlock: .timerBlock
            case .queueBlock: .queueBlock
            case .completionHandler: .completionHandler
            case .childTask: .childTask
            }
        }
    }
}
