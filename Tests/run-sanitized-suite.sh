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

# The suite in three processes at once, each its own swift-testing run of the sanitized bundle: the
# command-line tests spend most of their time waiting for the programs they start, and a test that
# waits holds one of the two threads a process runs tests on. Alone, one process took 215 s; the
# three 161 s. Run from the bundle, not `swift test`, which holds the build folder's lock for the
# whole run, so that a second `swift test` there waits for the first. The pacing model's random
# scripts: 200 here (races are what this run is for; the unit run checks 2,000).
frame_bench_tests='^CommandLineTests\.(FrameBenchCommandLineTests|FrameBenchLookupTests|UplinkDownTests)'
group_names=("frame-bench's command lines" "the other command lines" "the rest of the suite")
# The filter arguments of group $1.
group_arguments() {
    case "$1" in
        0) group_args=(--filter "$frame_bench_tests") ;;
        1) group_args=(--filter '^CommandLineTests\.' --skip "$frame_bench_tests") ;;
        *) group_args=(--skip '^CommandLineTests\.') ;;
    esac
}

# Prints the tests of a run's log that started and did not end.
still_running() {
    python3 - "$1" <<'PY'
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
}

# Runs the three; 0 passed, 1 failed, 2 one stopped making progress.
run_groups() {
    local bundle pids=() logs=() i
    bundle="$(swift build --sanitize=thread --scratch-path "$scratch" --show-bin-path)/FrameClockPackageTests.xctest"
    [ -x "$bundle" ] || { echo "no sanitized test bundle at $bundle (build it first)" >&2; return 1; }
    for i in "${!group_names[@]}"; do
        logs+=("/tmp/frameclock-tsan-$i.log")
        group_arguments "$i"
        FRAMECLOCK_MODEL_SCRIPTS=200 NO_COLOR=1 "$bundle" --testing-library swift-testing \
            "${group_args[@]}" --skip "$real_time_figures" >"${logs[$i]}" 2>&1 &
        pids+=("$!")
    done
    # A run that prints nothing for STALL_SECONDS counts as stopped: its stacks, then every run ends.
    local sizes=() still=() running status=0
    while :; do
        running=0
        for i in "${!pids[@]}"; do kill -0 "${pids[$i]}" 2>/dev/null && running=1; done
        [ "$running" = 1 ] || break
        sleep 5
        for i in "${!pids[@]}"; do
            kill -0 "${pids[$i]}" 2>/dev/null || continue
            local size
            size=$(stat -c %s "${logs[$i]}")
            if [ "$size" = "${sizes[$i]:-}" ]; then still[i]=$((${still[$i]:-0} + 5)); else still[i]=0; sizes[i]=$size; fi
            if [ "${still[$i]}" -ge "$stall_seconds" ]; then
                echo "the sanitized suite (${group_names[$i]}) made no progress for $stall_seconds s; tests still running:"
                still_running "${logs[$i]}"
                if command -v gdb >/dev/null; then
                    timeout 120 gdb -p "${pids[$i]}" -batch -ex "thread apply all bt 8" 2>/dev/null |
                        grep -E "^Thread|^#" | cut -c1-160
                fi
                for i in "${!pids[@]}"; do kill "${pids[$i]}" 2>/dev/null; done
                wait
                cat "${logs[@]}" >/tmp/frameclock-tsan.log
                return 2
            fi
        done
    done
    for i in "${!pids[@]}"; do
        local group_status=0
        wait "${pids[$i]}" || group_status=$?
        echo "== ${group_names[$i]} (exit status $group_status)"
        tail -n 3 "${logs[$i]}"
        if [ "$group_status" -ne 0 ]; then
            # Failed tests and the sanitizer's reports; a run that crashed names the tests it was in.
            grep -E "^✘|^\S+:[0-9]+: error:|WARNING: ThreadSanitizer|Fatal error|SUMMARY:" "${logs[$i]}" | head -n 40
            grep -A 24 -m 1 "WARNING: ThreadSanitizer" "${logs[$i]}" | cut -c1-200
            if [ "$group_status" -gt 128 ] || ! grep -qE "^[✔✘] Test run with" "${logs[$i]}"; then
                echo "the run ended without its summary (exit status $group_status); tests still running:"
                still_running "${logs[$i]}"
            fi
            status=1
        fi
    done
    cat "${logs[@]}" >/tmp/frameclock-tsan.log
    return "$status"
}

run_groups || { echo "FAILED: the suite under the thread sanitizer (its log: /tmp/frameclock-tsan.log)" >&2; exit 1; }
