import Foundation

/// Reads `xctrace export` XML (a `<trace-query-result>` or a `<trace-toc>`; several documents
/// one after another, as a folder's files are read) into records for a sink. Streamed: the
/// tokenizer's one token, the open elements' stack, and a bitset of the ids seen are all it
/// holds. A value's stored id is its document id plus the document's base, so a `ref` needs no
/// table to be resolved, only the check that its id came before. One thread uses it: no
/// dynamic exclusivity checks on its state.
final class XctraceReader {
    struct Summary {
        var documents = 0
        var tables = 0
        var rows = 0
        var runs = 0
        var tocTables = 0
        var firstValueId: Int64?
        var lastValueId: Int64?
        var notes: [ImportNote] = []
    }

    /// Deeper nesting than any export has is refused (a hostile file's million open tags).
    static let maxDepth = 64
    /// Ids above this are refused: stored ids are the document's base plus the id.
    static let maxDocumentId = 1 << 31
    private static let syntheticIds: Int64 = 1 << 32
    /// The most bytes a value may hold, however they arrive (one text, or pieces of it between
    /// comments and CDATA sections, entities undone; a `fmt`; its other attributes as JSON):
    /// SQLite's limit on a value a query returns (`Database.maxValueLength`), so whatever is
    /// stored can be read back. The values open at once (nested ones, each holding its text and
    /// attributes until it closes) share it: what the reader holds stays under it, whatever the
    /// nesting. A value past it is refused at the piece that crossed it, never stored cut or NULL.
    static let maxHeld = 16 << 20
    /// Columns of one table: Instruments' schemas have about 20; a million `<col/>`s made every
    /// row clear and scan a million cells.
    static let maxColumns = 1024

    private enum Role {
        case queryResult, toc, node, schema, column, columnField(Int), row, cell, value, ref
        case tocRun, info, target, summary, summaryField, data, skipped
    }

    private struct Open {
        var role: Role
        var name: Range<Int>          // in `names`
        var id: Int64 = 0             // a value's stored id
        var documentId = -1
        var children = 0
        var textStart = 0             // in `texts`
        var fmt: Range<Int>? = nil    // in `fmts`
        var hasChildElements = false
        /// Its other attributes as a JSON object, in `attributeTexts` (nil: none). No reference
        /// type in here: an element's copy is a copy of bytes.
        var attributes: Range<Int>? = nil
    }

    private let tokens: XMLTokenizer
    private let path: (Int) -> String
    // The open elements, and the bytes of their names, texts, fmts and other attributes
    // (freed in deinit).
    @exclusivity(unchecked) private var stack = ScratchStack<Open>(capacity: 16)
    @exclusivity(unchecked) private var names = ScratchStack<UInt8>()
    @exclusivity(unchecked) private var texts = ScratchStack<UInt8>()
    @exclusivity(unchecked) private var fmts = ScratchStack<UInt8>()
    @exclusivity(unchecked) private var attributeTexts = ScratchStack<UInt8>()
    @exclusivity(unchecked) private var defined = XctraceIdSet()
    /// The document's ids whose number is beyond `XctraceSchemas.maxTime`: a ref to one in a
    /// time column is refused (the set holds only such values: none in a real export).
    @exclusivity(unchecked) private var beyondTime = XctraceIdSet()
    @exclusivity(unchecked) private var nextFree: Int64
    @exclusivity(unchecked) private var documentBase: Int64 = 0
    @exclusivity(unchecked) private var synthetic: Int64 = 0
    @exclusivity(unchecked) private var highest: Int64 = 0
    @exclusivity(unchecked) private var documentStart = 0
    @exclusivity(unchecked) private var documentStartLine = 1
    @exclusivity(unchecked) private var summary = Summary()

