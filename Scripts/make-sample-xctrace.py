#!/usr/bin/env python3
"""Writes agtrace's own Instruments samples: `xctrace export` XML of the SwiftUI template's
tables, to the layouts of ../shared/formats/xctrace-export.md (none of it is a real recording).

A feed scrolled for 40 frames, recorded twice: `feed-before/` and `feed-after/` (the same
interaction, with FeedRow's body made three times slower), each a folder of one file per table
as a CI job exports them (toc.xml, swiftui-updates, swiftui-causes, swiftui-update-groups,
swiftui-changes, hitches, potential-hangs: Xcode 27's 18-column updates); and single files:
`updates-xcode26.xml` (the 16-column layout, no downstream-cost/-events) and
`updates-xcode27.xml.gz` (gzip'd). Values repeat through id/ref across rows and into nested
elements (a later `<process ref>` names the process inside an earlier thread), cells are
`<sentinel/>`, view-names blank or `[unknown view: created before tracing started?]`.

What agtrace should answer is written beside them, computed here: expected.json (per view,
body update count and summed duration; per hitch and hang, the updates starting inside its
window [start, start + duration), by view). Run from SampleArchives/xctrace
(python3 ../../Scripts/make-sample-xctrace.py); the outputs are committed.
"""
import gzip
import json
import os
from xml.sax.saxutils import escape, quoteattr

PID = 4242
APP = "FeedApp"
FRAMES = 40
FRAME_NS = 16_666_666
UNKNOWN_VIEW = "[unknown view: created before tracing started?]"

COLUMNS_27 = [
    ("start", "Start", "start-time"), ("duration", "Duration", "duration"), ("id", "ID", "uint64"),
    ("update-type", "Update Type", "string"), ("allocations", "Allocations", "uint64"),
    ("description", "Description", "string"), ("category", "Category", "string"),
    ("view-hierarchy", "View Hierarchy", "string"), ("module", "Module", "string"),
    ("view-name", "View Name", "string"), ("process", "Process", "process"), ("thread", "Thread", "thread"),
    ("root-causes", "Root Causes", "string"), ("severity", "Severity", "string"),
    ("downstream-cost", "Downstream Cost", "duration"), ("downstream-events", "Downstream Events", "uint64"),
    ("cause-graph-node", "Cause Graph Node", "uint64"), ("full-cause-graph-node", "Full Cause Graph Node", "uint64"),
]
COLUMNS_26 = [c for c in COLUMNS_27 if c[0] not in ("downstream-cost", "downstream-events")]


class Doc:
    """One export document: de-duplicates values by (tag, fmt, text) as xctrace does."""

    def __init__(self):
        self.next_id = 1
        self.ids = {}
        self.parts = []

    def new_id(self):
        i = self.next_id
        self.next_id += 1
        return i

    def scalar(self, tag, text, fmt=None):
        key = (tag, str(text), fmt)
        if key in self.ids:
            return f'<{tag} ref="{self.ids[key]}"/>'
        i = self.new_id()
        self.ids[key] = i
        f = f" fmt={quoteattr(fmt if fmt is not None else str(text))}"
        return f'<{tag} id="{i}"{f}>{escape(str(text))}</{tag}>'

    def process(self):
        key = ("process",)
        if key in self.ids:
            return f'<process ref="{self.ids[key]}"/>'
        i = self.new_id()
        self.ids[key] = i
        pid = self.scalar("pid", PID)
        session = self.scalar("device-session", "TODO")
        return f'<process id="{i}" fmt="{APP} ({PID})">{pid}{session}</process>'

    def thread(self, main=True):
        key = ("thread", main)
        if key in self.ids:
            return f'<thread ref="{self.ids[key]}"/>'
        i = self.new_id()
        self.ids[key] = i
        tid = 0x6458125 if main else 0x6458200
        name = "Main Thread" if main else "Thread"
        inner = self.scalar("tid", tid, hex(tid)) + self.process()
        return f'<thread id="{i}" fmt="{name} {hex(tid)} ({APP}, pid: {PID})">{inner}</thread>'

    def backtrace(self, frames):
        key = ("backtrace", tuple(frames))
        if key in self.ids:
            return f'<backtrace ref="{self.ids[key]}"/>'
        i = self.new_id()
        self.ids[key] = i
        out = []
        for name, addr in frames:
            fkey = ("frame", name, addr)
            if fkey in self.ids:
                out.append(f'<frame ref="{self.ids[fkey]}"/>')
                continue
            fi = self.new_id()
            self.ids[fkey] = fi
            bkey = ("binary",)
            if bkey in self.ids:
                binary = f'<binary ref="{self.ids[bkey]}"/>'
            else:
                bi = self.new_id()
                self.ids[bkey] = bi
                binary = (f'<binary id="{bi}" name="{APP}" UUID="0A1B2C3D-0000-4000-8000-00000000F00D" arch="arm64" '
                          f'load-addr="0x100000000" path="/private/var/containers/Bundle/Application/{APP}.app/{APP}"/>')
            out.append(f'<frame id="{fi}" name={quoteattr(name)} addr="{addr}">{binary}</frame>')
        return f'<backtrace id="{i}">{"".join(out)}</backtrace>'


