/// Closures that run synchronously where they are passed, before the call returns: `autoreleasepool { }`,
/// `withExtendedLifetime(x) { }`, `MainActor.assumeIsolated { }`, the standard library's scoped
/// `withUnsafe…` functions, `lock.withLock { }`; and `OperationQueue.main.addOperation { }`, a block for the
/// main queue.
extension StepRecogniser {
    /// Functions and methods whose closure runs at once, in place, on the caller's thread.
    static let inPlaceFunctions: Set<String> = [
        "autoreleasepool", "withExtendedLifetime", "withoutActuallyEscaping", "withUnsafeBytes", "withUnsafeMutableBytes",
        "withUnsafePointer", "withUnsafeMutablePointer", "withUnsafeBufferPointer", "withUnsafeMutableBufferPointer",
        "withLock",
    ]

    /// `autoreleasepool { body }`, `MainActor.assumeIsolated { body }`, …: the body, here and now. On the main
    /// actor, `assumeIsolated` only asserts the isolation the code has; off it, Swift traps (noted).
    static let inPlaceClosure = StepRecogniser(name: "autoreleasepool / withExtendedLifetime / MainActor.assumeIsolated") {
        expr, context, translator in
        guard let (callee, arguments, trailing, _) = call(expr), let name = StepTranslator.chain(callee).last,
            let body = closure(arguments, trailing), !translator.definesFunction(callee, context)
        else { return nil }
        let assumes = StepTranslator.chain(callee) == ["MainActor", "assumeIsolated"]
        guard assumes || inPlaceFunctions.contains(name) else { return nil }
        if assumes, context.isolation != .mainActor {
            translator.note(.assumption, expr.location, context, "MainActor.assumeIsolated off the main actor: Swift stops "
                + "the app there; its body is translated where the code runs")
        }
        return translator.translateInPlace(body, context)
    }

    /// `OperationQueue.main.addOperation { body }`: a block for the main queue. On another operation queue
    /// (`queue.addOperation { }`), a block on a global queue (noted: its concurrency and QoS are not read).
    static let addOperation = StepRecogniser(name: "OperationQueue.addOperation") { expr, context, translator in
        guard let (callee, arguments, trailing, _) = call(expr), case .member(let queue, "addOperation") = callee.kind,
            let body = closure(arguments, trailing), !translator.definesFunction(callee, context)
        else { return nil }
        var target = DispatchTarget.main
        if StepTranslator.chain(queue) != ["OperationQueue", "main"], StepTranslator.chain(queue) != ["main"] {
            target = .global(DispatchTarget.defaultGlobalQoS)
            translator.note(.assumption, expr.location, context, "\(StepTranslator.callName(callee)) { … }: an operation "
                + "queue's block, taken as a block on a global queue at the default QoS (its maxConcurrentOperationCount "
                + "and qualityOfService are not read); change the step's queue by hand if it matters")
        }
        let steps = translator.translate(body.body, context.block(on: target))
        return [ImportedStep(translator.reference(expr.location, context), children: [steps]) { .dispatchAsync(target, body: $0[0]) }]
    }
}
