/// Reading a JSON document for any kind of input file (scenarios, result files, measurements):
/// a syntax error becomes a ``Diagnostic`` with the file, line and column.
package enum JSONDocument {
    package static func parse(_ bytes: [UInt8], file: String) throws(InputError) -> JSONNode {
        do {
            return try JSONParser.parse(bytes, file: file)
        } catch {
            throw InputError([
                Diagnostic(
                    at: error.position, path: "",
                    message: "not valid JSON: expected \(error.expected), found \(error.found)")
            ])
        }
    }
}
