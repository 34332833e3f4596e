/// The library's version, as reports, traces and shard files record it.
///
/// The command line prints the same string for `exitrace --version`.
public enum ExitRaceVersion {
    /// The library's version; `exitrace --version` prints it after the tool's name.
    public static let current = "0.2.0"
}
