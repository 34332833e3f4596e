/// Something the importer could not translate, or translated with an assumption the user should
/// know: never dropped silently, always with where it is and what to do.
package struct ImportNote: Equatable, Sendable, Comparable {
    package enum Kind: String, Sendable {
        /// Not translated: the scenario lacks this construct; the message says what to write by hand.
        case untranslated = "not translated"
        /// Translated with an assumption (a loop run once, an `if` taken).
        case assumption = "assumed"
        /// A call the importer does not know, taken as taking no time.
        case instant = "taken as instant"
        /// An entry point no procedure of the written scenario calls: its row is × in every column.
        case uncalled = "never called"
        /// An entry point with nothing the table could measure, so no row of its own, whose code (translated)
        /// runs in the whole app's strategy (``WholeApp``).
        case noRow = "no row of its own"
    }

    /// What a note is about, where the importer acts on it afterwards (not only prints it): a filter
    /// reads this, never the message's words.
    package enum Topic: Sendable {
        case other
        /// A closure passed to a call the importer does not know: when it runs is unknown. Not said of a
        /// closure registered as an observer of a lifecycle notification, which is an entry point of its own.
        case closureOfUnknownCall
    }

    package var kind: Kind
    package var file: String
    package var line: Int
    package var column: Int
    package var message: String
    package var topic: Topic = .other
    /// Whether what the note names holds an `await` the importer did not translate (an await of something that
    /// is not a call, a call not followed for its depth, a closure whose run is unknown that awaits): an import
    /// that keeps no entry point then says so, rather than that the code awaits nothing.
    package var dropsAwait = false

    /// `File.swift:12:9: not translated: …`
    package var description: String { "\(file):\(line):\(column): \(kind.rawValue): \(message)" }

    package static func < (a: ImportNote, b: ImportNote) -> Bool {
        (a.file, a.line, a.column, a.message) < (b.file, b.line, b.column, b.message)
    }
}
