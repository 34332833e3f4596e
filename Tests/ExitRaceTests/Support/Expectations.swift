import Testing

// The suite's most common expectations as functions: each expands `#expect` once, here, instead of
// once at each of some 2,400 call sites. An expansion costs the test build type checking (its
// operands are wrapped in closures that lose their context): with these, the two test targets
// compile in 69 s instead of 87–91 s on 2 cores (2026-12-02). A failure shows the values, not the
// caller's expression: `(actual → 41) == (expected → 42)`, the comment and the caller's file and
// line (ExpectationHelperTests); give a comment where the line alone would not say what was
// compared. Other expectations stay `#expect`, which shows its whole expression.

/// `#expect(actual == expected, comment)`.
func expectEqual<T: Equatable>(
    _ actual: T, _ expected: T, _ comment: @autoclosure () -> Comment? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    #expect(actual == expected, comment(), sourceLocation: sourceLocation)
}

/// `#expect(text.contains(part), comment)`.
func expectContains(
    _ text: some StringProtocol, _ part: some StringProtocol, _ comment: @autoclosure () -> Comment? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    #expect(text.contains(part), comment(), sourceLocation: sourceLocation)
}

/// `#expect(!text.contains(part), comment)`.
func expectNotContains(
    _ text: some StringProtocol, _ part: some StringProtocol, _ comment: @autoclosure () -> Comment? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    #expect(!text.contains(part), comment(), sourceLocation: sourceLocation)
}
