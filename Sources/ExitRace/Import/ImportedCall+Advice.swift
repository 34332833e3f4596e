/// What the import summary says of the settings of a system call it created beyond `costMs`: when
/// a save counts as cleanup, and when a call's reply matters (docs/import.md, "After the import").
extension ImportedCall {
    /// For a synchronous call taken for a save by its name (`Logger.write`): that it counts as the
    /// cleanup the table is about, and how to say it is not; `nil` for any other call.
    var cleanupAdvice: String? {
        guard kind == .synchronous else { return nil }
        return "counted as cleanup (its name says it saves): set systemCalls[\"\(name)\"].cleanup to false if it is not"
    }

    /// What is true of each kind of call among `calls`, one line per kind present, after the list: for the
    /// hand-offs to a system service, that a force quit (the built-in swipes) cancels them; for the awaited
    /// calls and those with a completion handler, when to set `replyLatencyMs` and `takesEffectOn`, which
    /// import leaves at their defaults (no reply time; the call counts once its request is sent); for the
    /// synchronous ones, that they count once they return. The example named is the first call of the kind
    /// whose name looks like a network request (``looksLikeNetworkRequest``), else `NAME`: never a call that
    /// is not one (`bg.perform`).
    static func replyAdvice(_ calls: [ImportedCall], kills: ImportedKills = .reference) -> [String] {
        func example(_ kind: Kind) -> String? {
            let names = calls.filter { $0.kind == kind }.map(\.name)
            return names.isEmpty ? nil : names.first(where: looksLikeNetworkRequest) ?? "NAME"
        }
        var lines = serviceAdvice(calls, kills: kills)
        if let example = example(.awaited) {
            lines.append("each awaited call above counts once its request has left the process (takesEffectOn \"delivery\") "
                + "and resumes at once (replyLatencyMs 0): for one that waits for a reply (a network request, a call to "
                + "another process), set systemCalls[\"\(example)\"].replyLatencyMs to the reply's time, and "
                + "takesEffectOn to \"reply\" if it counts only once the reply is back")
        }
        if let example = example(.completionHandler) {
            lines.append("each call above with a completion handler keeps its caller busy for costMs, then the caller goes "
                + "on without waiting; it counts once its request has left the process (takesEffectOn \"delivery\"), and "
                + "its completion handler is queued at once (replyLatencyMs 0): for one that waits for a reply (a network "
                + "request, a call to another process), set systemCalls[\"\(example)\"].replyLatencyMs to the reply's "
                + "time (its completion handler runs that much later), and takesEffectOn to \"reply\" if it counts only "
                + "once the reply is back")
        }
        if example(.synchronous) != nil {
            lines.append("each synchronous call above counts once it returns, costMs after it starts: a kill before then "
                + "loses it")
        }
        return lines
    }

    /// Whether a system call's name looks like a network request: made on `URLSession` (or a receiver
    /// named `…session`), or a method that uploads, downloads, sends, requests or loads `data`
    /// (`Analytics.send`, `session.uploadTask`, `URLSession.data`, `api.request`).
    static func looksLikeNetworkRequest(_ name: String) -> Bool {
        let parts = name.split(separator: ".").map { $0.lowercased() }
        guard let method = parts.last else { return false }
        if parts.count >= 2, parts[parts.count - 2].hasSuffix("session") { return true }
        return ["upload", "download", "send", "request"].contains { method.contains($0) }
            || method == "data" || method.hasPrefix("datatask")
    }

    /// For the hand-offs to a system service among `calls`: a force quit cancels them, and the built-in
    /// swipes are force quits; removing the strategy, not setting `cleanup` to false, leaves one out.
    static func serviceAdvice(_ calls: [ImportedCall], kills: ImportedKills = .reference) -> [String] {
        let services = calls.filter { if case .service = $0.kind { true } else { false } }.map(\.name)
        guard !services.isEmpty else { return [] }
        let jetsam = kills == .every
            ? "jetsam (--kills every) is a kill the user does not make, under which one counts"
            : "add a kill the user does not make (jetsam: --kills every) to see one count"
        return [
            "a force quit cancels a hand-off to a system service not done yet (\(services.joined(separator: ", ")): "
                + "cancelledByForceQuit), and the built-in swipes are force quits: \(jetsam). To leave one out, remove "
                + "the strategy that hands it off (--set "
                + "'strategies[\"NAME\"]=null') rather than set its cleanup to false, which leaves that strategy no cleanup"
        ]
    }
}
