import Foundation

/// The MCP server: reads messages, works on each request on its own thread (so a
/// cancellation read meanwhile can interrupt it), writes each answer whole. Dual-era: a
/// request carrying `_meta` with a 2026-07-28 version is served statelessly; `initialize`
/// opens the handshake era (2025-11-25, 2025-06-18) for this process; any other request
/// before either gets an error, and the server keeps serving.
public final class MCPServer: @unchecked Sendable {
    public struct Configuration: Sendable {
        public var databasePath: String
        public var root: RootFolder
        public var limits = ServerLimits()
        public var version: String
        public init(databasePath: String, root: RootFolder, version: String) {
            self.databasePath = databasePath
            self.root = root
            self.version = version
        }
    }

    let configuration: Configuration
    let writer: MessageWriter
    /// Lines for stderr (the protocol has stdout to itself).
    let diagnostics: @Sendable (String) -> Void
    private let lock = NSLock()
    private var handshakeVersion: String?
    private var inFlight: [JSONRPC.ID: Cancellation] = [:]
    private let work = DispatchQueue(label: "agtrace.mcp.requests", attributes: .concurrent)
    private let slots: DispatchSemaphore
    private let running = DispatchGroup()

    public init(configuration: Configuration, writer: MessageWriter, diagnostics: @escaping @Sendable (String) -> Void) {
        self.configuration = configuration
        self.writer = writer
        self.diagnostics = diagnostics
        slots = DispatchSemaphore(value: configuration.limits.concurrentRequests)
    }

    /// Serves until the input ends, then waits for the requests still running.
    public func serve(_ reader: MessageReader) {
        while let line = reader.next() {
            switch line {
            case .tooLong(let bytes):
                writer.send(JSONRPC.error(nil, JSONRPC.Failure(JSONRPC.invalidRequest,
                    "a message of \(bytes) bytes: longer than the \(configuration.limits.maxMessageBytes) a message may have; it was read past, unread")))
            case .message(let bytes):
                receive(JSONRPC.read(bytes))
            }
        }
        running.wait()
    }

    func receive(_ incoming: JSONRPC.Incoming) {
        switch incoming {
        case .invalid(let id, let failure):
            writer.send(JSONRPC.error(id, failure))
        case .response:
            break
        case .notification(let method, let params):
            notified(method, params)
        case .request(let id, let method, let params):
            requested(id, method, params)
        }
    }

    private func notified(_ method: String, _ params: JSONValue) {
        guard method == "notifications/cancelled" else { return }
        // An id of no request in flight (finished, never sent, malformed) is ignored, as the
        // specification asks.
        guard let raw = params["requestId"], let id = JSONRPC.ID(raw) else { return }
        lock.lock()
        let cancellation = inFlight[id]
        lock.unlock()
        guard let cancellation else { return }
        cancellation.cancel()
        diagnostics("agtrace mcp: request \(id.json.text) cancelled (\(params["reason"]?.string ?? "no reason given"))")
    }

    private func requested(_ id: JSONRPC.ID, _ method: String, _ params: JSONValue) {
        let era: Era
        do {
            era = try self.era(method, params)
        } catch let failure as JSONRPC.Failure {
            writer.send(JSONRPC.error(id, failure))
            return
        } catch {
            return
        }
        if method == "initialize" {
            // Answered before the next line is read: what follows is in its session.
            writer.send(respond(id, method, params, era, Cancellation()))
            return
        }
        let cancellation = Cancellation()
        lock.lock()
        let taken = inFlight[id] != nil
        if !taken { inFlight[id] = cancellation }
        lock.unlock()
        if taken {
            writer.send(JSONRPC.error(id, JSONRPC.Failure(JSONRPC.invalidRequest, "id \(id.json.text) is the id of a request still in progress")))
            return
        }
        slots.wait()
        running.enter()
        work.async {
            defer {
                self.slots.signal()
                self.running.leave()
            }
            let response = self.respond(id, method, params, era, cancellation)
            self.lock.lock()
            self.inFlight[id] = nil
            self.lock.unlock()
            // A cancelled request gets no answer (the client has stopped waiting for one).
            if let seconds = cancellation.secondsSinceCancelled {
                self.diagnostics("agtrace mcp: request \(id.json.text) (\(method)) stopped after its cancellation (\(String(format: "%.3f", seconds)) s after it came); no answer sent")
                return
            }
            self.writer.send(response)
        }
    }

    /// The era a request is served in, or the error that refuses it.
    func era(_ method: String, _ params: JSONValue) throws -> Era {
        let meta = params["_meta"]
        if let version = meta?[ProtocolVersions.versionKey] {
            guard let v = version.string, ProtocolVersions.modern.contains(v) else {
                throw JSONRPC.Failure(JSONRPC.unsupportedProtocolVersion, "Unsupported protocol version",
                                      data: ["supported": .array(ProtocolVersions.all.map { .string($0) }),
                                             "requested": version.string.map { .string(String($0.prefix(64))) } ?? .null])
            }
            guard meta?[ProtocolVersions.capabilitiesKey]?.members != nil else {
                throw JSONRPC.Failure(JSONRPC.invalidParams, "_meta lacks \(ProtocolVersions.capabilitiesKey) (an object), which every request of \(v) carries")
            }
            return .modern(v)
        }
        if method == "initialize" {
            return .legacy(ProtocolVersions.negotiate(params["protocolVersion"]?.string))
        }
        lock.lock()
        let session = handshakeVersion
        lock.unlock()
        if let session { return .legacy(session) }
        if method == "ping" { return .legacy(ProtocolVersions.handshake[0]) }
        throw JSONRPC.Failure(JSONRPC.invalidParams,
            "no protocol version: send initialize first (\(ProtocolVersions.handshake.joined(separator: ", "))), or carry _meta \(ProtocolVersions.versionKey) \(ProtocolVersions.modern[0]) with every request (server/discover tells the versions)")
    }

    /// The answer to one request (a result or an error), never a crash.
    func respond(_ id: JSONRPC.ID, _ method: String, _ params: JSONValue, _ era: Era, _ cancellation: Cancellation) -> JSONValue {
        do {
            let methods = Methods(server: self, era: era, cancellation: cancellation)
            let result = try methods.call(method, params)
            return JSONRPC.result(id, result)
        } catch let failure as JSONRPC.Failure {
            return JSONRPC.error(id, failure)
        } catch {
            diagnostics("agtrace mcp: error: \(error)")
            return JSONRPC.error(id, JSONRPC.Failure(JSONRPC.internalError, "\(method): \(error)"))
        }
    }

    func openSession(_ version: String) {
        lock.lock()
        handshakeVersion = version
        lock.unlock()
    }

    func context(_ cancellation: Cancellation, progress: ((Double, Double?, String) -> Void)? = nil) -> ToolContext {
        ToolContext(databasePath: configuration.databasePath, root: configuration.root, limits: configuration.limits,
                    cancellation: cancellation, progress: progress)
    }
}