    // The table being read.
    @exclusivity(unchecked) private var tableId: Int64?
    @exclusivity(unchecked) private var head: XctraceTableHead?
    @exclusivity(unchecked) private var slotOfColumn: [Int] = []
    /// Per column: whether it holds times (`XctraceSchemas.timeMnemonics`, known schemas only).
    @exclusivity(unchecked) private var timeColumn: [Bool] = []
    @exclusivity(unchecked) private var cells: [Int64] = []
    @exclusivity(unchecked) private var rowsInTable = 0
    @exclusivity(unchecked) private var sentinels = 0
    @exclusivity(unchecked) private var shortRows = 0
    @exclusivity(unchecked) private var cellIndex = 0
    @exclusivity(unchecked) private var tablePosition = 0
    @exclusivity(unchecked) private var column = XctraceTableHead.Column(slot: 0)
    // The toc being read.
    @exclusivity(unchecked) private var run: XctraceRun?
    @exclusivity(unchecked) private var tocPosition = 0

    /// `firstValueId`: the first free `xctrace_values` id; `path`: the file a document came from.
    init(source: ByteSource, firstValueId: Int64, path: @escaping (Int) -> String, chunk: Int = 1 << 20, maxToken: Int = 16 << 20) {
        tokens = XMLTokenizer(source: source, chunk: chunk, maxToken: maxToken)
        nextFree = firstValueId
        self.path = path
    }

    deinit {
        stack.free()
        names.free()
        texts.free()
        fmts.free()
        attributeTexts.free()
    }

    func read(into sink: XctraceSink, tick: (() -> Void)? = nil) throws -> Summary {
        do {
            try readTokens(sink, tick: tick)
        } catch let f as XMLTokenizer.Failure {
            throw error(at: f.offset, f.message)
        }
        if summary.documents == 0 { throw error(at: tokens.offset, "no <trace-query-result> or <trace-toc> in it") }
        return summary
    }

    private func error(at offset: Int, _ message: String) -> XctraceFormatError {
        let line = tokens.line(of: offset) - documentStartLine + 1
        return XctraceFormatError(path: path(max(summary.documents - 1, 0)), offset: offset - documentStart, line: line, message: message)
    }

    private func readTokens(_ sink: XctraceSink, tick: (() -> Void)?) throws {
        var count = 0
        while true {
            switch try tokens.next() {
            case .start: try start(sink)
            case .end: try end(sink)
            case .text: try text()
            case .end_of_input:
                try finish(sink)
                return
            }
            count &+= 1
            if count & 0xFFFF == 0 { tick?() }
        }
    }

    // MARK: Elements

    private func start(_ sink: XctraceSink) throws {
        guard stack.count < Self.maxDepth else { throw error(at: tokens.offset, "elements nested deeper than \(Self.maxDepth)") }
        guard !stack.isEmpty else { return try startDocument(sink) }
        let role: Role
        // The parent's role read in place: a copy of the whole element per token costs.
        switch stack[stack.count - 1].role {
        case .row:
            return try startCell(sink, inRow: true)
        case .cell, .value:
            return try startCell(sink, inRow: false)
        case .queryResult: role = named("node") ? .node : .skipped
        case .node:
            if named("schema") {
                role = .schema
                guard head == nil else { throw error(at: tokens.offset, "a second <schema> in one <node>") }
                head = XctraceTableHead(position: tablePosition, schema: attribute("name") ?? "", xpath: nodeXPath,
                                        documentation: attribute("documentation"), document: summary.documents - 1, columns: [])
            } else if named("row") {
                guard tableId != nil else { throw error(at: tokens.offset, "a <row> before the table's <schema>") }
                role = .row
                cells.withUnsafeMutableBufferPointer { $0.update(repeating: 0) }
                cellIndex = 0
            } else { role = .skipped }
        case .schema:
            role = named("col") ? .column : .skipped
            if named("col") {
                guard (head?.columns.count ?? 0) < Self.maxColumns else {
                    throw error(at: tokens.offset, "the table \(head?.schema ?? "") has more than \(Self.maxColumns) columns (Instruments' tables have about 20)")
                }
                column = XctraceTableHead.Column(slot: 0)
            }
        case .column:
            role = named("mnemonic") ? .columnField(0) : named("name") ? .columnField(1) : named("engineering-type") ? .columnField(2) : .skipped
        case .toc: role = named("run") ? .tocRun : .skipped
            if named("run") {
                run = XctraceRun(number: Int(attribute("number") ?? "") ?? summary.runs + 1)
                tocPosition = 0
            }
        case .tocRun: role = named("info") ? .info : named("data") ? .data : .skipped
        case .info: role = named("target") ? .target : named("summary") ? .summary : .skipped
        case .target:
            role = .skipped
            if named("device") {
                run?.device = attribute("name"); run?.deviceModel = attribute("model"); run?.deviceUUID = attribute("uuid")
                run?.platform = attribute("platform"); run?.osVersion = attribute("os-version")
            } else if named("process") {
                run?.process = attribute("name"); run?.pid = attribute("pid").flatMap { Int64($0) }
            }
        case .summary: role = .summaryField
        case .data:
            role = .skipped
            if named("table"), let run {
                var schema: String?
                var others: [(String, String)] = []
                for a in tokens.attributes {
                    let value = try attributeText(a)
                    if tokens.equals(a.name, "schema") { schema = value } else { others.append((tokens.string(a.name), value)) }
                }
                try sink.tocTable(run: run.number, position: tocPosition, schema: schema ?? "", attributes: Self.json(others))
                tocPosition += 1
                summary.tocTables += 1
            }
        default: role = .skipped
        }
        try push(Open(role: role, name: 0..<0, textStart: texts.count), sink)
    }

