/// The result of one shard of a sampled experiment, as `exitrace run --shard i/n --output FILE`
/// writes it and `exitrace merge` reads it: versioned canonical JSON holding the tool version,
/// the scenario (its resolved document and fingerprint), the seed, the number of replications,
/// the shard and every count of the shard's ``RateTable``.
///
/// The scenario travels whole, `extend` and `--set` already applied, so the merge decodes it
/// again without the original files and renders exactly what the unsharded run renders.
package struct ShardFile: Equatable, Sendable {
    /// The version of the shard file format this tool writes and reads.
    package static let formatVersion = 1

    /// The version of the tool that ran the shard (``ExitRaceVersion/current`` when written).
    package var toolVersion: String
    /// The scenario as it was run.
    package var scenario: ResolvedScenario
    /// How many replications the whole experiment has, and their seed.
    package var sampling: SamplingSettings
    /// Which part of the replications this file holds.
    package var shard: ShardSpec
    /// The counts of the shard's replications, `shard.replications(of: sampling.runs)`.
    package var table: RateTable

    /// A shard file of `table`, the counts of shard `shard` of an experiment sampled as `sampling`.
    package init(scenario: ResolvedScenario, sampling: SamplingSettings, shard: ShardSpec, table: RateTable) {
        precondition(table.replications == shard.replications(of: sampling.runs), "the table is not the shard's")
        toolVersion = ExitRaceVersion.current
        self.scenario = scenario
        self.sampling = sampling
        self.shard = shard
        self.table = table
    }

    /// Runs shard `shard` of `scenario` sampled as `sampling` (on every core).
    package static func run(_ scenario: ResolvedScenario, sampling: SamplingSettings, shard: ShardSpec) throws(InputError) -> ShardFile {
        let decoded = try scenario.decode()
        let range = shard.replications(of: sampling.runs)
        let table =
            range.isEmpty
            ? RateTable(scenario: decoded, seed: sampling.seed, replications: range)
            : SampledExperiment(scenario: decoded, sampling: sampling).run(replications: range)
        return ShardFile(scenario: scenario, sampling: sampling, shard: shard, table: table)
    }

    /// The file's text: canonical JSON, the same bytes for the same shard. The table's
    /// ``RateTable/replayOptions`` (the `--set` words of the run) go in a `replayOptions` member
    /// when there are any, so that the merged table's replay hint is the unsharded run's.
    package func serialized() -> String {
        let range = table.replications
        var members: CanonicalJSON.Members = [
            "shardFormatVersion": .integer(Int64(Self.formatVersion)),
            "toolVersion": .string(toolVersion),
            "scenario": .object([
                "name": .string(table.scenario.name),
                "file": .string(scenario.file),
                "fingerprint": .string(scenario.fingerprint),
                "document": .string(scenario.text),
            ]),
            "seed": .integer(Int64(bitPattern: sampling.seed)),
            "runs": .integer(Int64(sampling.runs)),
            "shard": .object([
                "index": .integer(Int64(shard.index)),
                "count": .integer(Int64(shard.count)),
                "firstReplication": .integer(Int64(range.lowerBound)),
                "endReplication": .integer(Int64(range.upperBound)),
            ]),
            "cells": .array(table.cells.map(Self.cell)),
        ]
        if !table.replayOptions.isEmpty {
            members.pairs.append((key: "replayOptions", value: .array(table.replayOptions.map { .string($0) })))
        }
        if table.replayScenario != RateTable.placeholderScenario {
            members.pairs.append((key: "replayScenario", value: .array(table.replayScenario.map { .string($0) })))
        }
        return CanonicalJSON.object(members).serialized()
    }

    private static func cell(_ cell: RateTable.Cell) -> CanonicalJSON {
        .object([
            "hook": .integer(Int64(cell.hook)),
            "strategy": .integer(Int64(cell.strategy)),
            "procedures": .array(cell.procedures.map(procedure)),
        ])
    }

    private static func procedure(_ rates: RateTable.ProcedureRates) -> CanonicalJSON {
        let bins: [CanonicalJSON] = rates.margins.counts.indices.compactMap { bin in
            rates.margins.counts[bin] == 0
                ? nil : .object(["bin": .integer(Int64(bin)), "runs": .integer(Int64(rates.margins.counts[bin]))])
        }
        return .object([
            "runs": .integer(Int64(rates.runs)),
            "finished": .integer(Int64(rates.finished)),
            "deadlocks": .integer(Int64(rates.deadlocks)),
            "inversions": .integer(Int64(rates.inversions)),
            "watchdogKills": .integer(Int64(rates.watchdogKills)),
            "boundsReached": .integer(Int64(rates.boundsReached)),
            "failingReplications": .array(rates.failures.map { .integer(Int64($0)) }),
            "margins": .object(["bins": .array(bins), "withoutMargin": .integer(Int64(rates.margins.withoutMargin))]),
        ])
    }
}

