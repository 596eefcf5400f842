import Foundation

extension InputKind {
    public static let xctrace = InputKind(rawValue: "xctrace")
}

/// Instruments' exports (`xcrun xctrace export`: a `<trace-query-result>` of one table's rows,
/// or a `<trace-toc>`), plain or gzip'd, and a folder of them (one file per table, as a CI job
/// exports them), which is one recording.
struct XctraceFormat: InputFormat {
    let facts = FormatFacts(kind: .xctrace, storedKind: .recording, measuredKind: .recording,
                            noun: "an Instruments export (xctrace XML)", plural: "Instruments exports (xctrace XML)",
                            signs: "XML of xcrun xctrace export (<trace-query-result>, <trace-toc>; a directory holding only such files is one recording, labelled by its name)",
                            docs: "docs/xctrace.md", fileExtensions: [".xml"], fileOption: "--xctrace", noteCodes: XctraceFormat.noteCodes,
                            hooks: .recording)

    func folderInput(_ path: String) throws -> (source: ByteSource, size: Int?)? {
        XctraceFolder.isRecording(path) ? (XctraceFolderSource(path), XctraceFolder.size(path)) : nil
    }

    func recognise(_ head: [UInt8], full: Bool, path: String) throws -> Recognition? {
        Self.isExport(head) ? .sure : nil
    }

    func importInput(_ job: FormatImport, into item: inout ImportedItem) throws {
        let (read, sha256, ending) = try XctraceImport.run(job)
        item.sha256 = sha256
        item.ending = ending
        item.counts.merge(["tables": read.tables, "rows": read.rows, "documents": read.documents, "toc tables": read.tocTables]) { $1 }
        item.notes += read.notes
    }

    func counts(of item: ImportedItem) -> String {
        "tables \(item[count: "tables"]), rows \(item[count: "rows"])"
            + (item[count: "toc tables"] > 0 ? ", toc tables \(item[count: "toc tables"])" : "")
            + (item[count: "documents"] > 1 ? ", files \(item[count: "documents"])" : "")
    }

    /// Whether a decoded head starts (past a byte-order mark, white space, the XML declaration
    /// comments and a DOCTYPE) with the root element of an export.
    static func isExport(_ head: [UInt8]) -> Bool {
        var i = head.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        func skipSpace() { while i < head.count, [0x20, 0x0A, 0x0D, 0x09].contains(head[i]) { i += 1 } }
        func skip(past end: [UInt8]) -> Bool {
            while i + end.count <= head.count {
                if Array(head[i..<(i + end.count)]) == end { i += end.count; return true }
                i += 1
            }
            return false
        }
        while true {
            skipSpace()
            if head[i...].starts(with: Array("<?".utf8)) { guard skip(past: Array("?>".utf8)) else { return false }; continue }
            if head[i...].starts(with: Array("<!--".utf8)) { guard skip(past: Array("-->".utf8)) else { return false }; continue }
            if head[i...].starts(with: Array("<!DOCTYPE".utf8)) {
                // Its internal subset, when it has one, ends with "]>" (its entities are never expanded).
                let subset = head[i...].firstIndex(of: 0x5B).map { open in head[i...].firstIndex(of: 0x3E).map { open < $0 } ?? true } ?? false
                guard skip(past: subset ? Array("]>".utf8) : Array(">".utf8)) else { return false }
                continue
            }
            break
        }
        for root in ["<trace-query-result", "<trace-toc"] {
            let r = Array(root.utf8)
            if head[i...].starts(with: r), i + r.count < head.count,
               [0x20, 0x0A, 0x0D, 0x09, 0x3E, 0x2F].contains(head[i + r.count]) { return true }
        }
        return false
    }
}