    @exclusivity(unchecked) private var nodeXPath: String?

    private func startDocument(_ sink: XctraceSink) throws {
        let role: Role
        if named("trace-query-result") { role = .queryResult } else if named("trace-toc") { role = .toc } else {
            throw error(at: tokens.offset, "a <\(tokens.string(tokens.name))> document: not an xctrace export (<trace-query-result> or <trace-toc>)")
        }
        summary.documents += 1
        documentStart = tokens.offset
        documentStartLine = tokens.line(of: tokens.offset)
        // Ids are the document's own: a new base past every id used so far.
        documentBase = max(nextFree, highest + 1)
        synthetic = 0
        defined.removeAll()
        beyondTime.removeAll()
        try push(Open(role: role, name: 0..<0, textStart: texts.count), sink)
    }

    private func push(_ open: Open, _ sink: XctraceSink) throws {
        var o = open
        let start = names.count
        names.append(contentsOf: tokens.bytes(tokens.name))
        o.name = start..<names.count
        if case .node = o.role { nodeXPath = attribute("xpath") }
        stack.append(o)
        if tokens.selfClosing { try endOpen(sink) }
    }

    /// A cell of a row or a child of a compound value: a value, a ref to one, or a sentinel.
    private func startCell(_ sink: XctraceSink, inRow: Bool) throws {
        if !inRow { stack[stack.count - 1].hasChildElements = true }
        if named("sentinel") {
            if inRow { try placeCell(0, sink) } else { stack[stack.count - 1].children += 1 }
            if inRow { sentinels += 1 }
            if !tokens.selfClosing { pushPlain(.skipped) }
            return
        }
        var documentId: Int?
        var ref: Int?
        var fmt: Range<Int>?
        var others: [(String, String)] = []
        for a in tokens.attributes {
            if tokens.equals(a.name, "id") { documentId = try number(a) }
            else if tokens.equals(a.name, "ref") { ref = try number(a) }
            else if tokens.equals(a.name, "fmt") {
                let s = fmts.count
                if a.escaped { try tokens.decode(a.value, into: &fmts) } else {
                    try checkHeld(adding: a.value.count)
                    fmts.append(contentsOf: tokens.bytes(a.value))
                }
                fmt = s..<fmts.count
                try checkHeld(adding: 0)
            } else { others.append((tokens.string(a.name), try attributeText(a))) }
        }
        if let ref {
            guard isDefined(ref) else {
                throw error(at: tokens.offset, "<\(tokens.string(tokens.name)) ref=\"\(ref)\"> names an id no complete element before it has")
            }
            if let fmt { fmts.truncate(to: fmt.lowerBound) }
            try place(documentBase + Int64(ref), sink, ref: ref)
            if !tokens.selfClosing { pushPlain(.ref) }
            return
        }
        let id: Int64
        if let documentId {
            if isDefined(documentId) { throw error(at: tokens.offset, "the id \(documentId) is given twice") }
            id = documentBase + Int64(documentId)
        } else {
            synthetic += 1
            id = documentBase + Self.syntheticIds + synthetic
        }
        var open = Open(role: inRow ? .cell : .value, name: 0..<0, id: id, documentId: documentId ?? -1, textStart: texts.count, fmt: fmt)
        if !others.isEmpty {
            guard let json = Self.jsonBytes(others, limit: Self.maxHeld - held) else { throw heldError() }
            let start = attributeTexts.count
            json.withUnsafeBufferPointer { attributeTexts.append(contentsOf: $0) }
            open.attributes = start..<attributeTexts.count
        }
        if tokens.selfClosing {
            open.name = names.count..<names.count
            stack.append(open)
            try closeValue(sink)
            return
        }
        let start = names.count
        names.append(contentsOf: tokens.bytes(tokens.name))
        open.name = start..<names.count
        stack.append(open)
    }

