/// Helpers for messages: JSON paths as users write them, and "did you mean" suggestions.

/// `a.b`, `a["odd key"]` for keys that are not identifiers; control characters in a key are
/// escaped (`a["two\nlines"]`), so that a diagnostic stays on one line, and so are `"` and `\`
/// (`a["say \"hi\""]`), so that the path reads back as the same key (``JSONPath/components(_:)``).
package func join(_ path: String, _ key: String) -> String {
    let plain = !key.isEmpty && isIdentifierLike(key)
    let component = plain ? key : "[\"\(escapingControlCharacters(key))\"]"
    if path.isEmpty { return plain ? key : component }
    return plain ? "\(path).\(key)" : "\(path)\(component)"
}

/// `text` with control characters written as JSON escapes (`\n`, `\t`, `\u001B`).
private func escapingControlCharacters(_ text: String) -> String {
    guard text.utf8.contains(where: { $0 < 0x20 || $0 == 0x7F || $0 == 0x22 || $0 == 0x5C }) else { return text }
    var escaped = ""
    for scalar in text.unicodeScalars {
        switch scalar {
        case "\n": escaped += "\\n"
        case "\r": escaped += "\\r"
        case "\t": escaped += "\\t"
        case "\"": escaped += "\\\""
        case "\\": escaped += "\\\\"
        case "\u{00}"..."\u{1F}", "\u{7F}":
            let hex = String(scalar.value, radix: 16, uppercase: true)
            escaped += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        default: escaped.unicodeScalars.append(scalar)
        }
    }
    return escaped
}

/// Letters, digits and underscores only; ASCII keys (nearly all) are checked byte by byte, without
/// looking up Unicode properties.
private func isIdentifierLike(_ key: String) -> Bool {
    var ascii = true
    for byte in key.utf8 {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
            UInt8(ascii: "_"):
            continue
        case 0x80...: ascii = false
        default: return false
        }
    }
    return ascii || key.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" }
}

/// `; did you mean "x"?` when one of `candidates` is a likely typo of `word`, else nothing.
package func suggestion(_ word: String, _ candidates: [String]) -> String {
    closestMatch(to: word, in: candidates).map { "; did you mean \"\($0)\"?" } ?? ""
}

/// The candidate closest to `word` by edit distance, if it is close enough to be a likely typo.
package func closestMatch(to word: String, in candidates: [String]) -> String? {
    let lowered = Array(word.lowercased())
    var best: (distance: Int, candidate: String)?
    for candidate in candidates {
        let distance = editDistance(lowered, Array(candidate.lowercased()))
        if best == nil || distance < best!.distance { best = (distance, candidate) }
    }
    guard let best, best.distance <= max(2, lowered.count / 3) else { return nil }
    return best.candidate
}

/// `candidates` ordered by edit distance to `word` (case ignored), nearest first; equally near
/// ones keep their order.
package func nearestFirst(_ word: String, _ candidates: [String]) -> [String] {
    let lowered = Array(word.lowercased())
    return candidates.enumerated()
        .map { (distance: editDistance(lowered, Array($0.element.lowercased())), offset: $0.offset, name: $0.element) }
        .sorted { ($0.distance, $0.offset) < ($1.distance, $1.offset) }
        .map(\.name)
}

private func editDistance(_ a: [Character], _ b: [Character]) -> Int {
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var previous = Array(0...b.count)
    var current = previous
    for i in 1...a.count {
        current[0] = i
        for j in 1...b.count {
            current[j] = Swift.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
        }
        swap(&previous, &current)
    }
    return previous[b.count]
}
