/// The library's version, as reports, traces and shard files record it.
///
/// The command line prints the same string for `exitrace --version`.
public enum ExitRaceVersion {
    /// The version, e.g. `0.2.0`.
    public static let current = "0.2.0"
}
