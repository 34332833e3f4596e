/// Explanation lines of declared actors: jobs waiting for an actor, entering and leaving it.
extension CellExplanation {
    /// `actor Store`, or `@Store` for a global actor.
    package static func actor(_ index: Int32, _ trace: CellTrace) -> String {
        guard index >= 0 && Int(index) < trace.scenario.actors.count else { return "actor \(index)" }
        let declaration = trace.scenario.actors[Int(index)]
        return declaration.global ? "global actor @\(declaration.name)" : "actor \(declaration.name)"
    }

    /// A task waiting for its child tasks.
    static func childrenLine(_ record: TraceRecord, _ trace: CellTrace) -> (String, String)? {
        let who = context(record.context, trace)
        if record.b <= Int64(SimContext.firstNextChild) {
            let group = record.a == 1 ? "its group's child task" : "the next of its group's \(record.a) child tasks"
            let text = "\(who) waits in group.next() for \(group) (await: its thread is free)"
            return (thread(record.thread, trace), text)
        }
        let what =
            record.b == Int64(SimContext.allChildren)
            ? (record.a == 1 ? "its child task" : "its \(record.a) child tasks") : context(Int32(record.b), trace)
        return (thread(record.thread, trace), "\(who) waits for \(what) (await: its thread is free)")
    }

    static func actorLine(_ record: TraceRecord, _ trace: CellTrace) -> (String, String)? {
        let who = context(record.context, trace)
        let actor = actor(record.a, trace)
        switch record.kind {
        case .actorQueued:
            let holder = context(Int32(record.b), trace)
            return (actor, "\(who) waits: the actor runs one job at a time, and runs \(holder)")
        case .actorEntered:
            return (thread(record.thread, trace), "\(who) runs on \(actor)")
        case .actorLeft:
            return (thread(record.thread, trace), "\(who) leaves \(actor) (the thread goes with it)")
        case .actorEscalated:
            let qos = QoSClass(priority: UInt8(truncatingIfNeeded: record.b)).name
            return (thread(record.thread, trace), "escalated to \(qos) QoS while it runs \(who) on \(actor): a higher-priority job waits for the actor")
        case .actorHandedOver:
            return (actor, record.b == 1
                ? "its last job ended or suspended: its thread goes on with \(who)"
                : "\(who) is next: the actor is scheduled on the cooperative pool again")
        default:
            preconditionFailure("\(record.kind) is described by another group")
        }
    }
}
