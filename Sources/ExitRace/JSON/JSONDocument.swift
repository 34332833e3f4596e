/// Reading a JSON document for any kind of input file (scenarios, result files, measurements):
/// a syntax error becomes a ``Diagnostic`` with the file, line and column.
package enum JSONDocument {
    /// An array that is the value of a member named `unreadKey` is checked but not built (see
    /// ``UnreadArray``).
    package static func parse(_ bytes: [UInt8], file: String, unreadKey: String? = nil) throws(InputError) -> JSONNode {
        do {
            return try JSONParser.parse(bytes, file: file, unreadKey: unreadKey)
        } catch {
            throw InputError([
                Diagnostic(
                    at: error.position, path: "",
                    message: "not valid JSON: expected \(error.expected), found \(error.found)"
                        + (error.found == "'/'" ? commentHint : ""))
            ])
        }
    }

    /// Said after a `/` where JSON expects something else: most likely a `//` or `/* */` comment.
    static let commentHint = "; JSON has no comments (// or /* */): a scenario's objects take a \"note\" member "
        + "for remarks, e.g. \"note\": \"measured on iOS 18\""
}
