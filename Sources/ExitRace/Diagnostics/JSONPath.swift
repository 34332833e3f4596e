/// Paths into a JSON document, as diagnostics print them and `--set` reads them:
/// `timing.exitDurationMs`, `procedures.background.steps[2].ms`, `strategies["Task + semaphore"].code`.
package enum JSONPath {
    /// One step of a path: a member's key or an array index.
    package enum Component: Equatable, Sendable {
        /// A member of an object, by its key.
        case key(String)
        /// An element of an array, from 0.
        case index(Int)
    }

    /// `a.b[2]["c d"]` → key a, key b, index 2, key "c d"; `nil` when malformed.
    package static func components(_ text: String) -> [Component]? {
        var components: [Component] = []
        var chars = Array(text)
        var i = 0
        var expectKey = true
        while i < chars.count {
            if chars[i] == "[" {
                i += 1
                if i < chars.count && chars[i] == "\"" {
                    i += 1
                    var key = ""
                    while i < chars.count && chars[i] != "\"" {
                        if chars[i] == "\\" && i + 1 < chars.count { i += 1 }
                        key.append(chars[i])
                        i += 1
                    }
                    guard i + 1 < chars.count, chars[i] == "\"", chars[i + 1] == "]" else { return nil }
                    components.append(.key(key))
                    i += 2
                } else {
                    var digits = ""
                    while i < chars.count && chars[i].isASCII && chars[i].isNumber {
                        digits.append(chars[i])
                        i += 1
                    }
                    guard i < chars.count, chars[i] == "]", let index = Int(digits) else { return nil }
                    components.append(.index(index))
                    i += 1
                }
                expectKey = false
            } else if chars[i] == "." {
                guard !components.isEmpty, !expectKey else { return nil }
                expectKey = true
                i += 1
            } else {
                guard expectKey else { return nil }
                var key = ""
                while i < chars.count && chars[i] != "." && chars[i] != "[" {
                    key.append(chars[i])
                    i += 1
                }
                components.append(.key(key))
                expectKey = false
            }
        }
        if expectKey && !components.isEmpty { return nil }
        chars.removeAll()
        return components
    }
}
