#!/usr/bin/env python3
"""Writes agtrace's own sample traces in the AttributeGraph trace wire format (docs/formats.md#traces).

Two scenarios of the Trip/Planner example windows, encoded here field by
field (nothing is copied from a real trace):
- trip-taps.ag-trace: fixed64 (double) timestamps, a first build with evaluations nested three
  deep, a write of `nights` with its dirty marks (one before the invalidation event, as engines
  write them), a write of `favorite` after which the display list stops reading it (an edge
  removed), an unknown event type (99) and unknown fields in events, a type record and at the
  top level, a log message, and the types and the subgraph at the end;
- planner-edit.ag-trace.gz: gzip'd, varint (whole-second) timestamps as the open-source engine
  writes them, two graphs' contexts, one write fanning out to two editors;
- feed-select.ag-trace and its cut copy feed-select-cut.ag-trace (see feed());
- sheet-cycle.ag-trace: two cycle LogMessages through one attribute, each followed by its
  update stack record (see cycle()).
Run it from the repository root: python3 Scripts/make-sample-traces.py. The outputs are committed.
"""
import gzip, io, struct

from samplefiles import write_bytes

def varint(n):
    out = bytearray()
    n &= (1 << 64) - 1
    while True:
        b = n & 0x7F
        n >>= 7
        if n:
            out.append(b | 0x80)
        else:
            out.append(b)
            return bytes(out)

def key(field, wire):
    return varint(field << 3 | wire)

def vfield(field, n):
    return key(field, 0) + varint(n) if n else b""       # zeros are never written

def dfield(field, x):
    return key(field, 1) + struct.pack("<d", x)

def bfield(field, data):
    data = data.encode() if isinstance(data, str) else data
    return key(field, 2) + varint(len(data)) + data if data else b""

TIMED = set(range(1, 19)) | {50, 51, 52, 54, 55, 56}

class Trace:
    def __init__(self, double_time):
        self.out = bytearray()
        self.double_time = double_time
        self.now = 0.0
        self.events = 0

    def record(self, field, body):
        self.out += bfield(field, body) if body else key(field, 2) + b"\x00"

    def event(self, type, p1=0, p2=0, p3=0, dt=0.0, data=None, extra=b""):
        self.now += dt
        body = vfield(1, type)
        if type in TIMED:
            body += dfield(2, self.now) if self.double_time else vfield(2, int(self.now))
        body += vfield(3, p1) + vfield(4, p2) + vfield(5, p3)
        if data:
            body += bfield(9, data)
        self.record(1, body + extra)
        self.events += 1

    def type(self, id, rule, value, body_size, value_size, flags, extra=b""):
        self.record(3, vfield(1, id) + bfield(2, rule) + bfield(3, value) + vfield(4, body_size)
                    + vfield(5, value_size) + vfield(6, flags) + extra)

    def types(self, rows):
        """The trace's type records, ids 1 up in list order: (rule, value, body size, value size,
        flags[, extra bytes])."""
        for id, row in enumerate(rows, 1):
            self.type(id, *row)

    def begin(self, graphs, subgraphs, nodes):
        """The opening: the first graph created before BeginTrace and the others after, then each
        subgraph (id, graph) and node (attribute, subgraph, type) created."""
        self.event(GRAPH_CREATED, graphs[0])
        self.event(BEGIN_TRACE)
        for g in graphs[1:]:
            self.event(GRAPH_CREATED, g)
        for s, g in subgraphs:
            self.event(SUB_CREATED, s, g)
        for a, s, ty in nodes:
            self.event(NODE_ADDED, a, s, ty)

    def subgraph(self, id, context, nodes, parents=(), indirect=()):
        """nodes: (attribute, type, inputs); indirect: (attribute, source, source subgraph)."""
        body = vfield(1, id) + vfield(2, context)
        for p in parents:
            body += vfield(3, p)
        for attribute, type_id, inputs in nodes:
            node = vfield(1, type_id) + b"".join(bfield(3, vfield(1, i)) for i in inputs)
            body += bfield(6, vfield(1, attribute) + bfield(2, node))
        for attribute, source, subgraph in indirect:
            body += bfield(6, vfield(1, attribute) + bfield(3, vfield(1, source) + vfield(2, subgraph)))
        self.record(2, body)

