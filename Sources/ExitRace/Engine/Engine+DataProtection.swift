/// Data Protection: the device locks, and writes to files with complete protection fail once
/// `lifecycle.dataProtectionDelayMs` has passed since (Apple Platform Security guide: "Shortly after
/// the user locks a device (10 seconds, if the Require Password setting is Immediately), the
/// decrypted class key is discarded").
extension Engine {
    /// The device locks now (a second lock while locked changes nothing).
    mutating func lockDevice() {
        guard device.lockedAt < 0 else { return }
        device.lockedAt = now.nanoseconds
        note(.deviceLocked, b: value(slots.dataProtectionDelay))
    }

    /// Whether `call` writes a file that is unavailable now: its protection is complete and the
    /// device has been locked for at least `dataProtectionDelayMs`.
    @inline(__always)  // mutating, though it changes nothing: see Engine
    mutating func writeRefused(_ call: CallTiming) -> Bool {
        call.completeProtection && device.lockedAt >= 0
            && now.nanoseconds >= device.lockedAt + value(slots.dataProtectionDelay)
    }
}
