/// Where a strategy step came from in the app's own Swift, as `exitrace import` writes it on each
/// step (`"source": "AppDelegate.swift:18:9"`, `"code": "Task.detached {"`). `explain` prints it
/// under the timeline line the step made.
package struct StepSource: Equatable, Sendable {
    /// `FILE:LINE:COLUMN` (or whatever the file says), e.g. `AppDelegate.swift:18:9`.
    package var place: String
    /// The line of Swift, trimmed; empty when the step gives only its place.
    package var code: String

    package init(place: String, code: String) {
        self.place = place
        self.code = code
    }

    /// `AppDelegate.swift:18:9: Task.detached {`.
    package var description: String { place.isEmpty ? code : code.isEmpty ? place : "\(place): \(code)" }
}

extension Strategy {
    /// The steps of `program` in pre-order (a step, then the steps of its nested bodies in the order
    /// of ``ProgramStep/nestedBodies``), the order ``stepSources`` is indexed in.
    package static func preorder(_ program: [ProgramStep]) -> [ProgramStep] {
        program.flatMap { [$0] + $0.nestedBodies.flatMap(preorder) }
    }
}
