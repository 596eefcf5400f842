#!/usr/bin/env python3
"""The obvious Python baseline for importing an `xctrace export` (a <trace-query-result>):
stream it with xml.etree.ElementTree.iterparse (the C expat parser underneath), read the
schema's columns, and for each row map its cells to the columns by position, resolve id/ref
(a dict of id -> (tag, text, fmt), nested elements too), treat <sentinel/> as None, and clear
each row once read so memory stays flat. Stores nothing. Prints the counts.

    python3 Benchmarks/python_xctrace_iterparse.py EXPORT.xml
"""
import sys
import xml.etree.ElementTree as ET


def main(path):
    values = {}
    columns = []
    rows = sentinels = 0
    duration_sum = 0
    duration_col = None
    depth = 0
    context = ET.iterparse(path, events=("start", "end"))
    for event, elem in context:
        if event == "start":
            depth += 1
            continue
        depth -= 1
        tag = elem.tag
        if tag == "mnemonic":
            columns.append(elem.text)
            if elem.text == "duration":
                duration_col = len(columns) - 1
        elif tag == "row":
            cells = []
            for cell in elem:
                if cell.tag == "sentinel":
                    cells.append(None)
                    sentinels += 1
                    continue
                ref = cell.get("ref")
                cells.append(values[ref] if ref is not None else values.get(cell.get("id"), (cell.tag, cell.text, cell.get("fmt"))))
            if duration_col is not None and cells[duration_col] is not None:
                duration_sum += int(cells[duration_col][1])
            rows += 1
            elem.clear()
        elif depth >= 3:
            # A value inside a row (a cell or nested in one): keep it by its id for later refs.
            i = elem.get("id")
            if i is not None:
                values[i] = (tag, elem.text, elem.get("fmt"))
    print(f"rows {rows}\nsentinels {sentinels}\nduration_sum {duration_sum}\nvalues {len(values)}")


if __name__ == "__main__":
    main(sys.argv[1])
