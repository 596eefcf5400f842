import Foundation

/// The SwiftUI view a rule belongs to, read from the rule's type name: a view's `body` runs as
/// `StaticBody<ViewBodyAccessor<V>, …>` or `DynamicBody<ViewBodyAccessor<V>, …>`, a modifier's
/// as the same with `ModifierBodyAccessor<M>`. The view is `V` (or `M`), its own generic
/// arguments kept: `DynamicBody<ViewBodyAccessor<List<Int, Row>>>` names `List<Int, Row>`.
/// Imports store it in `types.view`; `node_views` (docs/schema.md) builds on that.
public enum ViewName {
    private static let bodies = ["StaticBody<", "DynamicBody<"]
    private static let accessors = ["ViewBodyAccessor<", "ModifierBodyAccessor<"]

    /// The view or modifier whose body `rule` runs, or nil when `rule` is no view body.
    public static func fromRule(_ rule: String) -> String? {
        // Most rules are no body: told apart by their first byte before anything else.
        guard let first = rule.utf8.first(where: { $0 != UInt8(ascii: " ") }),
              first == UInt8(ascii: "S") || first == UInt8(ascii: "D") else { return nil }
        var rest = Substring(rule.trimmingCharacters(in: .whitespaces))
        guard let body = bodies.first(where: { rest.hasPrefix($0) }) else { return nil }
        rest = rest.dropFirst(body.count)
        guard let accessor = accessors.first(where: { rest.hasPrefix($0) }) else { return nil }
        rest = rest.dropFirst(accessor.count)
        // V ends at the '>' that closes the accessor's '<'.
        var depth = 0
        for i in rest.indices {
            switch rest[i] {
            case "<": depth += 1
            case ">":
                if depth == 0 {
                    let view = rest[..<i].trimmingCharacters(in: .whitespaces)
                    let after = rest[rest.index(after: i)...].drop(while: { $0 == " " })
                    // The accessor must be the body's first argument: ", …>" or ">" follows.
                    guard !view.isEmpty, after.first == "," || after.first == ">" else { return nil }
                    return view
                }
                depth -= 1
            default: break
            }
        }
        return nil
    }
}
