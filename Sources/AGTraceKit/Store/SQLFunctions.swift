import CSQLite

/// SQL functions agtrace adds to each of its connections. Migrations may call them (the one
/// that added `types.view` fills it with `agtrace_view_name`), so SQL and Swift share one
/// implementation of a rule's view name.
enum SQLFunctions {
    static func register(on handle: OpaquePointer) {
        sqlite3_create_function_v2(handle, "agtrace_view_name", 1, SQLITE_UTF8 | SQLITE_DETERMINISTIC, nil, { context, _, args in
            guard let args, let arg = args[0], sqlite3_value_type(arg) == SQLITE_TEXT,
                  let text = sqlite3_value_text(arg) else {
                sqlite3_result_null(context)
                return
            }
            let rule = String(cString: text)
            guard let view = ViewName.fromRule(rule) else {
                sqlite3_result_null(context)
                return
            }
            let utf8 = Array(view.utf8)
            utf8.withUnsafeBufferPointer { buffer in
                buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: utf8.count) {
                    sqlite3_result_text(context, $0, Int32(utf8.count), SQLITE_TRANSIENT)
                }
            }
        }, nil, nil, nil)
        NearestRank.register(on: handle)
    }
}
