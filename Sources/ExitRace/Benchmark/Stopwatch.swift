/// Wall-clock timing for the benchmark: alternating blocks of two workloads.
struct Stopwatch {
    let clock = ContinuousClock()

    /// Runs `a` and `b` in turn, a block each, until `seconds` have passed; returns the seconds
    /// each took and how many blocks of each ran.
    func alternate(seconds: Double, _ a: () -> Void, _ b: () -> Void) -> (a: Double, b: Double, blocks: Int) {
        var timeA = Duration.zero, timeB = Duration.zero
        var blocks = 0
        let start = clock.now
        repeat {
            let startA = clock.now
            a()
            let startB = clock.now
            b()
            timeA += startB - startA
            timeB += clock.now - startB
            blocks += 1
        } while clock.now - start < .seconds(seconds)
        return (timeA.seconds, timeB.seconds, blocks)
    }

    /// Runs `work` in blocks until `seconds` have passed; returns the seconds and the blocks.
    func repeatedly(seconds: Double, _ work: () -> Void) -> (seconds: Double, blocks: Int) {
        var blocks = 0
        let start = clock.now
        repeat {
            work()
            blocks += 1
        } while clock.now - start < .seconds(seconds)
        return ((clock.now - start).seconds, blocks)
    }
}

extension Duration {
    var seconds: Double {
        let (s, attoseconds) = components
        return Double(s) + Double(attoseconds) / 1e18
    }
}

/// Keeps a result alive, so the optimizer cannot drop the work that computed it.
@inline(never)
func blackHole(_ value: Int64) {}
