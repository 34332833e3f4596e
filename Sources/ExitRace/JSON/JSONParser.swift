/// A strict RFC 8259 JSON parser that records positions and member order.
///
/// Rejects what `JSONSerialization` would quietly accept or lose: duplicate keys, nesting deeper
/// than ``maxDepth``, text after the value. It works on UTF-8 bytes and never traps on input.
///
/// - Complexity: O(n) in the length of the text: columns are counted on from the last position
///   taken on the same line, and duplicate keys are found with a set, so neither a long line nor a
///   large object makes it quadratic.
package struct JSONParser {
    package struct SyntaxError: Error, Equatable, Sendable {
        package var position: SourcePosition
        package var expected: String
        package var found: String
    }

    package static let maxDepth = 64

    private let bytes: [UInt8]
    private let file: String
    /// An array that is the value of a member of this name is checked but not built.
    private var unreadKey: String?
    private var index = 0
    private var line = 1
    private var lineStart = 0
    private var depth = 0
    /// A byte index on the current line whose column, `knownColumn`, is already counted.
    private var knownColumnIndex = 0
    private var knownColumn = 1

    private init(bytes: [UInt8], file: String) {
        self.bytes = bytes
        self.file = file
    }

    /// Parses a whole document; every node's position names `file`. An array that is the value of
    /// a member named `unreadKey` is checked as any other, then kept as an ``UnreadArray``.
    package static func parse(_ bytes: [UInt8], file: String, unreadKey: String? = nil) throws(SyntaxError) -> JSONNode {
        var parser = JSONParser(bytes: bytes, file: file)
        parser.unreadKey = unreadKey
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { parser.index = 3 }
        parser.skipWhitespace()
        let value = try parser.parseValue()
        parser.skipWhitespace()
        guard parser.index == bytes.count else { throw parser.error(expected: "the end of the file") }
        return value
    }

    package static func parse(_ text: String, file: String) throws(SyntaxError) -> JSONNode {
        try parse(Array(text.utf8), file: file)
    }

    /// Where `index` is. Columns count scalars: UTF-8 continuation bytes are skipped.
    private mutating func position() -> SourcePosition {
        if knownColumnIndex < lineStart || knownColumnIndex > index {
            knownColumnIndex = lineStart
            knownColumn = 1
        }
        while knownColumnIndex < index {
            if bytes[knownColumnIndex] & 0xC0 != 0x80 { knownColumn += 1 }
            knownColumnIndex += 1
        }
        return SourcePosition(file: file, line: line, column: knownColumn)
    }

    private mutating func error(expected: String) -> SyntaxError {
        SyntaxError(position: position(), expected: expected, found: describeNext())
    }

    private func describeNext() -> String {
        guard index < bytes.count else { return "the end of the file" }
        let byte = bytes[index]
        switch byte {
        case 0x20...0x7E: return "'\(Character(Unicode.Scalar(byte)))'"
        case 0x0A: return "a line break"
        case 0x09: return "a tab"
        default:
            let hex = String(byte, radix: 16, uppercase: true)
            return "byte 0x\(hex.count == 1 ? "0" + hex : hex)"
        }
    }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0D: index += 1
            case 0x0A:
                index += 1
                line += 1
                lineStart = index
            default: return
            }
        }
    }

    private mutating func parseValue() throws(SyntaxError) -> JSONNode {
        let start = position()
        guard index < bytes.count else { throw error(expected: "a value") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return JSONNode(value: try parseObject(), position: start)
        case UInt8(ascii: "["): return JSONNode(value: try parseArray(), position: start)
        case UInt8(ascii: "\""): return JSONNode(value: .string(try parseString()), position: start)
        case UInt8(ascii: "t"): try literal("true"); return JSONNode(value: .bool(true), position: start)
        case UInt8(ascii: "f"): try literal("false"); return JSONNode(value: .bool(false), position: start)
        case UInt8(ascii: "n"): try literal("null"); return JSONNode(value: .null, position: start)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return JSONNode(value: try parseNumber(), position: start)
        default:
            throw error(expected: "a value (object, array, string, number, true, false or null)")
        }
    }

    private mutating func literal(_ word: String) throws(SyntaxError) {
        for byte in word.utf8 {
            guard index < bytes.count, bytes[index] == byte else { throw error(expected: "'\(word)'") }
            index += 1
        }
    }

    private mutating func enter() throws(SyntaxError) {
        depth += 1
        guard depth <= Self.maxDepth else {
            throw SyntaxError(
                position: position(), expected: "at most \(Self.maxDepth) levels of nesting", found: "deeper nesting")
        }
    }

    private mutating func parseObject() throws(SyntaxError) -> JSONNode.Value {
        try enter()
        index += 1
        var members: [JSONNode.Member] = []
        var keys: Set<String> = []
        skipWhitespace()
        if index < bytes.count && bytes[index] == UInt8(ascii: "}") {
            index += 1
            depth -= 1
            return .object(members)
        }
        while true {
            skipWhitespace()
            let keyPosition = position()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
                throw error(expected: "a member name in double quotes")
            }
            let key = try parseString()
            if !keys.insert(key).inserted {
                throw SyntaxError(
                    position: keyPosition, expected: "each member name once", found: "\"\(key)\" again")
            }
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
                throw error(expected: "':' after the member name")
            }
            index += 1
            skipWhitespace()
            let value = key == unreadKey && index < bytes.count && bytes[index] == UInt8(ascii: "[")
                ? try parseUnreadArray() : try parseValue()
            members.append(JSONNode.Member(key: key, keyPosition: keyPosition, value: value))
            skipWhitespace()
            guard index < bytes.count else { throw error(expected: "',' or '}'") }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
                continue
            }
            guard bytes[index] == UInt8(ascii: "}") else { throw error(expected: "',' or '}'") }
            index += 1
            depth -= 1
            return .object(members)
        }
    }

    private mutating func parseArray() throws(SyntaxError) -> JSONNode.Value {
        var elements: [JSONNode] = []
        try parseElements { elements.append($0) }
        return .array(elements)
    }

    /// An array checked element by element, each dropped once checked, kept as its place in `bytes`.
    private mutating func parseUnreadArray() throws(SyntaxError) -> JSONNode {
        let start = position()
        let array = UnreadArray(bytes: bytes, start: index, line: line, lineStart: lineStart, file: file)
        try parseElements { _ in }
        return JSONNode(value: .unreadArray(array), position: start)
    }

    /// The elements of the array at `index` (its `[`), in order, each to `element`.
    private mutating func parseElements(_ element: (JSONNode) -> Void) throws(SyntaxError) {
        try enter()
        index += 1
        skipWhitespace()
        if index < bytes.count && bytes[index] == UInt8(ascii: "]") {
            index += 1
            depth -= 1
            return
        }
        while true {
            skipWhitespace()
            element(try parseValue())
            skipWhitespace()
            guard index < bytes.count else { throw error(expected: "',' or ']'") }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
                continue
            }
            guard bytes[index] == UInt8(ascii: "]") else { throw error(expected: "',' or ']'") }
            index += 1
            depth -= 1
            return
        }
    }

    /// The elements of an array already checked (an ``UnreadArray``), read again one at a time
    /// with their positions in the file; a syntax error (none can happen) ends them early.
    static func forEachElement(of array: UnreadArray, _ element: (JSONNode) -> Void) {
        var parser = JSONParser(bytes: array.bytes, file: array.file)
        parser.index = array.start
        parser.line = array.line
        parser.lineStart = array.lineStart
        try? parser.parseElements(element)
    }

    private mutating func parseString() throws(SyntaxError) -> String {
        index += 1  // opening quote
        // Text between escapes is copied in runs, once validated; a string without escapes (most)
        // is one run, made into a String at its closing quote.
        var text = ""
        var chunkStart = index
        func flush(_ end: Int) {
            if end > chunkStart { text += String(decoding: bytes[chunkStart..<end], as: UTF8.self) }
        }
        while true {
            guard index < bytes.count else { throw error(expected: "a closing '\"'") }
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                flush(index)
                index += 1
                return text
            case UInt8(ascii: "\\"):
                flush(index)
                index += 1
                text.unicodeScalars.append(try parseEscape())
                chunkStart = index
            case 0x00..<0x20:
                throw error(expected: "a character (control characters must be escaped)")
            case 0x80...:
                guard let length = validUTF8Sequence(at: index) else {
                    throw error(expected: "UTF-8 text")
                }
                index += length
            default:
                index += 1
            }
        }
    }

    /// The character of the escape after a backslash.
    private mutating func parseEscape() throws(SyntaxError) -> Unicode.Scalar {
        guard index < bytes.count else { throw error(expected: "an escape sequence") }
        let escape = bytes[index]
        index += 1
        switch escape {
        case UInt8(ascii: "\""): return "\""
        case UInt8(ascii: "\\"): return "\\"
        case UInt8(ascii: "/"): return "/"
        case UInt8(ascii: "b"): return "\u{08}"
        case UInt8(ascii: "f"): return "\u{0C}"
        case UInt8(ascii: "n"): return "\n"
        case UInt8(ascii: "r"): return "\r"
        case UInt8(ascii: "t"): return "\t"
        case UInt8(ascii: "u"): return try parseUnicodeEscape()
        default:
            index -= 1
            throw error(expected: "an escape (\\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX)")
        }
    }

    private mutating func parseUnicodeEscape() throws(SyntaxError) -> Unicode.Scalar {
        let first = try hex4()
        if (0xD800..<0xDC00).contains(first) {
            guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u")
            else { throw error(expected: "a low surrogate \\uDC00-\\uDFFF after a high surrogate") }
            index += 2
            let second = try hex4()
            guard (0xDC00..<0xE000).contains(second) else {
                throw error(expected: "a low surrogate \\uDC00-\\uDFFF after a high surrogate")
            }
            return Unicode.Scalar(0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00))!
        }
        guard let scalar = Unicode.Scalar(first) else { throw error(expected: "a Unicode scalar, not a lone surrogate") }
        return scalar
    }

    private mutating func hex4() throws(SyntaxError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard index < bytes.count else { throw error(expected: "four hex digits") }
            let byte = bytes[index]
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
            default: throw error(expected: "four hex digits")
            }
            value = value << 4 | digit
            index += 1
        }
        return value
    }

    /// The length of a well-formed UTF-8 sequence starting at `i`, or `nil`.
    private func validUTF8Sequence(at i: Int) -> Int? {
        let lead = bytes[i]
        let length: Int
        var lower: UInt8 = 0x80
        var upper: UInt8 = 0xBF
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0: length = 3; lower = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED: length = 3; upper = 0x9F
        case 0xF0: length = 4; lower = 0x90
        case 0xF1...0xF3: length = 4
        case 0xF4: length = 4; upper = 0x8F
        default: return nil
        }
        guard i + length <= bytes.count else { return nil }
        for k in 1..<length {
            let byte = bytes[i + k]
            let (lo, hi) = k == 1 ? (lower, upper) : (0x80, 0xBF)
            guard byte >= lo && byte <= hi else { return nil }
        }
        return length
    }

    private mutating func parseNumber() throws(SyntaxError) -> JSONNode.Value {
        let start = index
        func digits() -> Int {
            let from = index
            while index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") {
                index += 1
            }
            return index - from
        }
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard index < bytes.count else { throw error(expected: "a digit") }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
        } else if digits() == 0 {
            throw error(expected: "a digit")
        }
        if index < bytes.count && bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard digits() > 0 else { throw error(expected: "a digit after the decimal point") }
        }
        if index < bytes.count && (bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E")) {
            index += 1
            if index < bytes.count && (bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-")) {
                index += 1
            }
            guard digits() > 0 else { throw error(expected: "a digit in the exponent") }
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        return .number(Double(text) ?? .infinity, text: text)
    }
}
