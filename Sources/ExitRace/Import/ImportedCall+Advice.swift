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
    /// For the hand-offs to a system service among them: that a force quit (the built-in swipes) cancels them.
    static func replyAdvice(_ calls: [ImportedCall]) -> [String] {
        let awaited = calls.filter { $0.kind == .awaited }.map(\.name)
        guard let example = awaited.first else { return serviceAdvice(calls) }
        return serviceAdvice(calls) + [
            "each awaited call above counts once its request has left the process (takesEffectOn \"delivery\") and "
                + "resumes at once (replyLatencyMs 0): for one that waits for a reply (a network request, a call to "
                + "another process), set systemCalls[\"\(example)\"].replyLatencyMs to the reply's time, and "
                + "takesEffectOn to \"reply\" if it counts only once the reply is back"
        ]
    }

    /// For the hand-offs to a system service among `calls`: a force quit cancels them, and the built-in
    /// swipes are force quits; removing the strategy, not setting `cleanup` to false, leaves one out.
    static func serviceAdvice(_ calls: [ImportedCall]) -> [String] {
        let services = calls.filter { if case .service = $0.kind { true } else { false } }.map(\.name)
        guard !services.isEmpty else { return [] }
        return [
            "a force quit cancels a hand-off to a system service not done yet (\(services.joined(separator: ", ")): "
                + "cancelledByForceQuit), and the built-in swipes are force quits: add a kill the user does not make "
                + "(jetsam) to see one count. To leave one out, remove the strategy that hands it off (--set "
                + "'strategies[\"NAME\"]=null') rather than set its cleanup to false, which leaves that strategy no cleanup"
        ]
    }
}
