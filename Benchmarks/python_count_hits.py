#!/usr/bin/env python3
"""Count breakpoint hits in an lldb transcript: the straightforward regex pass an engineer
would write first. It is the baseline agtrace's transcript import is compared against.

Reads the file line by line and counts, per kind (update, invalidate, propagate_dirty,
add_input):
  - `frame #0: ... module`symbol(...` lines (frame info, stop headers, bt 1),
  - echoed expression commands (`(lldb)  p/d $esi`) whose breakpoint is known from the
    `breakpoint set -n NAME -C "..."` definitions earlier in the same session,
  - one-line "Log Message" hits (`AG::Graph::update_attribute 3152`).

Usage: python_count_hits.py TRANSCRIPT      (prints `kind count` lines, then `hits N`)
"""
import re
import sys
from collections import Counter

FRAME = re.compile(r'frame #0: 0x[0-9a-fA-F]+ [^`]+`(?:::)?([A-Za-z_][\w:]*)')
BREAKPOINT_SET = re.compile(r'^\(lldb\) breakpoint set -n (\S+)(.*)$')
COMMAND = re.compile(r'-C "([^"]*)"')
ECHO = re.compile(r'^\(lldb\)  (.+)$')
LOG_LINE = re.compile(r'^((?:[A-Z]*AG)GraphInvalidateValue|(?:[A-Z]*AG)::Graph::\w+) (?:0x[0-9a-fA-F]+|\d+)')


def kind_of(symbol):
    if symbol.endswith('GraphInvalidateValue'):
        return 'invalidate'
    if symbol.endswith('propagate_dirty'):
        return 'propagate_dirty'
    if symbol.endswith('update_attribute'):
        return 'update'
    if symbol.endswith('add_input'):
        return 'add_input'
    return None


def count(path):
    counts = Counter()
    expression_kinds = {}  # first -C command of a breakpoint -> kind, for expression-only hits
    with open(path, encoding='utf-8', errors='replace') as transcript:
        for line in transcript:
            if line.startswith('(lldb) target create'):
                expression_kinds = {}
                continue
            m = BREAKPOINT_SET.match(line)
            if m:
                commands = COMMAND.findall(m.group(2))
                kind = kind_of(m.group(1))
                if kind and commands and not commands[0].startswith(('frame info', 'bt')):
                    expression_kinds[commands[0]] = kind
                continue
            # A frame line, else an echoed expression, else a log line: the same tests in the
            # same order; frame and log lines both name their symbol in group 1.
            m = FRAME.search(line)
            if not m:
                m = ECHO.match(line)
                if m:
                    kind = expression_kinds.get(m.group(1).strip())
                    if kind:
                        counts[kind] += 1
                    continue
                m = LOG_LINE.match(line)
            if m:
                kind = kind_of(m.group(1))
                if kind:
                    counts[kind] += 1
    return counts


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    counts = count(sys.argv[1])
    for kind in ('update', 'invalidate', 'propagate_dirty', 'add_input'):
        print(kind, counts[kind])
    print('hits', sum(counts.values()))


if __name__ == '__main__':
    main()
