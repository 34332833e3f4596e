/// A JSON value the importer writes, members in the order it gives them (hooks and strategies are
/// a table's rows and columns, so their order is meaningful). The same value gives the same bytes.
package indirect enum ImportJSON: Equatable, Sendable {
    case null
    case bool(Bool)
    case number(String)
    case string(String)
    case array([ImportJSON])
    case object([(String, ImportJSON)])

    package static func == (a: ImportJSON, b: ImportJSON) -> Bool { a.text(indent: 0) == b.text(indent: 0) }

    /// A duration in milliseconds from nanoseconds, written exactly (`1500000` ns is `1.5`).
    package static func milliseconds(_ nanoseconds: Int64) -> ImportJSON {
        let whole = nanoseconds / 1_000_000, fraction = abs(nanoseconds % 1_000_000)
        guard fraction != 0 else { return .number(String(whole)) }
        var digits = String(fraction)
        digits = String(repeating: "0", count: 6 - digits.count) + digits
        while digits.hasSuffix("0") { digits.removeLast() }
        return .number("\(nanoseconds < 0 && whole == 0 ? "-" : "")\(whole).\(digits)")
    }

    /// The value as text: objects and arrays of objects one member a line, other arrays on one line.
    package func text(indent: Int) -> String {
        let pad = String(repeating: " ", count: indent + 2), end = String(repeating: " ", count: indent)
        switch self {
        case .null: return "null"
        case .bool(let value): return value ? "true" : "false"
        case .number(let text): return text
        case .string(let text): return Self.quoted(text)
        case .array(let elements):
            guard !elements.isEmpty else { return "[]" }
            if elements.allSatisfy({ if case .object = $0 { return false } else { return true } }) {
                return "[" + elements.map { $0.text(indent: indent) }.joined(separator: ", ") + "]"
            }
            return "[\n" + elements.map { pad + $0.text(indent: indent + 2) }.joined(separator: ",\n") + "\n\(end)]"
        case .object(let members):
            guard !members.isEmpty else { return "{}" }
            return "{\n" + members.map { pad + Self.quoted($0.0) + ": " + $0.1.text(indent: indent + 2) }
                .joined(separator: ",\n") + "\n\(end)}"
        }
    }

    package static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }
}
