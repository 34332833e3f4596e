extension JSONNode {
    /// `self` (a parent document) overridden by `child`, as `extend` does: objects merge member by
    /// member, recursively, keeping the parent's order and adding the child's new members after it;
    /// a `null` member in the child removes the parent's; anything else in the child replaces the
    /// parent's value whole (arrays included).
    ///
    /// `replacesWhole(parent, child)`: an object of the child that replaces the parent's whole instead
    /// of merging into it (a distribution of another family: `{"logUniform": …}` over `{"uniform": …}`).
    package func merged(with child: JSONNode, replacesWhole: (_ parent: JSONNode, _ child: JSONNode) -> Bool = { _, _ in false }) -> JSONNode {
        guard case .object(let parentMembers) = value, case .object(let childMembers) = child.value,
            !replacesWhole(self, child)
        else {
            return child
        }
        // Keys are unique in an object (the parser refuses a repeated one): each is found through a
        // dictionary, and a removed member is dropped at the end, so that a merge is linear in the
        // members (an import of 8,000 hooks spent a fifth of its time here).
        var members = parentMembers
        var position = Dictionary(members.enumerated().map { ($1.key, $0) }, uniquingKeysWith: { first, _ in first })
        var removed = Set<Int>()
        for member in childMembers {
            let existing = position[member.key]
            if case .null = member.value.value {
                if let existing {
                    removed.insert(existing)
                    position[member.key] = nil
                }
            } else if let existing {
                members[existing].value = members[existing].value.merged(with: member.value, replacesWhole: replacesWhole)
            } else {
                position[member.key] = members.count
                members.append(member)
            }
        }
        if !removed.isEmpty { members = members.enumerated().filter { !removed.contains($0.offset) }.map(\.element) }
        return JSONNode(value: .object(members), position: child.position)
    }

    /// The member named `key`, if this is an object that has it.
    package subscript(key: String) -> JSONNode? {
        guard case .object(let members) = value else { return nil }
        return members.first { $0.key == key }?.value
    }

    /// This object without the member `key`.
    package func removingMember(_ key: String) -> JSONNode {
        guard case .object(let members) = value else { return self }
        return JSONNode(value: .object(members.filter { $0.key != key }), position: position)
    }
}
