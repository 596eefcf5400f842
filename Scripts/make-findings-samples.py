#!/usr/bin/env python3
"""Writes SampleArchives/findings/: for each finding kind of `agtrace findings` (docs/findings.md),
a recording that raises it and, beside it, its lean twin (`-lean`): the same view done the lean
way, which must raise nothing. Each kind of evidence that can show a kind has its pair:

- console/: `_printChanges` lines and console messages (../shared/formats/swiftui-changes.md,
  ag-cycles.md): wasted-rows, broad-token, whole-object, identity-churn, cycle,
  state-during-update;
- traces/: AttributeGraph traces (docs/formats.md#traces), encoded with make-sample-traces.py's
  writer: broad-write (raises broad-invalidation and wasted-body-runs), slow-body,
  repeated-pass, timer (repeating-write), state-write-logged (state-modified-during-update),
  height-loop (dependency-cycle);
- dumps/: profiled archives (docs/formats.md, "Archives"): wasted-profile.

Instruments' evidence (slow-body, update-in-hitch) is SampleArchives/xctrace/feed-before and
feed-after, written by make-sample-xctrace.py. FindingsSampleTests asserts what each raises.
Run it from the repository root: python3 Scripts/make-findings-samples.py
"""
import importlib.util, os, sys

sys.path.insert(0, os.path.dirname(__file__))
from samplefiles import json_text, write_bytes

spec = importlib.util.spec_from_file_location("traces", os.path.join(os.path.dirname(__file__), "make-sample-traces.py"))
T = importlib.util.module_from_spec(spec)
spec.loader.exec_module(T)

OUT = os.path.join("SampleArchives", "findings")


def log(*rows):
    return ("\n".join(rows) + "\n").encode("utf-8")


OS_LOG = "2026-02-03 09:41:07.500100+0100 Feed[2210:80110]"

CONSOLE = {
    # FeedRow's body ran 6 times, 4 of them with nothing changed; lean: it ran when a value changed.
    "wasted-rows": (log("FeedRow: @self, @identity changed.", "FeedRow: unchanged.", "FeedRow: unchanged.",
                        "FeedRow: _isExpanded changed.", "FeedRow: unchanged.", "FeedRow: unchanged."),
                    log("FeedRow: @self, @identity changed.", "FeedRow: _isExpanded changed.")),
    # One environment object re-runs four views; lean: only the view that shows it re-runs.
    "broad-token": (log("FeedHeader: @self, @identity changed.", "FeedRow: @self, @identity changed.",
                        "FeedFooter: @self, @identity changed.", "Sidebar: @self, @identity changed.",
                        "FeedHeader: _settings changed.", "FeedRow: _settings changed.",
                        "FeedFooter: _settings changed.", "Sidebar: _settings changed."),
                    log("FeedHeader: @self, @identity changed.", "FeedRow: @self, @identity changed.",
                        "FeedFooter: @self, @identity changed.", "Sidebar: @self, @identity changed.",
                        "FeedHeader: _settings changed.")),
    # Two views hold the whole model and re-run on each of its changes; lean: they get values.
    "whole-object": (log("FeedHeader: @self, @identity, _model changed.", "FeedRow: @self, @identity, _model changed.",
                         *["FeedHeader: _model changed.", "FeedRow: _model changed."] * 3),
                     log("FeedHeader: @self, @identity changed.", "FeedRow: @self, @identity changed.",
                         "FeedHeader: @self changed.")),
    # FeedRow's storage is created anew twice after it ran (an unstable id); lean: stable ids.
    "identity-churn": (log("FeedRow: @self, @identity changed.", "FeedRow: @self changed.",
                           "FeedRow: @self, @identity changed.", "FeedRow: @self changed.",
                           "FeedRow: @self, @identity changed."),
                       log("FeedRow: @self, @identity changed.", "FeedRow: @self changed.", "FeedRow: @self changed.")),
    # A sheet whose height loops, reported twice; lean: the same sheet without the loop.
    "cycle": (log("SheetContent: @self, @identity changed.",
                  "=== AttributeGraph: cycle detected through attribute 6144 ===",
                  "=== AttributeGraph: cycle detected through attribute 6144 ===",
                  "SheetContent: _height changed."),
              log("SheetContent: @self, @identity changed.", "SheetContent: _height changed.")),
    # State written from body; lean: written in an action.
    "state-during-update": (log("Counter: @self, @identity changed.",
                                f"{OS_LOG} [SwiftUI] Modifying state during view update, this will cause undefined behavior.",
                                "Counter: _count changed."),
                            log("Counter: @self, @identity changed.", "Counter: _count changed.")),
}

