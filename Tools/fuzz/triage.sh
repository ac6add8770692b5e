#!/usr/bin/env bash
# Replays finding files on the ASan build and prints, per file, the first
# failed check or sanitizer error and the first frames inside Almanac.
#
#   Tools/fuzz/triage.sh <target> [file...]     (default: .build-fuzz/artifacts/<target>/*)
set -uo pipefail
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
OUT="${ALMANAC_FUZZ_OUT:-$ROOT/.build-fuzz}"
t=${1:?target}; shift
files=("$@"); [[ ${#files[@]} -gt 0 ]] || files=("$OUT/artifacts/$t"/*)
export ASAN_OPTIONS="${ASAN_OPTIONS:-quarantine_size_mb=16:detect_leaks=1:symbolize=1:handle_abort=1}"
export SWIFT_BACKTRACE="${SWIFT_BACKTRACE:-enable=no}"
export ASAN_SYMBOLIZER_PATH="${ASAN_SYMBOLIZER_PATH:-$(dirname "$(command -v swiftc)")/llvm-symbolizer}"
mkdir -p "$OUT/triage"
for f in "${files[@]}"; do
    log="$OUT/triage/$(basename "$f").log"
    timeout 120 "$OUT/asan/bin/$t" -timeout=10 -rss_limit_mb=256 "$f" > "$log" 2>&1 < /dev/null
    status=$?
    echo "== $(basename "$f") (status $status, $(stat -c %s "$f") bytes)"
    # SWIFT_BACKTRACE=enable=no: Swift's backtracer reads memory in a way ASan
    # reports as a crash of its own; libFuzzer's handler prints the stack instead.
    grep -m1 -A1 -E "FUZZ CHECK FAILED|ERROR: AddressSanitizer|ERROR: libFuzzer|ERROR: LeakSanitizer|Fatal error" "$log" | cut -c1-600 | sed 's/^/    /'
    grep -E "^ +#[0-9]+ .* in .*(Almanac|Fuzz|Sources/)" "$log" | grep -v "LLVMFuzzer\|fuzzCheck\|fuzzFail\|FuzzerLoop" | head -3 \
        | sed -E 's/^ *(#[0-9]+) 0x[0-9a-f]+ in /      \1 /' | cut -c1-220
done
