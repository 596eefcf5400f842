#!/usr/bin/env python3
"""Writes the samples of the CI example (docs/ci.md) to SampleArchives/ci/.

A Planner app's scripted interaction "tap-stepper" (open the window, tap a stepper three times)
recorded under lldb the way docs/ci.md records it (auto-continuing breakpoint on
AG::Graph::update_attribute with `bt 1` and `register read w1`: shape 3 of
docs/formats.md#transcripts, arm64), each with the AGGraphArchiveJSON dump the
script takes at the end (docs/formats.md#archives), in two builds:

- build A, the baseline's: attributes 240 Planner.body, 280 StepperRow.body, 320 Summary.body,
  360 the stepper's Text, 400 RootDisplayList;
- build B, after a change to the view structure: the same views under other ids, StepperRow
  and Summary swapped (320 and 280), the Text and display list moved (440, 480).

Recordings:
- tap-stepper.lldb.log (build A), tap-stepper-rebuilt.lldb.log (build B, the same work):
  open 240, 280, 320, 360, 400; each tap 280, 360, 400. 14 updates, exit status 0.
- tap-stepper-regressed.lldb.log (build B): each tap also reruns Summary.body: 17 updates.
- tap-stepper-crashed.lldb.log (build B): cut mid-run by a crash, after the first tap
  (`stop reason = EXC_BAD_ACCESS`), 8 updates.
- tap-stepper-trapped.lldb.log (build B): a Swift trap after the first tap (a force unwrap of
  nil: Swift's `Fatal error: …` line, then lldb's stop for it), 8 updates.
- tap-stepper-glued.lldb.log (build B, the regressed work): the app's ui-script prints its
  "tap stepper" lines without a newline, so lldb's next echo goes on after each of them
  (`ui-script: tap stepper (1 of 3)(lldb)  bt 1`). 17 updates, as the regressed recording.
- tap-stepper-recorder.lldb (build B, the same work as the rebuilt one): the lldb recorder's
  own format (`agtrace record --kinds update`, arm64), stopped normally (its `stop` line), 14
  updates.

broken-baselines/: the view-keyed baseline of build A, each file broken one way (a duplicated
entry, a duplicated "version", a malformed key, a total that is not the sum, a count of 2^63,
a count past 2^53). Run from the repository root: python3 Scripts/make-ci-samples.py. The
outputs are committed.
"""
import hashlib, os

from samplefiles import json_text, numbered_types, type_index, type_objects, write_text

OUT = "SampleArchives/ci"

TYPES = numbered_types([  # (rule, value type, size, flags), ids 1 to 7
    ("External<Planner>", "Planner", 24, 19),
    ("External<()>", "()", 0, 19),
    ("DynamicBody<ViewBodyAccessor<Planner>>", "VStack<TupleView<(StepperRow, Summary)>>", 40, 10),
    ("DynamicBody<ViewBodyAccessor<StepperRow>>", "Stepper<Text>", 56, 10),
    ("DynamicBody<ViewBodyAccessor<Summary>>", "Text", 48, 10),
    ("ViewLeafView<Text>", "DisplayList", 40, 10),
    ("RootDisplayList", "(DisplayList, Version)", 32, 2),
])
T = type_index(TYPES)

