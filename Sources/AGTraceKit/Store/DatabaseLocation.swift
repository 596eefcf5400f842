import Foundation

extension DatabaseOpener {
    /// The database a command uses: `--db PATH` when given, else `$AGTRACE_DB` when set and not
    /// empty, else `agtrace.db` in the current directory.
    public static func path(given: String?, environment: [String: String]) -> String {
        given ?? environment["AGTRACE_DB"].flatMap { $0.isEmpty ? nil : $0 } ?? "agtrace.db"
    }
}
