/// Decoding of actors: the scenario's `actors`, a task's `isolation` to one of them, and the
/// `isolatedCall` step.
extension ScenarioDecoder {
    /// The members an entry of `actors` may hold.
    static let actorMembers = ["global"]

    /// The scenario's `actors`, in file order (none when the member is absent).
    static func decodeActors(_ object: ObjectReader, log: DiagnosticLog) -> [ActorDeclaration] {
        guard let members = object.members("actors") else { return [] }
        let reserved = IsolationName.names
        return members.compactMap { member in
            if member.key == ScenarioKeys.note { return nil }
            let path = join(object.childPath("actors"), member.key)
            if member.key.isEmpty {
                log.error(object.childPath("actors"), member.keyPosition, "expected a name, found an empty string")
            } else if reserved.contains(member.key) {
                log.error(
                    path, member.keyPosition,
                    "expected an actor name other than \(reserved.map { "\"\($0)\"" }.joined(separator: ", ")) "
                        + "(those are isolations of their own), found \"\(member.key)\"")
            } else if let problem = lineProblem(member.key) {
                log.error(path, member.keyPosition, problem)
            }
            guard let reader = ObjectReader(member.value, path: path, allowed: actorMembers, log: log) else { return nil }
            return ActorDeclaration(name: member.key, global: reader.bool("global") ?? false)
        }
    }

    /// A `task` step's `isolation`: one of ``IsolationName`` or a declared actor's name.
    static func decodeIsolation(_ reader: ObjectReader, actors: [String]) -> TaskSpawn.Isolation? {
        guard let node = reader["isolation"] else { return TaskSpawn.defaultIsolation }
        let choices = IsolationName.names + actors
        guard case .string(let name) = node.value, choices.contains(name) else {
            var message =
                "expected one of \(IsolationName.names.map { "\"\($0)\"" }.joined(separator: ", ")) "
                + "or an actor declared in \"actors\"\(actors.isEmpty ? " (none is)" : " (\(actors.joined(separator: ", ")))"), "
                + "found \(node.kindDescription)"
            if case .string(let name) = node.value, let suggestion = closestMatch(to: name, in: choices) {
                message += "; did you mean \"\(suggestion)\"?"
            }
            reader.log.error(reader.childPath("isolation"), node.position, message)
            return nil
        }
        return IsolationName(rawValue: name)?.isolation ?? .actor(name)
    }

    /// `{"op": "isolatedCall", "actor": "Store", "body": […]}`: `await store.method()`.
    static func decodeIsolatedCall(_ step: StepInput) -> ProgramStep? {
        let actors = step.context.actorNames
        let what = actors.isEmpty ? "an actor declared in \"actors\" (none is)" : "an actor declared in \"actors\""
        let actor = step.reader.reference("actor", to: actors, what: what)
        step.requireAsync("\"isolatedCall\" (an await)")
        let wasInIsolatedCall = step.context.structure.inIsolatedCall
        step.context.structure.inIsolatedCall = true
        defer { step.context.structure.inIsolatedCall = wasInIsolatedCall }
        guard let body = step.body(async: true), let actor else { return nil }
        return .isolatedCall(actor: actor, body: body)
    }
}
