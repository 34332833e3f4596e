/// A background mode (`UIBackgroundModes` in Info.plist) that, while active, keeps an app running
/// in the background: it is not suspended, so swiping it away later still delivers the
/// termination callbacks (`sceneDidDisconnect`, `applicationWillTerminate`).
///
/// Apple, "Configuring background execution modes"
/// (https://developer.apple.com/documentation/xcode/configuring-background-execution-modes, read
/// 2026-11): "Typically, an app is in a suspended state when it's in the background. However,
/// there are a limited number of background execution modes your app can support that enable it
/// to run when in the background, such as playing audio, receiving location updates, or
/// processing scheduled tasks." The mode keeps the app running only while it is in use (audio playing, location
/// updates delivered, a call in progress, a Bluetooth or accessory session open), which is why
/// the scenario lists the modes *active* during the run.
package enum BackgroundMode: String, CaseIterable, Sendable {
    /// Audio, AirPlay and Picture in Picture: audio is playing.
    case audio
    /// Location updates are being delivered.
    case location
    /// A Voice over IP call is in progress.
    case voip
    /// A Bluetooth LE accessory session (`bluetooth-central` / `bluetooth-peripheral`).
    case bluetooth
    /// An External Accessory session (`external-accessory`).
    case externalAccessory
}
