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
        var members = parentMembers
        for member in childMembers {
            let existing = members.firstIndex { $0.key == member.key }
            if case .null = member.value.value {
                if let existing { members.remove(at: existing) }
            } else if let existing {
                members[existing].value = members[existing].value.merged(with: member.value, replacesWhole: replacesWhole)
            } else {
                members.append(member)
            }
        }
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
