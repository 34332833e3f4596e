/// What the import summary says of the settings of a system call it created beyond `costMs`: when
/// a save counts as cleanup, and when a call's reply matters (docs/import.md, "After the import").
extension ImportedCall {
    /// For a synchronous call taken for a save by its name (`Logger.write`): that it counts as the
    /// cleanup the table is about, and how to say it is not; `nil` for any other call.
    var cleanupAdvice: String? {
        guard kind == .synchronous else { return nil }
        return "counted as cleanup (its name says it saves): set systemCalls[\"\(name)\"].cleanup to false if it is not"
    }

    /// For the awaited calls among `calls`: when to set `replyLatencyMs` and `takesEffectOn`, which
    /// import leaves at their defaults (no reply time; the call counts once its request is sent).
    static func replyAdvice(_ calls: [ImportedCall]) -> [String] {
        let awaited = calls.filter { $0.kind == .awaited }.map(\.name)
        guard let example = awaited.first else { return [] }
        return [
            "each awaited call above counts once its request has left the process (takesEffectOn \"delivery\") and "
                + "resumes at once (replyLatencyMs 0): for one that waits for a reply (a network request, a call to "
                + "another process), set systemCalls[\"\(example)\"].replyLatencyMs to the reply's time, and "
                + "takesEffectOn to \"reply\" if it counts only once the reply is back"
        ]
    }
}