extension ShardFile {
    /// Reads the shard file at `path`: every problem names the file, the place and what was
    /// expected and found.
    package static func read(path: String) throws(InputError) -> ShardFile {
        try decode(try InputFile.read(path, what: "a shard file"), file: path)
    }

    /// Decodes a shard file's bytes; `file` names it in diagnostics.
    package static func decode(_ bytes: [UInt8], file: String) throws(InputError) -> ShardFile {
        let root = try JSONDocument.parse(bytes, file: file)
        let log = DiagnosticLog()
        func fail() -> InputError { InputError(log.diagnostics) }
        let allowed = ["shardFormatVersion", "toolVersion", "scenario", "seed", "runs", "shard", "cells", "replayOptions", "replayScenario"]
        guard let object = ObjectReader(root, path: "", allowed: allowed, log: log) else { throw fail() }
        // The version first: a file of another format is reported as that, not as its members.
        guard ShardHeader.hasFormatVersion(
            object, member: "shardFormatVersion", what: "shard format version", expected: formatVersion, log: log)
        else { throw fail() }
        let toolVersion = object.string("toolVersion", required: true)
        let seed = object.integer("seed", in: 0...SamplingSettings.maxSeed, required: true)
        let runs = object.integer("runs", in: 1...SamplingSettings.maxRuns, required: true)
        let resolved = ShardScenario.decode(object, file: file, withName: true, log: log)
        let shard = decodeShard(object, runs: runs, log: log)
        let cells = object.array("cells", required: true)
        guard let toolVersion, let seed, let runs, let resolved, let shard, let cells, log.diagnostics.isEmpty else { throw fail() }
        let scenario: Scenario
        do {
            scenario = try resolved.decode()
        } catch {
            throw InputError(
                [Diagnostic(at: object.position("scenario"), path: "scenario.document", message: "expected a valid scenario, found one with problems:")]
                    + error.diagnostics)
        }
        let sampling = SamplingSettings(runs: runs, seed: UInt64(seed))
        let range = shard.replications(of: runs)
        var table = RateTable(scenario: scenario, seed: sampling.seed, replications: range)
        let expectedCells = table.cells.count
        guard cells.count == expectedCells else {
            log.error(
                "cells", object.position("cells"),
                "expected \(expectedCells) cells (\(TimeFormatting.counted(scenario.hooks.count, "hook")) × "
                    + "\(scenario.strategies.count) \(scenario.strategies.count == 1 ? "strategy" : "strategies")), found \(cells.count)")
            throw fail()
        }
        for (index, node) in cells.enumerated() {
            let path = "cells[\(index)]"
            guard let reader = ObjectReader(node, path: path, allowed: ["hook", "strategy", "procedures"], log: log) else { continue }
            let hook = reader.integer("hook", in: 0...Int(Int32.max), required: true)
            let strategy = reader.integer("strategy", in: 0...Int(Int32.max), required: true)
            let expected = (hook: table.cells[index].hook, strategy: table.cells[index].strategy)
            if let hook, let strategy, hook != expected.hook || strategy != expected.strategy {
                log.error(
                    path, node.position,
                    "expected the cell of hook \(expected.hook) and strategy \(expected.strategy) (cells are row by row), found hook \(hook) and strategy \(strategy)"
                )
            }
            guard let procedures = reader.array("procedures", required: true) else { continue }
            guard procedures.count == scenario.procedures.count else {
                log.error(
                    reader.childPath("procedures"), reader.position("procedures"),
                    "expected \(scenario.procedures.count) procedures (one per kill procedure), found \(procedures.count)")
                continue
            }
            for (procedure, rates) in procedures.enumerated() {
                if let decoded = decodeRates(rates, path: "\(path).procedures[\(procedure)]", range: range, log: log) {
                    table.cells[index].procedures[procedure] = decoded
                }
            }
        }
        table.replayOptions = words(object, "replayOptions", log: log) ?? []
        table.replayScenario = words(object, "replayScenario", log: log) ?? RateTable.placeholderScenario
        guard log.diagnostics.isEmpty else { throw fail() }
        var file = ShardFile(scenario: resolved, sampling: sampling, shard: shard, table: table)
        file.toolVersion = toolVersion
        return file
    }

    /// The optional member `key` (`replayOptions`, `replayScenario`): command-line words, each a
    /// string with no NUL (no command line can hold one, so `run --shard` never writes one; `merge`
    /// printed it in its replay line).
    private static func words(_ object: ObjectReader, _ key: String, log: DiagnosticLog) -> [String]? {
        guard let words = object.array(key) else { return nil }
        var options: [String] = []
        for (index, word) in words.enumerated() {
            guard case .string(let text) = word.value else {
                log.expected("a command-line word (a string)", at: word, "\(key)[\(index)]")
                continue
            }
            guard !text.unicodeScalars.contains("\u{0}") else {
                log.error(
                    object.childPath(key) + "[\(index)]", word.position,
                    "expected a command-line word, found a string with a NUL (U+0000), which no command line can hold")
                continue
            }
            options.append(text)
        }
        return options
    }

