/// A schedule as text: `v1:<tool version>:<fingerprint>:<choice>=<pick>,…`, for example
/// `v1:0.2.0:8c1f0a2b3c4d5e6f:3=1,7=2` (nothing after the last colon: the default schedule).
///
/// The fingerprint (16 hex digits, ``StableSeed/hash(_:)``) covers the scenario's name, the cell,
/// the kill procedure and every parameter value, so a schedule replays only where it was found.
package struct ScheduleText: Equatable, Sendable {
    /// The format's version, the text's first field.
    package static let formatVersion = "v1"

    /// The tool version the schedule was found with.
    package var toolVersion: String
    /// The fingerprint of the scenario, cell, procedure and values it was found in.
    package var fingerprint: UInt64
    /// The departures from the default order, by choice point.
    package var deviations: [ScheduleDeviation]

    /// A schedule of this tool version.
    package init(fingerprint: UInt64, deviations: [ScheduleDeviation], toolVersion: String = ExitRaceVersion.current) {
        self.toolVersion = toolVersion
        self.fingerprint = fingerprint
        self.deviations = deviations
    }

    /// The text form.
    package var text: String {
        let hex = String(fingerprint, radix: 16)
        let choices = deviations.map { "\($0.choice)=\($0.pick)" }.joined(separator: ",")
        return "\(Self.formatVersion):\(toolVersion):\(String(repeating: "0", count: 16 - hex.count))\(hex):\(choices)"
    }

    /// The identity a schedule of one cell run carries.
    package static func fingerprint(
        scenario: Scenario, cell: CellIndex, procedure: Int, values: ParameterValues
    ) -> UInt64 {
        let names = [
            scenario.name, scenario.hooks[cell.hook].name, scenario.strategies[cell.strategy].name,
            scenario.procedures[procedure].name,
        ]
        return StableSeed.hash(names.joined(separator: "\n") + "\n" + values.raw.map(String.init).joined(separator: ","))
    }
}

/// Why a schedule's text was refused: the message says where, or which identity differs.
package struct ScheduleTextError: Error, Equatable, Sendable {
    /// What is wrong, in words.
    package var message: String
}

extension ScheduleText {
    /// Parses `text`; the error names the field or the choice that is malformed.
    package init(parsing text: String) throws(ScheduleTextError) {
        let fields = text.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
        guard fields.count == 4 else {
            throw ScheduleTextError(
                message: "a schedule has 4 fields separated by ':' (v1:VERSION:FINGERPRINT:CHOICES), found \(fields.count)")
        }
        guard fields[0] == Self.formatVersion else {
            throw ScheduleTextError(message: "field 1: unknown schedule format '\(fields[0])' (this tool reads \(Self.formatVersion))")
        }
        guard !fields[1].isEmpty else { throw ScheduleTextError(message: "field 2: the tool version is empty") }
        guard fields[2].count == 16, let fingerprint = UInt64(fields[2], radix: 16) else {
            throw ScheduleTextError(message: "field 3: the fingerprint must be 16 hex digits, found '\(fields[2])'")
        }
        self.init(fingerprint: fingerprint, deviations: try Self.choices(fields[3]), toolVersion: fields[1])
        // One run, one text: signs, leading zeros or capitals would give the same run another name.
        guard self.text == text else {
            throw ScheduleTextError(message: "expected the schedule's canonical form '\(self.text)', found '\(text)'")
        }
    }

    private static func choices(_ field: String) throws(ScheduleTextError) -> [ScheduleDeviation] {
        guard !field.isEmpty else { return [] }
        var deviations: [ScheduleDeviation] = []
        for (index, item) in field.split(separator: ",", omittingEmptySubsequences: false).enumerated() {
            let parts = item.split(separator: "=", omittingEmptySubsequences: false)
            guard parts.count == 2, let choice = Int(parts[0]), let pick = Int(parts[1]), choice >= 0, pick >= 1 else {
                throw ScheduleTextError(
                    message: "field 4, choice \(index + 1): expected CHOICE=PICK (a choice point from 0, a pick from 1), found '\(item)'")
            }
            if let last = deviations.last, last.choice >= choice {
                throw ScheduleTextError(message: "field 4, choice \(index + 1): choice points must increase, found \(choice) after \(last.choice)")
            }
            deviations.append(ScheduleDeviation(choice: choice, pick: pick))
        }
        return deviations
    }

    /// Checks that the schedule was found by this tool version in this run; the error says
    /// which differs.
    package func check(fingerprint expected: UInt64) throws(ScheduleTextError) {
        guard toolVersion == ExitRaceVersion.current else {
            throw ScheduleTextError(
                message: "the schedule was found by exitrace \(toolVersion); this is \(ExitRaceVersion.current): explore again to get a schedule for it")
        }
        guard fingerprint == expected else {
            throw ScheduleTextError(
                message: "the schedule belongs to another scenario, cell, procedure or setting values (fingerprint "
                    + "\(Self(fingerprint: fingerprint, deviations: []).text.split(separator: ":")[2]), expected "
                    + "\(Self(fingerprint: expected, deviations: []).text.split(separator: ":")[2])): give explain the same "
                    + "scenario FILE and --set options as explore was given, and no --replication (explore runs the nominal values)")
        }
    }
}
