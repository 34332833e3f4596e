/// A system call the imported code makes that the built-in scenario does not have: it gets an entry
/// in the scenario's `systemCalls` whose settings are the user's to set.
package struct ImportedCall: Sendable {
    /// How the code makes the call, which decides the settings the entry gets.
    package enum Kind: Equatable, Sendable {
        /// `await api()`: an awaited call (`costMs`).
        case awaited
        /// `api.send(data) { result in … }`: a call made with a completion handler, written as a `call` with
        /// that `completion`: the caller is busy for `costMs` and goes on; the handler is queued once the reply
        /// is back (docs/scenario-format.md, "Completion handlers").
        case completionHandler
        /// `try context.save()`: a synchronous call that blocks its thread until done; written as a
        /// `call` with an empty `completion` (the language's spelling of a call nothing waits for
        /// afterwards), so `costMs` is how long it blocks the caller.
        case synchronous
        /// A call that hands work to the system (`BGTaskScheduler.shared.submit`, a background
        /// `URLSession` task's `resume()`): synchronous too, with the service's settings.
        case service(SystemService.Kind)
    }

    /// A background task's `serviceStartAfterMs` as the import writes it, and where the value comes from.
    package struct ServiceStart: Equatable, Sendable {
        package enum Origin: Equatable, Sendable {
            /// The request's `earliestBeginDate`, read where it is set.
            case earliestBeginDate(SwiftReference)
            /// The request sets no `earliestBeginDate` ("no start delay").
            case notSet
            /// A placeholder: the importer could not read the request's `earliestBeginDate` (noted).
            case placeholder
        }

        package var delay: VirtualDuration
        package var origin: Origin

        /// The placeholder written when the start is not read: no delay, the earliest the system may start it.
        static let placeholder = ServiceStart(delay: .zero, origin: .placeholder)

        /// How the summary and the entry's note describe it.
        var description: String {
            let value = "serviceStartAfterMs, now \(TimeFormatting.milliseconds(delay.nanoseconds))"
            switch origin {
            case .earliestBeginDate(let at): return "\(value), from earliestBeginDate at \(at.place)"
            case .notSet: return "\(value): the request sets no earliestBeginDate"
            case .placeholder: return "\(value), a placeholder: earliestBeginDate not read"
            }
        }
    }

    /// The scenario's name for it (`Analytics.flush`, `context.save`).
    package var name: String
    /// Where it is first made.
    package var source: SwiftReference
    package var kind: Kind
    /// A background task's start (its request's `earliestBeginDate`); `nil` for other calls.
    package var start: ServiceStart?

    /// The placeholder a service's `serviceRunMs` is written with, for the user to set.
    static let placeholderServiceRun = VirtualDuration.ms(1)
    /// The placeholder a background task's `serviceAllowanceMs` is written with, for the user to set.
    static let placeholderAllowance = VirtualDuration.ms(30_000)

    /// The entry's settings after `costMs`, each a value the user sets: a background task's start, a
    /// service's run time, and a background task's allowance.
    var serviceMembers: [(String, OrderedJSON)] {
        guard case .service(let service) = kind else { return [] }
        var members: [(String, OrderedJSON)] = [("service", .string(service.rawValue))]
        if service == .backgroundTask {
            members.append(("serviceStartAfterMs", .milliseconds((start ?? .placeholder).delay.nanoseconds)))
        }
        members.append(("serviceRunMs", .milliseconds(Self.placeholderServiceRun.nanoseconds)))
        if service == .backgroundTask {
            members.append(("serviceAllowanceMs", .milliseconds(Self.placeholderAllowance.nanoseconds)))
        }
        return members
    }

    /// The entry's `note`: where the call is made and what is the user's to set.
    var note: String {
        let place = "\(source.place): \(source.code)"
        switch kind {
        case .awaited, .completionHandler:
            return "used at \(place) — its cost is yours to set"
        case .synchronous:
            return "called synchronously at \(place): costMs is how long it blocks the calling thread — yours to set"
        case .service(.backgroundTask):
            return "called at \(place): hands a background task request to the system; costMs, serviceRunMs, "
                + "serviceAllowanceMs and serviceStartAfterMs are yours to set (\((start ?? .placeholder).description))"
        case .service:
            return "called at \(place): hands a background transfer to the system; costMs, serviceRunMs and "
                + "serviceStartAfterMs are yours to set"
        }
    }

    /// ``placeholderServiceRun`` in the summary's words.
    private static var run: String { TimeFormatting.milliseconds(placeholderServiceRun.nanoseconds) }

    /// How the summary describes the settings to set, after the call's name.
    var summarySuffix: String {
        switch kind {
        case .awaited: ""
        case .completionHandler: "  (with a completion handler)"
        case .synchronous: "  (synchronous: costMs is how long it blocks the calling thread)"
        case .service(.backgroundTask):
            "  (service backgroundTask: also \((start ?? .placeholder).description); serviceRunMs, now \(Self.run); "
                + "serviceAllowanceMs, now \(TimeFormatting.milliseconds(Self.placeholderAllowance.nanoseconds)))"
        case .service: "  (service backgroundTransfer: also serviceRunMs, the transfer's time, now \(Self.run))"
        }
    }
}
