/// Reads an `AGGraphArchiveJSON` document (version 2) token by token and hands its rows to an
/// `ArchiveSink`. No object tree is built: memory is the tokenizer's buffer plus, per graph,
/// the node index -> attribute table and a few small per-subgraph / per-tree tables. Edges
/// that arrive before the nodes they name (Apple writes `edges` before `nodes`) are held as
/// compact numbers until the nodes are known.
public final class ArchiveReader {
    let tokenizer: JSONTokenizer
    let path: String
    let edgeRunCapacity: Int

    /// `bufferSize` is the tokenizer's read size and `edgeRunCapacity` the edges held in memory
    /// before sorted runs go to a temporary file (`EdgeBuffer`); tests make both tiny to cross
    /// every boundary.
    public init(source: ByteSource, path: String, bufferSize: Int = 1 << 20,
                maxDepth: Int = JSONTokenizer.defaultMaxDepth, edgeRunCapacity: Int = EdgeBuffer.runCapacity) {
        tokenizer = JSONTokenizer(source: source, bufferSize: bufferSize, maxDepth: maxDepth)
        self.path = path
        self.edgeRunCapacity = edgeRunCapacity
    }

    /// Reads the whole document. Throws `ArchiveFormatError` for bad JSON or a wrong shape,
    /// `InputError` for I/O and gzip failures, and whatever the sink throws.
    @discardableResult
    public func read<Sink: ArchiveSink>(into sink: inout Sink) throws -> ArchiveSummaryRecord {
        do {
            return try readDocument(into: &sink)
        } catch let error as JSONSyntaxError {
            throw ArchiveFormatError(path: path, message: error.message, offset: error.offset,
                                     line: error.line, column: error.column)
        }
    }

    // MARK: Errors

    func shapeError(_ message: String, at offset: Int? = nil) -> ArchiveFormatError {
        let at = offset ?? tokenizer.tokenOffset
        let loc = tokenizer.location(of: at)
        return ArchiveFormatError(path: path, message: message, offset: at, line: loc?.line, column: loc?.column)
    }

    /// An error at the place a deferred check noted.
    func shapeError(_ message: String, at check: DeferredIndexCheck) -> ArchiveFormatError {
        ArchiveFormatError(path: path, message: message, offset: check.offset, line: check.location?.line,
                           column: check.location?.column)
    }

    /// A check that can only be made once a later part of the graph is known: the largest index
    /// referred to and where.
    struct DeferredIndexCheck {
        var index = -1
        var offset = 0
        /// Line and column of `offset`, taken when it is noted (the tokenizer forgets earlier lines).
        var location: (line: Int, column: Int)?
        var what = ""
        /// `what` is made only for a new largest index: formatting it for every edge cost 4%
        /// of reading an archive.
        @inline(__always)
        mutating func note(_ index: Int, at offset: Int, in tokenizer: JSONTokenizer, _ what: @autoclosure () -> String) {
            if index > self.index {
                self.index = index
                self.offset = offset
                location = tokenizer.location(of: offset)
                self.what = what()
            }
        }
    }

    // MARK: Top level

    private func readDocument<Sink: ArchiveSink>(into sink: inout Sink) throws -> ArchiveSummaryRecord {
        let first = try tokenizer.next()
        guard first == .objectStart else {
            var e = shapeError("not an AttributeGraph archive: the document is not a JSON object")
            e.notAnArchive = true
            throw e
        }
        var summary = ArchiveSummaryRecord(version: nil, counterBytes: nil, counterMaxBytes: nil, graphCount: 0)
        var sawGraphs = false
        var links = LinkCollector()
        var edges = EdgeBuffer(runCapacity: edgeRunCapacity)
        while true {
            let t = try tokenizer.next()
            if t == .objectEnd { break }
            if tokenizer.textEquals("version") {
                summary.version = try integerValue("version")
            } else if tokenizer.textEquals("graphs") {
                guard !sawGraphs else { throw shapeError("duplicate key 'graphs'") }
                sawGraphs = true
                guard try tokenizer.next() == .arrayStart else { throw shapeError("'graphs' must be an array") }
                var graphIndex = 0
                while true {
                    let g = try tokenizer.next()
                    if g == .arrayEnd { break }
                    guard g == .objectStart else { throw shapeError("graph \(graphIndex) must be an object") }
                    var reader = GraphReader(archive: self, graphIndex: graphIndex)
                    try reader.read(into: &sink, links: &links, edges: &edges)
                    graphIndex += 1
                }
                summary.graphCount = graphIndex
            } else if tokenizer.textEquals("counters") {
                try readObject("counters") {
                    if tokenizer.textEquals("bytes") {
                        summary.counterBytes = try integerValue("counters.bytes")
                    } else if tokenizer.textEquals("max_bytes") {
                        summary.counterMaxBytes = try integerValue("counters.max_bytes")
                    } else {
                        try skipValue()
                    }
                }
            } else {
                try skipValue()
            }
        }
        guard try tokenizer.next() == .end else {
            throw shapeError("unexpected data after the end of the archive")
        }
        guard sawGraphs else {
            var e = shapeError("not an AttributeGraph archive: no 'graphs' array", at: 0)
            e.notAnArchive = true
            throw e
        }
        if let version = summary.version, version < 1 {
            throw shapeError("unsupported archive version \(version)", at: 0)
        }
        try edges.deliver(into: &sink)
        for link in try links.resolve(graphCount: summary.graphCount, reader: self) {
            try sink.subgraphLink(link)
        }
        try sink.archive(summary)
        return summary
    }

    // MARK: Value helpers

