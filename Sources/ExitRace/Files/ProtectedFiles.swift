/// The input files of a run, which no output of the same run may replace: writing results over
/// the scenario they came from would lose it. Files are told apart by device and inode, so a
/// symbolic link or another spelling of an input's path is recognised too.
package struct ProtectedFiles: Sendable {
    /// Identity → the path it was given as. Only looked up, never iterated.
    private var files: [FileIdentity: String] = [:]

    /// No protected file.
    package static let none = ProtectedFiles()

    /// The regular files among `paths` (following symbolic links); other paths are left out.
    package init(_ paths: [String] = []) {
        for path in paths {
            guard case .regular(_, let identity) = FileKind.of(path), files[identity] == nil else { continue }
            files[identity] = path
        }
    }

    /// The path of the input that is the file `identity`, if any.
    func input(with identity: FileIdentity) -> String? { files[identity] }
}