# Event numbers (the trace_kinds table, docs/schema.md).
BEGIN_TRACE, END_TRACE = 1, 2
BEGIN_SUB, END_SUB, BEGIN_NODE, END_NODE, BEGIN_VALUE, END_VALUE = 3, 4, 5, 6, 7, 8
BEGIN_GRAPH, END_GRAPH, BEGIN_INVAL, END_INVAL = 9, 10, 11, 12
BEGIN_SNAP, END_SNAP = 17, 18
GRAPH_CREATED, SUB_CREATED, SUB_INVALIDATE, SUB_ADD_CHILD, SUB_REMOVE_CHILD, SUB_DESTROY = 32, 35, 36, 37, 38, 53
INDIRECT_ADDED = 44
NODE_ADDED, SET_DIRTY, SET_VALUE, ADD_EDGE, REMOVE_EDGE = 39, 40, 42, 47, 48
LOG = 51
TICK = 1 / 1024  # binary fractions: durations come out exact

# Types the samples' engines share, as `Trace.types` rows: an Int signal, a text and a display list.
EXTERNAL_INT = ("_External", "Int", 0, 8, 19)
TEXT_RULE = ("TextRule", "String", 8, 16, 10)
DISPLAY_LIST = ("DisplayListRule", "Array<String>", 8, 8, 10)

def trip():
    t = Trace(double_time=True)
    NIGHTS, CITY, FAV, BODY, TEXT, DL = 536, 576, 624, 1048, 1088, 1120
    t.now = 1000.0
    t.begin([4], [(7, 4)], [(a, 7, ty) for a, ty in [(NIGHTS, 1), (CITY, 2), (FAV, 3), (BODY, 4), (TEXT, 5), (DL, 6)]])
    # First build: the display list pulls the text, which pulls the body.
    t.event(BEGIN_GRAPH, 4, dt=TICK)
    t.event(BEGIN_SUB, 7, 1)
    t.event(BEGIN_NODE, DL, 1)
    t.event(BEGIN_VALUE, DL, dt=TICK)
    t.event(ADD_EDGE, DL, TEXT)
    t.event(BEGIN_VALUE, TEXT, dt=TICK)
    t.event(ADD_EDGE, TEXT, BODY)
    t.event(BEGIN_VALUE, BODY, dt=TICK)
    for s in (NIGHTS, CITY, FAV):
        t.event(ADD_EDGE, BODY, s)
    t.event(SET_VALUE, BODY)
    t.event(END_VALUE, BODY, 1, dt=4 * TICK)           # body: 4 ticks
    t.event(SET_VALUE, TEXT)
    t.event(END_VALUE, TEXT, 1, dt=2 * TICK)           # text: 7 ticks, 3 its own
    t.event(ADD_EDGE, DL, FAV)
    t.event(SET_VALUE, DL)
    t.event(END_VALUE, DL, 1, dt=TICK)                 # display list: 9 ticks, 2 its own
    t.event(END_NODE, DL, 1)
    t.event(END_SUB, 7)
    t.event(END_GRAPH, 4)

    def write_and_rerun(signal, marked_before, marked_after):
        """A write of `signal`: the value set, the dirty marks written before and after its
        invalidation, then the graph's update opening the display list, text and body in turn."""
        t.event(SET_VALUE, signal, dt=16 * TICK)
        for a in marked_before:
            t.event(SET_DIRTY, a, 1)
        t.event(BEGIN_INVAL, signal, 4)
        t.event(END_INVAL, signal, 4)
        for a in marked_after:
            t.event(SET_DIRTY, a, 1)
        t.event(BEGIN_GRAPH, 4, dt=TICK)
        for a in (DL, TEXT, BODY):
            t.event(BEGIN_VALUE, a, dt=TICK)

    # nights += 1: the value set, one mark before the invalidation and two after.
    write_and_rerun(NIGHTS, [BODY], [TEXT, DL])
    t.event(SET_DIRTY, BODY)                           # cleaned (p2 absent: false)
    t.event(END_VALUE, BODY, 1, dt=8 * TICK)           # body: 8 ticks
    t.event(END_VALUE, TEXT, 1, dt=TICK)               # text: 10, 2 its own
    t.event(END_VALUE, DL, 1, dt=TICK)                 # display list: 12, 2 its own
    t.event(END_GRAPH, 4)
    # A newer engine's event: an unknown type with an unknown varint and bytes field.
    t.event(99, 7, 8, dt=TICK, extra=vfield(12, 5) + bfield(13, b"future"))
    # favorite.toggle(): afterwards the display list no longer reads favorite.
    write_and_rerun(FAV, [], [BODY, DL, TEXT])
    t.event(END_VALUE, BODY, dt=2 * TICK)              # body: 2 ticks, unchanged
    t.event(END_VALUE, TEXT, dt=TICK)                  # text: 4, 2 its own, unchanged
    t.event(REMOVE_EDGE, DL, FAV)
    t.event(END_VALUE, DL, 1, dt=TICK)                 # display list: 6, 2 its own
    t.event(END_GRAPH, 4)
    t.event(LOG, dt=TICK, data="favorite toggled")
    t.event(END_TRACE, dt=TICK)
    t.event(BEGIN_SNAP)
    t.event(END_SNAP)
    t.subgraph(7, 4, [(NIGHTS, 1, []), (CITY, 2, []), (FAV, 3, []), (BODY, 4, [NIGHTS, CITY, FAV]),
                      (TEXT, 5, [BODY]), (DL, 6, [TEXT])])
    t.types([EXTERNAL_INT, ("_External", "String", 0, 16, 19), ("_External", "Bool", 0, 1, 19),
             ("StaticBody<ViewBodyAccessor<TripView>, MainThreadFlags>", "Text", 32, 16, 10,
              vfield(15, 3)),                                          # an unknown field
             TEXT_RULE, DISPLAY_LIST])
    t.out += vfield(20, 42)                                            # unknown top-level fields
    t.out += bfield(21, vfield(1, 1))
    return bytes(t.out), t.events

