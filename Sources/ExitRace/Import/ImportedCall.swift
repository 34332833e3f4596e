/// A system call the imported code makes that the built-in scenario does not have: it gets an entry
/// in the scenario's `systemCalls` whose settings are the user's to set.
package struct ImportedCall: Sendable {
    /// How the code makes the call, which decides the settings the entry gets.
    package enum Kind: Equatable, Sendable {
        /// `await api()`: an awaited call (`costMs`).
        case awaited
        /// `try context.save()`: a synchronous call that blocks its thread until done; written as a
        /// `call` with an empty `completion` (the language's spelling of a call nothing waits for
        /// afterwards), so `costMs` is how long it blocks the caller.
        case synchronous
        /// A call that hands work to the system (`BGTaskScheduler.shared.submit`, a background
        /// `URLSession` task's `resume()`): synchronous too, with the service's settings.
        case service(SystemService.Kind)
    }

    /// The scenario's name for it (`Analytics.flush`, `context.save`).
    package var name: String
    /// Where it is first made.
    package var source: SwiftReference
    package var kind: Kind

    /// The entry's settings after `costMs`, each a placeholder the user sets: a service's run time,
    /// and a background task's allowance.
    var serviceMembers: [(String, OrderedJSON)] {
        guard case .service(let service) = kind else { return [] }
        var members: [(String, OrderedJSON)] = [("service", .string(service.rawValue)), ("serviceRunMs", .number("1"))]
        if service == .backgroundTask { members.append(("serviceAllowanceMs", .number("30000"))) }
        return members
    }

    /// The entry's `note`: where the call is made and what is the user's to set.
    var note: String {
        let place = "\(source.place): \(source.code)"
        switch kind {
        case .awaited:
            return "used at \(place) — its cost is yours to set"
        case .synchronous:
            return "called synchronously at \(place): costMs is how long it blocks the calling thread — yours to set"
        case .service(let service):
            let task = service == .backgroundTask
            return "called at \(place): hands \(task ? "a background task request" : "a background transfer") to the system; "
                + "costMs, serviceRunMs\(task ? ", serviceAllowanceMs" : "") and serviceStartAfterMs are yours to set"
        }
    }

    /// How the summary describes the settings to set, after the call's name.
    var summarySuffix: String {
        switch kind {
        case .awaited: ""
        case .synchronous: "  (synchronous: costMs is how long it blocks the calling thread)"
        case .service(.backgroundTask):
            "  (service backgroundTask: also serviceRunMs, now 1 ms, serviceAllowanceMs, now 30000 ms)"
        case .service: "  (service backgroundTransfer: also serviceRunMs, the transfer's time, now 1 ms)"
        }
    }
}