    private func pushPlain(_ role: Role) {
        let start = names.count
        names.append(contentsOf: tokens.bytes(tokens.name))
        stack.append(Open(role: role, name: start..<names.count, textStart: texts.count))
    }

    private func end(_ sink: XctraceSink) throws {
        guard !stack.isEmpty else {
            throw error(at: tokens.offset, "an end tag </\(tokens.string(tokens.name))> with no element open")
        }
        let topName = stack[stack.count - 1].name
        let name = tokens.bytes(tokens.name)
        let same = topName.count == name.count && memcmp(names.base + topName.lowerBound, name.baseAddress!, name.count) == 0
        guard same else {
            let open = String(decoding: names.buffer(topName), as: UTF8.self)
            throw error(at: tokens.offset, "</\(tokens.string(tokens.name))> closes <\(open)>: the tags are not balanced")
        }
        switch stack[stack.count - 1].role {
        case .cell, .value: try closeValue(sink)
        default: try endOpen(sink)
        }
    }

    /// Closes the top element that is no value.
    private func endOpen(_ sink: XctraceSink) throws {
        let top = stack.removeLast()
        let elementName = String(decoding: names.buffer(top.name), as: UTF8.self)
        names.truncate(to: top.name.lowerBound)
        let text = texts.buffer(from: top.textStart)
        defer { texts.truncate(to: top.textStart) }
        switch top.role {
        case .columnField(let k):
            let value = String(decoding: text, as: UTF8.self)
            if k == 0 { column.mnemonic = value } else if k == 1 { column.name = value } else { column.engineeringType = value }
        case .column:
            head?.columns.append(column)
        case .schema:
            guard var h = head else { return }
            let mnemonics = h.columns.map(\.mnemonic)
            let missing = XctraceSchemas.missing(schema: h.schema, mnemonics: mnemonics)
            guard missing.isEmpty else {
                throw error(at: tokens.offset, "the table \(h.schema) has no column \(missing.map { "'\($0)'" }.listed("or")), which agtrace's reports need (its columns: \(mnemonics.map { $0 ?? "?" }.joined(separator: ", ")))")
            }
            let slots = XctraceSchemas.slots(schema: h.schema, mnemonics: mnemonics)
            for i in h.columns.indices { h.columns[i].slot = slots[i] }
            slotOfColumn = slots
            let known = XctraceSchemas.slots[h.schema] != nil
            timeColumn = h.columns.map { known && $0.mnemonic.map(XctraceSchemas.timeMnemonics.contains) == true }
            cells = Array(repeating: 0, count: max((slots.max() ?? -1) + 1, 1))
            tableId = try sink.table(h)
            head = h
            rowsInTable = 0
            sentinels = 0
            shortRows = 0
        case .row:
            guard let tableId else { return }
            if cellIndex < slotOfColumn.count { shortRows += 1 }
            try writeRow(sink, tableId)
        case .node:
            try endTable(sink, complete: true)
        case .summaryField:
            applySummary(field: elementName, String(decoding: text, as: UTF8.self))
        case .tocRun:
            if let run {
                summary.runs += 1
                try sink.run(run)
            }
            run = nil
        case .queryResult, .toc:
            finishDocument()
        default: break
        }
    }

