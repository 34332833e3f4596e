/// An array the parser checked but did not build: the file's bytes and where the array starts in
/// them (no copy: the array shares the bytes the document was read from).
///
/// A scenario's `note` may be any JSON up to the file's 16 MiB limit, and nothing reads it but the
/// document's text (shard files and fingerprints carry it). Built, an array of 8.4 million small
/// numbers took some 90 bytes an element (`validate`: ~750 MB); unread, it costs its file's bytes.
/// Its elements are read again, one at a time, only when the document is written out.
package struct UnreadArray: Equatable, Sendable {
    let bytes: [UInt8]
    /// The index of the array's `[` in `bytes`, and the line it is on and where that line starts.
    let start: Int
    let line: Int
    let lineStart: Int
    let file: String

    /// Each element, in order, read again from the bytes with its position in the file.
    func forEachElement(_ body: (JSONNode) -> Void) {
        JSONParser.forEachElement(of: self, body)
    }

    /// The elements, built: the array as the parser would have built it.
    package var elements: [JSONNode] {
        var elements: [JSONNode] = []
        forEachElement { elements.append($0) }
        return elements
    }

    /// Equal when their elements are, positions included, as for two built arrays.
    package static func == (a: UnreadArray, b: UnreadArray) -> Bool {
        a.elements == b.elements
    }
}
