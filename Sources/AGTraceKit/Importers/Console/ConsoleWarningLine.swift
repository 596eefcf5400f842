/// SwiftUI's console warnings that travel with cycles (../shared/formats/ag-cycles.md, the
/// real excerpts): recognised anywhere in a message, after whatever the program put before
/// them (`Thread 1: Fatal error: `).
enum ConsoleWarningLine {
    static let noSubgraph = "attempting to create attribute with no subgraph:"

    /// (code, the subject named on the line) or nil. `attribute-without-subgraph` may leave its
    /// type for the next line (`subject` nil).
    static func parse(_ m: Substring) -> (code: String, subject: String?)? {
        if m.contains("Modifying state during view update, this will cause undefined behavior") {
            return ("modifying-state-during-update", nil)
        }
        if m.contains("Publishing changes from within view updates is not allowed") {
            return ("publishing-during-update", nil)
        }
        if let r = m.range(of: noSubgraph) {
            let type = m[r.upperBound...].trimmingCharacters(in: .whitespaces)
            return ("attribute-without-subgraph", type.isEmpty ? nil : type)
        }
        return nil
    }
}