def planner():
    t = Trace(double_time=False)
    SIG, ED1, ED2, T1, T2, DL = 536, 1048, 1096, 1144, 1176, 1208
    t.now = 906
    t.begin([6, 8], [(3, 6), (4, 8)], [(SIG, 3, 1)] + [(a, 4, ty) for a, ty in [(ED1, 2), (ED2, 2), (T1, 3), (T2, 3), (DL, 4)]])
    def build(first):
        t.event(BEGIN_SUB, 4, 1)
        t.event(BEGIN_NODE, DL, 1)
        t.event(BEGIN_VALUE, DL)
        for text, editor in [(T1, ED1), (T2, ED2)]:
            if first: t.event(ADD_EDGE, DL, text)
            t.event(BEGIN_VALUE, text)
            if first: t.event(ADD_EDGE, text, editor)
            t.event(BEGIN_VALUE, editor)
            if first: t.event(ADD_EDGE, editor, SIG)
            t.event(END_VALUE, editor, 1)
            t.event(END_VALUE, text, 1)
        t.event(END_VALUE, DL, 1)
        t.event(END_NODE, DL, 1)
        t.event(END_SUB, 4)
    build(True)
    t.event(SET_VALUE, SIG)
    t.event(BEGIN_INVAL, SIG, 8)
    t.event(END_INVAL, SIG, 8)
    for a in (ED1, ED2, T1, T2, DL):
        t.event(SET_DIRTY, a, 1)
    build(False)
    t.event(END_TRACE)
    t.subgraph(3, 6, [(SIG, 1, [])])
    t.subgraph(4, 8, [(ED1, 2, [SIG]), (ED2, 2, [SIG]), (T1, 3, [ED1]), (T2, 3, [ED2]), (DL, 4, [T1, T2])])
    t.types([EXTERNAL_INT, ("EditorBody", "String", 16, 16, 10), ("TextRule", "String", 4, 16, 10),
             ("PlannerDisplayList", "Array<String>", 8, 8, 10)])
    return bytes(t.out), t.events

