/// A branch of `#if` / `#elseif` / `#else` that the build `import` reads does not compile, with code in it.
package struct SwiftSkippedBranch: Equatable, Sendable {
    /// The directive that opens it, as written: `#if DEBUG`, `#elseif os(macOS)`, `#else`.
    package var directive: String
    package var line: Int
    package var column: Int
    /// The last line that holds its code.
    package var lastLine: Int
    /// Why it is not read: its condition is false (with the flags it names), or the branch at `readLine` is read.
    package var why: Why

    package enum Why: Equatable, Sendable {
        /// Its condition is false; `flags` are the names it tests as flags (none is set).
        case falseCondition(flags: [String])
        /// Its condition is one the importer cannot read (an unknown test): taken as false.
        case unreadCondition
        /// An earlier branch of the same `#if`, at this line, is read.
        case earlierBranch(line: Int)
    }
}

/// `#if` / `#elseif` / `#else` / `#endif` while lexing: which branch is read (``CompilationConditions``), and
/// the branches with code that are not.
extension SwiftLexer {
    /// One `#if … #endif` block being lexed.
    struct ConditionalBlock {
        /// Whether the code around the block is read (an `#if` inside a branch not read reads nothing).
        var outerRead: Bool
        /// The line of the branch read so far, if any.
        var readLine: Int?
        var branch: Branch
        var isRead: Bool { outerRead && branch.isRead }

        struct Branch {
            var directive: String
            var line: Int
            var column: Int
            var isRead: Bool
            var why: SwiftSkippedBranch.Why?
            /// The last line of code in it, when it has code.
            var lastLine: Int?
        }
    }

    /// `#if`, `#elseif`, `#else`, `#endif` at `at`: opens, switches or closes a branch. A stray `#elseif`,
    /// `#else` or `#endif` (no `#if` open) is ignored.
    mutating func conditional(_ word: String, _ condition: String, at: (line: Int, column: Int)) {
        let directive = condition.isEmpty ? "#\(word)" : "#\(word) \(condition)"
        switch word {
        case "if":
            let outer = conditionals.last?.isRead ?? true
            let value = CompilationConditions.evaluate(condition)
            let read = value?.isTrue ?? false
            conditionals.append(ConditionalBlock(
                outerRead: outer, readLine: read ? at.line : nil,
                branch: .init(directive: directive, line: at.line, column: at.column, isRead: read,
                    why: Self.why(value))))
        case "elseif", "else":
            guard !conditionals.isEmpty else { return }
            closeBranch()
            var block = conditionals[conditionals.count - 1]
            var why: SwiftSkippedBranch.Why?
            var read = false
            if let earlier = block.readLine {
                why = .earlierBranch(line: earlier)
            } else if word == "else" {
                read = true
            } else {
                let value = CompilationConditions.evaluate(condition)
                read = value?.isTrue ?? false
                why = Self.why(value)
            }
            if read { block.readLine = at.line }
            block.branch = .init(directive: directive, line: at.line, column: at.column, isRead: read, why: read ? nil : why)
            conditionals[conditionals.count - 1] = block
        default:  // endif
            guard !conditionals.isEmpty else { return }
            endConditional()
        }
    }

    private static func why(_ value: CompilationConditions.Value?) -> SwiftSkippedBranch.Why? {
        guard let value else { return .unreadCondition }
        return value.isTrue ? nil : .falseCondition(flags: value.flags)
    }

    /// Records the current branch of the innermost block when it is not read, has code, and is in code read;
    /// in code not read, its code counts as the enclosing branch's (named once, at the outer directive).
    private mutating func closeBranch() {
        if conditionals.count >= 2, !conditionals[conditionals.count - 1].outerRead,
            let last = conditionals[conditionals.count - 1].branch.lastLine
        {
            conditionals[conditionals.count - 2].branch.lastLine = last
        }
        guard let block = conditionals.last, block.outerRead, !block.branch.isRead, let last = block.branch.lastLine,
            let why = block.branch.why
        else { return }
        let branch = block.branch
        skippedBranches.append(SwiftSkippedBranch(
            directive: branch.directive, line: branch.line, column: branch.column, lastLine: last, why: why))
    }

    mutating func endConditional() {
        closeBranch()
        conditionals.removeLast()
    }
}
