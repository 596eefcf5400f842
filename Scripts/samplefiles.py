"""What the make-*.py sample writers share: the archive tables' indexes and type objects, the
Planner window's types, nodes and edges, a graph of flagged nodes and edges, and
writing a file (text, JSON or bytes, gzip'd reproducibly). Imported by the scripts beside it."""
import gzip, json, os

# A type row is (id, rule, value type, size, flags); the archive names the rule "name".
TYPE_FIELDS = ("id", "name", "value", "size", "flags")

# The Planner window's types (a Planner with two Editors), as both the profiled Planner of
# make-sample-archives.py and the why/ samples dump them; each script adds its seventh.
PLANNER_TYPES = [
    (1, "External<Time>", "Time", 8, 19),
    (2, "External<()>", "()", 0, 19),
    (3, "External<Planner>", "Planner", 24, 19),
    (4, "DynamicBody<ViewBodyAccessor<Planner>>", "VStack<TupleView<(Editor, Editor)>>", 40, 10),
    (5, "DynamicBody<ViewBodyAccessor<Editor>>", "Stepper<Text>", 56, 10),
    (6, "RootDisplayList", "(DisplayList, Version)", 32, 2),
]

# The Planner window's nodes, attribute -> (rule, desc), and its edges (src is read by dst), in
# the order both make-sample-archives.py and the why/ samples write them; each script lists the
# nodes in its own order and adds what its moment shows (values and profiles, or flags).
PLANNER_NODES = {
    536: ("External<Time>", "Time"),
    1560: ("External<Planner>", "Planner"),
    1592: ("External<()>", "State<Int> nights"),
    1620: ("DynamicBody<ViewBodyAccessor<Planner>>", "Planner.body"),
    1664: ("DynamicBody<ViewBodyAccessor<Editor>>", "Editor.body \"from\""),
    1712: ("DynamicBody<ViewBodyAccessor<Editor>>", "Editor.body \"to\""),
    1760: ("RootDisplayList", "RootDisplayList"),
}
PLANNER_EDGES = [(1592, 1620), (1560, 1620), (1592, 1664), (1620, 1664), (1592, 1712), (1620, 1712),
                 (1664, 1760), (1712, 1760), (536, 1760)]


def numbered_types(rows):
    """Type rows (rule, value type, size, flags) given their ids, 1 up in list order: the
    (id, rule, value type, size, flags) rows the helpers below take."""
    return [(i, *row) for i, row in enumerate(rows, 1)]


def type_index(types):
    """Rule name -> the type's index in the archive's `types` list."""
    return {name: i for i, (_, name, *_rest) in enumerate(types)}


def node_index(nodes):
    """Attribute (a node row's first field) -> the node's index in the archive's `nodes` list."""
    return {attribute: i for i, (attribute, *_rest) in enumerate(nodes)}


def type_objects(types, order=TYPE_FIELDS):
    """The archive's `types` list; `order` is the order the keys are written in."""
    return [{k: dict(zip(TYPE_FIELDS, row))[k] for k in order} for row in types]


def flagged_graph(graph_id, counts, subgraph, types, nodes, edges, trees):
    """An archive's graph of (attribute, rule, desc, flags) nodes and (src, dst, flags) edges
    (src is read by dst), with `counts` (updates, changes, transactions), one subgraph
    (id, context id) holding every node, and `trees` whose "nodes" list attributes."""
    rule_index, idx = type_index(types), node_index(nodes)
    def edge(s, d, f):
        e = {"src": idx[s], "dst": idx[d]}
        if f:
            e["flags"] = f  # the engine leaves zeros out
        return e
    updates, changes, transactions = counts
    return {
        "id": graph_id, "update_count": updates, "change_count": changes, "transaction_count": transactions,
        "types": type_objects(types),
        "nodes": [{"id": a, "type": rule_index[r], "desc": d, "flags": f} for a, r, d, f in nodes],
        "edges": [edge(*e) for e in edges],
        "subgraphs": [{"id": subgraph[0], "context_id": subgraph[1], "nodes": list(range(len(nodes)))}],
        "trees": [{**t, "nodes": [idx[a] for a in t["nodes"]]} for t in trees],
    }


def json_text(doc, indent=None, newline=False):
    """Compact JSON (no spaces) or indented; with `newline`, a final newline."""
    text = json.dumps(doc, ensure_ascii=False, indent=indent, separators=None if indent else (",", ":"))
    return text + "\n" if newline else text


def write_bytes(path, data, gz=False):
    """Writes `data` to `path` (its folder made), gzip'd with no time or name when `gz`: the
    same bytes on every run (gzip.compress: the header's OS byte is zlib's)."""
    folder = os.path.dirname(path)
    if folder:
        os.makedirs(folder, exist_ok=True)
    with open(path, "wb") as f:
        f.write(gzip.compress(data, mtime=0) if gz else data)
    return path


def write_text(path, text, gz=False):
    return write_bytes(path, text.encode("utf-8"), gz)
