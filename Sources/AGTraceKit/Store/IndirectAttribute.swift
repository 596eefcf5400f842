/// Attribute ids whose low two bits are `01` are indirect (domain.md): a reference into
/// another node's value, N bytes in, with no rule of its own. A report that names a node's
/// rule calls such an id `indirect` (with its source where the input says it) rather than
/// leaving the rule blank, as if the node were unknown.
public enum IndirectAttribute {
    public static func isIndirect(_ attribute: Int64) -> Bool { attribute & 3 == 1 }

    /// A trace's IndirectNodeAdded, IndirectNodeSetSource and SetDependency name the node by its
    /// offset in the graph's memory (1100); edges and snapshot records by its attribute, the
    /// offset with the indirect tag (1101). One node, one id: the attribute.
    static func from(offset: Int64) -> Int64 { offset & 3 == 0 ? offset | 1 : offset }

    /// What the rule column says for an indirect attribute: `indirect`, or `indirect -> 1048`
    /// when its source is known.
    public static func rule(source: Int64?) -> String {
        source.map { "indirect -> \($0)" } ?? "indirect"
    }

    /// Why `attribute` has no node in snapshot `label`: it is indirect (which a dump never lists
    /// as a node), or simply absent.
    public static func notInSnapshot(_ attribute: Int64, label: String) -> String {
        guard isIndirect(attribute) else { return "no node \(attribute) in snapshot '\(label)'" }
        return "no node \(attribute) in snapshot '\(label)': \(attribute) is an indirect attribute (its low two bits are 01), "
            + "a reference into another node's value, which a dump lists only as the offset of the edges read through it; "
            + "start from the node it points at"
    }
}