# (role, rule, desc, value); ids per build below.
ROLES = [
    ("planner", "External<Planner>", "Planner", "Planner(_count: State<Int>(_value: 3))"),
    ("count", "External<()>", "State<Int> count", "()"),
    ("body", "DynamicBody<ViewBodyAccessor<Planner>>", "Planner.body", "VStack<TupleView<(StepperRow, Summary)>>"),
    ("row", "DynamicBody<ViewBodyAccessor<StepperRow>>", "StepperRow.body", "Stepper(label: Text(\"Count: 3\"))"),
    ("summary", "DynamicBody<ViewBodyAccessor<Summary>>", "Summary.body", "Text(\"3 items\")"),
    ("text", "ViewLeafView<Text>", "Text", "DisplayList(items: 1)"),
    ("display", "RootDisplayList", "RootDisplayList", "(DisplayList(items: 2), Version(value: 5))"),
]
IDS = {
    "A": {"planner": 160, "count": 200, "body": 240, "row": 280, "summary": 320, "text": 360, "display": 400},
    "B": {"planner": 160, "count": 200, "body": 240, "row": 320, "summary": 280, "text": 440, "display": 480},
}
EDGES = [("planner", "body"), ("count", "body"), ("body", "row"), ("count", "row"), ("body", "summary"),
         ("row", "text"), ("text", "display"), ("summary", "display")]


def dump(build):
    ids = IDS[build]
    index = {role: i for i, (role, *_r) in enumerate(ROLES)}
    graph = {
        "id": 1,
        "update_count": 14, "change_count": 9, "transaction_count": 4,
        "types": type_objects(TYPES),
        "nodes": [{"id": ids[role], "type": T[rule], "desc": desc, "value": value, "flags": 8}
                  for role, rule, desc, value in ROLES],
        "edges": [{"src": index[s], "dst": index[d]} for s, d in EDGES],
        "subgraphs": [{"id": 1, "context_id": 2, "nodes": list(range(len(ROLES)))}],
    }
    return {"version": 2, "graphs": [graph]}


HEADER = """(lldb) command source -s 0 'Baselines/record-updates.lldb'
Executing commands in '/Users/ci/work/Planner/Baselines/record-updates.lldb'.
(lldb) breakpoint set -n AG::Graph::update_attribute -G true -C "bt 1" -C "register read w1"
Breakpoint 1: where = AttributeGraph`AG::Graph::update_attribute(AG::data::ptr<AG::Node>, unsigned int), address = 0x00000001c2b2f2e0
(lldb) run
Process 4242 launched: '/Users/ci/work/Planner/build/Build/Products/Debug/Planner.app/Contents/MacOS/Planner' (arm64)
"""


def hit(attribute):
    return ("(lldb)  bt 1\n"
            "* thread #1, queue = 'com.apple.main-thread', stop reason = breakpoint 1.1\n"
            "  * frame #0: 0x00000001c2b2f300 AttributeGraph`AG::Graph::update_attribute(AG::data::ptr<AG::Node>, unsigned int) + 32\n"
            "(lldb)  register read w1\n"
            f"      w1 = 0x{attribute:08x}\n")


TRAP = ("Planner/StepperRow.swift:21: Fatal error: Unexpectedly found nil while unwrapping an Optional value\n"
        "Process 4242 stopped\n"
        "* thread #1, queue = 'com.apple.main-thread', stop reason = Fatal error: Unexpectedly found nil while unwrapping an Optional value\n"
        "    frame #0: 0x000000019a8b2c3c libswiftCore.dylib`_swift_runtime_on_report\n"
        "Target 0: (Planner) stopped.\n")


def recording(build, taps, summary_each_tap=False, crash_after=None, trap_after=None, glued=False):
    ids = IDS[build]
    text = HEADER
    for role in ["body", "row", "summary", "text", "display"]:
        text += hit(ids[role])
    text += "Planner: window open, count 3\n"
    for tap in range(1, taps + 1):
        # glued: printed without its newline, so lldb's next echo goes on on the same line.
        text += f"ui-script: tap stepper ({tap} of {taps})" + ("" if glued else "\n")
        for role in ["row"] + (["summary"] if summary_each_tap else []) + ["text", "display"]:
            text += hit(ids[role])
        if crash_after == tap:
            return text + ("Process 4242 stopped\n"
                           "* thread #1, queue = 'com.apple.main-thread', stop reason = EXC_BAD_ACCESS (code=1, address=0x10)\n"
                           "    frame #0: 0x0000000100004f2c Planner`StepperRow.body.getter + 44\n"
                           "Planner`StepperRow.body.getter:\n"
                           "->  0x100004f2c <+44>: ldr    x8, [x0, #0x10]\n"
                           "Target 0: (Planner) stopped.\n")
        if trap_after == tap:
            return text + TRAP
    return text + "ui-script: done, quitting\nProcess 4242 exited with status = 0 (0x00000000)\n(lldb) quit\n"


