extension CalibrationShardFile {
    /// Reads the calibration shard file at `path`: every problem names the file, the place and
    /// what was expected and found.
    package static func read(path: String) throws(InputError) -> CalibrationShardFile {
        try decode(try InputFile.read(path, what: "a shard file"), file: path)
    }

    /// Decodes a calibration shard file's bytes; `file` names it in diagnostics. The tally's
    /// sizes are checked against the scenario and the measured table it carries.
    package static func decode(_ bytes: [UInt8], file: String) throws(InputError) -> CalibrationShardFile {
        let root = try JSONDocument.parse(bytes, file: file)
        let log = DiagnosticLog()
        func fail() -> InputError { InputError(log.diagnostics) }
        let allowed = [
            "kind", "calibrationShardFormatVersion", "toolVersion", "scenario", "measured", "samples", "seed", "tolerance", "shard", "tally",
        ]
        guard let object = ObjectReader(root, path: "", allowed: allowed, log: log) else { throw fail() }
        guard ShardHeader.hasFormatVersion(
            object, member: "calibrationShardFormatVersion", what: "calibration shard format version", expected: formatVersion, log: log)
        else { throw fail() }
        let toolVersion = object.string("toolVersion", required: true)
        let samples = object.integer("samples", in: 1...Calibration.maxSamples, required: true)
        let seed = object.integer("seed", in: 0...SamplingSettings.maxSeed, required: true)
        let tolerance = object.integer("tolerance", in: 0...1000, required: true)
        let resolved = ShardScenario.decode(object, file: file, log: log)
        let measured = decodeMeasured(object, log: log)
        let shard = ShardHeader.shard(
            object, first: "firstSet", end: "endSet", maxItem: Calibration.maxSamples, total: samples,
            items: { sets(of: $0, samples: $1) }, described: "sets", note: " in words of 64", log: log)
        guard let toolVersion, let samples, let seed, let tolerance, let resolved, let measured, let shard, log.diagnostics.isEmpty,
            let tallyNode = object["tally"]
        else {
            if object["tally"] == nil { log.error("", object.node.position, "missing member \"tally\" (an object)") }
            throw fail()
        }
        let calibration: Calibration
        do {
            calibration = try Self.calibration(
                scenario: resolved, measuredFile: measured.file, measuredText: measured.text, samples: samples, seed: UInt64(seed),
                tolerance: tolerance)
        } catch {
            throw InputError(
                [Diagnostic(at: object.position("scenario"), path: "scenario", message: "expected a scenario and measured table to calibrate, found problems:")]
                    + error.diagnostics)
        }
        let range = sets(of: shard, samples: samples)
        guard let tally = decodeTally(tallyNode, empty: calibration.emptyTally(), range: range, log: log) else { throw fail() }
        return CalibrationShardFile(
            toolVersion: toolVersion, scenario: resolved, measuredFile: measured.file, measuredText: measured.text, samples: samples,
            seed: UInt64(seed), tolerance: tolerance, shard: shard, tally: tally)
    }

    /// The calibration the shard is part of.
    package static func calibration(
        scenario resolved: ResolvedScenario, measuredFile: String, measuredText: String, samples: Int, seed: UInt64, tolerance: Int
    ) throws(InputError) -> Calibration {
        let scenario = try resolved.decode()
        let measured = try MeasurementsDecoder.decode(text: measuredText, of: measuredFile)
        let targets = try measured.resolve(against: scenario)
        guard scenario.isUncertain, scenario.uncertainties.count <= SobolSequence.maxDimensions,
            scenario.procedures.count <= Calibration.maxProcedures, tolerance < targets.count
        else {
            throw InputError([
                Diagnostic(file: resolved.file, path: "", message: "expected a scenario with a prior to calibrate and a tolerance below the measured cells")
            ])
        }
        return try Calibration(scenario: scenario, targets: targets, samples: samples, seed: seed, tolerance: tolerance)
    }

