/// Folds a timeline that repeats itself: a block of lines that happens again and again with only
/// its times and instance numbers (`#12`, `#13`, …) changing — a timer's block running every
/// 100 ms for five minutes — is shown once, then a line saying how many more times it happened,
/// then its last time in full. Folding is exact: a repetition folds only when every line has the
/// same place and words (instance numbers aside) and the same offset from the block's start.
enum TimelineFolding {
    /// A piece of the folded timeline: a line as it is, or the note standing for hidden repetitions.
    enum Piece: Equatable {
        case line(CellExplanation.Line)
        case folded(Fold)
    }

    /// Repetitions hidden between a block's first and last showing.
    struct Fold: Equatable {
        /// How many lines one repetition has.
        var blockLines: Int
        /// How many repetitions are hidden (neither the first nor the last one shown).
        var hidden: Int
        /// The time from one repetition's start to the next one's, when it is always the same.
        var period: Int64?

        /// `the 13 lines above happen 2,996 more times, every 100 ms; the last time:`
        var sentence: String {
            let lines = blockLines == 1 ? "the line above happens" : "the \(blockLines) lines above happen"
            let times = hidden == 1 ? "once more" : "\(TimeFormatting.grouped(hidden)) more times"
            let every = period.map { ", every \(TimeFormatting.milliseconds($0))" } ?? ""
            return "\(lines) \(times)\(every); the last time:"
        }
    }

    /// The longest block looked for: long enough for a timer's block with its task and request.
    static let maximumBlockLines = 48
    /// A block must occur at least this often in a row to fold (first, two or more hidden, last).
    static let minimumRepetitions = 4

    static func fold(_ lines: [CellExplanation.Line]) -> [Piece] {
        let shapes = shapeIDs(lines)
        var pieces: [Piece] = []
        var start = 0
        while start < lines.count {
            guard let (blockLines, repetitions) = longestRepetition(at: start, lines, shapes) else {
                pieces.append(.line(lines[start]))
                start += 1
                continue
            }
            let lastStart = start + (repetitions - 1) * blockLines
            pieces += lines[start..<start + blockLines].map(Piece.line)
            let period = constantPeriod(lines, start: start, blockLines: blockLines, repetitions: repetitions)
            pieces.append(.folded(Fold(blockLines: blockLines, hidden: repetitions - 2, period: period)))
            pieces += lines[lastStart..<lastStart + blockLines].map(Piece.line)
            start = lastStart + blockLines
        }
        return pieces
    }

    /// The block length that covers the most lines from `start` by repeating (shorter on a tie),
    /// with its number of repetitions; `nil` when no block repeats often enough.
    private static func longestRepetition(
        at start: Int, _ lines: [CellExplanation.Line], _ shapes: [Int]
    ) -> (blockLines: Int, repetitions: Int)? {
        var best: (blockLines: Int, repetitions: Int)?
        let longest = min(maximumBlockLines, (lines.count - start) / minimumRepetitions)
        guard longest >= 1 else { return nil }
        for blockLines in 1...longest {
            let repetitions = repetitionCount(at: start, blockLines: blockLines, lines, shapes)
            guard repetitions >= minimumRepetitions else { continue }
            if repetitions * blockLines > (best.map { $0.repetitions * $0.blockLines } ?? 0) {
                best = (blockLines, repetitions)
            }
        }
        return best
    }

    /// How many times in a row the block of `blockLines` lines at `start` occurs (at least 1).
    private static func repetitionCount(
        at start: Int, blockLines: Int, _ lines: [CellExplanation.Line], _ shapes: [Int]
    ) -> Int {
        var repetitions = 1
        var next = start + blockLines
        while next + blockLines <= lines.count, sameBlock(start, next, blockLines, lines, shapes) {
            repetitions += 1
            next += blockLines
        }
        return repetitions
    }

    private static func sameBlock(
        _ first: Int, _ other: Int, _ blockLines: Int, _ lines: [CellExplanation.Line], _ shapes: [Int]
    ) -> Bool {
        for offset in 0..<blockLines {
            guard shapes[first + offset] == shapes[other + offset] else { return false }
            let firstOffset = lines[first + offset].time - lines[first].time
            let otherOffset = lines[other + offset].time - lines[other].time
            guard firstOffset == otherOffset else { return false }
            let firstSpan = lines[first + offset].lastTime - lines[first + offset].time
            guard firstSpan == lines[other + offset].lastTime - lines[other + offset].time else { return false }
        }
        return true
    }

    private static func constantPeriod(
        _ lines: [CellExplanation.Line], start: Int, blockLines: Int, repetitions: Int
    ) -> Int64? {
        let period = lines[start + blockLines].time - lines[start].time
        for repetition in 1..<repetitions {
            let here = start + repetition * blockLines
            guard lines[here].time - lines[here - blockLines].time == period else { return nil }
        }
        return period > 0 ? period : nil
    }

    /// A number per distinct line shape: its place, its words with instance numbers taken out,
    /// which side of the death it is on and how often it repeated in a row.
    private static func shapeIDs(_ lines: [CellExplanation.Line]) -> [Int] {
        var ids: [String: Int] = [:]
        return lines.map { line in
            let shape = shapeKey(line)
            if let id = ids[shape] { return id }
            ids[shape] = ids.count
            return ids.count - 1
        }
    }

    /// A line's shape as text: its place, its words without instance numbers, its side of the
    /// death and its repeats.
    static func shapeKey(_ line: CellExplanation.Line) -> String {
        "\(line.place)\u{1}\(withoutInstanceNumbers(line.text))\u{1}\(line.afterDeath)\u{1}\(line.repeats)"
    }

    /// `Timer block #12 is queued` → `Timer block # is queued`.
    static func withoutInstanceNumbers(_ text: String) -> String {
        var out = ""
        var afterHash = false
        for character in text {
            if afterHash, character.isASCII, character.isNumber { continue }
            afterHash = character == "#"
            out.append(character)
        }
        return out
    }
}
