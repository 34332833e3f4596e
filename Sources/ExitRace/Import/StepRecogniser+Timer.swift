/// `Timer.scheduledTimer(withTimeInterval:repeats:block:)`: a timer on the current run loop, which the
/// scenario language has on the main run loop (`timer`: its body a main-queue block every `intervalMs`,
/// `count` times; docs/scenario-format.md).
extension StepRecogniser {
    /// `Timer.scheduledTimer(withTimeInterval: s, repeats: false) { _ in … }` on the main thread: a `timer`
    /// step that fires once, `s` later. A repeating timer (how many times it fires before it is invalidated
    /// is not in the call), one off the main thread (no run loop runs there) or with an interval it cannot
    /// read is named instead.
    static let scheduledTimer = StepRecogniser(name: "Timer.scheduledTimer") { expr, context, translator in
        guard let (callee, arguments, trailing, _) = call(expr), StepTranslator.chain(callee) == ["Timer", "scheduledTimer"],
            let block = closure(arguments, trailing, label: trailing.isEmpty ? "block" : nil)
        else { return nil }  // the target-selector form: a call the importer does not know
        let interval = argument("withTimeInterval", arguments).flatMap(number).flatMap { duration(nanoseconds: $0 * 1e9) }
        let why: String? =
            if context.isolation != .mainActor {
                "scheduled off the main thread, whose run loop the scenario language has: a timer there fires only if "
                    + "that thread runs its run loop; write it by hand if it matters"
            } else if argument("repeats", arguments).map({ isName($0, "false") }) != true {
                "a repeating timer: how many times it fires before it is invalidated is not in the call; write it as a "
                    + "timer step with its intervalMs and count by hand"
            } else if interval == nil || interval == .zero {
                "an interval that is not a number of seconds above 0: write it as a timer step by hand"
            } else {
                nil
            }
        guard let interval, why == nil else {
            translator.note(.untranslated, expr.location, context, "Timer.scheduledTimer: \(why ?? "")")
            return []
        }
        var inner = context.block(on: .main)
        inner.atTaskBodyTop = false
        let body = translator.translate(block.body, inner)
        return [ImportedStep(translator.reference(expr.location, context), children: [body]) {
            .timer(interval: interval, count: 1, body: $0[0])
        }]
    }
}
