#!/usr/bin/env python3
"""Writes SampleArchives/cycles/: a console log with AttributeGraph cycle reports and two dumps
of the same graph, to the documented formats (docs/formats.md; ../shared/formats/ag-cycles.md
and ag-archive-json.md). Nothing here is copied from a real app.

The app: a sheet whose `SizeReader` measures itself with a GeometryReader, publishes the
height as a preference, and `HeightBadge` reads the preference into its frame, which
`SizeReader` reads again: a GeometryReader -> preference -> frame loop.

- sheet-height.log: what Xcode's console showed with AG_PRINT_CYCLES=2, then 3: the app's own
  lines, a level-2 report through 2136 printed twice (5 frames: 4.0 2248, 3.0 2200, 2.0 2168,
  1.0 2136 = N, 0.0 2080 below the loop), SwiftUI's `Modifying state during view update`
  line, and one level-3 report through 2312 (a digraph of 3 nodes with cut labels, then 3
  frames: 2.0 2344, 1.0 2312 = N, 0.0 2080).
- sheet-height-at-cycle.ag-json: the dump taken at the breakpoint on print_cycle, the same
  moment: every frame's attribute is a node; the body rules name the views (SizeReader,
  GeometryReader's content, HeightBadge, CounterLabel, CounterField), the debug tree names
  the preference combiner and the root display list (SheetContent); the edges (input ->
  reader) connect each frame to the one below it and close both loops.
- sheet-height-later.ag-json: a dump of another moment (the sheet closed and another opened):
  of the 7 frame ids only 2080 is the same node; 2136, 2200 and 2344 are other nodes
  (ids reused), 2168, 2248 and 2312 are gone.

Run it from the repository root: python3 Scripts/make-sample-cycles.py
"""
import os

from samplefiles import flagged_graph, json_text, write_text

OUT = os.path.join("SampleArchives", "cycles")

# The console: Xcode shows stdout and stderr together, without prefixes; the os_log line has
# the usual date and process prefix.
LEVEL2 = [
    "=== AttributeGraph: cycle detected through attribute 2136 ===",
    "frame 4.0: attribute 2248; count=1, index=0/2 PD",
    "frame 3.0: attribute 2200; count=1, index=0/1 PD",
    "frame 2.0: attribute 2168; count=1, index=1/2 PD",
    "frame 1.0: attribute 2136; count=1, index=0/3 PDV",
    "frame 0.0: attribute 2080; count=1, index=2/4 DV",
    "===",
]
# Labels: the rule's type name cut at 40 characters, then "…" (the engine's graph/dot).
def label(attribute, rule):
    text = rule if len(rule) <= 40 else rule[:40] + "…"
    return f'  _{attribute}[label="{attribute}: {text}"];'

LEVEL3 = [
    "=== AttributeGraph: cycle detected through attribute 2312 ===",
    "digraph {",
    label(2312, "DynamicBody<ViewBodyAccessor<CounterLabel>>").replace("];", " fillcolor=orange style=filled];"),
    label(2344, "DynamicBody<ViewBodyAccessor<CounterField>>").replace("];", " fillcolor=orange style=filled];"),
    label(2080, "RootDisplayList").replace("];", " color=red];"),
    "  _2344 -> _2312[];",
    "  _2312 -> _2344[color=red];",
    "  _2312 -> _2080[];",
    "}",
    "=== Evaluation stack ===",
    "frame 2.0: attribute 2344; count=1, index=0/1 PD",
    "frame 1.0: attribute 2312; count=1, index=0/2 PDV",
    "frame 0.0: attribute 2080; count=1, index=3/4 DV",
    "===",
]
CONSOLE = (
    ["SheetApp launched", "opening sheet: height 0.0"]
    + LEVEL2
    + ["measured height 212.0"]
    + LEVEL2
    + ["2026-11-30 10:42:07.118204+0100 SheetApp[4012:88120] [SwiftUI] Modifying state during view update, this will cause undefined behavior."]
    + LEVEL3
    + ["closing sheet"]
)

