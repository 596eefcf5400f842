#!/usr/bin/env python3
"""Writes agtrace's own sample archives to the documented AGGraphArchiveJSON format (version 2).

The Trip example window dumped four times around one write of `nights`,
and a profiled Planner with two Editors in two graphs. Run it from SampleArchives/ (python3 ../Scripts/make-sample-archives.py); the outputs are
committed, so nothing needs Python to use them.
"""
from samplefiles import PLANNER_EDGES, PLANNER_NODES, PLANNER_TYPES, json_text, node_index, type_index, type_objects, write_text

# ---- Trip -----------------------------------------------------------------------------------
TYPES = [  # (id, rule, value type, size, flags)
    (1, "External<Time>", "Time", 8, 19),
    (2, "External<EnvironmentValues>", "EnvironmentValues", 16, 19),
    (3, "External<_GraphInputs.Phase>", "_GraphInputs.Phase", 4, 19),
    (4, "External<Trip>", "Trip", 96, 19),
    (5, "External<ViewOrigin>", "ViewOrigin", 16, 19),
    (6, "External<ViewSize>", "ViewSize", 32, 19),
    (7, "External<_SafeAreaInsetsModifier>", "_SafeAreaInsetsModifier", 16, 19),
    (8, "External<()>", "()", 0, 19),
    (9, "DynamicBody<ViewBodyAccessor<Trip>>", "Text", 48, 10),
    (10, "ViewLeafView<Text>", "DisplayList", 40, 10),
    (11, "LeafLayoutComputer<Text>", "LayoutComputer", 24, 10),
    (12, "RootDisplayList", "(DisplayList, Version)", 32, 2),
    (13, "RootGeometry", "ViewGeometry", 80, 2),
    (14, "PreferenceCombiner<HostPreferencesKey>", "PreferenceList", 24, 2),
]
T = type_index(TYPES)

NODES = [  # (attribute, rule, desc, value)
    (536, "External<Time>", "Time", "Time(seconds: 0.0)"),
    (576, "External<EnvironmentValues>", "EnvironmentValues", "[EnvironmentPropertyKey<DisplayScaleKey> = 2.0, EnvironmentPropertyKey<LocaleKey> = pt_PT]"),
    (624, "External<_GraphInputs.Phase>", "_GraphInputs.Phase", "Phase(value: 0)"),
    (800, "External<Trip>", "Trip", "Trip(_nights: SwiftUI.State<Swift.Int>(_value: 3, _location: Optional(SwiftUI.StoredLocation<Swift.Int>)), _city: \"Lisbon\", _favorite: false)"),
    (856, "External<ViewOrigin>", "ViewOrigin", "ViewOrigin(value: (0.0, 0.0))"),
    (904, "External<ViewSize>", "ViewSize", "ViewSize(value: (393.0, 852.0), _proposal: (393.0, 852.0))"),
    (1080, "External<_SafeAreaInsetsModifier>", "_SafeAreaInsetsModifier", "_SafeAreaInsetsModifier(elements: [], nextInsets: nil)"),
    (3032, "External<()>", "State<Int> nights", "()"),
    (3096, "External<()>", "State<String> city", "()"),
    (3124, "External<()>", "State<Bool> favorite", "()"),
    (3152, "DynamicBody<ViewBodyAccessor<Trip>>", "Trip.body", 'Text(storage: SwiftUI.Text.Storage.anyTextStorage(<LocalizedTextStorage: "Lisbon, 3 nights, false">), modifiers: [])'),
    (3216, "ViewLeafView<Text>", "Text", "DisplayList(items: [Item(frame: (0.0, 0.0, 173.0, 20.3), value: text \u2192 \"Lisbon, 3 nights, false\")])"),
    (3256, "LeafLayoutComputer<Text>", "LeafLayoutComputer<Text>", "LayoutComputer(seed: 3)"),
    (3300, "RootDisplayList", "RootDisplayList", "(DisplayList(items: 1), Version(value: 7))"),
    (3340, "RootGeometry", "RootGeometry", "ViewGeometry(origin: (110.0, 416.0), dimensions: (173.0, 20.3))"),
    (3380, "PreferenceCombiner<HostPreferencesKey>", "PreferenceCombiner", "PreferenceList(keys: [])"),
]
IDX = node_index(NODES)

EDGES = [  # (src, dst, offset, flags): src is read by dst
    (624, 3152, None, None), (800, 3152, None, None), (3032, 3152, None, None),
    (3096, 3152, None, None), (3124, 3152, None, None),
    (3152, 3216, None, None), (576, 3216, None, None), (624, 3216, None, None),
    (3152, 3256, None, None), (576, 3256, None, None), (624, 3256, None, None),
    (3216, 3300, None, None), (904, 3300, None, None), (624, 3300, None, None), (536, 3300, None, None),
    (856, 3340, None, None), (904, 3340, 16, None), (904, 3340, 32, None),  # read twice, two offsets
    (1080, 3340, None, None), (3256, 3340, None, None), (624, 3340, None, None),
    (624, 3380, None, 16),
]
DOWNSTREAM_OF_NIGHTS = [3152, 3216, 3256, 3300, 3340]

