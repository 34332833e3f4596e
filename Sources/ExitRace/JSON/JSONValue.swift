/// A parsed JSON value that remembers where it stood in its file and keeps object members in file
/// order, so that errors can name a line and column and tables follow the file's order.
package struct JSONNode: Equatable, Sendable {
    package indirect enum Value: Equatable, Sendable {
        case null
        case bool(Bool)
        /// The number and its exact spelling in the file.
        case number(Double, text: String)
        case string(String)
        case array([JSONNode])
        case object([Member])
        /// An array checked and left in its file's bytes (a scenario's `note`): see ``UnreadArray``.
        /// It equals the array the parser would have built.
        case unreadArray(UnreadArray)

        package static func == (a: Value, b: Value) -> Bool {
            switch (a, b) {
            case (.null, .null): true
            case (.bool(let x), .bool(let y)): x == y
            case (.number(let x, let xText), .number(let y, let yText)): x == y && xText == yText
            case (.string(let x), .string(let y)): x == y
            case (.array(let x), .array(let y)): x == y
            case (.object(let x), .object(let y)): x == y
            case (.unreadArray(let x), .unreadArray(let y)): x == y
            case (.unreadArray(let x), .array(let y)), (.array(let y), .unreadArray(let x)): x.elements == y
            default: false
            }
        }
    }

    package struct Member: Equatable, Sendable {
        package var key: String
        package var keyPosition: SourcePosition
        package var value: JSONNode

        package init(key: String, keyPosition: SourcePosition, value: JSONNode) {
            self.key = key
            self.keyPosition = keyPosition
            self.value = value
        }
    }

    package var value: Value
    package var position: SourcePosition

    package init(value: Value, position: SourcePosition) {
        self.value = value
        self.position = position
    }

    /// What the value is, in words, for "expected …, found …" messages.
    package var kindDescription: String {
        switch value {
        case .null: "null"
        case .bool(let b): "\(b)"
        case .number(_, let text): "the number \(text)"
        case .string(let s): "the string \"\(s.count > 40 ? String(s.prefix(40)) + "…" : s)\""
        case .array, .unreadArray: "an array"
        case .object: "an object"
        }
    }
}
