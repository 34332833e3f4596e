/// `DispatchSemaphore` waits and signals.
extension Engine {
    mutating func block(_ t: Int32, on s: Int32, timeoutNs: Int64) {
        threads[Int(t)].state = .waiting
        threads[Int(t)].semaphore = s
        threads[Int(t)].hasTimeout = timeoutNs >= 0
        threads[Int(t)].waitTicket = nextWaitTicket
        semaphoreWaiters[Int(s)] += 1
        if timeoutNs >= 0 { schedule(.waitTimeout, t, nextWaitTicket, after: timeoutNs) }
        nextWaitTicket &+= 1
    }

    /// Wakes the longest-waiting thread, or counts the signal. A semaphore has no owner, so the
    /// waiter donates no priority: a waiter of a higher class than the signaler is an inversion.
    package mutating func signal(_ s: Int32, from t: Int32) {
        guard semaphoreWaiters[Int(s)] > 0 else {
            note(.signal, thread: t, context: threads[Int(t)].context, a: s, b: -1)
            semaphoreValue[Int(s)] += 1
            return
        }
        // Waiters can only be among the threads this run has used.
        var waiter = -1
        for index in usedThreads
        where threads[index].state == .waiting && threads[index].semaphore == s
            && (waiter < 0 || threads[index].waitTicket < threads[waiter].waitTicket)
        {
            waiter = index
        }
        assert(waiter >= 0, "a semaphore counted a waiter that no thread is")
        note(.signal, thread: t, context: threads[Int(t)].context, a: s, b: Int64(waiter))
        note(.waitWoken, thread: Int32(waiter), context: threads[waiter].context, a: s, b: Int64(t))
        semaphoreWaiters[Int(s)] -= 1
        threads[waiter].state = .running
        threads[waiter].semaphore = -1
        contexts[Int(threads[waiter].context)].pc += 1
        schedule(.threadResume, Int32(waiter), after: 0)

        let waiterQoS = QoSClass(priority: threads[waiter].qos)
        let signalerQoS = QoSClass(priority: threads[Int(t)].qos)
        if alive && waiterQoS > signalerQoS {
            note(.inversion, thread: t, a: s, b: Int64(waiter))
            if inversion == nil {
                inversion = RunOutcome.PriorityInversion(at: now, waiter: waiterQoS, signaler: signalerQoS, count: 0)
            }
            inversion?.count += 1
        }
    }
}
