#!/usr/bin/env bash
# A window GLFW made, adopted by a display link (Examples/FrontEnds (glfw-clock)): GLFW 3.3's
# Wayland build makes the surface and the EGL context, the link adopts them with
# `.wayland(display:surface:)`, and each callback clears and swaps with glfwSwapBuffers (swap
# interval 0) on the frame thread. Runs glfw-clock RUNS times under weston 10 headless with its
# defaults and RUNS times with repaint-window 16, each 150 frames (the link learns weston's real
# cadence, about 25 ms against the advertised 16.7, within them), and checks that in every run
# every frame came and each frame's target came after the one before, through the learning and
# every switch to the timer and back; a bad option is a clear error and exit 2.
# Usage: Tests/GPU/run-glfw-clock-check.sh [--scratch-path DIR] [--runs N]   (N: 20 by default)
set -euo pipefail
cd "$(dirname "$0")/../.."
program=glfw-clock socket=wl-glfw scratch=.build-examples
runs=20
arguments=()
while [ $# -gt 0 ]; do
    case "$1" in
        --runs) runs=${2:?--runs needs a number}; shift 2 ;;
        --scratch-path) arguments+=("$1" "${2:?--scratch-path needs a folder}"); shift 2 ;;
        *) echo "run-glfw-clock-check.sh: unknown argument $1" >&2; exit 2 ;;
    esac
done
[[ "$runs" =~ ^[1-9][0-9]*$ ]] || { echo "run-glfw-clock-check.sh: --runs takes a positive number" >&2; exit 2; }
source Tests/GPU/gpu-clock-checks.sh "${arguments[@]}"
build_example "Examples/FrontEnds/Sources/GLFWClock"
run_frames=150

status=0
"$binary" --frames 0 2>/tmp/glfw-clock-bad.txt || status=$?
[ "$status" -eq 2 ] && grep -q "needs a positive number of frames" /tmp/glfw-clock-bad.txt ||
    fail "glfw-clock's answer to --frames 0: exit $status, $(cat /tmp/glfw-clock-bad.txt)"
# No compositor: GLFW cannot start, and says so.
status=0
XDG_RUNTIME_DIR=/nonexistent WAYLAND_DISPLAY=none timeout 30 "$binary" --frames 10 2>/tmp/glfw-clock-bad.txt ||
    status=$?
[ "$status" -eq 1 ] && grep -q "glfwInit failed" /tmp/glfw-clock-bad.txt ||
    fail "glfw-clock without a compositor: exit $status, $(cat /tmp/glfw-clock-bad.txt)"

# Runs glfw-clock $runs times under weston 10 with repaint window $1 ("" for weston's own); prints a
# line a run and fails on the first that fails.
runs_under_weston() {
    local window=$1 run report
    for ((run = 1; run <= runs; run++)); do
        report=/tmp/glfw-clock-$run.txt
        COMPOSITOR_SOCKET_NAME=$socket COMPOSITOR_REPAINT_WINDOW=$window start_compositor weston10 ||
            fail "weston did not start"
        local run_status=0
        XDG_RUNTIME_DIR=$COMPOSITOR_RUNTIME WAYLAND_DISPLAY=$socket timeout 60 "$binary" --frames "$run_frames" \
            >"$report" 2>&1 || run_status=$?
        stop_compositor
        echo "  run $run: $(grep -E '^(frames|targets not after)' "$report" | paste -sd ';' -)"
        if [ "$run_status" -ne 0 ]; then
            cat "$report"
            fail "glfw-clock under weston (repaint window ${window:-the default}) exited $run_status in run $run"
        fi
    done
}
echo "glfw-clock under weston 10 headless, its own repaint window, $runs runs of $run_frames frames"
runs_under_weston ""
echo "glfw-clock under weston 10 headless, repaint-window 16, $runs runs of $run_frames frames"
runs_under_weston 16
echo "glfw-clock: all checks passed"
