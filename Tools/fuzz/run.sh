#!/usr/bin/env bash
# Builds the libFuzzer targets of Almanac and runs them.
#
#   Tools/fuzz/run.sh [all|fuzz-rule-parser|fuzz-batch|fuzz-expand|fuzz-ics|fuzz-sync] [seconds]   build, then fuzz each target
#   Tools/fuzz/run.sh build                                                      build only
#   Tools/fuzz/run.sh regress [all|target]                                       replay Tools/fuzz/regressions/
#   Tools/fuzz/run.sh repro <target> <file>...                                   run one target on inputs
#   Tools/fuzz/run.sh time <target> <file>...                                    run inputs on an uninstrumented build, verbose
#
# Defaults: all, 60 seconds per target. Exit status 1 when any target reports a
# finding (crash, failed check, leak, input slower than 1 s, more than 256 MiB),
# 2 on a usage or build error. Everything built or written goes to
# .build-fuzz/ (git-ignored): asan/bin/ (and plain/bin/), the new corpus entries in corpus/<target>/,
# findings in artifacts/<target>/, logs in logs/. See Tools/fuzz/README.md.
set -uo pipefail

ROOT=$(cd "$(dirname "$0")/../.." && pwd)
FUZZ="$ROOT/Tools/fuzz"
OUT="${ALMANAC_FUZZ_OUT:-$ROOT/.build-fuzz}"
TARGETS=(fuzz-rule-parser fuzz-batch fuzz-expand fuzz-ics fuzz-sync)

# Per target: entry file, libFuzzer -max_len, dictionary (or empty).
entry() { case $1 in fuzz-rule-parser) echo RuleParserFuzz.swift;; fuzz-batch) echo BatchFuzz.swift;; fuzz-expand) echo ExpandFuzz.swift;; fuzz-ics) echo ICSFuzz.swift;; fuzz-sync) echo SyncFuzz.swift;; esac; }
maxlen() { case $1 in fuzz-rule-parser) echo 512;; fuzz-batch) echo 2048;; fuzz-expand) echo 256;; fuzz-ics) echo 4096;; fuzz-sync) echo 8192;; esac; }
dict() { case $1 in fuzz-rule-parser) echo "$FUZZ/dicts/rrule.dict";; fuzz-batch) echo "$FUZZ/dicts/batch.dict";; fuzz-ics) echo "$FUZZ/dicts/ics.dict";; fuzz-sync) echo "$FUZZ/dicts/sync.dict";; *) echo "";; esac; }

# The sanitizers leave ASan's 256 MiB quarantine out, so RSS measures the
# library and not freed blocks kept for use-after-free detection.
export ASAN_OPTIONS="${ASAN_OPTIONS:-quarantine_size_mb=16:detect_leaks=1:symbolize=1:handle_abort=1}"
# A Swift runtime failure (overflow, precondition) traps straight into
# libFuzzer's deadly-signal handler: Swift's own backtracer reads memory in a
# way ASan reports as a crash of its own. (Tools/fuzz/triage.sh keeps the
# backtracer on: it names the failure, e.g. "arithmetic overflow".)
export SWIFT_BACKTRACE="${SWIFT_BACKTRACE:-enable=no}"
export ASAN_SYMBOLIZER_PATH="${ASAN_SYMBOLIZER_PATH:-$(dirname "$(command -v swiftc)")/llvm-symbolizer}"

BIN="$OUT/asan/bin"

is_target() { local t; for t in "${TARGETS[@]}"; do [[ $t == "$1" ]] && return 0; done; return 1; }

