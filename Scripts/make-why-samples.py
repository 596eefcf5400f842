#!/usr/bin/env python3
"""Writes SampleArchives/why/: the samples of `agtrace why` and of dirty-walks' `reran`, to the
documented formats (docs/formats.md: archives, transcripts of shape 5).

- planner-after-invalidate.ag-json: the Planner window of make-sample-archives.py dumped right
  after AGGraphInvalidateValue(1592) (its `nights` signal) and a direct invalidation of the
  Inspector's body 4052, before anything reran: dirty bits on 1620, 1664, 1712, 1760 and 4052,
  the changed flag (8) on the signal's edges into 1620, 1664 and 1712, and a debug tree
  (Planner owning 1560, listing 1620 and the signal; two Editors listing 1664 and 1712).
- trip-then-planner.txt: one line per hit. The Trip is built, `nights` written (3032); then
  the Planner window's first build follows before the next write: the Trip write's walk
  reaches 3152 and 3216 only, not the Planner's four first updates. Then the Planner's
  `nights` (1592) is written and its four nodes rerun.

Run it from the repository root: python3 Scripts/make-why-samples.py
"""
import os

from samplefiles import PLANNER_EDGES, PLANNER_NODES, PLANNER_TYPES, flagged_graph, json_text, node_index, write_text

OUT = os.path.join("SampleArchives", "why")
os.makedirs(OUT, exist_ok=True)

TYPES = PLANNER_TYPES + [
    (7, "DynamicBody<ViewBodyAccessor<Inspector>>", "Text", 24, 10),
]
# attribute, flags (8 value exists, +1 dirty): the Planner's nodes, then the Inspector's.
NODES = [(a, *PLANNER_NODES[a], flags)
         for a, flags in [(536, 8), (1560, 8), (1592, 8), (1620, 9), (1664, 9), (1712, 9), (1760, 9)]] + [
    (4004, "External<()>", "State<Int> nights (binding)", 8),
    (4052, "DynamicBody<ViewBodyAccessor<Inspector>>", "Inspector.body", 9),
]
IDX = node_index(NODES)
# src, dst, flags: the signal's edges changed (8); the Inspector's binding edge is 16.
EDGES = [(s, d, 8 if s == 1592 else 0) for s, d in PLANNER_EDGES] + [(4004, 4052, 16)]

graph = flagged_graph(7, (9, 7, 3), (11, 5), TYPES, NODES, EDGES, [
    {"node": IDX[1560], "desc": "Planner", "root": True, "children": [1, 2],
     "values": {"nights": {"node": IDX[1592]}}, "nodes": [1620]},
    {"desc": "Editor", "nodes": [1664]},
    {"desc": "Editor", "nodes": [1712]},
])
write_text(os.path.join(OUT, "planner-after-invalidate.ag-json"), json_text({"version": 2, "graphs": [graph]}, indent=1, newline=True))

HITS = """Trip window opens
AG::Graph::update_attribute 3216
AG::Graph::add_input 3216 3152
AG::Graph::update_attribute 3152
AG::Graph::add_input 3152 3032
AG::Graph::add_input 3152 800
tap: nights += 1
AGGraphInvalidateValue 3032
AG::Graph::update_attribute 3152
AG::Graph::update_attribute 3216
Planner window opens
AG::Graph::update_attribute 1760
AG::Graph::add_input 1760 1664
AG::Graph::update_attribute 1664
AG::Graph::add_input 1664 1592
AG::Graph::add_input 1664 1620
AG::Graph::update_attribute 1620
AG::Graph::add_input 1620 1592
AG::Graph::add_input 1620 1560
AG::Graph::add_input 1760 1712
AG::Graph::update_attribute 1712
AG::Graph::add_input 1712 1592
AG::Graph::add_input 1712 1620
tap: planner nights += 1
AGGraphInvalidateValue 1592
AG::Graph::update_attribute 1620
AG::Graph::update_attribute 1664
AG::Graph::update_attribute 1712
AG::Graph::update_attribute 1760
"""
write_text(os.path.join(OUT, "trip-then-planner.txt"), HITS)
