extension ScenarioDecoder {
    /// The `source` and `code` of each step of a decoded program, in ``Strategy/preorder(_:)``;
    /// empty when no step has them, or when the nodes do not line up with the program (a step that
    /// failed to decode is already reported).
    static func stepSources(_ nodes: [JSONNode], matching program: [ProgramStep]) -> [StepSource?] {
        var sources: [StepSource?] = []
        collectSources(nodes, into: &sources)
        guard sources.contains(where: { $0 != nil }), sources.count == Strategy.preorder(program).count else { return [] }
        return sources
    }

    /// A step's nested bodies are under one of these members, in ``ProgramStep/nestedBodies``' order.
    /// (`onCancel` comes before `body`: a `withTaskCancellationHandler`'s bodies are `[onCancel, operation]`.)
    private static let bodyMembers = ["onCancel", "body", "expiration", "completion"]

    private static func collectSources(_ nodes: [JSONNode], into sources: inout [StepSource?]) {
        for node in nodes {
            guard case .object(let members) = node.value else { continue }
            func string(_ key: String) -> String? {
                if case .string(let text) = members.first(where: { $0.key == key })?.value.value { return text }
                return nil
            }
            if let place = string("source") {
                sources.append(StepSource(place: place, code: string("code") ?? ""))
            } else {
                sources.append(string("code").map { StepSource(place: "", code: $0) })
            }
            for key in bodyMembers {
                if case .array(let body) = members.first(where: { $0.key == key })?.value.value {
                    collectSources(body, into: &sources)
                }
            }
        }
    }
}
