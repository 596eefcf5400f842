#!/usr/bin/env bash
# Builds Fuzz/.build/agtrace-fuzz, a libFuzzer binary over AGTraceKit's parsers and importer:
# AGTraceKit's sources + Tests/AGTraceKitTests/Fuzz/FuzzOracle.swift and XctraceOracle.swift + Fuzz/LibFuzzerEntry.swift,
# compiled as one module with -sanitize=fuzzer,address. Needs a Swift toolchain with libFuzzer
# (the swift.org Linux toolchains have it), libsqlite3-dev and zlib1g-dev. Separate from the
# package build: `swift build` and `swift test` never see it.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
out=Fuzz/.build
mkdir -p "$out/CSHA256"
swiftc=${SWIFTC:-swiftc}
clang=${CLANG:-$(dirname "$(command -v "$swiftc")")/clang}

# SHA-256 in C, instrumented too.
"$clang" -c -O1 -g -fsanitize=fuzzer-no-link,address -I Sources/CSHA256/include \
    Sources/CSHA256/sha256.c -o "$out/sha256.o"
cat > "$out/CSHA256/module.modulemap" <<MAP
module CSHA256 {
    header "$root/Sources/CSHA256/include/agtrace_sha256.h"
    export *
}
MAP

# The canned reports' SQL and the lldb recorder's script, as Swift (what the package's plugin
# EmbedText writes at build time).
sh Scripts/embed-text.sh queries "$out/EmbeddedQueries.swift" Queries/*.sql
sh Scripts/embed-text.sh recorder "$out/EmbeddedRecorderScript.swift" lldb/agtrace_lldb.py
mapfile -t sources < <(find Sources/AGTraceKit -name '*.swift' | sort)
sources+=("$out/EmbeddedQueries.swift" "$out/EmbeddedRecorderScript.swift")
"$swiftc" -sanitize=fuzzer,address -parse-as-library -O -g \
    -D AGTRACE_LIBFUZZER -module-name AGTraceFuzz \
    -I Sources/CSQLite -I Sources/CZlib -I "$out/CSHA256" \
    "${sources[@]}" Tests/AGTraceKitTests/Fuzz/FuzzOracle.swift Tests/AGTraceKitTests/Fuzz/XctraceOracle.swift Fuzz/LibFuzzerEntry.swift \
    "$out/sha256.o" -lsqlite3 -lz -o "$out/agtrace-fuzz.new"
# Renamed into place, so that a fuzzer already running keeps its own copy.
mv -f "$out/agtrace-fuzz.new" "$out/agtrace-fuzz"
echo "built $out/agtrace-fuzz"
