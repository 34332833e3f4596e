/// The Sobol low-discrepancy sequence (Joe and Kuo's direction numbers, `new-joe-kuo-6.21201`,
/// the first 32 dimensions), with a seeded random digital shift.
///
/// Point `n` is read directly (Gray-code order, as Joe and Kuo's and SciPy's generators), so any
/// thread or shard computes any point alone. The digital shift XORs every coordinate of every
/// point with one random 32-bit word per dimension, drawn from `seed`: the points stay a
/// (t, m, s)-net — each elementary interval still holds its share of points — but no point sits
/// on 0 and different seeds give independent-looking copies. There is no Owen scrambling.
package struct SobolSequence: Sendable {
    /// How many coordinates each point has.
    package let dimensions: Int
    /// The seed of the digital shift.
    package let seed: UInt64
    /// `directions[d][k]`: direction number k (0-based bit) of dimension d, 32 bits.
    private let directions: [[UInt32]]
    private let shifts: [UInt32]

    /// The most dimensions the built-in direction numbers cover.
    package static let maxDimensions = 1 + joeKuo.count

    /// A sequence of `dimensions`-dimensional points, shifted by words drawn from `seed`
    /// (`shifted: false` gives the plain sequence, whose first point is 0).
    package init(dimensions: Int, seed: UInt64, shifted: Bool = true) {
        precondition((1...Self.maxDimensions).contains(dimensions), "Sobol directions cover 1…\(Self.maxDimensions) dimensions")
        self.dimensions = dimensions
        self.seed = seed
        directions = (0..<dimensions).map(Self.directionNumbers)
        var generator = SplitMix64(seed: seed)
        shifts = (0..<dimensions).map { _ in shifted ? UInt32(truncatingIfNeeded: generator.next() >> 32) : 0 }
    }

    /// Point `index`'s coordinate in dimension `dimension` as 32 bits.
    package func bits(_ index: Int, dimension: Int) -> UInt32 {
        var gray = UInt64(index) ^ (UInt64(index) >> 1)
        var value: UInt32 = 0
        var bit = 0
        while gray != 0 {
            if gray & 1 == 1 { value ^= directions[dimension][bit] }
            gray >>= 1
            bit += 1
        }
        return value ^ shifts[dimension]
    }

    /// Point `index`'s coordinate in `dimension`, strictly inside (0, 1): the centre of its
    /// 2^-32-wide cell, so that a quantile function never sees 0 or 1.
    package func coordinate(_ index: Int, dimension: Int) -> Double {
        (Double(bits(index, dimension: dimension)) + 0.5) / 4_294_967_296.0
    }

    /// Point `index`, every dimension.
    package func point(_ index: Int) -> [Double] {
        precondition(index >= 0 && index < 1 << 32, "Sobol points are numbered 0..<2^32")
        return (0..<dimensions).map { coordinate(index, dimension: $0) }
    }

    /// Dimension `dimension`'s 32 direction numbers.
    private static func directionNumbers(_ dimension: Int) -> [UInt32] {
        guard dimension > 0 else { return (0..<32).map { UInt32(1) << (31 - $0) } }
        let row = joeKuo[dimension - 1]
        let s = row.count - 1, a = row[0]
        var v = [UInt32](repeating: 0, count: 32)
        for k in 0..<32 {
            if k < s {
                v[k] = row[k + 1] << (31 - k)
            } else {
                v[k] = v[k - s] ^ (v[k - s] >> s)
                for i in 1..<s where (a >> (s - 1 - i)) & 1 == 1 { v[k] ^= v[k - i] }
            }
        }
        return v
    }

    /// Joe and Kuo's rows for dimensions 2…32: `a`, then `m_1 … m_s` (s is the degree).
    static let joeKuo: [[UInt32]] = [
        [0, 1], [1, 1, 3], [1, 1, 3, 1], [2, 1, 1, 1], [1, 1, 1, 3, 3], [4, 1, 3, 5, 13],
        [2, 1, 1, 5, 5, 17], [4, 1, 1, 5, 5, 5], [7, 1, 1, 7, 11, 19], [11, 1, 1, 5, 1, 1],
        [13, 1, 1, 1, 3, 11], [14, 1, 3, 5, 5, 31], [1, 1, 3, 3, 9, 7, 49], [13, 1, 1, 1, 15, 21, 21],
        [16, 1, 3, 1, 13, 27, 49], [19, 1, 1, 1, 15, 7, 5], [22, 1, 3, 1, 15, 13, 25],
        [25, 1, 1, 5, 5, 19, 61], [1, 1, 3, 7, 11, 23, 15, 103], [4, 1, 3, 7, 13, 13, 15, 69],
        [7, 1, 1, 3, 13, 7, 35, 63], [8, 1, 3, 5, 9, 1, 25, 53], [14, 1, 3, 1, 13, 9, 35, 107],
        [19, 1, 3, 1, 5, 27, 61, 31], [21, 1, 1, 5, 11, 19, 41, 61], [28, 1, 3, 5, 3, 3, 13, 69],
        [31, 1, 1, 7, 13, 1, 19, 1], [32, 1, 3, 7, 5, 13, 19, 59], [37, 1, 1, 3, 9, 25, 29, 41],
        [41, 1, 3, 5, 13, 23, 1, 55], [42, 1, 3, 7, 3, 13, 59, 17],
    ]
}
