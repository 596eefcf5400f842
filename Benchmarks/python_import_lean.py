#!/usr/bin/env python3
"""Import an AGGraphArchiveJSON archive into SQLite as lean as a user's own script would:
json.load the whole file, then executemany only the columns one queries (types by name,
nodes by attribute, type and description, edges as attribute pairs, subgraphs with their
parent, debug-tree entries with their node and description, their named values) in one
transaction (WAL, synchronous=NORMAL, no indexes). The second yardstick beside
python_import.py (issue #33): no profile columns, no flags, no offsets.

Usage: python_import_lean.py --db DB ARCHIVE      (gzip archives are detected by their magic)
"""
import sqlite3
import sys
import time

from python_import import load  # the same reading of the file (gzip by its magic)

SCHEMA = """
CREATE TABLE IF NOT EXISTS types(graph INTEGER, type_index INTEGER, name TEXT);
CREATE TABLE IF NOT EXISTS nodes(graph INTEGER, attribute INTEGER, type_index INTEGER, description TEXT);
CREATE TABLE IF NOT EXISTS edges(graph INTEGER, src INTEGER, dst INTEGER);
CREATE TABLE IF NOT EXISTS subgraphs(graph INTEGER, id INTEGER, parent INTEGER);
CREATE TABLE IF NOT EXISTS trees(graph INTEGER, tree_index INTEGER, attribute INTEGER, description TEXT);
CREATE TABLE IF NOT EXISTS tree_values(graph INTEGER, tree_index INTEGER, key TEXT, attribute INTEGER);
"""


def main():
    if len(sys.argv) != 4 or sys.argv[1] != '--db':
        sys.exit(__doc__.strip().splitlines()[-1])
    db_path, archive = sys.argv[2], sys.argv[3]
    started = time.monotonic()
    document = load(archive)
    con = sqlite3.connect(db_path, isolation_level=None)
    for pragma in ('journal_mode=WAL', 'synchronous=NORMAL'):
        con.execute('PRAGMA ' + pragma)
    con.executescript(SCHEMA)
    con.execute('BEGIN')
    totals = [0, 0, 0, 0]
    for g, graph in enumerate(document.get('graphs', [])):
        con.executemany('INSERT INTO types VALUES (?,?,?)',
                        ((g, i, t.get('name')) for i, t in enumerate(graph.get('types', []))))
        nodes = graph.get('nodes', [])
        ids = [n['id'] for n in nodes]
        con.executemany('INSERT INTO nodes VALUES (?,?,?,?)',
                        ((g, n['id'], n.get('type'), n.get('desc')) for n in nodes))
        edges = graph.get('edges', [])
        con.executemany('INSERT INTO edges VALUES (?,?,?)', ((g, ids[e['src']], ids[e['dst']]) for e in edges))
        subgraphs = graph.get('subgraphs', [])
        con.executemany('INSERT INTO subgraphs VALUES (?,?,?)',
                        ((g, s.get('id'), (s.get('parents') or [None])[0]) for s in subgraphs))
        trees = graph.get('trees', [])
        con.executemany('INSERT INTO trees VALUES (?,?,?,?)',
                        ((g, i, ids[t['node']] if 'node' in t else None, t.get('desc')) for i, t in enumerate(trees)))
        values = [(g, i, k, ids[v['node']] if 'node' in v else None)
                  for i, t in enumerate(trees) for k, v in (t.get('values') or {}).items()]
        con.executemany('INSERT INTO tree_values VALUES (?,?,?,?)', values)
        totals[0] += len(nodes)
        totals[1] += len(edges)
        totals[2] += len(trees)
        totals[3] += len(values)
    con.execute('COMMIT')
    con.close()
    print(f'nodes {totals[0]} edges {totals[1]} trees {totals[2]} tree_values {totals[3]} '
          f'seconds {time.monotonic() - started:.3f}', file=sys.stderr)


if __name__ == '__main__':
    main()
