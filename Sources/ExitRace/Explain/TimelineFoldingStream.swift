/// ``TimelineFolding`` one line at a time: the same pieces as ``TimelineFolding/fold(_:)`` of all the
/// lines, while holding only the lines a fold may still need (a block's first showing, and the
/// last `2 ×` ``TimelineFolding/maximumBlockLines`` lines or so), so that explaining a run of a
/// million lines takes memory for what is shown, not for what happened.
///
/// The batch fold, at each start, takes the block length (1 to 48 lines) whose run of repetitions
/// covers the most lines (shorter on a tie), when it repeats at least 4 times. Here every length
/// has a matcher that compares each new line with the block's first showing, as the batch's
/// `sameBlock` does; once every matcher has met a line that breaks its run, the choice is the
/// batch's, and the lines after the chosen run are matched again from the new start. Lines in
/// the middle of a long run are dropped once a run of 4 or more covers them.
struct TimelineFoldingStream {
    typealias Line = CellExplanation.Line
    typealias Piece = TimelineFolding.Piece

    /// The pieces decided so far, in order.
    private(set) var pieces: [Piece] = []

    private struct Entry {
        var line: Line
        var shape: Int
    }

    /// One block length's run of repetitions from `start`.
    private struct Run {
        /// Complete blocks that matched the first, the first included.
        var repetitions = 1
        var ended = false
        /// The time of the current block's first line.
        var blockStart: Int64 = 0
        /// The time of the last complete block's first line.
        var lastCountedStart: Int64 = 0
        var period: Int64 = 0
        var periodIsConstant = true
    }

    private var shapeIDs: [String: Int] = [:]
    /// The lines from `start` that are kept: `buffer[0..<keptFront]` are lines `start...`, the rest
    /// follow after `gap` dropped lines.
    private var buffer: [Entry] = []
    private var start = 0
    private var gap = 0
    /// Absolute index of the next line the matchers have not seen, and of the next line to come.
    private var fed = 0
    private var received = 0
    private var runs: [Run] = Array(repeating: Run(), count: TimelineFolding.maximumBlockLines + 1)
    private var active = TimelineFolding.maximumBlockLines
    /// The most lines a run of at least ``TimelineFolding/minimumRepetitions`` covers so far.
    private var coverage = 0

    private static let longest = TimelineFolding.maximumBlockLines

    mutating func append(_ line: Line) {
        let key = TimelineFolding.shapeKey(line)
        let shape: Int
        if let id = shapeIDs[key] {
            shape = id
        } else {
            shape = shapeIDs.count
            shapeIDs[key] = shape
        }
        buffer.append(Entry(line: line, shape: shape))
        received += 1
        advance(finishing: false)
        dropCoveredLines()
    }

    /// Decides what is left; `pieces` is then the whole fold.
    mutating func finish() -> [Piece] {
        advance(finishing: true)
        return pieces
    }

    // MARK: - Matching

    /// The kept line at absolute index `index` (never one dropped).
    private func entry(_ index: Int) -> Entry {
        let offset = index - start
        return offset < Self.longest ? buffer[offset] : buffer[offset - gap]
    }

    /// Feeds the matchers every line they have not seen; whenever every run has ended (or the
    /// lines are over, `finishing`), decides at `start` and goes on from the new start.
    private mutating func advance(finishing: Bool) {
        while true {
            while fed < received && active > 0 {
                feed(fed)
                fed += 1
            }
            guard active == 0 || (finishing && fed == received) else { return }
            guard start < received else { return }
            decide()
        }
    }

    private mutating func feed(_ index: Int) {
        let distance = index - start
        let line = entry(index).line
        let first = entry(start).line
        for length in 1...Self.longest where !runs[length].ended {
            let block = distance / length
            let offset = distance % length
            guard block >= 1 else { continue }
            if offset == 0 { runs[length].blockStart = line.time }
            let model = entry(start + offset)
            let matches = model.shape == entry(index).shape
                && model.line.time - first.time == line.time - runs[length].blockStart
                && model.line.lastTime - model.line.time == line.lastTime - line.time
            guard matches else {
                runs[length].ended = true
                active -= 1
                continue
            }
            guard offset == length - 1 else { continue }
            countBlock(length, block: block)
        }
    }

    /// Block `block` of `length` lines matched the first whole: one more repetition.
    private mutating func countBlock(_ length: Int, block: Int) {
        let blockStart = runs[length].blockStart
        if block == 1 {
            runs[length].period = blockStart - entry(start).line.time
        } else if blockStart - runs[length].lastCountedStart != runs[length].period {
            runs[length].periodIsConstant = false
        }
        runs[length].lastCountedStart = blockStart
        runs[length].repetitions = block + 1
        if runs[length].repetitions >= TimelineFolding.minimumRepetitions {
            coverage = max(coverage, runs[length].repetitions * length)
        }
    }

    // MARK: - Deciding

    /// The batch fold's choice at `start`: a block's first showing, the fold and its last showing,
    /// or the line alone; then the matchers start again after it.
    private mutating func decide() {
        var best: (length: Int, repetitions: Int)?
        for length in 1...Self.longest {
            let repetitions = runs[length].repetitions
            guard repetitions >= TimelineFolding.minimumRepetitions else { continue }
            if repetitions * length > (best.map { $0.repetitions * $0.length } ?? 0) { best = (length, repetitions) }
        }
        let next: Int
        if let (length, repetitions) = best {
            let run = runs[length]
            let lastStart = start + (repetitions - 1) * length
            pieces += (start..<start + length).map { .line(entry($0).line) }
            let period = run.periodIsConstant && run.period > 0 ? run.period : nil
            pieces.append(.folded(TimelineFolding.Fold(blockLines: length, hidden: repetitions - 2, period: period)))
            pieces += (lastStart..<lastStart + length).map { .line(entry($0).line) }
            next = start + repetitions * length
        } else {
            pieces.append(.line(entry(start).line))
            next = start + 1
        }
        restart(at: next)
    }

    /// Keeps the lines from `next` on and resets every matcher there.
    private mutating func restart(at next: Int) {
        buffer = (next..<received).map(entry)
        start = next
        gap = 0
        fed = next
        runs = Array(repeating: Run(), count: Self.longest + 1)
        active = Self.longest
        coverage = 0
    }

    /// Drops lines no choice can show: past a block's first showing and before the last showing
    /// of the longest run found so far (the choice covers at least as much; its last block starts
    /// at most ``TimelineFolding/maximumBlockLines`` lines before its end).
    private mutating func dropCoveredLines() {
        let keepFrom = start + coverage - Self.longest
        let firstKept = start + Self.longest + gap
        guard keepFrom - firstKept >= 4 * Self.longest else { return }
        buffer.removeSubrange(Self.longest..<Self.longest + (keepFrom - firstKept))
        gap += keepFrom - firstKept
    }
}