    private static func decodeMeasured(_ object: ObjectReader, log: DiagnosticLog) -> (file: String, text: String)? {
        guard object.members("measured", required: true) != nil, let node = object["measured"],
            let reader = ObjectReader(node, path: "measured", allowed: ["file", "document"], log: log),
            let file = reader.string("file", required: true), let text = reader.string("document", required: true)
        else { return nil }
        return (file, text)
    }

    /// `range`: the numbers of the shard's sets.
    private static func decodeTally(_ node: JSONNode, empty: CalibrationTally, range: Range<Int>, log: DiagnosticLog) -> CalibrationTally? {
        let sets = range.count
        let allowed = ["samples", "accepted", "acceptedWords", "fineHistograms", "lowest", "highest", "predictions", "misses", "closest"]
        guard let reader = ObjectReader(node, path: "tally", allowed: allowed, log: log),
            let samples = reader.integer("samples", in: sets...sets, required: true),
            let accepted = reader.integer("accepted", in: 0...sets, required: true)
        else { return nil }
        var tally = empty
        tally.samples = samples
        tally.accepted = accepted
        /// `count` whole numbers, each in `bounds` (`what` says what they count), or any stored value.
        func integers(_ key: String, count: Int, in bounds: (range: ClosedRange<Int64>, what: String)? = nil) -> [Int64]? {
            guard let nodes = reader.array(key, required: true) else { return nil }
            guard nodes.count == count else {
                log.error(reader.childPath(key), reader.position(key), "expected \(count) whole numbers, found \(nodes.count) elements")
                return nil
            }
            var values: [Int64] = []
            for (index, node) in nodes.enumerated() {
                guard case .number(_, let text) = node.value, let value = Int64(text), bounds?.range.contains(value) ?? true else {
                    let what = bounds.map { "a whole number from \($0.range.lowerBound) to \($0.range.upperBound) (\($0.what))" } ?? "a whole number"
                    log.expected(what, at: node, "\(reader.childPath(key))[\(index)]")
                    return nil
                }
                values.append(value)
            }
            return values
        }
        /// Rows of `[index, count]` pairs, each index below `width` and each count a number of sets.
        func pairs(_ key: String, rows: Int, width: Int) -> [[(index: Int, count: Int)]]? {
            guard let nodes = reader.array(key, required: true), nodes.count == rows else {
                log.error(reader.childPath(key), reader.position(key), "expected \(rows) rows of [index, count] pairs")
                return nil
            }
            var result: [[(index: Int, count: Int)]] = []
            result.reserveCapacity(rows)
            for (row, rowNode) in nodes.enumerated() {
                guard case .array(let items) = rowNode.value else {
                    log.expected("an array of [index, count] pairs", at: rowNode, "\(reader.childPath(key))[\(row)]")
                    return nil
                }
                var found: [(index: Int, count: Int)] = []
                for pair in items {
                    guard case .array(let two) = pair.value, two.count == 2, case .number(_, let a) = two[0].value,
                        case .number(_, let b) = two[1].value, let index = Int(a), let count = Int(b), (0..<width).contains(index),
                        (1...sets).contains(count)
                    else {
                        log.expected("[index below \(width), count from 1 to \(sets)]", at: pair, "\(reader.childPath(key))[\(row)]")
                        return nil
                    }
                    found.append((index, count))
                }
                result.append(found)
            }
            return result
        }
        func dense(_ key: String, rows: Int, width: Int) -> [[Int]]? {
            pairs(key, rows: rows, width: width).map { rows in
                rows.map { row in
                    var counts = Array(repeating: 0, count: width)
                    for (index, count) in row { counts[index] = count }
                    return counts
                }
            }
        }
        func masks(_ key: String, rows: Int, procedures: Int) -> [[UInt32: Int]]? {
            pairs(key, rows: rows, width: 1 << procedures).map { rows in
                rows.map { row in Dictionary(row.map { (UInt32($0.index), $0.count) }, uniquingKeysWith: +) }
            }
        }
        let settings = empty.lowest.count
        guard let words = reader.array("acceptedWords", required: true),
            let histograms = dense("fineHistograms", rows: settings, width: CalibrationTally.fineBins),
            let lowest = integers("lowest", count: settings), let highest = integers("highest", count: settings),
            let predictions = masks("predictions", rows: empty.predictions.count, procedures: empty.procedures),
            let misses = integers("misses", count: empty.misses.count, in: (0...Int64(sets), "the shard's sets")),
            let closest = reader.array("closest", required: true)
        else { return nil }
        guard closest.count <= Swift.min(sets, CalibrationTally.closestKept) else {
            log.error(reader.childPath("closest"), reader.position("closest"),
                "expected at most \(Swift.min(sets, CalibrationTally.closestKept)) near misses (one per set of the shard, at most "
                    + "\(CalibrationTally.closestKept)), found \(closest.count)")
            return nil
        }
        var bits: [UInt64] = []
        for word in words {
            guard case .string(let hex) = word.value, let value = UInt64(hex, radix: 16) else {
                log.expected("a word of accepted bits in hexadecimal", at: word, reader.childPath("acceptedWords"))
                return nil
            }
            bits.append(value)
        }
        guard bits.count == (sets + Calibration.chunkSize - 1) / Calibration.chunkSize,
            bits.reduce(0, { $0 + $1.nonzeroBitCount }) == accepted
        else {
            log.error(reader.childPath("acceptedWords"), reader.position("acceptedWords"), "expected a word per 64 sets with \(accepted) bits set")
            return nil
        }
        tally.acceptedBits = bits
        tally.fineHistograms = histograms
        // With no set accepted, nothing was seen: the empty tally's bounds; else each lowest at most its highest.
        let boundsHold = accepted == 0
            ? lowest.allSatisfy { $0 == .max } && highest.allSatisfy { $0 == .min }
            : zip(lowest, highest).allSatisfy { $0 <= $1 }
        guard boundsHold else {
            log.error(reader.childPath("lowest"), reader.position("lowest"),
                accepted == 0
                    ? "expected no accepted value (\(Int64.max) and \(Int64.min)) in a shard that accepted no set"
                    : "expected each setting's lowest accepted value at most its highest")
            return nil
        }
        tally.lowest = lowest
        tally.highest = highest
        tally.predictions = predictions
        tally.misses = misses.map { Int($0) }
        tally.closest = []
        for (index, near) in closest.enumerated() {
            let path = "\(reader.childPath("closest"))[\(index)]"
            guard let item = ObjectReader(near, path: path, allowed: ["index", "missed", "predicted"], log: log),
                let number = item.integer("index", in: range.lowerBound...max(range.lowerBound, range.upperBound - 1), required: true),
                let missed = item.array("missed", required: true), let predicted = item.array("predicted", required: true)
            else { return nil }
            let missedValues = missed.compactMap { node -> Int? in if case .number(_, let t) = node.value { Int(t) } else { nil } }
            let predictedValues = predicted.compactMap { node -> UInt32? in if case .number(_, let t) = node.value { UInt32(t) } else { nil } }
            guard missedValues.count == missed.count, predictedValues.count == predicted.count, predictedValues.count == missedValues.count,
                missedValues.allSatisfy({ (0..<empty.misses.count).contains($0) }),
                predictedValues.allSatisfy({ UInt64($0) < 1 << UInt64(empty.procedures) })
            else {
                log.error(path, near.position,
                    "expected measured cell numbers below \(empty.misses.count) and, for each, its predicted mask below \(1 << empty.procedures)")
                return nil
            }
            tally.closest.append(.init(index: number, missed: missedValues, predicted: predictedValues))
        }
        return tally
    }
}
