#!/usr/bin/env python3
"""Writes SampleArchives/console/: console logs to the documented formats
(../shared/formats/ag-cycles.md, swiftui-changes.md; docs/formats.md, "Console logs"), every
shape the console reader recognises, with the counts SampleArchives/console/README.md states
(ConsoleSampleTests checks them).

- sheet-loop.log: Xcode's console: app output, a level-2 report (header, four frames, `===`),
  the same attribute's header again (level 1), SwiftUI's two update warnings in os_log form.
- digraph-trap.log: a level-3 report (header, `digraph {…}` with three node labels,
  `=== Evaluation stack ===`, three frames, one with no flags and its line's trailing space,
  `===`), then the trap in both spellings (one cycle: the trap lines are its warnings).
- cut-and-traps.log: a report whose third frame line is cut mid-way and whose `===` never
  came, a trap with no header (its own report), an os_log `Cycle detected through attribute`
  with no header (its own report), and the no-subgraph crash with its type on the next line.
- ci-changes.log: a CI job's log of `_printChanges` lines, CRLF throughout and no line end
  after its last line: runner timestamps, `log stream` columns, Xcode's time and process
  columns, Markdown backticks around a line and around tokens, a note after a line, nested and
  generic view names, `@16` offsets, key paths with brackets and `, ` inside them, `unchanged`,
  an lldb result and the app's own output (`Error: value changed.` is no body-change line).

Run it from the repository root: python3 Scripts/make-sample-console.py
"""
import os

from samplefiles import write_bytes

OUT = os.path.join("SampleArchives", "console")


def lines(*rows, end="\n", last_end=True):
    text = end.join(rows)
    return (text + end if last_end else text).encode("utf-8")


OS_LOG = "2026-01-05 10:12:33.104218+0100 Planner[812:33401]"

SHEET_CYCLE = lines(
    "Loading settings for Planner",
    "=== AttributeGraph: cycle detected through attribute 4112 ===",
    "frame 3.0: attribute 4168; count=1, index=0/2 PD",
    "frame 2.0: attribute 4112; count=1, index=1/2 PD",
    "frame 1.0: attribute 4020; count=1, index=0/1 PDV",
    "frame 0.0: attribute 3980; count=2, index=0/3 V",
    "===",
    "=== AttributeGraph: cycle detected through attribute 4112 ===",
    f"{OS_LOG} [SwiftUI] Modifying state during view update, this will cause undefined behavior.",
    f"{OS_LOG} [SwiftUI] Publishing changes from within view updates is not allowed, this will cause undefined behavior.",
)

DIGRAPH_TRAP = lines(
    "=== AttributeGraph: cycle detected through attribute 5204 ===",
    "digraph {",
    '  _5204[label="5204: DynamicBody<ViewBodyAccessor<TripSh\u2026" fillcolor="#ffff00" style=filled];',
    '  _5260[label="5260: LayoutComputer" style=dashed];',
    '  _5312[label="5312: GeometryReader<Text>" color=red];',
    "  _5204 -> _5260[color=red];",
    '  _5260 -> _5312[label="@16"];',
    "  _5312 -> _5204;",
    "}",
    "=== Evaluation stack ===",
    "frame 2.0: attribute 5204; count=1, index=0/1 PD",
    "frame 1.0: attribute 5312; count=1, index=1/2 D",
    "frame 0.0: attribute 5260; count=1, index=0/1 ",
    "===",
    "2026-01-05 10:14:02.551203+0100 Planner[812:33401] [error] precondition failure: cyclic graph: 5204",
    "AttributeGraph precondition failure: cyclic graph: 5204.",
)

CUT_AND_TRAPS = lines(
    "=== AttributeGraph: cycle detected through attribute 7300 ===",
    "",
    "=== Evaluation stack ===",
    "frame 4.0: attribute 7344; count=1, index=0/1 PD",
    "frame 3.0: attribute 7390; count=1, index=0/2 PD",
    "frame 2.0: attribute 7412; count=1, ind",
    "Tapped Save",
    "2026-01-05 10:20:11.000100+0100 Planner[812:33401] [error] precondition failure: cyclic graph: 9120",
    "AttributeGraph precondition failure: cyclic graph: 9120.",
    "2026-01-05 10:20:12.331020+0100 Planner[812:33401] [AttributeGraph] Cycle detected through attribute: 9444",
    "Thread 1: Fatal error: attempting to create attribute with no subgraph:",
    "UnwrapConditional<ViewDescriptor, Optional<Text>, Text>",
)

STREAM = "2026-01-05 10:00:02.310551+0000 0x2f1a     Info        0x0                  4012   0    Planner: (SwiftUI) [com.apple.SwiftUI:Changed Body Properties] "


def ci_log(*rows):
    """A CI runner's log: each (second, tenth, text) after the runner's timestamp, CRLF between
    lines and none after the last."""
    return lines(*(f"2026-01-05T10:00:0{second}.{tenth}00Z {text}" for second, tenth, text in rows),
                 end="\r\n", last_end=False)


CI_CHANGES = ci_log(
    (0, 1, "##[group]Run xcodebuild test -scheme Planner"),
    (1, 2, "Test Suite 'PlannerUITests' started"),
    (2, 3, "`PlannerView: @self, @identity, _model changed.`"),
    (2, 4, STREAM + "Editor<Date>: @self changed."),
    (3, 1, "10:00:03.120 Planner[4012:88120] Editor<Date>: unchanged."),
    (3, 2, "Planner.Toolbar: `@16`, `_isEditing` changed."),
    (3, 3, "Planner.Toolbar: @16 changed.   <- after tapping Edit"),
    (4, 1, "Inspector<Dictionary<String, Int>>: \\Store<Array<Trip>>.items, \\Store<Dictionary<String, Int>>.totals changed."),
    (4, 2, "Inspector<Dictionary<String, Int>>: \\Store.<computed 0x0000000104e3c7a0 (String)> changed."),
    (5, 1, "PlannerView: unchanged."),
    (5, 2, "() $R6 = {}"),
    (5, 3, "Error: value changed."),
    (5, 4, "Saved 3 trips"),
    (6, 1, "PlannerView: unchanged."),
    (6, 2, STREAM + "Editor<Date>: @dependencies, @self changed."),
    (7, 1, "Planner.Toolbar: __n, @16 changed."),
    (8, 1, "Test Suite 'PlannerUITests' passed"),
)

for name, data in [("sheet-loop.log", SHEET_CYCLE), ("digraph-trap.log", DIGRAPH_TRAP),
                   ("cut-and-traps.log", CUT_AND_TRAPS), ("ci-changes.log", CI_CHANGES)]:
    write_bytes(os.path.join(OUT, name), data)