def trip(stage):
    nights = 4 if stage == "after-body" else 3
    nodes = []
    for a, rule, desc, value in NODES:
        value = value.replace("3 nights", f"{nights} nights").replace("_value: 3,", f"_value: {nights},")
        n = {"id": a, "type": T[rule], "desc": desc, "value": value, "flags": 8}
        if stage == "after-invalidate" and a in DOWNSTREAM_OF_NIGHTS:
            n["flags"] = 9
        if rule == "External<()>":
            n["subgraph_flags"] = 1
        nodes.append(n)
    edges = []
    for src, dst, off, fl in EDGES:
        e = {"src": IDX[src], "dst": IDX[dst]}
        if off is not None:
            e["offset"] = off
        flags = fl or 0
        if stage == "after-invalidate" and (src, dst) == (3032, 3152):
            flags |= 8
        if flags:
            e["flags"] = flags
        edges.append(e)
    body_ran = stage == "after-body"
    graph = {
        "update_count": 14 + (5 if body_ran else 0),
        "change_count": 22 + (3 if body_ran else 0),
        "id": 1,
        "types": type_objects(TYPES, order=("size", "id", "value", "flags", "name")),
        "transaction_count": 3 + (1 if stage != "before" else 0),
        "trees": [
            {"node": IDX[3152], "desc": "Trip", "root": True, "children": [1],
             "values": {"nights": {"node": IDX[3032]}, "city": {"node": IDX[3096]}, "favorite": {"node": IDX[3124]}},
             "nodes": [IDX[800], IDX[3152]]},
            {"node": IDX[3216], "desc": "Text", "offset": 0, "flags": 2,
             "values": {"displayList": {"node": IDX[3216]}, "layoutComputer": {"node": IDX[3256], "offset": 8}},
             "nodes": [IDX[3216], IDX[3256]]},
        ],
        "edges": edges,
        "nodes": nodes,
        "subgraphs": [
            {"nodes": list(range(0, 7)) + [13, 14, 15], "id": 1, "context_id": 3, "children": [1]},
            {"id": 2, "parents": [0], "context_id": 3, "nodes": list(range(7, 13))},
        ],
    }
    return {"version": 2, "graphs": [graph]}

def write(path, doc, gz=False, indent=None):
    write_text(path, json_text(doc, indent), gz)

write("trip-1-before.ag-json", trip("before"))
# Right after the write nothing in the graph changed; this dump is the gzip one.
write("trip-2-after-write.ag-gzon", trip("after-write"), gz=True)
write("trip-3-after-invalidate.ag-json", trip("after-invalidate"))
write("trip-4-after-body.ag-json", trip("after-body"))

# ---- Planner with two Editors, profiled, in two graphs -----------------------------------------
P_TYPES = PLANNER_TYPES + [
    (7, "StaticBody<ViewBodyAccessor<Editor.Label>, Text>", "Text", 32, 10),  # profiled, no node left
]
PT = type_index(P_TYPES)

def prof(updates, changes, seconds):
    p = {}
    if updates: p["update_count"] = updates
    if changes: p["change_count"] = changes
    if seconds: p["update_total"] = seconds
    if changes: p["changed_total"] = seconds / 3
    return p