    /// Consumes an object's keys; `onKey` must consume each value. The object's `{` must be next.
    func readObject(_ what: @autoclosure () -> String, _ onKey: () throws -> Void) throws {
        let t = try tokenizer.next()
        if t == .null { return }
        guard t == .objectStart else { throw shapeError("'\(what())' must be an object") }
        try readObjectBody(onKey)
    }

    /// Like `readObject` once the `{` was already consumed.
    @inline(__always)
    func readObjectBody(_ onKey: () throws -> Void) throws {
        while try tokenizer.next() != .objectEnd {
            try onKey()
        }
    }

    /// Consumes an array, calling `onElement` with each element's first token.
    func readArray(_ what: @autoclosure () -> String, _ onElement: (JSONToken) throws -> Void) throws {
        let t = try tokenizer.next()
        if t == .null { return }
        guard t == .arrayStart else { throw shapeError("'\(what())' must be an array") }
        while true {
            let e = try tokenizer.next()
            if e == .arrayEnd { return }
            try onElement(e)
        }
    }

    func skipValue() throws {
        try tokenizer.skip(after: tokenizer.next())
    }

    /// An integer value, or nil for JSON null.
    func integerValue(_ what: @autoclosure () -> String) throws -> Int64? {
        let t = try tokenizer.next()
        return try integer(t, what())
    }

    func integer(_ t: JSONToken, _ what: @autoclosure () -> String) throws -> Int64? {
        switch t {
        case .number:
            if let v = tokenizer.integer { return v }
            // Writers print some counters as 1.0; accept exact whole doubles.
            let d = tokenizer.double
            if d.rounded() == d && abs(d) < 9.0e15 { return Int64(d) }
            throw shapeError("'\(what())' must be an integer, found \(d)")
        case .null:
            return nil
        default:
            throw shapeError("'\(what())' must be an integer")
        }
    }

    /// A non-negative index that fits an Int.
    func index(_ t: JSONToken, _ what: @autoclosure () -> String) throws -> Int {
        guard let v = try integer(t, what()) else { throw shapeError("'\(what())' must be an index, found null") }
        guard v >= 0 && v <= Int64(Int32.max) else { throw shapeError("'\(what())' index \(v) is out of range") }
        return Int(v)
    }

    func doubleValue(_ what: @autoclosure () -> String) throws -> Double? {
        switch try tokenizer.next() {
        case .number: return tokenizer.double
        case .null: return nil
        default: throw shapeError("'\(what())' must be a number")
        }
    }

    func stringValue(_ what: @autoclosure () -> String) throws -> String? {
        switch try tokenizer.next() {
        case .string: return tokenizer.string
        case .null: return nil
        default: throw shapeError("'\(what())' must be a string")
        }
    }

    func boolValue(_ what: @autoclosure () -> String) throws -> Bool {
        switch try tokenizer.next() {
        case .bool(let b): return b
        case .null: return false
        case .number where tokenizer.integer == 0 || tokenizer.integer == 1: return tokenizer.integer == 1
        default: throw shapeError("'\(what())' must be true or false")
        }
    }

    /// Reads a `Profile` object's counts, passing `marks` entries to `onMark`.
    func readProfile(_ what: String, onMark: (ProfileMarkRecord) throws -> Void,
                     template: ProfileMarkRecord) throws -> ProfileCounts {
        var counts = ProfileCounts()
        try readObject(what) {
            if try !readProfileKey(into: &counts) {
                if tokenizer.textEquals("marks") {
                    try readMarks(what, template: template, onMark: onMark)
                } else {
                    try skipValue()
                }
            }
        }
        return counts
    }

    /// Reads the value of a profile key if the current key is one; false otherwise (nothing read).
    func readProfileKey(into counts: inout ProfileCounts) throws -> Bool {
        if tokenizer.textEquals("update_count") {
            counts.updateCount = try integerValue("update_count")
        } else if tokenizer.textEquals("change_count") {
            counts.changeCount = try integerValue("change_count")
        } else if tokenizer.textEquals("update_total") {
            counts.updateTotal = try doubleValue("update_total")
        } else if tokenizer.textEquals("changed_total") {
            counts.changedTotal = try doubleValue("changed_total")
        } else {
            return false
        }
        return true
    }

    func readMarks(_ what: String, template: ProfileMarkRecord, onMark: (ProfileMarkRecord) throws -> Void) throws {
        try readArray("\(what).marks") { t in
            guard t == .objectStart else { throw shapeError("a mark in '\(what).marks' must be an object") }
            var mark = template
            try readObjectBody {
                if try !readProfileKey(into: &mark.counts) {
                    if tokenizer.textEquals("name") {
                        mark.name = try stringValue("mark name")
                    } else if tokenizer.textEquals("timestamp") {
                        mark.timestamp = try doubleValue("mark timestamp")
                    } else {
                        try skipValue()
                    }
                }
            }
            try onMark(mark)
        }
    }

    /// Reads an `events` object: `{ category: Profile }`.
    func readEvents<Sink: ArchiveSink>(_ what: String, graphIndex: Int, scope: ProfileScope, scopeKey: Int64?,
                                       into sink: inout Sink) throws {
        try readObject("\(what).events") {
            let category = tokenizer.string
            let template = ProfileMarkRecord(graphIndex: graphIndex, scope: scope, scopeKey: scopeKey,
                                             category: category, name: nil, timestamp: nil, counts: ProfileCounts())
            let counts = try readProfile("\(what).events.\(category)", onMark: { try sink.profileMark($0) }, template: template)
            try sink.profileEvent(ProfileEventRecord(graphIndex: graphIndex, scope: scope, scopeKey: scopeKey,
                                                     category: category, counts: counts))
        }
    }
}