    private func applySummary(field: String, _ value: String) {
        switch field {
        case "start-date": run?.startDate = value
        case "end-date": run?.endDate = value
        // Seconds; a value no Int64 of ns holds (1e400, 1e30, nan) is unknown, not a trap.
        case "duration": run?.durationNs = Double(value).flatMap { Int64(exactly: ($0 * 1e9).rounded()) }
        case "end-reason": run?.endReason = value
        case "instruments-version": run?.instrumentsVersion = value
        case "template-name": run?.template = value
        default: break
        }
    }

    private func endTable(_ sink: XctraceSink, complete: Bool) throws {
        guard let tableId else { head = nil; return }
        try sink.tableEnd(table: tableId, rows: rowsInTable, sentinels: sentinels, complete: complete)
        if shortRows > 0, let h = head {
            summary.notes.append(ImportNote(.xctraceShortRows,
                                            message: "\(shortRows) row(s) of \(h.schema) have fewer cells than its \(slotOfColumn.count) columns: the missing cells are NULL"))
        }
        summary.tables += 1
        tablePosition += 1
        self.tableId = nil
        head = nil
    }

    private func finishDocument() {
        nodeXPath = nil
    }

    private func writeRow(_ sink: XctraceSink, _ table: Int64) throws {
        var more: String?
        if cells.count > XctraceSchemas.fixedSlots {
            let extra = (XctraceSchemas.fixedSlots..<cells.count).filter { cells[$0] != 0 }
            if !extra.isEmpty { more = "{" + extra.map { "\"\($0)\":\(cells[$0])" }.joined(separator: ",") + "}" }
        }
        try cells.withUnsafeBufferPointer { all in
            try sink.row(table: table, position: rowsInTable, cells: UnsafeBufferPointer(rebasing: all.prefix(XctraceSchemas.fixedSlots)), more: more)
        }
        rowsInTable += 1
        summary.rows += 1
    }

    private func closeValue(_ sink: XctraceSink) throws {
        let top = stack.removeLast()
        // The element's name: a self-closing one's start tag or the end tag, which `end`
        // checked is the start tag's.
        let tag = tokens.bytes(tokens.name)
        names.truncate(to: top.name.lowerBound)
        let hasText = top.textStart < texts.count
        let text = texts.buffer(from: top.textStart)
        var number: Int64?
        var raw: UnsafeBufferPointer<UInt8>?
        if let n = Self.canonicalInteger(text) { number = n } else if !top.hasChildElements || hasText && !Self.blank(text) { raw = text }
        var fmt = top.fmt.map { fmts.buffer($0) }
        if let shown = fmt, shown.count == text.count, text.isEmpty || memcmp(shown.baseAddress!, text.baseAddress!, text.count) == 0 { fmt = nil }
        try sink.value(id: top.id, tag: tag, raw: raw, number: number, fmt: fmt, attributes: top.attributes.map { attributeTexts.buffer($0) })
        texts.truncate(to: top.textStart)
        if let f = top.fmt { fmts.truncate(to: f.lowerBound) }
        if let a = top.attributes { attributeTexts.truncate(to: a.lowerBound) }
        if top.documentId >= 0 { define(top.documentId) }
        if let n = number, n.magnitude > XctraceSchemas.maxTime, top.documentId >= 0 { beyondTime.insert(top.documentId) }
        summary.firstValueId = min(summary.firstValueId ?? top.id, top.id)
        summary.lastValueId = max(summary.lastValueId ?? top.id, top.id)
        highest = max(highest, top.id)
        try place(top.id, sink, number: number)
    }

    /// A value (or ref) closed: it is a cell of the row, or a child of the value around it.
    /// `number`: the value's, when it was just read; `ref`: the document id it refers to.
    private func place(_ id: Int64, _ sink: XctraceSink, number: Int64? = nil, ref: Int? = nil) throws {
        guard !stack.isEmpty else { return }
        let p = stack.count - 1
        switch stack[p].role {
        case .row:
            if cellIndex < timeColumn.count, timeColumn[cellIndex] {
                if let n = number, n.magnitude > XctraceSchemas.maxTime { throw beyondTimeError(String(n)) }
                if let ref, beyondTime.contains(ref) { throw beyondTimeError("the value of id \(ref)") }
            }
            try placeCell(id, sink)
        case .cell, .value:
            try sink.child(parent: stack[p].id, position: stack[p].children, child: id)
            stack[p].children += 1
        default: break
        }
    }

