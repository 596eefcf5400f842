#!/usr/bin/env python3
"""Independent check of agtrace's snapshot reports: recomputes them from the archive JSON files
themselves (not from the database) and compares with `agtrace ... --format json`.

    python3 Scripts/check-reports.py [--agtrace PATH] ARCHIVE...

Imports the archives into a fresh temporary database (labels = file names without
extension), then for every snapshot: updates --snapshot (also --by rule), rule-cost, walk from
every node; for every ordered pair: edge-churn, dirty-walks --from --to, and diff --format
json. Prints one line per mismatch; exit 1 if any. Real-number columns compare with a
relative tolerance of 1e-9.
"""
import collections, gzip, json, math, os, subprocess, sys, tempfile

def load(path):
    data = open(path, "rb").read()
    if data[:2] == b"\x1f\x8b":
        data = gzip.decompress(data)
    return json.loads(data.decode("utf-8"))

def label_of(path):
    name = os.path.basename(path)
    changed = True
    while changed:
        changed = False
        for ext in [".ag-gzon", ".ag-json", ".json", ".gz", ".lldb", ".log", ".txt"]:
            if len(name) > len(ext) and name.lower().endswith(ext):
                name = name[: -len(ext)]
                changed = True
    return name

PROFILE_KEYS = ("update_count", "change_count", "update_total", "changed_total")

class Snap:
    def __init__(self, doc):
        self.graphs = doc.get("graphs", [])
        self.nodes = []   # (graph_index, attribute, rule, flags, value, profile or None)
        self.edges = []   # (graph_index, src, dst, offset, flags)
        self.types = []   # (graph_index, name, profile or None)
        for gi, g in enumerate(self.graphs):
            types = g.get("types", [])
            for t in types:
                p = t.get("profile")
                self.types.append((gi, t.get("name"), p if p and any(k in p for k in PROFILE_KEYS) else None))
            nodes = g.get("nodes", [])
            for n in nodes:
                ti = n.get("type")
                rule = types[ti].get("name") if ti is not None and 0 <= ti < len(types) else None
                p = n.get("profile")
                self.nodes.append((gi, n["id"], rule, n.get("flags", 0), n.get("value"),
                                   p if p and any(k in p for k in PROFILE_KEYS) else None))
            for e in g.get("edges", []):
                self.edges.append((gi, nodes[e["src"]]["id"], nodes[e["dst"]]["id"], e.get("offset", 0), e.get("flags", 0)))
        self.rule_of = {}
        for gi, a, rule, *_ in self.nodes:
            self.rule_of.setdefault((gi, a), rule)
        self.any_rule = {}
        for gi, a, rule, *_ in sorted(self.nodes, key=lambda n: n[0]):
            self.any_rule.setdefault(a, rule)

    def identities(self):
        return collections.Counter((a, r) for _, a, r, *_ in self.nodes)

    def edge_keys(self):
        return collections.Counter((s, self.rule_of.get((g, s)), d, self.rule_of.get((g, d)), o)
                                   for g, s, d, o, _ in self.edges)

    def profiled(self):
        return any(g.get(k) is not None for g in self.graphs for k in ("update_total", "changed_total", "marks", "events")) \
            or any(t[2] for t in self.types) or any(n[5] for n in self.nodes)

def edge_churn(a, b):
    ka, kb = a.edge_keys(), b.edge_keys()
    rows = []
    for k in set(ka) | set(kb):
        s, sr, d, dr, o = k
        for _ in range(ka[k] - kb[k]):
            rows.append(("removed", s, d, o, sr, dr))
        for _ in range(kb[k] - ka[k]):
            rows.append(("added", s, d, o, sr, dr))
    return sorted(rows, key=lambda r: (r[0], r[1], r[2], r[3]))

