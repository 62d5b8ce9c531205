#!/usr/bin/env bash
# Bounded libFuzzer runs over FrameClock's parsers and models (Tests/run-all.sh calls this as
# `bash Tests/Fuzz/run-fuzzers.sh --build-path .build`).
#
#   mediatiming  the timing model: layer trees (cycles included), clocks, pause/resume, basic and
#                keyframe animations, timing functions, presentation caches, paths; raw doubles
#                (NaN, infinities, huge values) and invariants checked after every operation
#   drm-events   the DRM event-record parser and reader: arbitrary bytes must give typed errors
#                that match an independent reading of the kernel's record layout
#
# Each target is built with `swiftc -sanitize=fuzzer,address` from its module's sources plus the
# entry files in Tests/Fuzz/<Target>Fuzzer (SwiftPM cannot link a libFuzzer main into an
# executable target), then runs for FUZZ_SECONDS (default 60) from the seeds in
# Tests/Fuzz/corpus/<target>. Outputs go to <build-path>-fuzz/fuzzers (.build-fuzz/fuzzers by
# default; FUZZ_OUT overrides): binaries, the growing corpus, logs and crash artifacts.
# FUZZ_TARGETS="mediatiming drm-events" picks targets.
#
# Exit status: 1 when a target found a crash, an invariant break, a hang or a leak, or failed to
# build; 0 otherwise, also when this machine has no libFuzzer runtime (said loudly).
set -uo pipefail
cd "$(dirname "$0")/../.."
ROOT=$PWD

build_path=.build
while [ $# -gt 0 ]; do
    case "$1" in
        --build-path) build_path=${2:?--build-path needs a value}; shift 2 ;;
        --build-path=*) build_path=${1#--build-path=}; shift ;;
        -h | --help) sed -n '2,22p' "$0"; exit 0 ;;
        *) echo "run-fuzzers.sh: unknown argument $1" >&2; exit 2 ;;
    esac
done
OUT=${FUZZ_OUT:-${build_path%/}-fuzz/fuzzers}
SECONDS_PER_TARGET=${FUZZ_SECONDS:-60}
TARGETS=${FUZZ_TARGETS:-mediatiming drm-events}
mkdir -p "$OUT"
OUT=$(cd "$OUT" && pwd)

# Swift's own crash reporter would wait on the crashed process; libFuzzer reports crashes itself.
export SWIFT_BACKTRACE=enable=no

SWIFTC=(swiftc -swift-version 6 -O -g -sanitize=fuzzer,address -parse-as-library)

