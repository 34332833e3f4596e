import Foundation
import Testing

@testable import ExitRaceReport

/// #26: the sweep pictures' fills stay apart for readers with a colour-vision deficiency. Each
/// colour is simulated as seen with protanopia, deuteranopia and tritanopia (Machado, Oliveira and
/// Fernandes 2009, severity 1, on linear sRGB) and compared in CIELAB (ΔE 1976). The palette of
/// #26's walk had × (#D55E00) and the first △ (#E69F00) 18 apart under deuteranopia.
@Suite("Sweep palette survives colour blindness")
struct SweepPaletteTests {
    typealias Matrix = [[Double]]
    static let visions: [(name: String, matrix: Matrix)] = [
        ("normal", [[1, 0, 0], [0, 1, 0], [0, 0, 1]]),
        ("protanopia", [[0.152286, 1.052583, -0.204868], [0.114503, 0.786281, 0.099216], [-0.003882, -0.048116, 1.051998]]),
        ("deuteranopia", [[0.367322, 0.860646, -0.227968], [0.280085, 0.672501, 0.047413], [-0.011820, 0.042940, 0.968881]]),
        ("tritanopia", [[1.255528, -0.076749, -0.178779], [-0.078411, 0.930809, 0.147602], [0.004733, 0.691367, 0.303900]]),
    ]

    /// `#RRGGBB` as seen through `matrix`, in CIELAB (D65).
    static func lab(_ hex: String, _ matrix: Matrix) -> [Double] {
        let value = Int(hex.dropFirst(), radix: 16)!
        let linear = [16, 8, 0].map { shift -> Double in
            let c = Double((value >> shift) & 0xFF) / 255
            return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
        }
        let seen = matrix.map { row in min(1, max(0, zip(row, linear).reduce(0) { $0 + $1.0 * $1.1 })) }
        let x = (0.4124 * seen[0] + 0.3576 * seen[1] + 0.1805 * seen[2]) / 0.9505
        let y = 0.2126 * seen[0] + 0.7152 * seen[1] + 0.0722 * seen[2]
        let z = (0.0193 * seen[0] + 0.1192 * seen[1] + 0.9505 * seen[2]) / 1.089
        func f(_ t: Double) -> Double { t > 0.008856 ? cbrt(t) : 7.787 * t + 16.0 / 116 }
        return [116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))]
    }

    static func distance(_ a: String, _ b: String, _ matrix: Matrix) -> Double {
        let (p, q) = (lab(a, matrix), lab(b, matrix))
        return sqrt(zip(p, q).reduce(0) { $0 + ($1.0 - $1.1) * ($1.0 - $1.1) })
    }

    static var fills: [String] { [SweepSVG.colours["○"]!, SweepSVG.colours["×"]!] + SweepSVG.partials }

    @Test("× stands far (ΔE ≥ 35) from ○ and every △, with every vision")
    func failureStandsApart() {
        let failure = SweepSVG.colours["×"]!
        for vision in Self.visions {
            for other in Self.fills where other != failure {
                let d = Self.distance(failure, other, vision.matrix)
                #expect(d >= 35, "× \(failure) and \(other) are \(d) apart with \(vision.name)")
            }
        }
    }

    @Test("every two fills differ (ΔE ≥ 20) with normal vision, protanopia and deuteranopia; the first five with tritanopia")
    func fillsDiffer() {
        for vision in Self.visions {
            let fills = vision.name == "tritanopia" ? Array(Self.fills.prefix(5)) : Self.fills
            for (i, a) in fills.enumerated() {
                for b in fills[(i + 1)...] {
                    let d = Self.distance(a, b, vision.matrix)
                    #expect(d >= 20, "\(a) and \(b) are \(d) apart with \(vision.name)")
                }
            }
        }
    }

    @Test("the palette of #26's walk fails the test: × and the first △ were 18 apart with deuteranopia")
    func oldPaletteFails() {
        let d = Self.distance("#D55E00", "#E69F00", Self.visions[2].matrix)
        #expect(d < 20)
    }
}
