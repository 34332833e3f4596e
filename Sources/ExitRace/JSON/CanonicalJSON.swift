/// A JSON value for output, written canonically: object keys sorted by their UTF-8 bytes, two
/// spaces of indentation, integers only (times are integer nanoseconds), and a final newline.
/// The same value always gives the same bytes.
package indirect enum CanonicalJSON: Equatable, Sendable {
    case null
    case bool(Bool)
    case integer(Int64)
    /// `value × 10^-scale`, written exactly: `.decimal(60_000_500, scale: 3)` is `60000.5`.
    case decimal(Int64, scale: Int)
    case string(String)
    case array([CanonicalJSON])
    case object(Members)

    /// An object's members, written as a dictionary literal and kept as a list: the writer sorts
    /// the keys once, with no hashing on the way.
    package struct Members: ExpressibleByDictionaryLiteral, Equatable, Sendable {
        package var pairs: [(key: String, value: CanonicalJSON)]

        package init(dictionaryLiteral elements: (String, CanonicalJSON)...) {
            pairs = elements.map { (key: $0.0, value: $0.1) }
        }

        package var isEmpty: Bool { pairs.isEmpty }

        /// The members in canonical order: keys by their UTF-8 bytes.
        package var sorted: [(key: String, value: CanonicalJSON)] {
            let sorted = pairs.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
            assert(zip(sorted, sorted.dropFirst()).allSatisfy { $0.key != $1.key }, "a key appears twice in an object")
            return sorted
        }

        package static func == (a: Members, b: Members) -> Bool {
            let x = a.sorted, y = b.sorted
            return x.count == y.count && zip(x, y).allSatisfy { $0.key == $1.key && $0.value == $1.value }
        }
    }

    package func serialized() -> String {
        var out = JSONBytes()
        write(into: &out, indent: 0)
        out.append("\n")
        return out.string
    }

    /// Writes the value as a member of a document being written piece by piece, at `indent`
    /// (no final newline).
    package func serialized(indent: Int) -> String {
        var out = JSONBytes()
        write(into: &out, indent: indent)
        return out.string
    }

    private func write(into out: inout JSONBytes, indent: Int) {
        switch self {
        case .null: out.append("null")
        case .bool(let b): out.append(b ? "true" : "false")
        case .integer(let i): out.append(integer: i)
        case .decimal(let value, let scale): Self.writeDecimal(value, scale: scale, into: &out)
        case .string(let s): out.append(quoted: s)
        case .array(let elements):
            out.appendArray(elements, indent: indent) { out, element, indent in element.write(into: &out, indent: indent) }
        case .object(let members):
            out.appendObject(members.sorted, indent: indent, key: \.key) { out, member, indent in member.value.write(into: &out, indent: indent) }
        }
    }

    private static func writeDecimal(_ value: Int64, scale: Int, into out: inout JSONBytes) {
        var divisor: Int64 = 1
        for _ in 0..<scale { divisor *= 10 }
        if value < 0 { out.append("-") }
        out.append(integer: abs(value) / divisor)
        var fraction = String(abs(value) % divisor)
        while fraction.count < scale { fraction = "0" + fraction }
        while fraction.hasSuffix("0") { fraction.removeLast() }
        if !fraction.isEmpty { out.append("." + fraction) }
    }
}
