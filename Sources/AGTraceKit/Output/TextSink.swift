/// Somewhere text goes: standard output in the CLI, a string in tests.
public protocol TextSink: AnyObject {
    func write(_ text: String)
    /// Nothing written reaches anyone any more (standard output was a pipe whose reader left:
    /// `agtrace query … | head`): whoever produces the text stops.
    var isClosed: Bool { get }
}

extension TextSink {
    public var isClosed: Bool { false }
}

public final class StringSink: TextSink {
    public private(set) var text = ""
    public init() {}
    public func write(_ s: String) { text += s }
}
