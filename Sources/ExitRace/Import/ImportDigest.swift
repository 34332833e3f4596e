/// The digest `exitrace import` writes into each scenario's `note`, so that a later import replaces
/// the file only while it is exactly what import wrote: an edit made since (a cost set, a strategy
/// added) is never thrown away silently. A 64-bit FNV-1a hash of the file's text with the digest
/// itself blanked: it tells an edit from an unedited file, it is no protection against tampering.
package enum ImportDigest {
    /// What precedes the digest in the note.
    static let label = "import digest "
    /// The digest's place before it is computed: 16 zeros, as long as the digest.
    static let blank = String(repeating: "0", count: 16)
    /// The note's words that carry the digest (with the digest blanked).
    static let sentence = "\(label)\(blank): a re-import replaces this file only while its text is unchanged; "
        + "keep your edits in a file that extends it"

    /// `text` (written with ``sentence`` in its note) with the blank replaced by the text's digest.
    static func sealed(_ text: String) -> String {
        guard let range = text.range(of: label + blank) else { return text }
        // The standard library's own replacement: Foundation's went through an NSString copy of the
        // whole text (a sixth of a large import's time).
        var sealed = text
        sealed.replaceSubrange(range, with: label + digest(text))
        return sealed
    }

    /// Whether `text` is a scenario import wrote and nobody edited since: it carries a digest, and
    /// the digest is the text's own.
    package static func isUnedited(_ text: String) -> Bool {
        guard let start = text.range(of: label)?.upperBound,
            let end = text.index(start, offsetBy: blank.count, limitedBy: text.endIndex)
        else { return false }
        let written = String(text[start..<end])
        guard written.allSatisfy(\.isHexDigit) else { return false }
        var blanked = text
        blanked.replaceSubrange(start..<end, with: blank)
        return digest(blanked) == written
    }

    /// Whether `text` carries an import digest at all (an import made before digests existed did not write one).
    package static func carriesDigest(_ text: String) -> Bool { text.contains(label) }

    /// The digest of a text whose digest is blanked: 16 lower-case hexadecimal digits.
    static func digest(_ text: String) -> String {
        let hex = String(StableSeed.hash(text), radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}
