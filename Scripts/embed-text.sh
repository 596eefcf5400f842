#!/bin/sh
# Writes the Swift source that carries the repository's text files inside the binary, so
# agtrace works from any directory:
#   embed-text.sh queries OUT.swift FILE.sql...   enum EmbeddedQueries { static let all }
#   embed-text.sh recorder OUT.swift FILE.py      extension RecorderScript { static let embedded }
# Run at build time by the plugin Plugins/EmbedText for every Queries/*.sql and
# lldb/agtrace_lldb.py (so the copies are never committed and never stale), and by
# Fuzz/build.sh. Plain Swift source, which every build system compiles: SwiftPM's `.embedInCode`
# resources are not supported by Xcode's build system.
set -e
mode=$1; out=$2
[ $# -ge 3 ] && { [ "$mode" = queries ] || { [ "$mode" = recorder ] && [ $# -eq 3 ]; }; } || {
    echo "usage: embed-text.sh queries OUT.swift FILE.sql... | embed-text.sh recorder OUT.swift FILE.py" >&2; exit 2; }
shift 2

# Prints FILE as a Swift raw multi-line string literal: delimited by one more `#` than the
# longest run of `#` in it (so nothing inside can end it or start an escape), the closing
# delimiter at column 0 (no indentation stripped), and an empty last line (a multi-line
# literal drops the line break before its closing delimiter).
literal() {
    hashes=$(awk '{ while (match($0, /#+/)) { if (RLENGTH > n) n = RLENGTH; $0 = substr($0, RSTART + RLENGTH) } }
                  END { s = "#"; for (i = 0; i < n; i++) s = s "#"; print s }' "$1")
    printf '%s"""\n' "$hashes"
    cat "$1"
    printf '\n"""%s' "$hashes"
}

if [ "$mode" = queries ]; then
    {
      echo "// Written by Scripts/embed-text.sh from Queries/ at build time: not committed."
      echo "enum EmbeddedQueries {"
      echo "    static let all: [(file: String, text: String)] = ["
      for f in "$@"; do
        printf '        ("%s", ' "$(basename "$f")"
        literal "$f"
        echo "),"
      done
      echo "    ]"
      echo "}"
    } > "$out"
else
    {
      echo "// Written by Scripts/embed-text.sh from lldb/agtrace_lldb.py at build time: not committed."
      echo "extension RecorderScript {"
      printf '    static let embedded = '
      literal "$1"
      echo
      echo "}"
    } > "$out"
fi
