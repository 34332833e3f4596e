/// The bytes of a JSON text being written: appending bytes is cheaper than appending to a
/// `String`, which keeps its UTF-8 flags and counts up to date on every append.
package struct JSONBytes {
    package private(set) var bytes: [UInt8] = []

    package init() {}

    package var string: String { String(decoding: bytes, as: UTF8.self) }

    package mutating func append(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    package mutating func append(_ text: String) { bytes.append(contentsOf: text.utf8) }

    /// An array in the canonical layout: `[]`, or one element a line, indented two spaces more
    /// than `indent`; `element` writes each one at the indent it is given.
    mutating func appendArray<Elements: Collection>(
        _ elements: Elements, indent: Int, element: (inout JSONBytes, Elements.Element, Int) -> Void
    ) {
        guard !elements.isEmpty else { return append("[]") }
        append("[\n")
        for (index, item) in elements.enumerated() {
            append(spaces: indent + 2)
            element(&self, item, indent + 2)
            append(index == elements.count - 1 ? "\n" : ",\n")
        }
        append(spaces: indent)
        append("]")
    }

    /// An object in the canonical layout: `{}`, or one `"key": value` a line, in the order given.
    mutating func appendObject<Members: Collection>(
        _ members: Members, indent: Int, key: (Members.Element) -> String,
        value: (inout JSONBytes, Members.Element, Int) -> Void
    ) {
        guard !members.isEmpty else { return append("{}") }
        append("{\n")
        for (index, member) in members.enumerated() {
            append(spaces: indent + 2)
            append(quoted: key(member))
            append(": ")
            value(&self, member, indent + 2)
            append(index == members.count - 1 ? "\n" : ",\n")
        }
        append(spaces: indent)
        append("}")
    }

    package mutating func append(spaces count: Int) {
        for _ in 0..<count { bytes.append(UInt8(ascii: " ")) }
    }

    package mutating func append(integer value: Int64) {
        guard value != 0 else { return bytes.append(UInt8(ascii: "0")) }
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        var magnitude = value.magnitude
        var digits: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
                     UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) =
            (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var count = 0
        withUnsafeMutableBytes(of: &digits) { buffer in
            while magnitude > 0 {
                buffer[count] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
                count += 1
            }
            for index in stride(from: count - 1, through: 0, by: -1) { bytes.append(buffer[index]) }
        }
    }

    /// A string in quotes, escaped; one with nothing to escape (most) is copied whole.
    package mutating func append(quoted text: String) {
        bytes.append(UInt8(ascii: "\""))
        let needsEscape = text.utf8.contains { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }
        if needsEscape { appendEscaped(text) } else { bytes.append(contentsOf: text.utf8) }
        bytes.append(UInt8(ascii: "\""))
    }

    private mutating func appendEscaped(_ text: String) {
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): append("\\\"")
            case UInt8(ascii: "\\"): append("\\\\")
            case UInt8(ascii: "\n"): append("\\n")
            case UInt8(ascii: "\r"): append("\\r")
            case UInt8(ascii: "\t"): append("\\t")
            case 0..<0x20:
                let hex = String(byte, radix: 16)
                append("\\u" + String(repeating: "0", count: 4 - hex.count) + hex)
            default: bytes.append(byte)
            }
        }
    }
}
