/// Explanation lines of services that outlive the process: work handed to the system, which
/// finishes (or is cancelled, or expires) whatever becomes of the app's process.
extension CellExplanation {
    /// The service of call `index`, in words: "the background transfer of upload".
    static func serviceWork(_ index: Int32, _ trace: CellTrace) -> String {
        let name = call(index, trace)
        guard index >= 0 && Int(index) < trace.scenario.systemCalls.count,
            let service = trace.scenario.systemCalls[Int(index)].service
        else { return "the work of \(name)" }
        switch service.kind {
        case .backgroundTransfer: return "the background transfer of \(name)"
        case .backgroundTask: return "the scheduled background task of \(name)"
        case .push: return "the push of \(name)"
        }
    }

    /// The place of service lines: the system's work outside the app's process, which goes on
    /// after the process died.
    static let servicePlace = "system service"

    static func serviceLine(_ record: TraceRecord, _ trace: CellTrace) -> (String, String)? {
        let work = serviceWork(record.a, trace)
        switch ServiceEvent(rawValue: record.b) {
        case .handedOff:
            return (servicePlace, "takes over \(work): it goes on outside the app's process")
        case .handedOffTooLate:
            return (servicePlace, "would take over \(work) now: too late, the process is gone")
        case .started:
            return (servicePlace, "launches the app in the background (a new process if it is not running) to run \(work)")
        case .finished:
            return (servicePlace, "\(work) is done" + (isTransfer(record.a, trace) ? " in the system's transfer daemon" : ""))
        case .cancelled:
            return (servicePlace, "cancels \(work): the user force-quit the app (cancelledByForceQuit)")
        case .expired:
            return (servicePlace, "\(work) ran out of its allowance (serviceAllowanceMs) before its work was done: its "
                + "expiration handler is called and the task ends unfinished")
        case .relaunched:
            return (servicePlace, "relaunches the app in the background for the session's events: "
                + "application(_:handleEventsForBackgroundURLSession:completionHandler:) (the relaunched process is not simulated)")
        case .forceQuit:
            return ("user", "force-quits the app from the app switcher: the system cancels work that a force quit cancels")
        case nil:
            return nil
        }
    }

    private static func isTransfer(_ index: Int32, _ trace: CellTrace) -> Bool {
        index >= 0 && Int(index) < trace.scenario.systemCalls.count
            && trace.scenario.systemCalls[Int(index)].service?.kind == .backgroundTransfer
    }
}