# ---- traces ------------------------------------------------------------------------------------
SIG, DL = 536, 4000
BODY_TYPE = "DynamicBody<ViewBodyAccessor<%s>>"
MS = 1 / 8192  # 122 µs, a binary fraction of a second: durations stay exact
SLOW = 2 / 1024  # 1.95 ms: over Instruments' 1 ms mark


class App:
    """A window of body nodes (attribute, view) under a display list, reading one signal."""

    def __init__(self, bodies, readers):
        self.t = T.Trace(double_time=True)
        self.t.now = 5000.0
        self.bodies = bodies
        self.readers = readers          # the bodies that read the signal
        views = sorted({v for _, v in bodies})
        self.types = [T.EXTERNAL_INT, T.DISPLAY_LIST] + [(BODY_TYPE % v, "Text", 16, 16, 10) for v in views]
        type_of = {v: 3 + i for i, v in enumerate(views)}
        self.t.begin([4], [(7, 4)], [(SIG, 7, 1), (DL, 7, 2)] + [(a, 7, type_of[v]) for a, v in bodies])

    def build(self, dt=MS):
        t = self.t
        t.event(T.BEGIN_GRAPH, 4, dt=MS)
        t.event(T.BEGIN_VALUE, DL, dt=MS)
        for a, _ in self.bodies:
            t.event(T.ADD_EDGE, DL, a)
            t.event(T.BEGIN_VALUE, a, dt=MS)
            if a in self.readers:
                t.event(T.ADD_EDGE, a, SIG)
            t.event(T.SET_VALUE, a)
            t.event(T.END_VALUE, a, 1, dt=dt)
        t.event(T.END_VALUE, DL, 1, dt=MS)
        t.event(T.END_GRAPH, 4)

    def write(self, changed, dt=MS, gap=128 * MS, twice=()):
        """The signal written: every reader marked and re-run (those in `changed` change), then
        the display list; those in `twice` are evaluated again in the same update."""
        t = self.t
        t.event(T.SET_VALUE, SIG, dt=gap)
        t.event(T.BEGIN_INVAL, SIG, 4)
        t.event(T.END_INVAL, SIG, 4)
        for a in self.readers + [DL]:
            t.event(T.SET_DIRTY, a, 1)
        self.update(self.readers, changed, dt, twice)

    def update(self, bodies, changed, dt=MS, twice=()):
        t = self.t
        t.event(T.BEGIN_GRAPH, 4, dt=MS)
        t.event(T.BEGIN_VALUE, DL, dt=MS)
        for a in bodies:
            for _ in range(2 if a in twice else 1):
                t.event(T.BEGIN_VALUE, a, dt=MS)
                t.event(T.END_VALUE, a, 1 if a in changed else 0, dt=dt)
        t.event(T.END_VALUE, DL, 1, dt=MS)
        t.event(T.END_GRAPH, 4)

    def log(self, text):
        self.t.event(T.LOG, dt=MS, data=text)

    def finish(self):
        t = self.t
        t.event(T.END_TRACE, dt=MS)
        t.subgraph(7, 4, [(SIG, 1, []), (DL, 2, [a for a, _ in self.bodies])]
                   + [(a, 2 + 1 + sorted({v for _, v in self.bodies}).index(v), [SIG] if a in self.readers else [])
                      for a, v in self.bodies])
        t.types(self.types)
        return bytes(t.out)


ROWS = [(1048 + 64 * i, "FeedRow") for i in range(4)]
HEADER = (1600, "FeedHeader")


def broad_write(lean):
    # `theme` is read by the header and (raising) by every row: each write re-runs the four
    # rows, one of which changes. Lean: only the header reads it.
    app = App(ROWS + [HEADER], [HEADER[0]] + ([] if lean else [a for a, _ in ROWS]))
    app.build()
    for _ in range(2):
        app.write({HEADER[0], ROWS[0][0]})
    return app.finish()


def slow_body(lean):
    # FeedRow's body takes 1.95 ms of its own time on each run (lean: 122 µs).
    app = App([ROWS[0]], [ROWS[0][0]])
    app.build(dt=MS if lean else SLOW)
    app.write({ROWS[0][0]}, dt=MS if lean else SLOW)
    return app.finish()


def repeated_pass(lean):
    # In each update the row's body is evaluated twice (a preference feeding its state);
    # lean: once.
    app = App([ROWS[0]], [ROWS[0][0]])
    app.build()
    for _ in range(2):
        app.write({ROWS[0][0]}, twice=() if lean else (ROWS[0][0],))
    return app.finish()