def feed():
    """The feed app: a list of rows, each in a child subgraph of the feed's, reading the
    `selection` signal through an indirect node (as a binding passed down reads it); a write of
    the selection marks every row, then a row is removed (its subgraph detached, invalidated and
    destroyed, the display list's edge to it removed) and row 3 stops reading the selection (an
    edge removed) before the selection is written again."""
    t = Trace(double_time=True)
    SEL, ITEMS, FEED, DL = 536, 576, 1048, 1120
    SEL_IND = 1088                                     # the indirect node's offset; its attribute is 1089
    SEL_ATTR = SEL_IND | 1
    ROWS = [(1552, 1592), (2064, 2104), (2576, 2616), (3088, 3128)]   # (row body, its text), subgraphs 3-6
    t.now = 2000.0
    nodes = [(SEL, 1, 1), (ITEMS, 1, 2), (FEED, 2, 3), (DL, 2, 6)]
    for i, (row, text) in enumerate(ROWS):
        nodes += [(row, 3 + i, 4), (text, 3 + i, 5)]
    t.event(GRAPH_CREATED, 4)
    t.event(BEGIN_TRACE)
    t.event(GRAPH_CREATED, 8)
    t.event(SUB_CREATED, 1, 4)
    t.event(SUB_CREATED, 2, 8)
    for i in range(len(ROWS)):
        t.event(SUB_CREATED, 3 + i, 8)
        t.event(SUB_ADD_CHILD, 2, 3 + i)
    for a, s, ty in nodes:
        t.event(NODE_ADDED, a, s, ty)
    t.event(INDIRECT_ADDED, SEL_IND, 2)              # its source (the signal) only the record names

    # First build: the display list pulls every row's text, each text its row, each row the
    # feed and the selection (through the indirect node).
    t.event(BEGIN_GRAPH, 8, dt=TICK)
    t.event(BEGIN_SUB, 2, 1)
    t.event(BEGIN_NODE, DL, 1)
    t.event(BEGIN_VALUE, DL, dt=TICK)
    t.event(BEGIN_VALUE, FEED, dt=TICK)
    t.event(ADD_EDGE, FEED, ITEMS)
    t.event(END_VALUE, FEED, 1, dt=TICK)
    for row, text in ROWS:
        t.event(ADD_EDGE, DL, text)
        t.event(BEGIN_VALUE, text, dt=TICK)
        t.event(ADD_EDGE, text, row)
        t.event(BEGIN_VALUE, row, dt=TICK)
        t.event(ADD_EDGE, row, FEED)
        t.event(ADD_EDGE, row, SEL_ATTR)
        t.event(END_VALUE, row, 1, dt=TICK)
        t.event(END_VALUE, text, 1, dt=TICK)
    t.event(END_VALUE, DL, 1, dt=TICK)
    t.event(END_NODE, DL, 1)
    t.event(END_SUB, 2)
    t.event(END_GRAPH, 8)

    def write(signal, marked):
        """`signal` set and invalidated, `marked` and the display list marked, the display
        list's update begun."""
        t.event(SET_VALUE, signal, dt=16 * TICK)
        t.event(BEGIN_INVAL, signal, 8)
        t.event(END_INVAL, signal, 8)
        for attribute in marked + [DL]:
            t.event(SET_DIRTY, attribute, 1)
        t.event(BEGIN_GRAPH, 8, dt=TICK)
        t.event(BEGIN_VALUE, DL, dt=TICK)

    cut = {}
    def select(rows, changed, mark_cut=False):
        """selection = n: the signal set and invalidated, every row reading it and what reads
        those marked, then the display list reruns the marked rows (`changed` of them change)."""
        write(SEL, [a for row_and_text in rows for a in row_and_text])
        for row, text in rows:
            t.event(BEGIN_VALUE, text, dt=TICK)
            t.event(BEGIN_VALUE, row, dt=TICK)
            if mark_cut and not cut:
                cut.update(at=len(t.out), events=t.events)
            t.event(END_VALUE, row, 1 if row in changed else 0, dt=2 * TICK)
            t.event(END_VALUE, text, 1 if row in changed else 0, dt=TICK)
        t.event(END_VALUE, DL, 1, dt=TICK)
        t.event(END_GRAPH, 8)

    # selection = 1: rows 1 and 2 change (selected, deselected), rows 3 and 4 rerun unchanged.
    select(ROWS, {ROWS[0][0], ROWS[1][0]})
    # items.remove(row 4): everything below the feed is marked; the feed reruns, row 4's
    # subgraph is detached and destroyed (its record
    # written at the invalidation), the display list stops reading its text; row 3 stops reading
    # the selection.
    write(ITEMS, [FEED] + [a for row_and_text in ROWS for a in row_and_text])
    t.event(BEGIN_VALUE, FEED, dt=TICK)
    t.event(END_VALUE, FEED, 1, dt=TICK)
    t.event(SUB_REMOVE_CHILD, 2, 6)
    t.event(SUB_INVALIDATE, 6)
    t.subgraph(6, 8, [(ROWS[3][0], 4, [FEED, SEL_ATTR]), (ROWS[3][1], 5, [ROWS[3][0]])], parents=[2])
    t.event(SUB_DESTROY, 6)
    t.event(REMOVE_EDGE, DL, ROWS[3][1])
    # The rows left rerun unchanged (the feed's value changed, theirs did not); row 3 no longer
    # reads the selection.
    for i, (row, text) in enumerate(ROWS[:3]):
        t.event(BEGIN_VALUE, text, dt=TICK)
        t.event(BEGIN_VALUE, row, dt=TICK)
        if i == 2:
            t.event(REMOVE_EDGE, row, SEL_ATTR)
        t.event(END_VALUE, row, dt=TICK)
        t.event(END_VALUE, text, dt=TICK)
    t.event(END_VALUE, DL, 1, dt=TICK)
    t.event(END_GRAPH, 8)
    # selection = 2: only rows 1 and 2 still read it.
    select(ROWS[:2], {ROWS[0][0], ROWS[1][0]}, mark_cut=True)
    t.event(END_TRACE, dt=TICK)
    t.event(BEGIN_SNAP)
    t.event(END_SNAP)
    t.subgraph(1, 4, [(SEL, 1, []), (ITEMS, 2, [])])
    t.subgraph(2, 8, [(FEED, 3, [ITEMS]), (DL, 6, [ROWS[0][1], ROWS[1][1], ROWS[2][1]])], indirect=[(SEL_ATTR, SEL, 1)])
    for i, (row, text) in enumerate(ROWS[:3]):
        t.subgraph(3 + i, 8, [(row, 4, [FEED] + ([SEL_ATTR] if i < 2 else [])), (text, 5, [row])], parents=[2])
    t.types([EXTERNAL_INT, ("_External", "Array<Item>", 0, 8, 19),
             ("DynamicBody<ViewBodyAccessor<FeedView>>", "List<Int, ForEach<Array<Item>, Int, FeedRow>>", 16, 24, 10),
             ("DynamicBody<ViewBodyAccessor<FeedRow>>", "HStack<Text>", 24, 32, 10), TEXT_RULE, DISPLAY_LIST])
    full = bytes(t.out)
    # The cut copy: the app killed during the second selection's rerun, inside the display
    # list's, row 1's text's and row 1's evaluations (no EndTrace, no records, no types).
    return full, t.events, full[:cut["at"]], cut["events"]

