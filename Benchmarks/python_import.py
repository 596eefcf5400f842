#!/usr/bin/env python3
"""Import an AGGraphArchiveJSON archive into SQLite the obvious way: json.load the whole
file, then executemany the types, nodes and edges into the project's tables in one
transaction (WAL, synchronous=NORMAL, no indexes). It is the baseline agtrace's import is
compared against, and loads the same rows as `agtrace-bench floor`.

Usage: python_import.py --db DB ARCHIVE      (gzip archives are detected by their magic)
"""
import argparse
import gzip
import json
import os
import sqlite3
import sys
import time

SCHEMA = """
CREATE TABLE IF NOT EXISTS types(snapshot_id INTEGER, graph_index INTEGER, type_index INTEGER,
    type_id INTEGER, name TEXT, value_type TEXT, size INTEGER, flags INTEGER,
    update_count INTEGER, change_count INTEGER, update_total REAL, changed_total REAL);
CREATE TABLE IF NOT EXISTS nodes(snapshot_id INTEGER, graph_index INTEGER, node_index INTEGER,
    attribute INTEGER, type_index INTEGER, subgraph_id INTEGER, description TEXT, value TEXT,
    flags INTEGER, subgraph_flags INTEGER, update_count INTEGER, change_count INTEGER,
    update_total REAL, changed_total REAL);
CREATE TABLE IF NOT EXISTS edges(snapshot_id INTEGER, graph_index INTEGER, src_attribute INTEGER,
    dst_attribute INTEGER, offset INTEGER, flags INTEGER);
"""

SNAPSHOT = 1


def load(path):
    with open(path, 'rb') as f:
        magic = f.read(2)
    opener = gzip.open if magic == b'\x1f\x8b' else open
    with opener(path, 'rb') as f:
        return json.load(f)


def profile_columns(item):
    p = item.get('profile') or {}
    return (p.get('update_count'), p.get('change_count'), p.get('update_total'), p.get('changed_total'))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument('--db', required=True)
    parser.add_argument('archive')
    args = parser.parse_args()
    started = time.monotonic()

    document = load(args.archive)

    con = sqlite3.connect(args.db, isolation_level=None)
    con.execute('PRAGMA journal_mode=WAL')
    con.execute('PRAGMA synchronous=NORMAL')
    con.executescript(SCHEMA)
    con.execute('BEGIN')
    totals = [0, 0, 0]
    for g, graph in enumerate(document.get('graphs', [])):
        types = graph.get('types', [])
        con.executemany('INSERT INTO types VALUES (?,?,?,?,?,?,?,?,?,?,?,?)', (
            (SNAPSHOT, g, i, t.get('id'), t.get('name'), t.get('value'), t.get('size'), t.get('flags', 0))
            + profile_columns(t)
            for i, t in enumerate(types)))

        nodes = graph.get('nodes', [])
        subgraph_of = {}
        for s in graph.get('subgraphs', []):
            for i in s.get('nodes', []):
                subgraph_of[i] = s.get('id')
        con.executemany('INSERT INTO nodes VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?)', (
            (SNAPSHOT, g, i, n['id'], n.get('type'), subgraph_of.get(i), n.get('desc'), n.get('value'),
             n.get('flags', 0), n.get('subgraph_flags', 0)) + profile_columns(n)
            for i, n in enumerate(nodes)))

        ids = [n['id'] for n in nodes]
        edges = graph.get('edges', [])
        con.executemany('INSERT INTO edges VALUES (?,?,?,?,?,?)', (
            (SNAPSHOT, g, ids[e['src']], ids[e['dst']], e.get('offset', 0), e.get('flags', 0))
            for e in edges))
        totals[0] += len(types)
        totals[1] += len(nodes)
        totals[2] += len(edges)
    con.execute('COMMIT')
    con.close()
    print(f'types {totals[0]} nodes {totals[1]} edges {totals[2]} seconds {time.monotonic() - started:.3f}',
          file=sys.stderr)


if __name__ == '__main__':
    main()