    private func placeCell(_ id: Int64, _ sink: XctraceSink) throws {
        guard cellIndex < slotOfColumn.count else {
            throw error(at: tokens.offset, "row \(rowsInTable + 1) of \(head?.schema ?? "the table") has more cells than its \(slotOfColumn.count) columns")
        }
        cells[slotOfColumn[cellIndex]] = id
        cellIndex += 1
    }

    private func text() throws {
        guard !stack.isEmpty else {
            if !Self.blank(tokens.bytes(tokens.text)) { throw error(at: tokens.offset, "text outside the document's element") }
            return
        }
        switch stack[stack.count - 1].role {
        case .cell, .value, .columnField, .summaryField:
            if tokens.textEscaped { try tokens.decode(tokens.text, into: &texts) } else {
                try checkHeld(adding: tokens.text.count)
                texts.append(contentsOf: tokens.bytes(tokens.text))
            }
            try checkHeld(adding: 0)
        default: break
        }
    }

    /// The end of the stream: complete, or cut (the complete rows kept, a note says so).
    private func finish(_ sink: XctraceSink) throws {
        if stack.isEmpty {
            if tokens.cut { throw error(at: tokens.offset, "the export ends inside a tag after its document") }
            return
        }
        let open = (0..<stack.count).map { stack[$0] }
        let where_ = open.map { String(decoding: names.buffer($0.name), as: UTF8.self) }.filter { !$0.isEmpty }.last ?? "an element"
        if let tableId, let h = head {
            _ = tableId
            let rows = rowsInTable
            let inRow = open.contains { if case .row = $0.role { return true } else { return false } }
            try endTable(sink, complete: false)
            summary.notes.append(ImportNote(.xctraceCut,
                message: "the export ends inside <\(where_)>\(inRow ? " of row \(rows + 1)" : "") of \(h.schema) (byte \(tokens.offset - documentStart)): the file was cut; its \(rows) complete row(s) are kept, the rest is missing",
                position: tokens.offset - documentStart))
            return
        }
        throw error(at: tokens.offset, "the export ends inside <\(where_)>: the file was cut before any row")
    }

    // MARK: Helpers

    @inline(never) private func beyondTimeError(_ what: String) -> Error {
        let mnemonic = head.flatMap { cellIndex < $0.columns.count ? $0.columns[cellIndex].mnemonic : nil } ?? "time"
        return error(at: tokens.offset, "row \(rowsInTable + 1) of \(head?.schema ?? "the table"): its \(mnemonic), \(what) ns, is beyond 2^53 ns (104 days, longer than any recording), where a start plus a duration would no longer be a number")
    }

    /// The bytes held for the open elements: their texts, fmts and other attributes.
    @inline(__always) private var held: Int { texts.count + fmts.count + attributeTexts.count }

    @inline(__always) private func checkHeld(adding n: Int) throws {
        if held + n > Self.maxHeld { throw heldError() }
    }

    @inline(never) private func heldError() -> Error {
        error(at: tokens.offset, "more than \(Self.maxHeld >> 20) MB of text and attributes in the values open here (one value's text in pieces between comments or CDATA sections, or nested values' attributes, add up past it): no export's values are that large")
    }

    private func named(_ literal: StaticString) -> Bool { tokens.equals(tokens.name, literal) }

    private func attribute(_ name: String) -> String? {
        for a in tokens.attributes where tokens.string(a.name) == name { return try? attributeText(a) }
        return nil
    }

    private func attributeText(_ a: XMLTokenizer.Attribute) throws -> String {
        guard a.escaped else { return tokens.string(a.value) }
        var out: [UInt8] = []
        try tokens.decode(a.value, into: &out)
        return String(decoding: out, as: UTF8.self)
    }

    @inline(__always)
    private func number(_ a: XMLTokenizer.Attribute) throws -> Int {
        let b = tokens.bytes(a.value)
        var n = 0
        guard !b.isEmpty, b.count <= 10 else { throw badNumber(a) }
        for c in b {
            guard c >= 0x30, c <= 0x39 else { throw badNumber(a) }
            n = n * 10 + Int(c - 0x30)
        }
        guard n <= Self.maxDocumentId else { throw badNumber(a) }
        return n
    }

