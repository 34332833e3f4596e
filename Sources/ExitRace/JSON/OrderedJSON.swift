/// A JSON value written with its members in the order given, for files people read and edit (an
/// imported scenario: hooks and strategies are a table's rows and columns, so their order is
/// meaningful). Written by the JSON layer's one writer, ``JSONBytes``, as ``CanonicalJSON`` is:
/// two spaces of indentation, objects and arrays of objects one member a line; other arrays on one
/// line. The same value gives the same bytes.
package indirect enum OrderedJSON: Equatable, Sendable {
    case null
    case bool(Bool)
    case number(String)
    case string(String)
    case array([OrderedJSON])
    case object([(String, OrderedJSON)])

    package static func == (a: OrderedJSON, b: OrderedJSON) -> Bool { a.text(indent: 0) == b.text(indent: 0) }

    /// A duration in milliseconds from nanoseconds, written exactly (`1500000` ns is `1.5`).
    package static func milliseconds(_ nanoseconds: Int64) -> OrderedJSON {
        let whole = nanoseconds / 1_000_000, fraction = abs(nanoseconds % 1_000_000)
        guard fraction != 0 else { return .number(String(whole)) }
        var digits = String(fraction)
        digits = String(repeating: "0", count: 6 - digits.count) + digits
        while digits.hasSuffix("0") { digits.removeLast() }
        return .number("\(nanoseconds < 0 && whole == 0 ? "-" : "")\(whole).\(digits)")
    }

    /// The value as text, as a member at `indent` (no final newline).
    package func text(indent: Int) -> String {
        var out = JSONBytes()
        write(into: &out, indent: indent)
        return out.string
    }

    private func write(into out: inout JSONBytes, indent: Int) {
        switch self {
        case .null: out.append("null")
        case .bool(let value): out.append(value ? "true" : "false")
        case .number(let text): out.append(text)
        case .string(let text): out.append(quoted: text)
        case .array(let elements) where elements.contains(where: \.isObject):
            out.appendArray(elements, indent: indent) { out, element, indent in element.write(into: &out, indent: indent) }
        case .array(let elements):
            out.append("[")
            for (index, element) in elements.enumerated() {
                if index > 0 { out.append(", ") }
                element.write(into: &out, indent: indent)
            }
            out.append("]")
        case .object(let members):
            out.appendObject(members, indent: indent, key: \.0) { out, member, indent in
                member.1.write(into: &out, indent: indent)
            }
        }
    }

    private var isObject: Bool { if case .object = self { true } else { false } }
}