def ms(ns):
    return f"{ns / 1e6:.2f} ms" if ns < 1e9 else f"{ns / 1e9:.2f} s"


def clock(ns):
    s = ns // 1_000_000_000
    rest = ns % 1_000_000_000
    return f"00:{s:02d}.{rest // 1_000_000:03d}.{(rest // 1000) % 1000:03d}"


def query(schema, columns, rows, table):
    cols = "".join(f"<col><mnemonic>{m}</mnemonic><name>{n}</name><engineering-type>{e}</engineering-type></col>" for m, n, e in columns)
    body = "\n".join(f"<row>{''.join(r)}</row>" for r in rows)
    return (f"<?xml version=\"1.0\"?>\n<trace-query-result>\n<node xpath='//trace-toc[1]/run[1]/data[1]/table[{table}]'>"
            f"<schema name=\"{schema}\">{cols}</schema>{body}\n</node></trace-query-result>\n")


def interaction(slow):
    """The updates of 40 frames: (start, duration, type, description, module, view_name, hierarchy, downstream)."""
    updates = []
    t = 100_000_000
    for frame in range(FRAMES):
        start = t + frame * FRAME_NS
        at = start
        heavy = frame in (10, 11, 25)  # frames where rows are rebuilt: the hitches
        def add(duration, kind, desc, module, name, hierarchy, downstream=0):
            nonlocal at
            updates.append((at, duration, kind, desc, module, name, hierarchy, downstream))
            at += duration + 1000
        add(180_000 + frame * 10, "View Body Updates", "FeedView.body", APP, "FeedView", "FeedView", 900_000)
        for row in range(3):
            base = 2_400_000 if heavy else 400_000
            d = (base + row * 25_000) * (3 if slow else 1)
            name = "FeedRow" if frame % 4 else ("" if row == 0 else UNKNOWN_VIEW)
            add(d, "View Body Updates", "FeedRow.body", APP, name, "FeedView ← LazyVStack ← FeedRow", 120_000)
            add(90_000 + row * 1000, "View Body Updates", "AvatarView.body", APP, "AvatarView", "FeedView ← LazyVStack ← FeedRow ← AvatarView")
        add(55_000, "Other Updates", "DynamicContainerInfo<DynamicLayoutViewAdaptor>", "SwiftUI", "", "FeedView ← LazyVStack")
        add(70_000, "View Body Updates", "LazyView.body", "SwiftUICore", UNKNOWN_VIEW, "FeedView ← LazyVStack")
        if frame % 10 == 0:
            add(300_000, "Representable Updates", "MapRepresentable", APP, "MapRepresentable", "FeedView ← MapRepresentable")
    return updates


