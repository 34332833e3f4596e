extension JSONNode {
    /// The value as JSON text that reads back to the same value: members in the order they have
    /// (file order, which is the order of a scenario's tables), numbers spelled exactly as in
    /// their file, two spaces of indentation and a final newline.
    ///
    /// The same node always gives the same bytes, so the text can be hashed as the document's
    /// identity; positions (lines and columns) are not part of it.
    package var text: String {
        var out = JSONBytes()
        write(into: &out, indent: 0)
        out.append("\n")
        return out.string
    }

    private func write(into out: inout JSONBytes, indent: Int) {
        switch value {
        case .null: out.append("null")
        case .bool(let b): out.append(b ? "true" : "false")
        case .number(_, let spelling): out.append(spelling)
        case .string(let s): out.append(quoted: s)
        case .array(let elements):
            out.appendArray(elements, indent: indent) { out, element, indent in element.write(into: &out, indent: indent) }
        case .object(let members):
            out.appendObject(members, indent: indent, key: \.key) { out, member, indent in member.value.write(into: &out, indent: indent) }
        case .unreadArray(let array):
            // The layout of `appendArray`, one element read back at a time.
            var count = 0
            array.forEachElement { element in
                out.append(count == 0 ? "[\n" : ",\n")
                out.append(spaces: indent + 2)
                element.write(into: &out, indent: indent + 2)
                count += 1
            }
            if count == 0 { return out.append("[]") }
            out.append("\n")
            out.append(spaces: indent)
            out.append("]")
        }
    }
}
