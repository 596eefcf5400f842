/// The revisions of MCP the server speaks, and the era each belongs to: the current one is
/// stateless (every request carries its version in `_meta`; `server/discover` tells the
/// versions), the earlier ones open with an `initialize` handshake.
public enum ProtocolVersions {
    /// Revisions served statelessly.
    public static let modern = ["2026-07-28"]
    /// Revisions reached by the `initialize` handshake, newest first (the one offered when a
    /// client asks for a version not here).
    public static let handshake = ["2025-11-25", "2025-06-18"]
    public static var all: [String] { modern + handshake }

    // The `_meta` keys of the stateless revision.
    public static let versionKey = "io.modelcontextprotocol/protocolVersion"
    public static let capabilitiesKey = "io.modelcontextprotocol/clientCapabilities"
    public static let serverInfoKey = "io.modelcontextprotocol/serverInfo"

    /// The handshake's answer to the version a client asks for: the same when served, else
    /// the newest served (the client then decides whether it can go on).
    public static func negotiate(_ requested: String?) -> String {
        if let requested, handshake.contains(requested) { return requested }
        return handshake[0]
    }
}

/// How a request is served: statelessly at a version, or within the handshake's session.
public enum Era: Equatable, Sendable {
    case modern(String)
    case legacy(String)

    public var version: String {
        switch self {
        case .modern(let v), .legacy(let v): return v
        }
    }
    public var isModern: Bool { if case .modern = self { true } else { false } }
}