def severity(ns):
    return "Very High" if ns >= 5_000_000 else "High" if ns >= 2_000_000 else "Moderate" if ns >= 1_000_000 else "Low" if ns >= 250_000 else "Very Low"


def updates_doc(updates, columns):
    d = Doc()
    rows = []
    for n, (start, dur, kind, desc, module, name, hierarchy, downstream) in enumerate(updates):
        cells = {
            "start": lambda: d.scalar("start-time", start, clock(start)), "duration": lambda: d.scalar("duration", dur, ms(dur)),
            "id": lambda: d.scalar("uint64", 1000 + n), "update-type": lambda: d.scalar("string", kind),
            "allocations": lambda: "<sentinel/>" if n % 3 else d.scalar("uint64", n % 7),
            "description": lambda: d.scalar("string", desc), "category": lambda: d.scalar("string", "Update" if n > 5 else "Creation"),
            "view-hierarchy": lambda: d.scalar("string", hierarchy), "module": lambda: d.scalar("string", module),
            "view-name": lambda: d.scalar("string", name), "process": lambda: d.process(), "thread": lambda: d.thread(),
            "root-causes": lambda: "<sentinel/>", "severity": lambda: d.scalar("string", severity(dur)),
            "downstream-cost": lambda: d.scalar("duration", downstream, ms(downstream)), "downstream-events": lambda: d.scalar("uint64", 3 if downstream else 0),
            "cause-graph-node": lambda: d.scalar("uint64", 500 + n % 9), "full-cause-graph-node": lambda: d.scalar("uint64", 18446744073709551615, "0xffffffffffffffff"),
        }
        # Written in column order, only the layout's columns: an id is defined where it is
        # first written (the process on its own, then a thread holding a ref to it).
        rows.append([cells[c[0]]() for c in columns])
    return query("swiftui-updates", columns, rows, 14)


def causes_doc(updates):
    d = Doc()
    cols = [("timestamp", "Timestamp", "start-time"), ("source-node-event-id", "Source Event", "uint64"),
            ("source-node", "Source", "metadata"), ("destination-node-event-id", "Destination Event", "uint64"),
            ("destination-node", "Destination", "metadata"), ("label", "Label", "string"),
            ("value-type", "Value Type", "string"), ("changed-properties", "Changed Properties", "string"),
            ("layout-info", "Layout Info", "string"), ("process", "Process", "process")]
    rows = []
    for n, u in enumerate(updates):
        if u[3] != "FeedRow.body":
            continue
        src = "@AppStorage FeedModel.rowHeight" if n % 2 else "EnvironmentWriter: ColorScheme"
        rows.append([d.scalar("start-time", u[0] - 500, clock(u[0] - 500)), d.scalar("uint64", 9000 + n),
                     d.scalar("metadata", 0, src), d.scalar("uint64", 1000 + n), d.scalar("metadata", 1, "FeedRow.body"),
                     d.scalar("string", "update"), d.scalar("string", "Double" if n % 2 else "ColorScheme"),
                     d.scalar("string", "rowHeight" if n % 2 else ""), "<sentinel/>", d.process()])
    return query("swiftui-causes", cols, rows, 12)


