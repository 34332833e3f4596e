import Testing

@testable import ExitRace
@testable import ExitRaceParameters
@testable import ExitRaceEngine
@testable import ExitRaceExplain

@Suite("Kernel: the Sobol sequence")
struct SobolSequenceTests {
    @Test("the first points of the plain 2-D sequence are Joe and Kuo's (and SciPy's)")
    func firstPoints() {
        let sobol = SobolSequence(dimensions: 2, seed: 0, shifted: false)
        let points = (0..<8).map { n in (0..<2).map { Double(sobol.bits(n, dimension: $0)) / 4_294_967_296.0 } }
        let expected: [[Double]] = [
            [0, 0], [0.5, 0.5], [0.75, 0.25], [0.25, 0.75], [0.375, 0.375], [0.875, 0.875], [0.625, 0.125], [0.125, 0.625],
        ]
        expectEqual(points, expected)
    }

    @Test("each of 2^k elementary intervals of a shifted 2-D projection holds one of the first 2^k points", arguments: [(0, 1), (2, 7), (11, 20)])
    func stratification(dimensions: (Int, Int)) {
        let sobol = SobolSequence(dimensions: 21, seed: 42)
        let k = 8, count = 1 << k
        for xBits in 0...k {
            let yBits = k - xBits
            var seen = Set<Int>()
            for n in 0..<count {
                let x = Int(sobol.bits(n, dimension: dimensions.0) >> (32 - xBits)) & ((1 << xBits) - 1)
                let y = yBits == 0 ? 0 : Int(sobol.bits(n, dimension: dimensions.1) >> (32 - yBits))
                seen.insert(x << yBits | y)
            }
            // Dimensions 1 and 2 form a (0, m, 2)-net: every box of area 2^-k holds one point.
            if dimensions == (0, 1) { expectEqual(seen.count, count, "boxes \(1 << xBits) × \(1 << yBits)") }
        }
        for dimension in [dimensions.0, dimensions.1] {
            let strata = Set((0..<count).map { Int(sobol.bits($0, dimension: dimension) >> (32 - k)) })
            expectEqual(strata.count, count, "dimension \(dimension) is stratified")
        }
    }

    @Test("coordinates lie strictly inside (0, 1), and a seed gives the same points every time")
    func determinism() {
        let a = SobolSequence(dimensions: SobolSequence.maxDimensions, seed: 7)
        let b = SobolSequence(dimensions: SobolSequence.maxDimensions, seed: 7)
        for n in [0, 1, 2, 1000, 123_456] {
            expectEqual(a.point(n), b.point(n))
            #expect(a.point(n).allSatisfy { $0 > 0 && $0 < 1 })
        }
        #expect(SobolSequence(dimensions: 3, seed: 8).point(5) != a.point(5).prefix(3).map { $0 })
    }
}
