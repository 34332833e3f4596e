/// The Data Protection class of the file a system call writes (`FileProtectionType`), which
/// decides whether the write can still succeed once the device is locked.
///
/// Apple Platform Security guide, "Data Protection classes"
/// (https://support.apple.com/guide/security/data-protection-classes-secb010e978a/web, the web
/// edition current in 2026, which names Optic ID): "NSFileProtectionComplete: The class key is
/// protected with a key derived from the user passcode or password and the device UID. Shortly
/// after the user locks a device (10 seconds, if the Require Password setting is Immediately), the
/// decrypted class key is discarded, rendering all data in this class inaccessible until the user
/// enters the passcode again or unlocks (logs in to) the device using Optic ID, Face ID or Touch
/// ID." Foundation's `FileProtectionType.complete`
/// (https://developer.apple.com/documentation/foundation/fileprotectiontype/complete): "The file
/// is stored in an encrypted format on disk and cannot be read from or written to while the device
/// is locked or booting."
package enum FileProtection: String, CaseIterable, Sendable {
    /// `FileProtectionType.none`: readable and writable whenever the device is on.
    case none
    /// `.completeUntilFirstUserAuthentication`, the default class of an app's files: available from
    /// the first unlock after boot on, so a lock during a run changes nothing.
    case completeUntilFirstUserAuthentication
    /// `.complete`: unreadable and unwritable from `lifecycle.dataProtectionDelayMs` after the
    /// device locks until it is unlocked.
    case complete
}
