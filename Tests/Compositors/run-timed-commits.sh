#!/usr/bin/env bash
# Content shown at chosen times through the compositor's timed commits: frame-bench --cadence on a
# window (each frame's commit timed with Frame.commitNotBefore, WaylandWindow.commit(notBefore:))
# under Debian 13's mutter 48, which offers wp_commit_timing_v1 and wp_fifo_v1, and weston 14, which
# offers neither. Under mutter the window must say it uses both, the run must end (a timed commit
# that mutter held without end would stall it: the bench's time is bounded), and no picture may be
# shown before its time, which the protocol forbids. How many pictures were at their refresh, and any
# early one under weston (the link's own timing, no protocol), are real-time figures: printed.
# Usage: run-timed-commits.sh [--frame-bench PATH] [--duration SECONDS]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
project=$(cd "$here/../.." && pwd)
frame_bench=$project/.build/debug/frame-bench
duration=3
while [ $# -gt 0 ]; do
    case "$1" in
        --frame-bench) frame_bench=$2; shift 2 ;;
        --duration) duration=$2; shift 2 ;;
        *) echo "run-timed-commits: unknown option $1" >&2; exit 2 ;;
    esac
done
[ -x "$frame_bench" ] || { echo "FAILED: no frame-bench at $frame_bench (swift build --product frame-bench)" >&2; exit 1; }
source "$here/compositors.sh"
failed=0

# Runs the cadence bench under compositor $1; $2: what the report must say the compositor offers;
# $3: "strict" when an early picture fails the run.
run_under() {
    local name=$1 offers=$2 strictness=$3 status=0 out
    out=$(mktemp -d)
    start_compositor "$name" || { failed=1; return; }
    XDG_RUNTIME_DIR=$COMPOSITOR_RUNTIME WAYLAND_DISPLAY=$COMPOSITOR_SOCKET timeout 120 "$frame_bench" --cadence \
        --cadence-source wayland --duration "$duration" --output "$out" >"$out/log" 2>&1 || status=$?
    stop_compositor
    echo "$name: frame-bench --cadence --cadence-source wayland exit $status"
    grep -E "^\| [0-9.]+ fps" "$out/cadence.md" 2>/dev/null || cat "$out/log"
    if [ "$status" -ne 0 ]; then
        echo "FAILED: under $name frame-bench exited $status" >&2
        failed=1
        return
    fi
    grep -q "the compositor offers $offers\." "$out/cadence.md" ||
        { echo "FAILED: under $name the window did not say it offers $offers" >&2; failed=1; }
    # The sixth column: early pictures ("0", or "N (by up to X ms)").
    local early
    early=$(grep -E "^\| [0-9.]+ fps" "$out/cadence.md" | awk -F'|' '{ split($7, e, " "); sum += e[1] } END { print sum + 0 }')
    echo "$name: pictures shown before their time: $early"
    if [ "$strictness" = strict ] && [ "$early" -ne 0 ]; then
        echo "FAILED: under $name, with commit-timing, $early pictures were shown before their time" >&2
        failed=1
    fi
}

run_under mutter "commit-timing and fifo" strict
run_under weston "neither commit-timing nor fifo" figure
[ "$failed" -eq 0 ] || exit 1
echo "timed commits: all checks passed"