def dirty_walk(a, b):
    before = {(n[1], n[2]): n[3] for n in a.nodes}
    rows = []
    for gi, attr, rule, flags, *_ in b.nodes:
        if (attr, rule) in before and before[(attr, rule)] & 1 == 0 and flags & 1 == 1:
            rows.append((attr, rule))
    return sorted(rows)

def diff(a, b):
    ia, ib = a.identities(), b.identities()
    out = {"nodes_added": sum(max(0, ib[k] - ia[k]) for k in ib), "nodes_removed": sum(max(0, ia[k] - ib[k]) for k in ia)}
    churn = edge_churn(a, b)
    out["edges_added"] = sum(1 for r in churn if r[0] == "added")
    out["edges_removed"] = sum(1 for r in churn if r[0] == "removed")
    na = {(n[1], n[2]): n for n in a.nodes}
    both = [(na[(n[1], n[2])], n) for n in b.nodes if (n[1], n[2]) in na]
    out["flags_changed"] = sum(1 for x, y in both if x[3] != y[3])
    out["values_changed"] = sum(1 for x, y in both if x[4] != y[4])
    graphs = {}
    for side, s in (("from", a), ("to", b)):
        for g in s.graphs:
            e = graphs.setdefault(g.get("id"), {})
            for k in ("update_count", "change_count", "transaction_count"):
                e[k + "_" + side] = g.get(k, 0)
    out["graphs"] = {gid: {k: v.get(k + "_to", 0) - v.get(k + "_from", 0) for k in ("update_count", "change_count", "transaction_count")}
                     for gid, v in graphs.items()}
    return out

def rule_cost(s):
    typed = {t[0] for t in s.types if t[2]}
    acc = collections.defaultdict(lambda: [0, 0.0, 0])
    for gi, name, p in s.types:
        if gi in typed and p:
            acc[name][0] += p.get("update_count", 0); acc[name][1] += p.get("update_total", 0.0); acc[name][2] += p.get("change_count", 0)
    for gi, attr, rule, flags, value, p in s.nodes:
        if gi not in typed and p:
            acc[rule][0] += p.get("update_count", 0); acc[rule][1] += p.get("update_total", 0.0); acc[rule][2] += p.get("change_count", 0)
    nodes = collections.Counter(n[2] for n in s.nodes)
    total = sum(v[1] for v in acc.values())
    rows = []
    for rule, (u, secs, c) in acc.items():
        rows.append({"rule": rule, "nodes": nodes[rule], "updates": u, "total_seconds": secs,
                     "mean_seconds": secs / u if u else None, "share": secs / total if total else None, "changes": c})
    return sorted(rows, key=lambda r: (-r["total_seconds"], -r["updates"], r["rule"] or ""))

def updates_snapshot(s):
    rows = [{"attribute": a, "rule": r, "updates": p.get("update_count", 0), "changes": p.get("change_count", 0)}
            for gi, a, r, f, v, p in s.nodes if p]
    return sorted(rows, key=lambda r: (-r["updates"], r["attribute"]))

def updates_by_rule(s):
    acc = collections.defaultdict(lambda: [0, 0, 0])
    for gi, a, r, f, v, p in s.nodes:
        if p:
            acc[r][0] += p.get("update_count", 0); acc[r][1] += p.get("change_count", 0); acc[r][2] += 1
    return sorted(({"rule": r, "updates": u, "changes": c, "nodes": n} for r, (u, c, n) in acc.items()),
                  key=lambda x: (-x["updates"], x["rule"] or ""))

def walk(s, root):
    readers = collections.defaultdict(set)
    for g, src, dst, o, f in s.edges:
        readers[src].add(dst)
    seen, frontier, depth, rows = {root}, [root], 0, []
    while frontier:
        depth += 1
        nxt = []
        for a in frontier:
            for r in readers[a]:
                if r not in seen:
                    seen.add(r); nxt.append(r)
        nxt.sort()
        rows += [(a, depth, s.any_rule.get(a)) for a in nxt]
        frontier = nxt
    return rows

