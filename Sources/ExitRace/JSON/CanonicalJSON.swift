/// A JSON value for output, written canonically: object keys sorted by their UTF-8 bytes, two
/// spaces of indentation, integers only (times are integer nanoseconds), and a final newline.
/// The same value always gives the same bytes.
indirect enum CanonicalJSON: Equatable, Sendable {
    case null
    case bool(Bool)
    case integer(Int64)
    /// `value × 10^-scale`, written exactly: `.decimal(60_000_500, scale: 3)` is `60000.5`.
    case decimal(Int64, scale: Int)
    case string(String)
    case array([CanonicalJSON])
    case object([String: CanonicalJSON])

    func serialized() -> String {
        var out = ""
        write(into: &out, indent: 0)
        out += "\n"
        return out
    }

    private func write(into out: inout String, indent: Int) {
        switch self {
        case .null: out += "null"
        case .bool(let b): out += b ? "true" : "false"
        case .integer(let i): out += String(i)
        case .decimal(let value, let scale):
            var divisor: Int64 = 1
            for _ in 0..<scale { divisor *= 10 }
            if value < 0 { out += "-" }
            out += String(abs(value) / divisor)
            var fraction = String(abs(value) % divisor)
            while fraction.count < scale { fraction = "0" + fraction }
            while fraction.hasSuffix("0") { fraction.removeLast() }
            if !fraction.isEmpty { out += "." + fraction }
        case .string(let s): Self.writeString(s, into: &out)
        case .array(let elements):
            guard !elements.isEmpty else {
                out += "[]"
                return
            }
            out += "[\n"
            for (index, element) in elements.enumerated() {
                out += String(repeating: " ", count: indent + 2)
                element.write(into: &out, indent: indent + 2)
                out += index == elements.count - 1 ? "\n" : ",\n"
            }
            out += String(repeating: " ", count: indent) + "]"
        case .object(let members):
            guard !members.isEmpty else {
                out += "{}"
                return
            }
            out += "{\n"
            let keys = members.keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
            for (index, key) in keys.enumerated() {
                out += String(repeating: " ", count: indent + 2)
                Self.writeString(key, into: &out)
                out += ": "
                members[key]!.write(into: &out, indent: indent + 2)
                out += index == keys.count - 1 ? "\n" : ",\n"
            }
            out += String(repeating: " ", count: indent) + "}"
        }
    }

    private static func writeString(_ s: String, into out: inout String) {
        out += "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{00}"..."\u{1F}":
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        out += "\""
    }
}