    private static func decodeShard(_ object: ObjectReader, runs: Int?, log: DiagnosticLog) -> ShardSpec? {
        guard let members = object.members("shard", required: true), let node = object["shard"],
            let reader = ObjectReader(node, path: "shard", allowed: ["index", "count", "firstReplication", "endReplication"], log: log)
        else { return nil }
        _ = members
        guard let count = reader.integer("count", in: 1...ShardSpec.maxCount, required: true),
            let index = reader.integer("index", in: 1...count, required: true),
            let first = reader.integer("firstReplication", in: 0...SamplingSettings.maxRuns, required: true),
            let end = reader.integer("endReplication", in: 0...SamplingSettings.maxRuns, required: true),
            let spec = ShardSpec(index: index, count: count), let runs
        else { return nil }
        guard first <= end else {
            log.error("shard.firstReplication", node.position, "expected at most endReplication (\(end)), found \(first)")
            return nil
        }
        let range = spec.replications(of: runs)
        guard range == first..<end || (range.isEmpty && first == end && first == range.lowerBound) else {
            log.error(
                "shard", node.position,
                "expected replications \(range.lowerBound)..<\(range.upperBound) (shard \(spec) of \(runs)), found \(first)..<\(end)")
            return nil
        }
        return spec
    }

    private static func decodeRates(_ node: JSONNode, path: String, range: Range<Int>, log: DiagnosticLog) -> RateTable.ProcedureRates? {
        let allowed = [
            "runs", "finished", "deadlocks", "inversions", "watchdogKills", "boundsReached", "failingReplications", "margins",
        ]
        guard let reader = ObjectReader(node, path: path, allowed: allowed, log: log) else { return nil }
        let runs = range.count
        var rates = RateTable.ProcedureRates()
        guard let count = reader.integer("runs", in: runs...runs, required: true),
            let finished = reader.integer("finished", in: 0...runs, required: true),
            let deadlocks = reader.integer("deadlocks", in: 0...runs, required: true),
            let inversions = reader.integer("inversions", in: 0...runs, required: true),
            let watchdogKills = reader.integer("watchdogKills", in: 0...runs, required: true),
            let boundsReached = reader.integer("boundsReached", in: 0...runs, required: true),
            let failures = reader.array("failingReplications", required: true),
            reader.members("margins", required: true) != nil, let marginsNode = reader["margins"]
        else { return nil }
        rates.runs = count
        rates.finished = finished
        rates.deadlocks = deadlocks
        rates.inversions = inversions
        rates.watchdogKills = watchdogKills
        rates.boundsReached = boundsReached
        // The failing replications: ascending, in the shard, as many as are kept.
        let kept = Swift.min(runs - finished, RateTable.failuresKept)
        let failuresPath = reader.childPath("failingReplications")
        for (index, failure) in failures.enumerated() {
            guard case .number(let value, _) = failure.value, let replication = Int(exactly: value), range.contains(replication),
                index == 0 || replication > rates.failures.last!
            else {
                log.expected(
                    "ascending replication numbers from \(range.lowerBound) to \(range.upperBound - 1)", at: failure, "\(failuresPath)[\(index)]")
                return nil
            }
            rates.failures.append(replication)
        }
        guard failures.count == kept else {
            log.error(failuresPath, reader.position("failingReplications"), "expected \(kept) failing replications (the first \(RateTable.failuresKept) of \(runs - finished) failures), found \(failures.count)")
            return nil
        }
        guard let histogram = decodeMargins(marginsNode, path: reader.childPath("margins"), runs: runs, log: log) else { return nil }
        rates.margins = histogram
        return rates
    }

    private static func decodeMargins(_ node: JSONNode, path: String, runs: Int, log: DiagnosticLog) -> MarginHistogram? {
        guard let reader = ObjectReader(node, path: path, allowed: ["bins", "withoutMargin"], log: log),
            let bins = reader.array("bins", required: true),
            let withoutMargin = reader.integer("withoutMargin", in: 0...runs, required: true)
        else { return nil }
        var counts = Array(repeating: 0, count: MarginHistogram.binCount)
        var total = withoutMargin, previous = -1
        for (index, binNode) in bins.enumerated() {
            let binPath = "\(reader.childPath("bins"))[\(index)]"
            guard let bin = ObjectReader(binNode, path: binPath, allowed: ["bin", "runs"], log: log),
                let number = bin.integer("bin", in: 0...(MarginHistogram.binCount - 1), required: true),
                let count = bin.integer("runs", in: 1...Swift.max(runs, 1), required: true)
            else { return nil }
            guard number > previous else {
                log.error(binPath, binNode.position, "expected bins in ascending order, each once, found bin \(number) after bin \(previous)")
                return nil
            }
            previous = number
            total += count
            counts[number] = count
        }
        guard total == runs else {
            log.error(path, node.position, "expected margins that count \(runs) runs in all, found \(total)")
            return nil
        }
        return MarginHistogram(counts: counts, withoutMargin: withoutMargin)
    }
}
