#!/usr/bin/env bash
# The front ends under a compositor that stops for 5 s, under every compositor of the matrix:
# gles-clock (OpenGL ES on llvmpipe), vulkan-clock (a MAILBOX swapchain on lavapipe) and gtk-clock
# (GTK 4's loop and frame clock) of Examples/FrontEnds, one after another in one session of each
# compositor, which is stopped (SIGSTOP of its process group) FREEZE_AFTER s into each run for
# FREEZE_SECONDS and continued. Each must go on and exit 0: gles-clock and vulkan-clock with every
# frame settled (presented, or discarded: the compositor replaces some of the commits that waited
# for it unseen), none pending; gtk-clock with its checks passed (each of GTK's ticks a frame on the
# main thread; the stop's frames are no prediction to judge); and each must have frames shown after
# the compositor's return. How long after it the first was shown is read from the link's timeline
# (--timeline, by shown-after-return.py) and reported, in the output's intervals; more than RETURN_GOAL intervals is listed
# as outside the goal, not failed (a loaded machine moves it). clock-demo's own stopped run is the
# matrix's (run-matrix.sh). A line a compositor and front end; any failure fails the script.
#
# Usage: Tests/Compositors/run-front-ends-stopped.sh [--scratch-path DIR] [COMPOSITOR ...]
#   --scratch-path  the build folder of Examples/FrontEnds (default .build-examples); the three
#                   products are built there first (at once when they are built already)
#   COMPOSITOR      default: weston mutter kwin sway cage (Debian 13's) weston10 mutter43 (this machine's)
set -euo pipefail
cd "$(dirname "$0")/../.."
scratch=.build-examples
compositors=()
while [ $# -gt 0 ]; do
    case "$1" in
        --scratch-path) scratch=${2:?--scratch-path needs a folder}; shift 2 ;;
        -h | --help) sed -n '2,/^set -euo/p' "$0" | sed '$d'; exit 0 ;;
        -*) echo "run-front-ends-stopped: unknown option $1" >&2; exit 2 ;;
        *) compositors+=("$1"); shift ;;
    esac
done
[ ${#compositors[@]} -gt 0 ] || compositors=(weston mutter kwin sway cage weston10 mutter43)

source Tests/Compositors/compositors.sh
trap stop_compositor EXIT
# Mesa's software drivers (llvmpipe, lavapipe) draw on one thread.
export LP_NUM_THREADS=1

# When the compositor is stopped (seconds into a front end's run), and for how long.
FREEZE_AFTER=1.5
FREEZE_SECONDS=5
# Frames of gles-clock and vulkan-clock: the frames while the compositor is stopped are skipped, not
# counted, so 120 frames last the stop and 2 s at 60 Hz.
FRAMES=120
# gtk-clock's run: the stop inside it, and a second after it.
GTK_SECONDS=7.5
# Intervals from the compositor's return to the first frame shown, at most (the issue's goal).
RETURN_GOAL=2
# How long a client may take in all (a stopped compositor's 5 s included) before it is a hang.
CLIENT_TIMEOUT=120

for product in gles-clock vulkan-clock gtk-clock; do
    bash Tests/swift-build.sh --package-path Examples/FrontEnds --scratch-path "$scratch" --product "$product" \
        >"/tmp/front-ends-stopped-build-$product.log" 2>&1 ||
        { tail -n 20 "/tmp/front-ends-stopped-build-$product.log" >&2; echo "FAILED: $product does not build" >&2; exit 1; }
done
bin="$scratch/debug"

# Runs front end $2 (the command line in the remaining arguments) under the running compositor $1,
# stopped FREEZE_AFTER s in for FREEZE_SECONDS; its report is /tmp/front-ends-stopped-$1-$2.txt, its
# timeline .json beside it. Prints its line; fails when it exited non-zero, left a frame pending,
# failed its checks or showed nothing after the compositor's return.
run_stopped() {
    local name=$1 program=$2 status=0 pid continued line shown failure=
    shift 2
    local report=/tmp/front-ends-stopped-$name-$program.txt timeline=/tmp/front-ends-stopped-$name-$program.json
    rm -f "$timeline"
    env XDG_RUNTIME_DIR="$COMPOSITOR_RUNTIME" WAYLAND_DISPLAY="$COMPOSITOR_SOCKET" GDK_BACKEND=wayland \
        GSETTINGS_BACKEND=memory timeout "$CLIENT_TIMEOUT" "$@" --timeline "$timeline" >"$report" 2>&1 </dev/null &
    pid=$!
    continued=$(pause_compositor "$FREEZE_AFTER" "$FREEZE_SECONDS")
    wait "$pid" || status=$?
    shown=$(python3 Tests/Compositors/shown-after-return.py "$timeline" "$continued" "$RETURN_GOAL")
    case "$program" in
        gtk-clock)
            line="exit 0, all its checks passed"
            grep -q "^gtk-clock: all passed" "$report" || failure="its checks failed" ;;
        *)
            line=$(grep -E "^$program: link: $FRAMES frames: [0-9]+ presented, 0 pending, [0-9]+ discarded" "$report" |
                sed -E 's/.*: ([0-9]+) presented, 0 pending, ([0-9]+) discarded.*/exit 0, \1 presented, \2 discarded, 0 pending/') ||
                failure="frames left pending" ;;
    esac
    [ "$status" -eq 0 ] || failure="exit $status"
    [[ "$shown" == *" frames, "[0-9]*" shown after the return"* ]] || failure=${failure:-$shown}
    if [ -n "$failure" ]; then
        grep -v "D-Bus" "$report" | tail -n 8 >&2
        echo "FAILED: $program under $name stopped for $FREEZE_SECONDS s: $failure" >&2
        return 1
    fi
    echo "$name stopped for $FREEZE_SECONDS s: $program $line; $shown"
}

# The three front ends under compositor $1, one after another in one session of it.
run_under() {
    local name=$1 failed=0
    start_compositor "$name" || return 1
    # GTK first: under mutter 43, a GTK 4.8 window opened after another client's closed gets no
    # frame callback for a few hundred milliseconds after its first frames (GTK's clock stalls; the
    # same window first in a session does not), which would stand for the compositor's return.
    run_stopped "$name" gtk-clock "$bin/gtk-clock" --duration "$GTK_SECONDS" --no-prediction-check || failed=1
    run_stopped "$name" gles-clock "$bin/gles-clock" --frames "$FRAMES" --may-discard "$FRAMES" || failed=1
    run_stopped "$name" vulkan-clock "$bin/vulkan-clock" --frames "$FRAMES" --may-discard "$FRAMES" || failed=1
    stop_compositor
    return "$failed"
}

failures=0
for name in "${compositors[@]}"; do
    run_under "$name" || failures=$((failures + 1))
done
[ "$failures" -eq 0 ] || { echo "FAILED: front ends under $failures stopped compositor(s)" >&2; exit 1; }
echo "front ends under stopped compositors: all went on"
