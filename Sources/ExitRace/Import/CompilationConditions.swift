/// The `#if` conditions of the build `import` reads: an iOS device build, release (docs/import.md,
/// "Conditional compilation"). `os(iOS)`, `canImport(UIKit)`, `arch(arm64)`, `swift(>=5.9)` are true;
/// `targetEnvironment(simulator)`, `targetEnvironment(macCatalyst)`, `DEBUG` and any other flag are false
/// (a flag no build setting defines is false in Swift too).
package enum CompilationConditions {
    /// The Swift language and compiler version `swift(…)` and `compiler(…)` compare with: the toolchain's.
    package static let swiftVersion = [6, 3]
    /// Modules an iOS app cannot import (other platforms' frameworks, other systems' C libraries); any
    /// other module, Apple's or a package's, is taken as importable (the app links what it imports).
    static let unavailableModules: Set<String> = [
        "AppKit", "Cocoa", "WatchKit", "ClockKit", "TVUIKit", "TVServices", "TVMLKit", "Glibc", "Musl", "WinSDK",
        "Android", "Bionic", "WASILibc", "CRT",
    ]

    /// What a condition is for the build read, and the flags it names (each taken as not set).
    package struct Value: Equatable, Sendable {
        package var isTrue: Bool
        /// Names tested as flags other than `true`/`false` (`DEBUG`, `BETA`): none is set.
        package var flags: [String]
    }

    /// The value of `text` (the rest of an `#if` or `#elseif` line), or `nil` when it cannot be read
    /// (then its branch is not read either, and named).
    package static func evaluate(_ text: String) -> Value? {
        var reader = Reader(tokens: tokenize(text))
        guard let value = reader.disjunction(), reader.index == reader.tokens.count else { return nil }
        return Value(isTrue: value, flags: reader.flags)
    }

    /// Identifiers, numbers with dots (`5.9`), and the symbols `( ) , : ! && || >= <`.
    static func tokenize(_ text: String) -> [String] {
        var tokens: [String] = []
        var chars = Array(text)[...]
        while let c = chars.first {
            if c == " " || c == "\t" || c == "\r" { chars.removeFirst(); continue }
            if c.isLetter || c.isNumber || c == "_" || c == "." {
                let word = chars.prefix { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." }
                tokens.append(String(word))
                chars.removeFirst(word.count)
                continue
            }
            let two = String(chars.prefix(2))
            if ["&&", "||", ">=", "<="].contains(two) {
                tokens.append(two)
                chars.removeFirst(2)
                continue
            }
            tokens.append(String(c))
            chars.removeFirst()
        }
        return tokens
    }

    private struct Reader {
        let tokens: [String]
        var index = 0
        var flags: [String] = []
        /// Nesting of parentheses read so far, bounded (a hostile line cannot overflow the stack).
        var depth = 0

        init(tokens: [String]) { self.tokens = tokens }

        var current: String? { index < tokens.count ? tokens[index] : nil }

        mutating func take(_ token: String) -> Bool {
            guard current == token else { return false }
            index += 1
            return true
        }

        mutating func disjunction() -> Bool? {
            guard var value = conjunction() else { return nil }
            while take("||") {
                guard let next = conjunction() else { return nil }
                value = value || next
            }
            return value
        }

        mutating func conjunction() -> Bool? {
            guard var value = unary() else { return nil }
            while take("&&") {
                guard let next = unary() else { return nil }
                value = value && next
            }
            return value
        }

        mutating func unary() -> Bool? {
            guard depth < 64 else { return nil }
            depth += 1
            defer { depth -= 1 }
            if take("!") { return unary().map { !$0 } }
            if take("(") {
                guard let value = disjunction(), take(")") else { return nil }
                return value
            }
            guard let name = current, name.first?.isLetter == true || name.first == "_" else { return nil }
            index += 1
            guard take("(") else { return flag(name) }
            var arguments: [String] = []
            while let token = current, token != ")" {
                arguments.append(token)
                index += 1
            }
            guard take(")") else { return nil }
            return CompilationConditions.function(name, arguments)
        }

        mutating func flag(_ name: String) -> Bool {
            if name == "true" { return true }
            if name == "false" { return false }
            if !flags.contains(name) { flags.append(name) }
            return false
        }
    }

    /// `os(iOS)`, `canImport(UIKit, _version: 1)`, `swift(>=5.9)`…; `nil` for a function it does not know.
    static func function(_ name: String, _ arguments: [String]) -> Bool? {
        guard let first = arguments.first else { return nil }
        switch name {
        case "os": return first == "iOS"
        case "arch": return first == "arm64"
        case "targetEnvironment": return false  // a device: not the simulator, not Mac Catalyst
        case "canImport": return !unavailableModules.contains(first)
        case "swift", "compiler":
            guard arguments.count == 2, let version = version(arguments[1]) else { return nil }
            let count = max(swiftVersion.count, version.count)
            let ours = swiftVersion + Array(repeating: 0, count: count - swiftVersion.count)
            let theirs = version + Array(repeating: 0, count: count - version.count)
            switch first {
            case ">=": return !ours.lexicographicallyPrecedes(theirs)
            case "<": return ours.lexicographicallyPrecedes(theirs)
            default: return nil
            }
        case "hasFeature", "hasAttribute": return true  // a current compiler
        case "_runtime": return first == "_ObjC"
        case "_endian": return first == "little"
        case "_pointerBitWidth": return first == "_64"
        case "_hasAtomicBitWidth": return true
        default: return nil
        }
    }

    /// `5.9` → [5, 9]; `6` → [6].
    static func version(_ text: String) -> [Int]? {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false).map { Int($0) }
        guard !parts.isEmpty, parts.count <= 5, parts.allSatisfy({ $0 != nil }) else { return nil }
        return parts.compactMap { $0 }
    }
}
