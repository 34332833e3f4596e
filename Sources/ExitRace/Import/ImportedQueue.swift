/// A queue of the app's own, `DispatchQueue(label:qos:attributes:)`, as the scenario's `queues`
/// declares it: its QoS and whether it is concurrent.
package struct ImportedQueue: Equatable, Sendable {
    package var qos: QoSClass
    package var concurrent: Bool
    /// Whether the QoS was written (a `qos:` the importer could not read is the default, noted).
    package var qosReadable: Bool

    /// A queue the code implies rather than declares (a Core Data context's private queue).
    init(qos: QoSClass, concurrent: Bool) {
        self.qos = qos
        self.concurrent = concurrent
        qosReadable = true
    }

    /// `line` is the declaration's source line: an array of attributes (`[.concurrent]`) is not parsed.
    init(_ arguments: [SwiftArgument], line: String) {
        let given = StepRecogniser.argument("qos", arguments)
        qos = given.flatMap(StepRecogniser.qos) ?? .default
        qosReadable = given == nil || given.flatMap(StepRecogniser.qos) != nil
        concurrent = StepRecogniser.argument("attributes", arguments).map { Self.isConcurrent($0) || line.contains(".concurrent") }
            ?? false
    }

    /// `.concurrent`, `[.concurrent]`, `[.concurrent, .initiallyInactive]`.
    static func isConcurrent(_ expr: SwiftExpr) -> Bool {
        switch expr.kind {
        case .implicitMember(let name), .member(_, let name): return name == "concurrent"
        default: return false
        }
    }
}