def groups_doc(updates):
    d = Doc()
    cols = [("start", "Start", "start-time"), ("duration", "Duration", "duration"), ("label", "Label", "string"),
            ("cause-backtrace", "Cause Backtrace", "backtrace"), ("backtrace", "Backtrace", "backtrace"),
            ("process", "Process", "process"), ("thread", "Thread", "thread")]
    rows = []
    for frame in range(FRAMES):
        inside = [u for u in updates if 100_000_000 + frame * FRAME_NS <= u[0] < 100_000_000 + (frame + 1) * FRAME_NS]
        # A group lasts from its first update to the end of the last one to end (updates nest:
        # the last to start is not always the last to end).
        start, end = inside[0][0], max(u[0] + u[1] for u in inside)
        label = "Transaction for Gesture" if frame % 5 == 0 else "Transaction"
        rows.append([d.scalar("start-time", start, clock(start)), d.scalar("duration", end - start, ms(end - start)),
                     d.scalar("string", label), d.backtrace([("FeedModel.scrolled(to:)", "0x100004f10"), ("closure #1 in FeedView.body.getter", "0x100003a20")]),
                     d.backtrace([("FeedView.body.getter", "0x100003980")]), d.thread(), d.process()])
    return query("swiftui-update-groups", cols, rows, 13)


def changes_doc():
    d = Doc()
    cols = [("timestamp", "Timestamp", "start-time"), ("id", "ID", "uint64"), ("description", "Description", "string"),
            ("backtrace", "Backtrace", "backtrace"), ("process", "Process", "process"), ("thread", "Thread", "thread")]
    rows = []
    for frame in range(0, FRAMES, 4):
        t = 100_000_000 + frame * FRAME_NS - 2000
        rows.append([d.scalar("start-time", t, clock(t)), d.scalar("uint64", 7000 + frame), d.scalar("string", "External: Time"),
                     d.backtrace([("FeedModel.tick()", "0x100005000")]), d.process(), d.thread(main=frame % 8 == 0)])
    return query("swiftui-changes", cols, rows, 11)


HITCH_FRAMES = [(10, 2), (25, 1)]  # (first frame, frames long)


def hitches_doc(windows):
    d = Doc()
    cols = [("start", "Start", "start-time"), ("duration", "Duration", "duration"), ("process", "Process", "process"),
            ("is-system", "Is System", "boolean"), ("swap-id", "Swap ID", "uint32"), ("label", "Swap ID", "string"),
            ("display", "Display", "display-name"), ("narrative-description", "Potential Issue", "string")]
    rows = []
    for n, (start, dur) in enumerate(windows):
        rows.append([d.scalar("start-time", start, clock(start)), d.scalar("duration", dur, ms(dur)), d.process(),
                     d.scalar("boolean", 0, "No"), d.scalar("uint32", 770000 + n), d.scalar("string", hex(0xbb000 + n)),
                     d.scalar("display-name", "Display 1"), d.scalar("string", "Potentially expensive app update(s)")])
    return query("hitches", cols, rows, 8)


def hangs_doc(windows):
    d = Doc()
    cols = [("start", "Start", "start-time"), ("duration", "Duration", "duration"), ("hang-type", "Hang Type", "hang-type"),
            ("thread", "Thread", "thread"), ("process", "Process", "process")]
    rows = [[d.scalar("start-time", s, clock(s)), d.scalar("duration", dur, ms(dur)), d.scalar("hang-type", kind),
             d.thread(), d.process()] for s, dur, kind in windows]
    return query("potential-hangs", cols, rows, 9)


def toc(label, duration_ns):
    tables = ["swiftui-updates", "swiftui-update-groups", "swiftui-causes", "swiftui-full-causes", "swiftui-changes",
              "hitches", "potential-hangs", "time-profile"]
    data = "\n".join(f'                <table schema="{s}"/>' for s in tables)
    return f"""<?xml version="1.0"?>
<trace-toc>
    <run number="1">
        <info>
            <target>
                <device uuid="00000000-0000-4000-8000-000000000001" model="iPhone 17" name="Sample iPhone (synthetic)" os-version="27.0 (27A5218g)" platform="iOS Simulator"/>
                <process name="{APP}" pid="{PID}" return-exit-status="0" termination-reason="exit(0)"/>
            </target>
            <summary>
                <start-date>2026-11-30T10:00:00.000Z</start-date>
                <end-date>2026-11-30T10:00:01.000Z</end-date>
                <duration>{duration_ns / 1e9:.6f}</duration>
                <end-reason>Target app exited</end-reason>
                <instruments-version>27.0 (27A5218g)</instruments-version>
                <template-name>SwiftUI</template-name>
                <recording-mode>Immediate</recording-mode>
                <time-limit>1 minute</time-limit>
            </summary>
        </info>
        <processes>
            <process name="{APP}" pid="{PID}" path="/private/var/containers/Bundle/Application/{APP}.app/{APP}"/>
        </processes>
        <data>
{data}
        </data>
    </run>
</trace-toc>
<!-- {label}: written by Scripts/make-sample-xctrace.py, not a real recording -->
"""