def write(name, text):
    return write_text(os.path.join(OUT, name), text)


write("planner-a.ag-json", json_text(dump("A"), indent=1, newline=True))
write("planner-b.ag-json", json_text(dump("B"), indent=1, newline=True))
baseline_log = recording("A", 3)
write("tap-stepper.lldb.log", baseline_log)
write("tap-stepper-rebuilt.lldb.log", recording("B", 3))
write("tap-stepper-regressed.lldb.log", recording("B", 3, summary_each_tap=True))
write("tap-stepper-crashed.lldb.log", recording("B", 3, crash_after=1))
write("tap-stepper-trapped.lldb.log", recording("B", 3, trap_after=1))
write("tap-stepper-glued.lldb.log", recording("B", 3, summary_each_tap=True, glued=True))


def recorder_file(build, taps):
    """The same interaction as `recording(build, taps)`, as the lldb recorder writes it."""
    ids = IDS[build]
    roles = ["body", "row", "summary", "text", "display"] + ["row", "text", "display"] * taps
    lines = ["agtrace-lldb-record 1 prefix=AG arch=arm64 clock=monotonic_ns kinds=update"]
    for i, role in enumerate(roles):
        lines.append(f"{912345000000 + 1000 * i} 1 update AG::Graph::update_attribute {ids[role]} -")
    lines.append(f"stop {912345000000 + 1000 * len(roles) + 500} hits={len(roles)}")
    return "\n".join(lines) + "\n"


write("tap-stepper-recorder.lldb", recorder_file("B", 3))

# The view-keyed baseline of build A, as `agtrace baseline --key view` writes it, and broken copies.
sha = hashlib.sha256(baseline_log.encode()).hexdigest()
dump_sha = hashlib.sha256(json_text(dump("A"), indent=1, newline=True).encode()).hexdigest()
HEAD = ('{\n  "format": "agtrace-baseline",\n  "version": 2,\n'
        f'  "source": {{"kind": "run", "label": "tap-stepper", "sha256": "{sha}", "imported_at": "2026-11-30T09:30:00Z", '
        f'"named_by": {{"label": "planner-a", "sha256": "{dump_sha}"}}}},\n'
        '  "key": "view",\n')
ENTRIES = [("(no view)", 8), ("Planner", 1), ("StepperRow", 4), ("Summary", 1)]


def baseline(entries=ENTRIES, total=None, head=HEAD):
    total = sum(n for _, n in entries) if total is None else total
    lines = [f'    "{k}": {{"updates": {n}}}' for k, n in entries]
    return head + f'  "total": {{"updates": {total}}},\n  "entries": {{\n' + ",\n".join(lines) + "\n  }\n}\n"


write("broken-baselines/duplicate-key.json",
      baseline(ENTRIES[:3] + [("Summary", 4), ("Summary", 1)], total=18))
write("broken-baselines/duplicate-version.json",
      baseline(head=HEAD.replace('  "version": 2,\n', '  "version": 2,\n  "version": 1,\n')))
write("broken-baselines/malformed-key.json", baseline(ENTRIES[:3] + [("320", 1)]))
write("broken-baselines/total-not-sum.json", baseline(total=20))
write("broken-baselines/count-past-2-63.json", baseline(ENTRIES[:3] + [("Summary", 2**63)], total=2**63 + 13))
write("broken-baselines/count-past-2-53.json", baseline(ENTRIES[:3] + [("Summary", 2**53 + 1)], total=2**53 + 14))
