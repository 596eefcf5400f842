/// What the output after an echoed command is, as far as reading hits goes. One list for the
/// parsed command (`LLDBCommand.prints`, the expression's variable as text) and for what the
/// open hit holds (`OutputContext`, the variable interned: no reference-counted payload in a
/// value read on every line).
enum CommandOutput<Variable: Equatable>: Equatable {
    /// `bt`, `thread backtrace`: prints a thread header and frames.
    case backtrace
    /// `frame info`, `frame select`, `up`, `down`: prints a frame line.
    case frameInfo
    /// `thread list`, `thread info`, `process status`: print thread headers.
    case threadInfo
    case registerRead
    /// `p/d $esi`, `expr $edi`, `p node`: the argument the expression reads, when it reads one
    /// argument register, or the variable when it is a single name.
    case expression(argument: Int?, variable: Variable?)
    /// `frame variable [names]`.
    case frameVariable
    /// Any other command.
    case other

    /// Whether the output contains frame lines.
    var printsFrames: Bool {
        switch self {
        case .backtrace, .frameInfo, .threadInfo: return true
        default: return false
        }
    }

    /// The same output with the expression's variable held another way.
    func mapVariable<Other: Equatable>(_ transform: (Variable) -> Other) -> CommandOutput<Other> {
        switch self {
        case .backtrace: return .backtrace
        case .frameInfo: return .frameInfo
        case .threadInfo: return .threadInfo
        case .registerRead: return .registerRead
        case let .expression(argument, variable): return .expression(argument: argument, variable: variable.map(transform))
        case .frameVariable: return .frameVariable
        case .other: return .other
        }
    }
}

/// What the open hit knows of the output it is reading.
typealias OutputContext = CommandOutput<NameID>
