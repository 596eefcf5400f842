#!/usr/bin/env python3
"""The obvious Python baseline for importing an AttributeGraph trace: walk the wire format
(docs/formats.md#traces) record by record, decode every event's fields (type, timestamp as fixed64 double
or varint, payloads), skip unknown fields by wire type, and store nothing. Prints the counts.

    python3 Benchmarks/python_trace_walk.py TRACE
"""
import struct
import sys

def main(path):
    data = open(path, "rb").read()
    unpack_double = struct.Struct("<d").unpack_from
    n = len(data)
    i = 0
    events = records = 0
    types = {}

    def varint(i):
        result = shift = 0
        while True:
            b = data[i]
            i += 1
            result |= (b & 0x7F) << shift
            if b < 0x80:
                return result, i
            shift += 7

    while i < n:
        key, i = varint(i)
        wire = key & 7
        if wire != 2:
            if wire == 0:
                _, i = varint(i)
            elif wire == 1:
                i += 8
            elif wire == 5:
                i += 4
            else:
                raise SystemExit(f"{path}: byte {i}: wire type {wire}")
            continue
        length, i = varint(i)
        end = i + length
        if end > n:
            raise SystemExit(f"{path}: byte {i}: truncated record")
        records += 1
        if key >> 3 == 1:
            events += 1
            etype = timestamp = p1 = p2 = p3 = 0
            j = i
            while j < end:
                k, j = varint(j)
                field, w = k >> 3, k & 7
                if w == 0:
                    v, j = varint(j)
                    if field == 1: etype = v
                    elif field == 2: timestamp = float(v)
                    elif field == 3: p1 = v
                    elif field == 4: p2 = v
                    elif field == 5: p3 = v
                elif w == 1:
                    if field == 2: timestamp = unpack_double(data, j)[0]
                    j += 8
                elif w == 5:
                    j += 4
                elif w == 2:
                    l, j = varint(j)
                    j += l
                else:
                    raise SystemExit(f"{path}: byte {j}: wire type {w}")
            types[etype] = types.get(etype, 0) + 1
        i = end
    print(f"records {records}")
    print(f"events {events}")
    print(f"evaluations {types.get(7, 0)}")

if __name__ == "__main__":
    main(sys.argv[1])
