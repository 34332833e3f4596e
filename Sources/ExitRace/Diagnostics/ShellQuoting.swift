/// Words of a command a user can paste into a POSIX shell: the suggested `--update`, a replay,
/// a ready `--set` line.
package enum ShellQuoting {
    /// `word` as a POSIX shell reads it back: unchanged when it has only safe characters, else in
    /// single quotes (a `'` inside written `'\''`).
    package static func quoted(_ word: String) -> String {
        if !word.isEmpty && word.allSatisfy(safe.contains) { return word }
        var quoted = "'"
        for character in word {
            if character == "'" { quoted += "'\\''" } else { quoted.append(character) }
        }
        return quoted + "'"
    }

    private static let safe = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-.,/:=@%+")
}