def timer(lean):
    # A clock's @State written every 1/64 s (16 × 122 µs, and the update's own), re-running the whole dashboard's body each tick;
    # lean: the dashboard does not read the tick (a TimelineView leaf outside the graph shows it).
    clock = (1700, "Dashboard")
    app = App([clock], [clock[0]])
    app.build()
    for _ in range(12):
        if lean:
            app.update([], set())
        else:
            app.write({clock[0]}, gap=128 * MS)
    return app.finish()


def state_during_update(lean):
    app = App([(1800, "Counter")], [1800])
    app.build()
    if not lean:
        app.log("[SwiftUI] Modifying state during view update, this will cause undefined behavior.")
    app.write({1800})
    return app.finish()


def cycle(lean):
    # The sheet's body reads a height its own layout sets: the engine reports the cycle with
    # its update stack. Lean: the height comes from outside the sheet.
    app = App([(6144, "SheetContent")], [6144])
    app.build()
    if not lean:
        app.t.event(T.BEGIN_GRAPH, 4, dt=MS)
        app.t.event(T.BEGIN_VALUE, DL, dt=MS)
        app.t.event(T.BEGIN_VALUE, 6144, dt=MS)
        app.log("cycle detected through attribute: 6144")
        app.t.record(5, T.update_stack([(6144, True, True), (DL, True, False)]))
        app.t.event(T.END_VALUE, 6144, 1, dt=MS)
        app.t.event(T.END_VALUE, DL, 1, dt=MS)
        app.t.event(T.END_GRAPH, 4)
    return app.finish()


# Named apart from the console samples: labels are shared by every kind (`import SampleArchives`).
TRACES = {"broad-write": broad_write, "slow-body": slow_body, "repeated-pass": repeated_pass,
          "timer": timer, "state-write-logged": state_during_update, "height-loop": cycle}

# ---- profiled dumps ----------------------------------------------------------------------------


def profiled(updates, changes):
    """FeedView with three FeedRows whose body profile counts `updates`, `changes` each."""
    types = [{"id": 1, "name": "External<Feed>", "value": "Feed", "size": 8, "flags": 19},
             {"id": 2, "name": BODY_TYPE % "FeedView", "value": "List<Int, ForEach<Array<Item>, Int, FeedRow>>", "size": 16, "flags": 10},
             {"id": 3, "name": BODY_TYPE % "FeedRow", "value": "HStack<Text>", "size": 24, "flags": 10}]
    def prof(u, c, s):
        return {"update_count": u, "change_count": c, "update_total": s, "changed_total": s * c / u}
    nodes = [{"id": 536, "type": 0, "desc": "Feed", "value": "Feed(items: 3)"},
             {"id": 1048, "type": 1, "desc": "FeedView.body", "value": "List", "profile": prof(2, 2, 2 * MS)}]
    nodes += [{"id": 1100 + 48 * i, "type": 2, "desc": "FeedRow.body", "value": "HStack", "profile": prof(updates, changes, updates * MS / 4)}
              for i in range(3)]
    edges = [{"src": 0, "dst": 1}] + [{"src": 1, "dst": 2 + i} for i in range(3)]
    return {"version": 2, "graphs": [{"id": 1, "update_count": 2 + 3 * updates, "change_count": 2 + 3 * changes,
                                      "types": types, "nodes": nodes, "edges": edges,
                                      "subgraphs": [{"id": 1, "context_id": 1, "nodes": list(range(len(nodes)))}]}]}


if __name__ == "__main__":
    for name, (raising, lean) in CONSOLE.items():
        write_bytes(os.path.join(OUT, "console", name + ".log"), raising)
        write_bytes(os.path.join(OUT, "console", name + "-lean.log"), lean)
    for name, make in TRACES.items():
        write_bytes(os.path.join(OUT, "traces", name + ".ag-trace"), make(False))
        write_bytes(os.path.join(OUT, "traces", name + "-lean.ag-trace"), make(True))
    # Six updates of each row, two of which changed it; lean: two updates, both changes.
    write_bytes(os.path.join(OUT, "dumps", "wasted-profile.ag-json"), json_text(profiled(6, 2), indent=1, newline=True).encode())
    write_bytes(os.path.join(OUT, "dumps", "wasted-profile-lean.ag-json"), json_text(profiled(2, 2), indent=1, newline=True).encode())
    print("wrote", OUT)