# Does this toolchain link libFuzzer (clang's runtime, shipped with the Swift toolchain)?
probe_dir="$OUT/probe"
mkdir -p "$probe_dir"
cat >"$probe_dir/probe.swift" <<'EOF'
@_cdecl("LLVMFuzzerTestOneInput")
public func probe(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt { 0 }
EOF
if ! "${SWIFTC[@]}" "$probe_dir/probe.swift" -o "$probe_dir/probe" >"$probe_dir/build.log" 2>&1; then
    echo "################################################################################"
    echo "# FUZZING SKIPPED: swiftc -sanitize=fuzzer cannot build here (no libFuzzer runtime,"
    echo "# libclang_rt.fuzzer-*.a, in this Swift toolchain?). Build log: $probe_dir/build.log"
    echo "################################################################################"
    grep -v "Cannot export local symbol" "$probe_dir/build.log" | tail -5
    exit 0
fi

failed=0
summaries=()

# build_mediatiming BINARY: every MediaTiming source and the fuzz entry, one module, over the
# package's lock (PthreadLock, a module of its own; package access: one package name for both).
build_mediatiming() {
    local sources work
    work=$(dirname "$1")/mediatiming-build
    mkdir -p "$work"
    "${SWIFTC[@]}" -package-name frameclockfuzz -module-name PthreadLock -wmo -emit-module \
        -emit-module-path "$work/PthreadLock.swiftmodule" Sources/PthreadLock/*.swift \
        -c -o "$work/pthreadlock.o" || return 1
    mapfile -t sources < <(find Sources/MediaTiming Tests/Fuzz/MediaTimingFuzzer -name '*.swift' | sort)
    "${SWIFTC[@]}" -package-name frameclockfuzz -I "$work" -module-name MediaTimingFuzz "${sources[@]}" \
        "$work/pthreadlock.o" -o "$1"
}

# build_drm_events BINARY: every DRM source and the fuzz entry, one module, with the CDRM system
# library (libdrm through pkg-config) and the CDRMShims and CLinuxShims C targets compiled beside it.
# swift-system (the DRM module's `Errno`) is linked from the package's own debug build, made here
# if it is not there yet (its code is not instrumented; the fuzzed parser is).
build_drm_events() {
    local work cflags libs
    work=$(dirname "$1")/drm-events-build
    if ! cflags=$(pkg-config --cflags libdrm) || ! libs=$(pkg-config --libs libdrm); then
        echo "libdrm's pkg-config file is missing (apt-get install libdrm-dev)"
        return 1
    fi
    bash Tests/swift-build.sh --scratch-path "$build_path" --target SystemPackage || return 1
    local debug="$build_path/debug"
    local csystem="$build_path/checkouts/swift-system/Sources/CSystem/include/module.modulemap"
    mkdir -p "$work/modules/CDRMShims" "$work/modules/CLinuxShims"
    printf 'module CDRMShims {\n    header "%s/Sources/CDRMShims/include/CDRMShims.h"\n    export *\n}\n' \
        "$ROOT" >"$work/modules/CDRMShims/module.modulemap"
    printf 'module CLinuxShims {\n    header "%s/Sources/CLinuxShims/include/CLinuxShims.h"\n    export *\n}\n' \
        "$ROOT" >"$work/modules/CLinuxShims/module.modulemap"
    # shellcheck disable=SC2086 # pkg-config output is a list of flags
    clang -c -g -O1 -fsanitize=fuzzer-no-link,address $cflags -I Sources/CDRMShims/include \
        Sources/CDRMShims/shims.c -o "$work/cdrmshims.o" || return 1
    clang -c -g -O1 -fsanitize=fuzzer-no-link,address -I Sources/CLinuxShims/include \
        Sources/CLinuxShims/shims.c -o "$work/clinuxshims.o" || return 1
    # The package's errno funnel, a module of its own (package access: one package name for both).
    # $work/modules comes first: the package's own build has a SystemCalls module too, made under
    # another package name.
    local system=(-package-name frameclockfuzz -I "$work/modules" -I "$work/modules/CLinuxShims" -I "$debug/Modules"
        -Xcc -fmodule-map-file="$csystem")
    "${SWIFTC[@]}" "${system[@]}" -module-name SystemCalls -wmo -emit-module \
        -emit-module-path "$work/modules/SystemCalls.swiftmodule" Sources/SystemCalls/*.swift \
        -c -o "$work/systemcalls.o" || return 1
    local sources xcc=()
    mapfile -t sources < <(find Sources/DRM Tests/Fuzz/DRMEventFuzzer -name '*.swift' | sort)
    for flag in $cflags; do xcc+=(-Xcc "$flag"); done
    # shellcheck disable=SC2086
    "${SWIFTC[@]}" "${system[@]}" -module-name DRMEventFuzz -I Sources/CDRM -I "$work/modules/CDRMShims" \
        "${xcc[@]}" "${sources[@]}" "$work/cdrmshims.o" "$work/clinuxshims.o" \
        "$work/systemcalls.o" "$debug"/SystemPackage.build/*.swift.o "$debug"/CSystem.build/*.o $libs -o "$1"
}

# run_target NAME BUILD_FUNCTION MAX_LEN
run_target() {
    local name=$1 build=$2 max_len=$3
    local binary="$OUT/$name-fuzzer" log="$OUT/$name.log" corpus="$OUT/corpus/$name"
    local artifacts="$OUT/artifacts/$name/"
    mkdir -p "$corpus" "$artifacts"
    echo "== fuzz $name: building"
    if ! "$build" "$binary" >"$OUT/$name-build.log" 2>&1; then
        grep -v "Cannot export local symbol" "$OUT/$name-build.log" | tail -30
        summaries+=("fuzz $name: BUILD FAILED (log: $OUT/$name-build.log)")
        failed=1
        return
    fi
    if grep -E "^($ROOT/)?(Sources|Tests)/.*: warning:" "$OUT/$name-build.log"; then
        echo "warning: the fuzz build of $name shows warnings (above)"
    fi
    echo "== fuzz $name: running for ${SECONDS_PER_TARGET} s"
    local status=0
    # New inputs go to the first corpus folder (under $OUT); the committed seeds are only read.
    "$binary" -max_total_time="$SECONDS_PER_TARGET" -max_len="$max_len" -timeout=10 \
        -print_final_stats=1 -artifact_prefix="$artifacts" "$corpus" "Tests/Fuzz/corpus/$name" \
        >"$log" 2>&1 || status=$?
    local runs seconds rate crashes=0
    runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
    seconds=$(sed -n 's/^Done [0-9]* runs in \([0-9]*\) second.*/\1/p' "$log" | tail -1)
    [ -n "$seconds" ] || seconds=$SECONDS_PER_TARGET
    rate=$(( ${runs:-0} / (seconds > 0 ? seconds : 1) ))
    if [ "$status" -ne 0 ]; then
        crashes=1
        failed=1
        echo "-- $name: libFuzzer stopped with status $status; the report:"
        grep -E "Fatal error|ERROR: |SUMMARY: |Test unit written" "$log" | head -8
    fi
    summaries+=("fuzz $name: ${runs:-0} runs in ${seconds} s (${rate}/s), crashes found: $crashes, corpus $(find "$corpus" -type f | wc -l) inputs (log: $log)")
}

for target in $TARGETS; do
    case "$target" in
        mediatiming) run_target mediatiming build_mediatiming 1024 ;;
        drm-events) run_target drm-events build_drm_events 1100 ;;
        *) echo "unknown fuzz target $target" >&2; failed=1 ;;
    esac
done

echo
for line in "${summaries[@]}"; do echo "$line"; done
if [ "$failed" -ne 0 ]; then
    echo "FUZZING FAILED: a crash, an invariant break or a build failure (artifacts under $OUT/artifacts)" >&2
fi
exit "$failed"