def update_stack(frames):
    """An update stack record (top-level field 5): (attribute, pending, cyclic) per frame, top first."""
    return b"".join(bfield(1, vfield(1, a) + vfield(2, int(p)) + vfield(3, int(c))) for a, p, c in frames)

def cycle():
    """A sheet whose height loops: the sheet's body 1048 (`SheetContent`) lays out a geometry
    reader 1088, whose height preference 1120 sets a state the frame 1160 reads, and the frame
    reads the body again. Pulled by the display list 1000, the body is found updating twice
    (the engine reports a cycle once per entry, again on the next pass): two cycle LogMessages
    through 1048, each followed by its update stack, top first."""
    t = Trace(double_time=True)
    DL, SIG, BODY, GEO, PREF, FRAME = 1000, 536, 1048, 1088, 1120, 1160
    t.now = 3000.0
    t.begin([4], [(7, 4)], [(SIG, 7, 1), (DL, 7, 2), (BODY, 7, 3), (GEO, 7, 4), (PREF, 7, 5), (FRAME, 7, 6)])
    stack = [(FRAME, True, True), (PREF, True, True), (GEO, True, True), (BODY, True, True), (DL, True, False)]
    def pass_(first):
        t.event(BEGIN_GRAPH, 4, dt=TICK)
        for a in (DL, BODY, GEO, PREF, FRAME):
            t.event(BEGIN_VALUE, a, dt=TICK)
        if first:
            t.event(ADD_EDGE, DL, BODY)
            t.event(ADD_EDGE, BODY, SIG)
            t.event(ADD_EDGE, GEO, BODY)
            t.event(ADD_EDGE, PREF, GEO)
            t.event(ADD_EDGE, FRAME, PREF)
            t.event(ADD_EDGE, FRAME, BODY)
        # The frame reads the body, which is updating: the engine logs the cycle, then its stack.
        t.event(LOG, dt=TICK, data="cycle detected through attribute: %d" % BODY)
        t.record(5, update_stack(stack))
        for a in (FRAME, PREF, GEO, BODY, DL):
            t.event(END_VALUE, a, 1, dt=TICK)
        t.event(END_GRAPH, 4)
    pass_(True)
    t.event(SET_VALUE, SIG, dt=16 * TICK)
    t.event(BEGIN_INVAL, SIG, 4)
    t.event(END_INVAL, SIG, 4)
    pass_(False)
    t.event(END_TRACE, dt=TICK)
    t.subgraph(7, 4, [(SIG, 1, []), (DL, 2, [BODY]), (BODY, 3, [SIG]), (GEO, 4, [BODY]), (PREF, 5, [GEO]),
                      (FRAME, 6, [PREF, BODY])])
    t.types([("_External", "CGFloat", 0, 8, 19), DISPLAY_LIST,
             ("DynamicBody<ViewBodyAccessor<SheetContent>>", "ModifiedContent<GeometryReader<Text>, _FrameLayout>", 16, 24, 10),
             ("GeometryReaderLayout", "ViewGeometry", 8, 32, 10), ("PreferenceTransform<HeightKey>", "CGFloat", 8, 8, 10),
             ("FrameLayoutRule", "ViewSize", 8, 16, 10)])
    return bytes(t.out), t.events