    /// Why an id or ref is refused (out of the hot path).
    @inline(never)
    private func badNumber(_ a: XMLTokenizer.Attribute) -> Error {
        let b = tokens.bytes(a.value)
        if b.isEmpty || b.count > 10 { return error(at: tokens.offset, "the id '\(tokens.string(a.value))' is no number agtrace reads (at most \(Self.maxDocumentId))") }
        if b.contains(where: { $0 < 0x30 || $0 > 0x39 }) { return error(at: tokens.offset, "the id '\(tokens.string(a.value))' is not a number") }
        return error(at: tokens.offset, "the id \(tokens.string(a.value)) is larger than \(Self.maxDocumentId)")
    }

    /// The ids seen: memory with their count, not with the largest (`XctraceIdSet`).
    private func isDefined(_ id: Int) -> Bool { defined.contains(id) }

    private func define(_ id: Int) { defined.insert(id) }

    /// A decimal that `Int64` holds and prints back the same (no sign but '-', no leading
    /// zero): stored as a number; anything else keeps its text (2^64-1 placeholders too).
    static func canonicalInteger(_ b: UnsafeBufferPointer<UInt8>) -> Int64? {
        guard !b.isEmpty, b.count <= 20 else { return nil }
        var i = 0
        let negative = b[0] == 0x2D
        if negative { i = 1 }
        guard i < b.count else { return nil }
        if b[i] == 0x30 && (b.count - i > 1 || negative) { return nil }
        var n: Int64 = 0
        while i < b.count {
            let c = b[i]
            guard c >= 0x30, c <= 0x39 else { return nil }
            let d = Int64(c - 0x30)
            let (m, o1) = n.multipliedReportingOverflow(by: 10)
            let (s, o2) = negative ? m.subtractingReportingOverflow(d) : m.addingReportingOverflow(d)
            if o1 || o2 { return nil }
            n = s
            i += 1
        }
        return n
    }

    static func blank<C: Collection>(_ b: C) -> Bool where C.Element == UInt8 {
        b.allSatisfy { $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }
    }

    /// Attributes as a JSON object; nil when there are none.
    static func json(_ pairs: [(String, String)]) -> String? {
        guard !pairs.isEmpty, let bytes = jsonBytes(pairs, limit: .max) else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Attributes as a JSON object's UTF-8, or nil past `limit` bytes (found while writing it:
    /// a control character is six bytes escaped, so 15 MB of them would be 90 MB). A byte at a
    /// time, no formatting call: linear and fast whatever the bytes.
    static func jsonBytes(_ pairs: [(String, String)], limit: Int) -> [UInt8]? {
        var out: [UInt8] = [0x7B]
        for (i, (name, value)) in pairs.enumerated() {
            if i > 0 { out.append(0x2C) }
            guard appendJSONString(name, to: &out, limit: limit) else { return nil }
            out.append(0x3A)
            guard appendJSONString(value, to: &out, limit: limit) else { return nil }
        }
        out.append(0x7D)
        return out.count <= limit ? out : nil
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)

    private static func appendJSONString(_ s: String, to out: inout [UInt8], limit: Int) -> Bool {
        out.append(0x22)
        for b in s.utf8 {
            switch b {
            case 0x22: out.append(0x5C); out.append(0x22)
            case 0x5C: out.append(0x5C); out.append(0x5C)
            case 0x0A: out.append(0x5C); out.append(0x6E)
            case 0x0D: out.append(0x5C); out.append(0x72)
            case 0x09: out.append(0x5C); out.append(0x74)
            case 0..<0x20:
                out.append(0x5C); out.append(0x75); out.append(0x30); out.append(0x30)
                out.append(hexDigits[Int(b >> 4)]); out.append(hexDigits[Int(b & 15)])
            default: out.append(b)
            }
            if out.count > limit { return false }
        }
        out.append(0x22)
        return true
    }

    static func jsonString(_ s: String) -> String {
        var out: [UInt8] = []
        _ = appendJSONString(s, to: &out, limit: .max)
        return String(decoding: out, as: UTF8.self)
    }
}
