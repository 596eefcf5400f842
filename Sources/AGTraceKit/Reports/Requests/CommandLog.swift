/// One line a command says on stderr while it works, worded by the library; the CLI adds the
/// prefix (`agtrace check: warning: …`) and makes it safe for a terminal.
public enum CommandMessage: Equatable, Sendable {
    /// The answer holds but is qualified: `agtrace CMD: warning: …`.
    case warning(String)
    /// `agtrace CMD: note: …`.
    case note(String)
    /// A plain line of the command: `agtrace CMD: …`.
    case line(String)
    /// What importing a file read, as `agtrace import` says it: `agtrace: …`.
    case imported(String)
    /// A warning of such an import: `agtrace: warning: …`.
    case importWarning(String)
}

/// The messages of one request, kept in order and handed on as they come (`echo`), so that a
/// line said before a failure (a file read, a warning) is printed before the error.
public final class CommandLog {
    public private(set) var messages: [CommandMessage] = []
    private let echo: (CommandMessage) -> Void

    public init(echo: @escaping (CommandMessage) -> Void = { _ in }) {
        self.echo = echo
    }

    public func say(_ message: CommandMessage) {
        messages.append(message)
        echo(message)
    }

    public var warnings: [String] { messages.compactMap { if case .warning(let t) = $0 { t } else { nil } } }
}
