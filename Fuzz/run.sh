#!/usr/bin/env bash
# Runs libFuzzer on one target: Fuzz/run.sh TARGET SECONDS [more libFuzzer flags]
#   TARGET: archive | transcript | trace | console | xctrace | import        SECONDS: how long (default 600)
# Builds Fuzz/.build/agtrace-fuzz first if needed. The growing corpus lives in
# Fuzz/.build/corpus-TARGET (seeded from Fuzz/corpus); crashes, timeouts and out-of-memory
# inputs land in Fuzz/findings/TARGET-*. Each finding is a bug to fix: fix it, then move the
# input to Fuzz/regressions/TARGET/ with a name that says what it was, so `swift test` replays it.
set -euo pipefail
cd "$(dirname "$0")/.."
target=${1:-archive}
seconds=${2:-600}
shift $(( $# < 2 ? $# : 2 ))
[ -x Fuzz/.build/agtrace-fuzz ] || Fuzz/build.sh
case $target in
    archive) seeds=(Fuzz/corpus/archive) ;;
    transcript) seeds=(Fuzz/corpus/transcript) ;;
    trace) seeds=(Fuzz/corpus/trace) ;;
    console) seeds=(Fuzz/corpus/console) ;;
    xctrace) seeds=(Fuzz/corpus/xctrace) ;;
    import) seeds=(Fuzz/corpus/archive Fuzz/corpus/transcript Fuzz/corpus/trace Fuzz/corpus/console Fuzz/corpus/xctrace) ;;
    *) echo "usage: Fuzz/run.sh archive|transcript|trace|console|xctrace|import [SECONDS]" >&2; exit 2 ;;
esac
work=Fuzz/.build/corpus-$target
mkdir -p "$work" Fuzz/findings
# SWIFT_BACKTRACE off: the Swift backtracer trips over AddressSanitizer's shadow memory.
SWIFT_BACKTRACE=enable=no AGTRACE_FUZZ_TARGET=$target exec Fuzz/.build/agtrace-fuzz "$work" "${seeds[@]}" \
    -max_total_time="$seconds" -rss_limit_mb=2048 -timeout=60 -max_len=262144 \
    -dict=Fuzz/agtrace.dict -artifact_prefix="Fuzz/findings/$target-" -print_final_stats=1 "$@"