TYPES = [  # id, rule, value type, size, flags
    (1, "External<Bool>", "Bool", 1, 19),
    (2, "DynamicBody<ViewBodyAccessor<SizeReader>>", "GeometryReader<SizeReader.Content>", 24, 10),
    (3, "DynamicBody<ViewBodyAccessor<GeometryReader<SizeReader.Content>>>", "SizeReader.Content", 32, 10),
    (4, "PreferenceCombiner<HeightKey>", "CGFloat", 16, 2),
    (5, "DynamicBody<ViewBodyAccessor<HeightBadge>>", "ModifiedContent<Text, _FrameLayout>", 40, 10),
    (6, "RootDisplayList", "(DisplayList, Version)", 32, 2),
    (7, "DynamicBody<ViewBodyAccessor<CounterLabel>>", "Text", 24, 10),
    (8, "DynamicBody<ViewBodyAccessor<CounterField>>", "TextField<Text>", 48, 10),
    (9, "DynamicBody<ViewBodyAccessor<SettingsRow>>", "HStack<TupleView<(Text, Toggle<Text>)>>", 40, 10),
]

def archive(nodes, edges, trees, graph_id):
    graph = flagged_graph(graph_id, (40, 31, 6), (21, 3), TYPES, nodes, edges, trees)
    return {"version": 2, "graphs": [graph]}

# At the cycle: flags 2 pending + 1 dirty (+ 8 value exists) as the frames say.
AT_CYCLE_NODES = [  # attribute, rule, desc, flags
    (2040, "External<Bool>", "State<Bool> sheetShown", 8),
    (2080, "RootDisplayList", "RootDisplayList", 9),
    (2136, "DynamicBody<ViewBodyAccessor<SizeReader>>", "SizeReader.body", 11),
    (2168, "DynamicBody<ViewBodyAccessor<GeometryReader<SizeReader.Content>>>", "GeometryReader.body", 3),
    (2200, "PreferenceCombiner<HeightKey>", "HeightKey", 3),
    (2248, "DynamicBody<ViewBodyAccessor<HeightBadge>>", "HeightBadge.body", 3),
    (2312, "DynamicBody<ViewBodyAccessor<CounterLabel>>", "CounterLabel.body", 11),
    (2344, "DynamicBody<ViewBodyAccessor<CounterField>>", "CounterField.body", 3),
]
AT_CYCLE_EDGES = [  # src (input), dst (reader), flags
    (2040, 2136, 8),
    (2168, 2136, 0), (2200, 2168, 0), (2248, 2200, 0), (2136, 2248, 8),  # the GeometryReader loop
    (2136, 2080, 0),
    (2344, 2312, 0), (2312, 2344, 8),  # the counter loop
    (2312, 2080, 0),
]
AT_CYCLE_TREES = [{"desc": "SheetContent", "root": True, "nodes": [2200, 2080]}]

# Another moment: the sheet closed, a settings sheet opened; ids reused.
LATER_NODES = [
    (2040, "External<Bool>", "State<Bool> sheetShown", 8),
    (2080, "RootDisplayList", "RootDisplayList", 8),
    (2136, "External<Bool>", "State<Bool> notificationsOn", 8),
    (2200, "DynamicBody<ViewBodyAccessor<SettingsRow>>", "SettingsRow.body", 8),
    (2344, "DynamicBody<ViewBodyAccessor<SettingsRow>>", "SettingsRow.body", 8),
]
LATER_EDGES = [(2136, 2200, 0), (2200, 2080, 0), (2344, 2080, 0), (2040, 2080, 0)]
LATER_TREES = [{"desc": "SettingsSheet", "root": True, "nodes": [2080]}]

write_text(os.path.join(OUT, "sheet-height.log"), "\n".join(CONSOLE) + "\n")
write_text(os.path.join(OUT, "sheet-height-at-cycle.ag-json"),
           json_text(archive(AT_CYCLE_NODES, AT_CYCLE_EDGES, AT_CYCLE_TREES, 9), indent=1, newline=True))
write_text(os.path.join(OUT, "sheet-height-later.ag-json"),
           json_text(archive(LATER_NODES, LATER_EDGES, LATER_TREES, 9), indent=1, newline=True))