def by_view(updates):
    out = {}
    for start, dur, kind, desc, module, name, hierarchy, downstream in updates:
        if kind != "View Body Updates":
            continue
        view = desc[:-5] if desc.endswith(".body") else desc
        v = out.setdefault(view, {"count": 0, "duration_ns": 0, "is_app": module not in ("SwiftUI", "SwiftUICore", "<unknown>")})
        v["count"] += 1
        v["duration_ns"] += dur
    return dict(sorted(out.items()))


def inside(updates, start, dur):
    return by_view([u for u in updates if start <= u[0] < start + dur])


def write(path, text, compress=False):
    data = text.encode()
    if compress:
        with open(path, "wb") as f:
            f.write(gzip.compress(data, mtime=0))
    else:
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)


def recording(folder, slow):
    updates = interaction(slow)
    os.makedirs(folder, exist_ok=True)
    end = updates[-1][0] + updates[-1][1]
    # A hitch covers its frames and one frame after (the late swap).
    hitches = []
    for first, length in HITCH_FRAMES:
        s = 100_000_000 + first * FRAME_NS
        hitches.append((s, (length + 1) * FRAME_NS))
    hangs = [(100_000_000 + 24 * FRAME_NS, 3 * FRAME_NS + 50_000_000, "Microhang")]
    write(f"{folder}/toc.xml", toc(folder, end + 10_000_000))
    write(f"{folder}/swiftui-updates.xml", updates_doc(updates, COLUMNS_27))
    write(f"{folder}/swiftui-causes.xml", causes_doc(updates))
    write(f"{folder}/swiftui-update-groups.xml", groups_doc(updates))
    write(f"{folder}/swiftui-changes.xml", changes_doc())
    write(f"{folder}/hitches.xml", hitches_doc(hitches))
    write(f"{folder}/potential-hangs.xml", hangs_doc(hangs))
    return {
        "updates": len(updates),
        "body_updates_by_view": by_view(updates),
        "hitches": [{"start_ns": s, "duration_ns": d, "body_updates_by_view": inside(updates, s, d)} for s, d in hitches],
        "hangs": [{"start_ns": s, "duration_ns": d, "hang_type": k, "body_updates_by_view": inside(updates, s, d)} for s, d, k in hangs],
    }


def main():
    expected = {
        "about": "written by Scripts/make-sample-xctrace.py: what agtrace should answer over these samples. "
                 "body_updates_by_view: rows of swiftui-updates with update-type 'View Body Updates', by description "
                 "without '.body'; a hitch's or hang's updates are those whose start is in [start, start + duration).",
        "recordings": {"feed-before": recording("feed-before", slow=False), "feed-after": recording("feed-after", slow=True)},
    }
    single = interaction(False)
    write("updates-xcode26.xml", updates_doc(single, COLUMNS_26))
    write("updates-xcode27.xml.gz", updates_doc(single, COLUMNS_27), compress=True)
    expected["recordings"]["updates-xcode26"] = {"updates": len(single), "body_updates_by_view": by_view(single)}
    expected["recordings"]["updates-xcode27"] = {"updates": len(single), "body_updates_by_view": by_view(single)}
    with open("expected.json", "w") as f:
        json.dump(expected, f, indent=1, sort_keys=True)
        f.write("\n")


if __name__ == "__main__":
    main()