# Builds the three targets into $OUT/<variant>/bin. Variant "asan" (the
# fuzzing build): every module instrumented for libFuzzer coverage and
# AddressSanitizer. Variant "plain": the library optimized with no
# instrumentation, linked with libFuzzer's driver only, to time an input as a
# release build would run it (`run.sh time`).
build() {
    local variant=${1:-asan}
    local started=$SECONDS
    local dir="$OUT/$variant"
    local mods="$dir/modules" obj="$dir/obj" bin="$dir/bin" mm="$OUT/modulemap/CAlmanacICU"
    mkdir -p "$mods" "$obj" "$bin" "$mm"
    cat > "$mm/module.modulemap" <<MAP
module CAlmanacICU {
    header "$ROOT/Sources/CAlmanacICU/include/CAlmanacICU.h"
    export *
}
MAP
    # Library modules: optimized (preconditions and overflow checks stay on),
    # with debug info for symbolized stacks.
    local swift=(swiftc -O -g -parse-as-library -swift-version 6 -wmo -I "$mods" -I "$mm")
    local cc=(clang -c -O1 -g -I "$ROOT/Sources/CAlmanacICU/include")
    local link=(-sanitize=fuzzer)
    # The library modules share `package` declarations, as in SwiftPM; the
    # fuzz targets are outside the package and see only the public API.
    local package=(-package-name Almanac)
    if [[ $variant == asan ]]; then
        swift+=(-sanitize=fuzzer,address)
        cc+=(-fsanitize=fuzzer-no-link,address)
        link=()
    fi

    # Each step is redone only when its inputs changed (hash of sources, flags, compiler).
    local compiler; compiler=$(swiftc --version 2>&1)
    local lib_files=()
    mapfile -t lib_files < <(find "$ROOT/Sources/AlmanacCore" "$ROOT/Sources/Almanac" "$ROOT/Sources/AlmanacJSON" "$ROOT/Sources/AlmanacRequests" \
        "$ROOT/Sources/AlmanacCalendar" "$ROOT/Sources/AlmanacSync" "$ROOT/Sources/AlmanacReminders" "$ROOT/Sources/CAlmanacICU" -type f | sort)
    local lib_stamp
    lib_stamp=$( { echo "$compiler ${swift[*]} ${package[*]} ${cc[*]}"; cat "${lib_files[@]}"; } | sha256sum | cut -c1-16)
    if [[ -f "$dir/library.stamp" && $(cat "$dir/library.stamp") == "$lib_stamp" ]]; then
        echo "build ($variant): library up to date"
    else
        rm -f "$dir/library.stamp"
        echo "build ($variant): CAlmanacICU"
        local c c_objs=()
        for c in "$ROOT"/Sources/CAlmanacICU/*.c; do
            "${cc[@]}" "$c" -o "$obj/CAlmanacICU-$(basename "$c" .c).o" || return 2
            c_objs+=("$obj/CAlmanacICU-$(basename "$c" .c).o")
        done
        ld -r "${c_objs[@]}" -o "$obj/CAlmanacICU.o" || return 2
        local m files
        for m in AlmanacCore Almanac AlmanacJSON AlmanacRequests AlmanacCalendar AlmanacSync AlmanacReminders; do
            echo "build ($variant): $m"
            mapfile -t files < <(find "$ROOT/Sources/$m" -name '*.swift' | sort)
            "${swift[@]}" "${package[@]}" -module-name "$m" -emit-module -emit-module-path "$mods/$m.swiftmodule" \
                -c "${files[@]}" -o "$obj/$m.o" || return 2
        done
        echo "$lib_stamp" > "$dir/library.stamp"
    fi
    local t t_stamp
    for t in "${TARGETS[@]}"; do
        t_stamp=$( { echo "$lib_stamp"; cat "$FUZZ/Sources/FuzzSupport.swift" "$FUZZ/Sources/$(entry "$t")"; } | sha256sum | cut -c1-16)
        if [[ -x "$bin/$t" && -f "$dir/$t.stamp" && $(cat "$dir/$t.stamp") == "$t_stamp" ]]; then continue; fi
        echo "build ($variant): $t"
        # fuzz-ics checks the exact JSON line of `almanac events --json`
        # (`package` API of AlmanacCalendar), so it joins the package.
        local access=(); [[ $t == fuzz-ics || $t == fuzz-sync ]] && access=("${package[@]}")
        "${swift[@]}" "${link[@]}" "${access[@]}" -module-name "$(entry "$t" | sed 's/\.swift$//')" -use-ld=lld \
            "$FUZZ/Sources/FuzzSupport.swift" "$FUZZ/Sources/$(entry "$t")" \
            "$obj/AlmanacCore.o" "$obj/Almanac.o" "$obj/AlmanacJSON.o" "$obj/AlmanacRequests.o" "$obj/AlmanacCalendar.o" "$obj/AlmanacSync.o" "$obj/AlmanacReminders.o" "$obj/CAlmanacICU.o" \
            -licui18n -licuuc -licudata -o "$bin/$t" || return 2
        echo "$t_stamp" > "$dir/$t.stamp"
    done
    echo "build ($variant): done in $((SECONDS - started)) s"
}

# The read-only seed folders of a target. fuzz-ics reads the iCalendar corpus
# itself (Corpus/ics/*.ics, Corpus/freebusy/*.ics, Corpus/availability/*.ics,
# Corpus/samples/calendar.ics and the team sample, copied into
# $OUT/seeds/fuzz-ics/ so that libFuzzer does not read the fixtures' .json
# and README), so the seeds grow with the corpus; seeds/fuzz-ics/ adds
# hand-made inputs.
seed_dirs() {
    echo "$FUZZ/seeds/$1"
    if [[ $1 == fuzz-ics ]]; then
        local d="$OUT/seeds/fuzz-ics"
        rm -rf "$d" && mkdir -p "$d"
        cp "$ROOT"/Corpus/ics/*.ics "$ROOT/Corpus/samples/calendar.ics" "$d/"
        # Names made unique: the folders' files are copied side by side.
        local f
        for f in "$ROOT"/Corpus/freebusy/*.ics "$ROOT"/Corpus/availability/*.ics "$ROOT"/Corpus/samples/team/*.ics; do
            cp "$f" "$d/$(basename "$(dirname "$f")")-$(basename "$f")"
        done
        echo "$d"
    elif [[ $1 == fuzz-sync ]]; then
        # The payloads of Corpus/sync, not their expectations.
        local d="$OUT/seeds/fuzz-sync"
        rm -rf "$d" && mkdir -p "$d"
        find "$ROOT/Corpus/sync" -name '*.json' ! -name '*.expect.json' -exec cp {} "$d/" \;
        echo "$d"
    fi
}

# Fuzzes one target for $2 seconds; prints a summary line; returns libFuzzer's status.
fuzz() {
    local t=$1 seconds=$2
    local corpus="$OUT/corpus/$t" artifacts="$OUT/artifacts/$t" log="$OUT/logs/$t-$(date +%Y%m%d-%H%M%S).log"
    mkdir -p "$corpus" "$artifacts" "$OUT/logs"
    # FUZZ_TIMEOUT (default 1 s) and FUZZ_SEED (default: libFuzzer's, from the
    # clock): CI pins both (see .ci/run).
    local args=(-timeout="${FUZZ_TIMEOUT:-1}" -rss_limit_mb=256 -max_len="$(maxlen "$t")" -max_total_time="$seconds"
                -print_final_stats=1 -artifact_prefix="$artifacts/" -close_fd_mask=1)
    [[ -n ${FUZZ_SEED:-} ]] && args+=(-seed="$FUZZ_SEED")
    local d; d=$(dict "$t"); [[ -n $d ]] && args+=(-dict="$d")
    # FUZZ_KEEP_GOING=1: one child process at a time that is restarted after
    # each finding, so a long session collects every finding instead of
    # stopping at the first (the status is still non-zero when there was one:
    # see below).
    [[ -n ${FUZZ_KEEP_GOING:-} ]] && args+=(-fork=1 -ignore_crashes=1 -ignore_timeouts=1 -ignore_ooms=1)
    echo "fuzz: $t for $seconds s (log $log)"
    local before; before=$(ls "$artifacts" | wc -l)
    "$BIN/$t" "${args[@]}" "$corpus" $(seed_dirs "$t") > "$log" 2>&1
    local status=$?
    # With -ignore_crashes (fork mode) libFuzzer exits 0 after findings: a new
    # artifact is a finding whatever the exit status.
    local found=$(( $(ls "$artifacts" | wc -l) - before ))
    (( found > 0 && status == 0 )) && status=1
    local execs rate
    execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
    rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -1)
    if [[ -z $execs ]]; then
        # Fork mode prints "#N: cov: ... time: Ts job: ..." instead of final stats.
        local last; last=$(grep -E '^#[0-9]+: cov: .* time: [0-9]+s' "$log" | tail -1)
        if [[ -n $last ]]; then
            execs=$(sed -E 's/^#([0-9]+):.*/\1/' <<< "$last")
            local secs; secs=$(sed -E 's/.* time: ([0-9]+)s.*/\1/' <<< "$last")
            (( secs > 0 )) && rate=$(( execs / secs ))
        fi
    fi
    if [[ $status -eq 0 ]]; then
        echo "fuzz: $t ok: ${execs:-?} executions, ${rate:-?}/s, corpus $(ls "$corpus" | wc -l) files"
    else
        echo "fuzz: $t FINDING (status $status): ${execs:-?} executions, ${rate:-?}/s, $found new artifact(s) in $artifacts:"
        grep -E "^(==[0-9]+==ERROR|SUMMARY|==FUZZ CHECK FAILED)|Test unit written to|ALARM" "$log" | sed 's/^/    /' | head -20
        echo "    full log: $log"
    fi
    return $status
}

