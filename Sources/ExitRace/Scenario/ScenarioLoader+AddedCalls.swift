/// A file that `extend`s another and adds a system call no step calls: most likely a typo of an
/// inherited call's name (`"Analytics.flus": {"costMs": 3}` for `Analytics.flush`), which would otherwise
/// be accepted silently while the inherited call keeps its cost. `--set` catches the same typo itself.
extension ScenarioLoader {
    /// A system call a file adds to those of the file it extends: its name, where the file says it, and
    /// the names it inherits (for a did-you-mean).
    struct AddedSystemCall {
        var name: String
        var position: SourcePosition
        var inherited: [String]
    }

    /// The members of `node`'s `systemCalls` that `parent` (the document it extends) has not, `null` aside.
    static func addedSystemCalls(_ node: JSONNode, to parent: JSONNode) -> [AddedSystemCall] {
        guard case .object(let members)? = node["systemCalls"]?.value else { return [] }
        var inherited: [String] = []
        if case .object(let parentCalls)? = parent["systemCalls"]?.value { inherited = parentCalls.map(\.key) }
        return members.compactMap { member in
            if inherited.contains(member.key) || member.value.value == .null { return nil }
            return AddedSystemCall(name: member.key, position: member.keyPosition, inherited: inherited)
        }
    }

    /// Throws for each added system call that no `call` step of the resolved document calls (a strategy's,
    /// or any other program's), at the place the file adds it, with the inherited name it is closest to.
    static func checkAddedSystemCalls(_ added: [AddedSystemCall], in root: JSONNode) throws(InputError) {
        let problems = uncalledAddedSystemCalls(added, in: root)
        if !problems.isEmpty { throw InputError(problems) }
    }

    /// The problems ``checkAddedSystemCalls(_:in:)`` throws (reported with the decoder's, when it has some).
    static func uncalledAddedSystemCalls(_ added: [AddedSystemCall], in root: JSONNode) -> [Diagnostic] {
        guard !added.isEmpty else { return [] }
        var called: Set<String> = []
        collectCalledNames(root, into: &called)
        let uncalled = added.filter { !called.contains($0.name) }
        return uncalled.map { call in
            Diagnostic(at: call.position, path: "systemCalls[\"\(call.name)\"]",
                message: "expected a system call that a step calls (this file adds it to the ones it extends), found "
                    + "none calling it" + suggestion(call.name, call.inherited)
                    + "; to set an inherited call, use its name; to add one, call it from a strategy's program")
        }
    }

    /// The `name` of every `{"op": "call", …}` object anywhere in `node`, and every `call` member (a goal's).
    static func collectCalledNames(_ node: JSONNode, into names: inout Set<String>) {
        switch node.value {
        case .object(let members):
            if case .string("call")? = node["op"]?.value, case .string(let name)? = node["name"]?.value { names.insert(name) }
            if case .string(let name)? = node["call"]?.value { names.insert(name) }  // a goal's `keepsCalling`
            for member in members { collectCalledNames(member.value, into: &names) }
        case .array(let elements):
            for element in elements { collectCalledNames(element, into: &names) }
        default: break
        }
    }
}
