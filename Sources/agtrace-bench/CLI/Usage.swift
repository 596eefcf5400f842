import CommandLineOptions

/// The `--help` text: what each subcommand does and how the benchmark compares things.
enum Usage {
    /// The subcommands' usage lines, made of their declarations (read-archive is the
    /// benchmark's own and not listed).
    static let forms: [(command: String, form: UsageForm)] = [
        ("generate archive", GenerateArchiveCommand.usage),
        ("generate transcript", GenerateTranscriptCommand.usage),
        ("generate trace", GenerateTraceCommand.usage),
        ("generate xctrace", GenerateXctraceCommand.usage),
        ("generate console", GenerateConsoleCommand.usage),
        ("floor", FloorCommand.usage),
        ("run", RunCommand.usage),
        ("lldb-overhead", LLDBOverheadCommand.usage),
        ("sweep-cases", SweepCasesCommand.usage),
    ]

    static var text: String {
        let usage = forms.flatMap { $0.form.lines("  agtrace-bench \($0.command)", width: 100) }.joined(separator: "\n")
        return head + usage + "\n\n" + body
    }

    static let head = """
    agtrace-bench: synthetic inputs and the side-by-side benchmark for agtrace.

    USAGE

    """

    static let body = """
    GENERATE ARCHIVE
      Writes an AGGraphArchiveJSON-style document (version 2) shaped like real Apple dumps:
      graph keys in Apple's order (update_count, change_count, id, types, transaction_count,
      trees, edges, nodes, subgraphs); types like DynamicBody<ViewBodyAccessor<TripRow>, …>
      and External<…>; nodes with attribute ids (multiples of 4, grouped per subgraph, below
      2^26 unless --id-bits 32), descriptions and values with escaped quotes, newlines, \\u
      escapes, surrogate pairs, raw UTF-8 and 1024-character cuts ending in "…"; ~1.5 edges
      per node with repeated (src, dst) pairs, offsets and flags; contiguous subgraphs with
      parent/child links; a debug view tree. About 200 bytes of JSON per node:
      --nodes 300000 is ~60 MB, --nodes 1000000 ~200 MB. The output is streamed.
        --gzip       compress with zlib (the file starts with 1f 8b, like graph.ag-gzon)
        --graphs G   split the nodes over G graphs (windows); ids stay unique across them
        --profile    add profile objects (update_count, change_count, update_total,
                     changed_total) to types, nodes and graphs
        --variant V  the same graph after a write: ~3% of subgraphs dirty, their input edges
                     flagged changed (8), ~2% of values rewritten, a few edges and types
                     changed; same seed + variant 0 vs 1 gives a before/after pair for diff
        --tree-heavy about one debug-tree entry per 3 nodes, each a view entry with one
                     named value, and ~400 types (default: one per 12 nodes, a few
                     thousand types)
        --manifest F write the exact counts as JSON (they are also printed to stderr)

    GENERATE TRANSCRIPT
      Writes an lldb session transcript with breakpoints on the engine (IAG… and AG… symbols):
      breakpoint definitions at the top, then hits interleaved with program output.
        --shape frame-info    auto-continue, `frame info` per hit (debug info present)
                interactive   "Process N stopped" headers, `continue` between hits
                bt-registers  `bt 1` + `register read esi` (stripped binary, as Apple's)
                expressions   `p/d $esi` only: the hit is known from the -C commands
                mixed         (default) sessions of every shape plus Log Message lines
        --bytes 10MB          stop after about this many bytes instead of --hits N
      The exact hit counts per kind are printed to stderr.

    GENERATE TRACE
      Writes an AttributeGraph trace in the wire format of docs/formats.md (fixed64 double
      timestamps, as Apple's engine): 512 rows (--rows R) of signal -> body -> text -> display list
      built, then frames of a write (NodeSetValue, the invalidation, its dirty marks) and an
      update re-running the row, bodies nested in their readers, edge-pending events; types and
      a subgraph record at the end. About 13 bytes per event: --events 1500000 is ~20 MB.

    GENERATE XCTRACE
      Writes an `xctrace export` of a swiftui-updates table (Xcode 27's 18 columns): body and
      other updates of 400 views, ids where a value is first written and refs after it (the
      thread holds a ref to the process), sentinels, 2^64-1 placeholders; until --bytes.

    GENERATE CONSOLE
      Writes the console log of a UI test stuck in a loop: rounds of 14 AttributeGraph cycle
      reports in the shapes of real logs (a 22-frame stack cut mid-line with no closing ===,
      10 headers alternating between two attributes, a digraph report whose stack closes on
      N, 2 headers alone), between XCTest's and the app's output, _printChanges lines and a
      "Modifying state during view update" warning, until --reports; about 550 bytes per
      report (--reports 28000 is ~15 MB). --frames F first writes one report of F frame
      lines and F digraph labels.

    FLOOR
      With --trace: decodes the trace's events into memory (not timed), then times only
      inserting them as rows of a table shaped like agtrace's trace_event_rows, one prepared
      statement, one transaction. With --archive, the SQLite floor for an archive: parses it
      fully into memory (not timed), then times only inserting the rows agtrace stores from it
      (types, nodes, edges with their ends resolved to attribute ids, subgraphs, debug-tree
      entries, their named values and node lists) with one prepared statement per table
      reused for every row, in one transaction, WAL, synchronous=NORMAL, no indexes, and
      closing the connection (its WAL checkpoint). With --transcript: reads the hits into
      memory (not timed), then times inserting their events rows and each distinct
      backtrace once (backtraces, backtrace_frames), as agtrace stores them, into a new
      database the way agtrace's import does (64 rows to a statement, NULL ids, 16 KB pages,
      a rollback journal as for a first import): the least storing them can take. Prints
      floor_seconds (BEGIN to closed) and commit_seconds (BEGIN to COMMIT), the best of
      --repeat runs.

    SWEEP-CASES
      The scaling sweep's command lines, made from agtrace's declarations (every command's
      usage forms, the report registry's variants), one a line; then what the sweep cannot
      feed, with exit status 1. --raw writes each line's words tab-separated with the sweep's
      placeholders ({db}, {label:L}, {file:L}, {value:SQL}, {out}, {scratch:NAME},
      {sources}), after its setup lines: to run the same lines with two builds of agtrace.

    LLDB-OVERHEAD
      What one breakpoint hit costs the app under lldb, per way of capturing it: builds a C++
      program (clang++ beside lldb) whose IAG::Graph::update_attribute runs --hits times
      (default 2000), runs it under lldb --batch without breakpoints, with `agtrace record`
      (--script: the file `agtrace lldb-script` writes), with -C "frame info" and with
      -C "bt 1" -C "register read esi" (auto-continue), and prints each shape's median wall
      time over --repeat runs (default 3) and (shape - no breakpoints) / hits. Checks that every
      hit was captured. Needs lldb's Python: AGTRACE_LLDB_PYTHONHOME as .ci/run sets it.

    RUN
      Generates inputs into --work (default Benchmarks/out/, reused when already there), then
      times agtrace against the obvious alternatives, each as a child process (wall clock,
      peak RSS from wait4), in --pairs N alternating rounds (default 5): every round runs each
      contender of a comparison once, a ratio is taken per round and the median of the round
      ratios is reported, with each side's median time. --only 1,5 runs those row groups
      alone (1: rows 1, 2, 7, 8; 3; 4; 5; 6; 9; 10; 11; 12; sweep). Rows (targets of issues #16, #32, #33, #45, #48, #50):
        1a-c  import of the 300k-node benchmark archive / a tree-heavy one / a flat-tree one of
              the same node count vs Benchmarks/python_import.py (≤ 0.25x); the note gives
              Benchmarks/python_import_lean.py's time beside it
        2a-c  the same imports vs the floor of the rows they store (≤ 1.25x)
        3     agtrace's archive reader alone (read-archive) in MB/s (≥ 250), beside a C byte
              scan of the same file
        4     imports of 100k, 300k, 1M, 3M-node plain archives: s per M nodes and peak RSS
              (≤ 80 MB each), largest vs smallest per-node time (≤ 1.3x); at most 3 rounds
        5     10 MB lldb transcript import vs Benchmarks/python_count_hits.py (≤ 0.15x); the
              note gives the floor of its rows (floor --transcript) against the same Python
        6.x   every canned report, walk, diff and export on two 1M-node snapshots vs a fresh
              import of one (≤ 0.5x each)
        7     `agtrace import --db DB FILE` of the 300k archive a second time vs a fresh
              import (≤ 0.1x)
        8     gzip vs plain import of the same 300k archive (≤ 1.3x)
        9a-c  import of a ~20 MB, 1.5M-event trace vs the floor of its event rows (≤ 1.5x),
              vs Benchmarks/python_trace_walk.py (≤ 0.33x), its peak RSS (≤ 64 MB)
        10a-b import of a 1 GB Instruments export (swiftui-updates rows with id/ref) vs
              Benchmarks/python_xctrace_iterparse.py (stores nothing; ≤ 0.5x, ≥ 100 MB/s),
              its peak RSS (≤ 100 MB)
        11a-b `cycles`, and `check --max-cycles 0` (exit 1), on a console log of 28,000 cycle
              reports (generate console) in a database vs importing that log (≤ 2x each)
        12a-b `findings` on the 1M-node profiled dump and on the 1.5M-event trace, each in a
              database vs importing it (≤ 0.5x each)
        S.n   the scaling sweep: every command line sweep-cases prints, on inputs of size N
              and 4N of each kind (dumps, runs, traces, consoles, Instruments recordings),
              at most 3 rounds: 4N ≤ 5x N, 4N ≤ the import of what it reads, peak RSS
              ≤ 100 MB at 4N; S.cover rows fail what the sweep cannot feed or never ran
      agtrace is .build/release/agtrace unless --agtrace is given; the Python scripts are read
      from --scripts (default Benchmarks/). The rows agtrace imported are counted and checked.
      Prints PASS/FAIL per target and writes a Markdown table to --out. --quick uses smaller
      inputs and 1 round unless --pairs is given (a smoke test, not comparable numbers). A
      missing or failing agtrace is reported as such; the baselines are still measured.
    """
}