regress() {
    local t status=0 f
    for t in "$@"; do
        [[ -d "$FUZZ/regressions/$t" ]] || continue
        for f in "$FUZZ/regressions/$t"/*; do
            [[ -f $f && $f != *.md ]] || continue
            local log="$OUT/logs/regress-$t-$(basename "$f").log"
            if "$BIN/$t" -timeout="${FUZZ_TIMEOUT:-1}" -rss_limit_mb=256 "$f" > "$log" 2>&1; then
                echo "regress: $t $(basename "$f"): passes"
            else
                echo "regress: $t $(basename "$f"): FAILS (log $log)"
                grep -m1 -E "FUZZ CHECK FAILED|ERROR: (AddressSanitizer|LeakSanitizer|libFuzzer)" "$log" | cut -c1-300 | sed 's/^/    /'
                status=1
            fi
        done
    done
    return $status
}

cmd=${1:-all}
case $cmd in
    build)
        build; exit $? ;;
    regress)
        build || exit 2
        mkdir -p "$OUT/logs"
        sel=${2:-all}
        if [[ $sel == all ]]; then regress "${TARGETS[@]}"; else is_target "$sel" || exit 2; regress "$sel"; fi
        exit $? ;;
    time)
        is_target "${2:-}" || { echo "usage: $0 time <target> <file>..." >&2; exit 2; }
        build plain || exit 2
        t=$2; shift 2
        FUZZ_VERBOSE=1 exec "$OUT/plain/bin/$t" "$@" ;;
    repro)
        is_target "${2:-}" || { echo "usage: $0 repro <target> <file>..." >&2; exit 2; }
        build || exit 2
        t=$2; shift 2
        exec "$BIN/$t" -timeout=1 -rss_limit_mb=256 "$@" ;;
    all|fuzz-*)
        seconds=${2:-60}
        [[ $seconds =~ ^[0-9]+$ ]] || { echo "seconds must be a whole number" >&2; exit 2; }
        if [[ $cmd == all ]]; then selected=("${TARGETS[@]}"); else is_target "$cmd" || { echo "unknown target $cmd" >&2; exit 2; }; selected=("$cmd"); fi
        started=$SECONDS
        build || exit 2
        status=0
        for t in "${selected[@]}"; do fuzz "$t" "$seconds" || status=1; done
        echo "total: $((SECONDS - started)) s, $([[ $status -eq 0 ]] && echo 'no findings' || echo 'FINDINGS')"
        exit $status ;;
    *)
        echo "usage: $0 [all|build|regress|repro|fuzz-rule-parser|fuzz-batch|fuzz-expand|fuzz-ics|fuzz-sync] [seconds]" >&2
        exit 2 ;;
esac
