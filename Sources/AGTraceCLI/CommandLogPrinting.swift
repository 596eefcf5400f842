import AGTraceKit
import CommandLineOptions

extension Context {
    /// A log whose messages go to stderr as the library says them, each made safe for a
    /// terminal, with the command's prefix.
    func log(_ command: String) -> CommandLog {
        CommandLog { message in self.err.write(Self.line(message, command: command) + "\n") }
    }

    static func line(_ message: CommandMessage, command: String) -> String {
        switch message {
        case .warning(let text): return "agtrace \(command): warning: " + terminalSafe(text)
        case .note(let text): return "agtrace \(command): note: " + terminalSafe(text)
        case .line(let text): return "agtrace \(command): " + terminalSafe(text)
        case .imported(let text): return "agtrace: " + terminalSafe(text)
        case .importWarning(let text): return "agtrace: warning: " + terminalSafe(text)
        }
    }

    /// `openDatabase(.read)` for the gate, whose problems carry their exit status: a bad
    /// `AGTRACE_*` setting is a usage problem there.
    func gateDatabase() throws -> Database {
        do { return try openDatabase(.read) } catch let u as UsageError { throw CheckProblem(.usage, u.message) }
    }
}

/// A usage problem of the library as the CLI's usage error (exit 2 with the usage line).
func usageErrors<T>(_ body: () throws -> T) throws -> T {
    do {
        return try body()
    } catch let p as CheckProblem where p.kind == .usage {
        throw UsageError(message: p.message)
    } catch let e as ReportUsageError {
        throw UsageError(message: e.message)
    }
}
