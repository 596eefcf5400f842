# Writes expected.json: each question asked of the pre-spine database, with the old binary's
# exit status and the sha256 of its standard output. `list` is not asked: its columns are each
# kind's own since the spine (issue 47), by design.
import hashlib, json, subprocess, sys
binary, db, out = sys.argv[1:4]
def run(args):
    r = subprocess.run([binary] + args + ["--db", db], capture_output=True)
    return r.returncode, r.stdout
rows = json.loads(run(["list", "--format", "json"])[1])
qs = [["query", "SELECT * FROM import_notes ORDER BY id", "--format", "csv"],
      ["cycles", "--format", "csv"]]
per = {
 "snapshot": [["report", "updates", "--snapshot"], ["report", "updates", "--by", "view", "--snapshot"], ["report", "updates", "--by", "rule", "--snapshot"], ["report", "rule-cost", "--snapshot"]],
 "run": [["report", "updates", "--run"], ["report", "dirty-walks", "--run"]],
 "trace": [["report", "updates", "--by", "view", "--trace"], ["report", "rule-cost", "--trace"], ["report", "dirty-walks", "--trace"], ["report", "edge-churn", "--trace"], ["cycles", "--trace"]],
 "console": [["report", "updates", "--by", "view", "--console"], ["report", "updates", "--by", "token", "--console"], ["cycles", "--console"]],
 "recording": [["report", "updates", "--by", "view", "--xctrace"], ["report", "rule-cost", "--xctrace"], ["report", "hitches", "--xctrace"]],
}
for r in rows:
    for q in per[r["kind"]]:
        qs.append(q + [r["label"], "--format", "csv"])
qs += [["compare", "tap-stepper", "tap-stepper-regressed", "--format", "csv"],
       ["compare", "feed-before", "feed-after", "--format", "csv"],
       ["compare", "feed-select", "feed-select-cut", "--format", "csv"],
       ["compare", "trip-taps", "trip-taps", "--writes", "--format", "csv"],
       ["why", "--view", "TripView", "--trace", "trip-taps", "--format", "csv"],
       ["why", "--view", "Trip", "--snapshot", "trip-3-after-invalidate", "--format", "csv"],
       ["why", "3152", "--run", "trip-frame-info", "--format", "csv"],
       ["diff", "trip-1-before", "trip-4-after-body", "--format", "json"],
       ["report", "updates", "--run", "tap-stepper", "--snapshot", "planner-a", "--format", "csv"]]
expected = []
for q in qs:
    status, stdout = run(q)
    expected.append({"arguments": q, "status": status, "sha256": hashlib.sha256(stdout).hexdigest(), "bytes": len(stdout)})
json.dump(expected, open(out, "w"), indent=1)
print(len(expected), "questions;", sum(1 for e in expected if e["status"] == 0), "exit 0")
