#!/usr/bin/env bash
# The suite under the thread sanitizer, bounded in time: a run that makes no progress for
# STALL_SECONDS is ended with the tests still running and every thread's stack printed, and the
# step fails (a hang once came from a frame-executor bug that left awaiting tasks stranded: a
# failure with its evidence beats a CI run that times out with none).
#
# Left out: the suites whose assertions are real-time figures against a compositor or an X server
# (WaylandLinkTests, X11LinkTests) and the loop test that times a followed frame clock to the
# microsecond, as Tests/real-time-figures.pattern names them. The sanitizer slows every access five
# to fifteen times, so their cadence and skips measure the sanitizer, not the link; Tests/run-all.sh
# runs them in its optimised build. Their code paths (the Wayland
# and X11 tick sources, the dispatch threads) still run here through WaylandTickSourceTests,
# WaylandTests and the fault-injection suites.
# Usage: Tests/run-sanitized-suite.sh [--scratch-path DIR] [--skip-build]
#   --skip-build  the sanitized build in DIR is already made (Tests/run-all.sh makes it first): a
#                 second `swift build --sanitize=thread` there recompiles most of the package, because
#                 SwiftPM builds the plugins' host tools, unsanitized, into the same folder first.
set -uo pipefail
cd "$(dirname "$0")/.."
scratch=.build-tsan
build=1
while [ $# -gt 0 ]; do
    case "$1" in
        --scratch-path) scratch=${2:?--scratch-path needs a folder}; shift 2 ;;
        --skip-build) build=0; shift ;;
        *) echo "run-sanitized-suite.sh: unknown argument $1" >&2; exit 2 ;;
    esac
done
stall_seconds=300
# The tests left out (see above), as swift test's --skip pattern.
real_time_figures=$(cat Tests/real-time-figures.pattern)

if [ "$build" = 1 ]; then
    swift build --build-tests --sanitize=thread --scratch-path "$scratch" || exit 1
fi

# Runs the suite with its output in $1; 0 passed, 1 failed, 2 stopped making progress.
run_once() {
    local log=$1
    # The pacing model's random scripts: 200 here (races are what this run is for; the unit run
    # checks 2,000, and a run that prints nothing for STALL_SECONDS counts as stopped).
    FRAMECLOCK_MODEL_SCRIPTS=200 swift test --skip-build --sanitize=thread --scratch-path "$scratch" \
        --skip "$real_time_figures" >"$log" 2>&1 &
    local runner=$!
    local last_size=-1 still=0
    while kill -0 "$runner" 2>/dev/null; do
        sleep 5
        local size
        size=$(stat -c %s "$log")
        if [ "$size" = "$last_size" ]; then still=$((still + 5)); else still=0; last_size=$size; fi
        if [ "$still" -ge "$stall_seconds" ]; then
            echo "the sanitized suite made no progress for $stall_seconds s; tests still running:"
            python3 - "$log" <<'PY'
import re, sys
started, done = [], set()
for line in open(sys.argv[1], errors="replace"):
    if m := re.search(r'◇ Test (".*?"|\S+\(.*?\)) started', line):
        started.append(m.group(1))
    if m := re.search(r'[✔✘] Test (".*?"|\S+\(.*?\)) (with \d+ test cases? )?(passed|failed)', line):
        done.add(m.group(1))
for name in started:
    if name not in done:
        print("  ", name)
PY
            local tests
            tests=$(pgrep -f "$scratch/.*PackageTests.xctest" | head -1)
            if [ -n "$tests" ] && command -v gdb >/dev/null; then
                timeout 120 gdb -p "$tests" -batch -ex "thread apply all bt 8" 2>/dev/null |
                    grep -E "^Thread|^#" | cut -c1-160
            fi
            pkill -f "$scratch/.*PackageTests.xctest"
            wait "$runner" 2>/dev/null
            return 2
        fi
    done
    wait "$runner"
    local status=$?
    tail -n 5 "$log"
    [ "$status" -eq 0 ] && return 0
    grep -E "✘|error:" "$log" | head -n 40
    return 1
}

run_once /tmp/frameclock-tsan.log || { echo "FAILED: the suite under the thread sanitizer" >&2; exit 1; }
