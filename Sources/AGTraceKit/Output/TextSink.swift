/// Somewhere text goes: standard output in the CLI, a string in tests.
public protocol TextSink: AnyObject {
    func write(_ text: String)
    /// Text already made as UTF-8 (whole characters): the sinks that hold bytes take it as it
    /// is, without a `String` between.
    func write(utf8: UnsafeBufferPointer<UInt8>)
    /// Nothing written reaches anyone any more (standard output was a pipe whose reader left:
    /// `agtrace query … | head`): whoever produces the text stops.
    var isClosed: Bool { get }
}

extension TextSink {
    public var isClosed: Bool { false }
    public func write(utf8: UnsafeBufferPointer<UInt8>) { write(String(decoding: utf8, as: UTF8.self)) }

    /// `bytes` written, and emptied for the next chunk (its capacity kept).
    func write(draining bytes: inout [UInt8]) {
        bytes.withUnsafeBufferPointer { write(utf8: $0) }
        bytes.removeAll(keepingCapacity: true)
    }
}

public final class StringSink: TextSink {
    public private(set) var text = ""
    public init() {}
    public func write(_ s: String) { text += s }
}