p_nodes = [(a, *PLANNER_NODES[a], value, pr) for a, value, pr in [  # attribute, value, (updates, changes, seconds)
    (536, "Time(seconds: 1.5)", (0, 0, 0)),
    (1592, "()", (0, 0, 0)),
    (1560, "Planner(_nights: State<Int>(_value: 5))", (0, 0, 0)),
    (1620, "VStack<TupleView<(Editor, Editor)>>", (2, 2, 4.5e-05)),
    (1664, "Stepper(label: Text(\"from: 5\"))", (3, 2, 1.25e-05)),
    (1712, "Stepper(label: Text(\"to: 5\"))", (3, 1, 1.5e-05)),
    (1760, "(DisplayList(items: 2), Version(value: 4))", (4, 4, 2.0e-04)),
]]
p_idx = node_index(p_nodes)
p_edges = PLANNER_EDGES
type_prof = {
    "DynamicBody<ViewBodyAccessor<Planner>>": prof(2, 2, 4.5e-05),
    "DynamicBody<ViewBodyAccessor<Editor>>": prof(6, 3, 2.75e-05),
    "RootDisplayList": prof(4, 4, 2.0e-04),
    "StaticBody<ViewBodyAccessor<Editor.Label>, Text>": prof(2, 2, 7.5e-06),
}
planner_graph = {
    "id": 7,
    "update_count": 15, "change_count": 11, "transaction_count": 2,
    "update_total": 2.675e-04, "changed_total": 8.9e-05,
    "counters": {"nodes": 7, "created_nodes": 9, "max_nodes": 9, "subgraphs": 2, "created_subgraphs": 2,
                 "max_subgraphs": 2, "updates": 15, "changes": 11, "transactions": 2},
    "marks": [{"name": "tap stepper", "timestamp": 12.5, "update_count": 8, "update_total": 1.1e-04}],
    "events": {"layout": {"update_count": 2, "update_total": 3.0e-05}},
    "types": [dict(t, **({"profile": type_prof[t["name"]]} if t["name"] in type_prof else {}))
              for t in type_objects(P_TYPES, order=("size", "id", "value", "flags", "name"))],
    "subgraphs": [
        {"id": 11, "context_id": 5, "nodes": [0, 1, 2, 3], "children": [1, {"graph": 1, "subgraph_id": 21}]},
        {"id": 12, "context_id": 5, "nodes": [4, 5, 6], "parents": [0]},
    ],
    "nodes": [dict({"id": a, "type": PT[r], "desc": d, "value": v, "flags": 8},
                   **({"profile": prof(*pr)} if pr[0] else {}),
                   **({"events": {"layout": prof(1, 0, 5.0e-06)}} if a == 1760 else {}))
              for a, r, d, v, pr in p_nodes],
    "edges": [{"src": p_idx[s], "dst": p_idx[d]} for s, d in p_edges],
}
inspector_graph = {
    "id": 8, "update_count": 2, "change_count": 1, "transaction_count": 1,
    "types": [{"id": 1, "name": "External<()>", "value": "()", "size": 0, "flags": 19},
              {"id": 2, "name": "DynamicBody<ViewBodyAccessor<Inspector>>", "value": "Text", "size": 24, "flags": 10,
               "profile": prof(2, 1, 9.0e-06)}],
    "nodes": [{"id": 4004, "type": 0, "desc": "State<Int> nights (binding)", "value": "()"},
              {"id": 4052, "type": 1, "desc": "Inspector.body", "value": "Text(\"5 nights\")", "flags": 8,
               "profile": prof(2, 1, 9.0e-06)}],
    "edges": [{"src": 0, "dst": 1, "flags": 16}],
    "subgraphs": [{"id": 21, "context_id": 6, "nodes": [0, 1], "parents": [{"graph": 0, "subgraph_id": 11}]}],
}
write("planner-profiled.ag-json", {"version": 2, "counters": {"bytes": 40960, "max_bytes": 65536},
                                    "graphs": [planner_graph, inspector_graph]}, indent=1)

# ---- Other writers: the same format as other engines and Apple's own writer put it ------------
# writers/: what agtrace reads as it is written elsewhere (docs/formats.md, "Other writers").
import copy, zlib
from samplefiles import write_bytes

# jcmosc/Compute (OpenAttributeGraph's backend) names compressed dumps `.iag-gzon` and writes
# them as raw DEFLATE: no gzip header or trailer. The Trip after the invalidation, compact.
deflate = zlib.compressobj(9, zlib.DEFLATED, -15)
raw = json_text(trip("after-invalidate")).encode("utf-8")
write_bytes("writers/trip-compute.iag-gzon", deflate.compress(raw) + deflate.flush())

# Apple's writer (NSJSONSerialization) escapes every `/` as `\/` in compact JSON. Compact JSON
# has `/` only inside strings, so escaping them all is what that writer does. A Trip whose
# strings hold slashes: a type name, node descriptions and values, a tree entry and a key.
escaped = trip("before")
g = escaped["graphs"][0]
g["types"][T["External<Trip>"]]["value"] = "Trip/Itinerary"
g["types"][T["External<Trip>"]]["name"] = "External<Trip/Itinerary>"
for n in g["nodes"]:
    if n["id"] == 800:
        n["value"] = n["value"].replace('"Lisbon"', '"Lisbon/Porto"')
    if n["id"] == 3152:
        n["desc"] = "Trip.body /trips/3"
g["trees"][0]["desc"] = "Trip/Detail"
g["trees"][0]["values"]["city/region"] = g["trees"][0]["values"].pop("city")
write_text("writers/trip-escaped-slashes.ag-json", json_text(escaped).replace("/", "\\/"))

# A debug tree with `creator` (a node index), as in Apple's gesture-window dump: entries with no
# `desc` and no `node` of their own, naming the node that created them, their nodes and
# children. Here a placeholder entry above the Trip's root, created by the Trip's body.
created = trip("before")
g = created["graphs"][0]
g["trees"] = [{"creator": IDX[3152], "nodes": [IDX[800]], "children": [1]}] + [
    dict(t, children=[c + 1 for c in t["children"]]) if "children" in t else t for t in copy.deepcopy(g["trees"])]
g["trees"][1].pop("root")
g["trees"][0]["root"] = True
write_text("writers/trip-tree-creator.ag-json", json_text(created))

# Writers that leave out node `flags` (unknown: stored NULL, not 0) and the graph's counters
# (update, change and transaction counts: NULL too): the Trip after the invalidation with flags
# only on the nodes downstream of `nights`.
flagless = trip("after-invalidate")
for key in ("update_count", "change_count", "transaction_count"):
    flagless["graphs"][0].pop(key)
for n in flagless["graphs"][0]["nodes"]:
    if n["id"] not in DOWNSTREAM_OF_NIGHTS:
        n.pop("flags")
write_text("writers/trip-flagless.ag-json", json_text(flagless))
