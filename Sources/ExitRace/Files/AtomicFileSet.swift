/// Output files that belong together (a result's `.md` and `.json`, every result of a `check
/// --update` or a `batch`), put in place together: each is written whole to a temporary file
/// beside its target as it is added, and none is renamed into place before ``commit()``, when all
/// are. A failure while writing any of them (a full disk, a file that may not be written) leaves
/// every target as it was, and a set dropped before ``commit()`` removes its temporary files.
///
/// ``commit()`` checks every target once more before renaming any, then renames them in the
/// order added while ``AtomicFile/tracker`` holds back signals (see
/// ``TemporaryFileTracker/whileRenaming(_:)``). A rename that fails after others succeeded cannot
/// be undone: the files renamed before it stay new (the error names them), those after stay old.
/// Temporary files hold no descriptor once added, so a set may hold thousands.
package final class AtomicFileSet {
    private let inputs: ProtectedFiles
    private let tracker: (any TemporaryFileTracker)?
    private var writers: [AtomicFile.Writer] = []

    /// An empty set; no file is written over one of `inputs`. `tracker` holds back signals while
    /// the files are renamed (``AtomicFile/tracker`` unless given).
    package init(protecting inputs: ProtectedFiles = .none, tracker: (any TemporaryFileTracker)? = AtomicFile.tracker) {
        self.inputs = inputs
        self.tracker = tracker
    }

    /// The paths added, in order.
    package var paths: [String] { writers.map(\.path) }

    /// Writes `text` (UTF-8) to a temporary file beside `path`'s target, whole and closed; the
    /// target is replaced at ``commit()``.
    package func add(_ text: String, for path: String) throws(InputError) {
        let writer = try AtomicFile.Writer(path: path, protecting: inputs)
        try writer.write(text)
        try writer.close()
        writers.append(writer)
    }

    /// Adds a file written piece by piece (a command's `--output`), closing it; its target is
    /// replaced at ``commit()``.
    package func add(_ writer: AtomicFile.Writer) throws(InputError) {
        try writer.close()
        writers.append(writer)
    }

    /// Checks every target, then puts every file in place in the order added. Once a file is in
    /// place, a failure is reported with the files already replaced.
    package func commit() throws(InputError) {
        for writer in writers { try writer.checkTarget() }
        var failure: InputError?
        var renamed: [String] = []
        let rename = { [writers] in
            for writer in writers {
                do throws(InputError) {
                    try writer.putInPlace()
                    renamed.append(writer.path)
                } catch {
                    failure = error
                    return
                }
            }
        }
        if let tracker { tracker.whileRenaming(rename) } else { rename() }
        writers = []
        guard let failure else { return }
        guard !renamed.isEmpty else { throw failure }
        throw InputError(failure.diagnostics.map { diagnostic in
            var diagnostic = diagnostic
            diagnostic.message += " (already replaced, which cannot be undone: \(renamed.joined(separator: ", ")))"
            return diagnostic
        })
    }
}