if __name__ == "__main__":
    data, n = trip()
    write_bytes("SampleArchives/traces/trip-taps.ag-trace", data)
    print(f"trip-taps.ag-trace: {len(data)} bytes, {n} events")
    data, n = planner()
    # GzipFile, not gzip.compress: its header names no operating system (0xff), as committed.
    buf = io.BytesIO()
    with gzip.GzipFile(fileobj=buf, mode="wb", mtime=0, filename="") as gz:
        gz.write(data)
    write_bytes("SampleArchives/traces/planner-edit.ag-trace.gz", buf.getvalue())
    print(f"planner-edit.ag-trace.gz: {len(data)} bytes before gzip, {len(buf.getvalue())} after, {n} events")
    data, n, cut, cut_events = feed()
    write_bytes("SampleArchives/traces/feed-select.ag-trace", data)
    print(f"feed-select.ag-trace: {len(data)} bytes, {n} events")
    write_bytes("SampleArchives/traces/feed-select-cut.ag-trace", cut)
    print(f"feed-select-cut.ag-trace: {len(cut)} bytes, {cut_events} events")
    data, n = cycle()
    write_bytes("SampleArchives/traces/sheet-cycle.ag-trace", data)
    print(f"sheet-cycle.ag-trace: {len(data)} bytes, {n} events")