def same(x, y):
    if isinstance(x, float) or isinstance(y, float):
        return x is not None and y is not None and math.isclose(x, y, rel_tol=1e-9, abs_tol=1e-15)
    return x == y

def main(argv):
    agtrace = "agtrace"
    if argv[:1] == ["--agtrace"]:
        agtrace, argv = argv[1], argv[2:]
    paths = argv
    snaps = {label_of(p): Snap(load(p)) for p in paths}
    tmp = tempfile.mkdtemp()
    db = os.path.join(tmp, "check.db")
    subprocess.run([agtrace, "import", "--db", db, "-q"] + paths, check=True)
    def run(*args):
        r = subprocess.run([agtrace] + list(args) + ["--db", db, "--format", "json"], capture_output=True, text=True)
        if r.returncode != 0:
            return r.returncode, r.stderr
        return 0, json.loads(r.stdout)
    problems = []
    def check(what, got, want):
        if got != want:
            problems.append(f"{what}:\n  agtrace: {got}\n  python:  {want}")
    def check_rows(what, got, want, keys):
        if len(got) != len(want):
            problems.append(f"{what}: {len(got)} rows, expected {len(want)}\n  agtrace: {got}\n  python:  {want}")
            return
        for i, (g, w) in enumerate(zip(got, want)):
            for k in keys:
                if not same(g.get(k), w.get(k)):
                    problems.append(f"{what}: row {i} column {k}: {g.get(k)!r} != {w.get(k)!r}")
    checks = 0
    for la, a in snaps.items():
        if a.profiled():
            rc, got = run("report", "rule-cost", "--snapshot", la)
            check_rows(f"rule-cost {la}", got, rule_cost(a), ["rule", "nodes", "updates", "total_seconds", "mean_seconds", "share", "changes"])
            rc, got = run("report", "updates", "--snapshot", la)
            check_rows(f"updates --snapshot {la}", got, updates_snapshot(a), ["attribute", "rule", "updates", "changes"])
            rc, got = run("report", "updates", "--snapshot", la, "--by", "rule")
            check_rows(f"updates --snapshot {la} --by rule", got, updates_by_rule(a), ["rule", "updates", "changes", "nodes"])
            checks += 3
        else:
            rc, _ = run("report", "rule-cost", "--snapshot", la)
            check(f"rule-cost {la} without profile: exit status", rc, 1)
            checks += 1
        for root in sorted({n[1] for n in a.nodes}):
            rc, got = run("walk", str(root), "--snapshot", la)
            check(f"walk {root} {la}", [(r["attribute"], r["depth"], r["rule"]) for r in got], walk(a, root))
            checks += 1
        for lb, b in snaps.items():
            rc, got = run("report", "edge-churn", "--from", la, "--to", lb)
            check(f"edge-churn {la} -> {lb}", [(r["change"], r["src_attribute"], r["dst_attribute"], r["offset"], r["src_rule"], r["dst_rule"]) for r in got], edge_churn(a, b))
            rc, got = run("report", "dirty-walks", "--from", la, "--to", lb)
            check(f"dirty-walks {la} -> {lb}", [(r["attribute"], r["rule"]) for r in got], dirty_walk(a, b))
            rc, got = run("diff", la, lb)
            want = diff(a, b)
            for k in ("nodes_added", "nodes_removed", "edges_added", "edges_removed", "flags_changed", "values_changed"):
                check(f"diff {la} {lb} {k}", got[k], want[k])
            check(f"diff {la} {lb} graphs", {g["graph_id"]: {k: g[k] for k in ("update_count", "change_count", "transaction_count")} for g in got["graphs"]}, want["graphs"])
            checks += 3
    for p in problems:
        print(p)
    print(f"{checks} checks over {len(snaps)} snapshots: {'OK' if not problems else str(len(problems)) + ' problem(s)'}")
    return 1 if problems else 0

if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
