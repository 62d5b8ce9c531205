#!/usr/bin/env bash
# A real GTK 4 front end on FrameClock (Examples/FrontEnds (gtk-clock)): builds it (GTK only there, into its own
# build folder) and runs gtk-clock for 8 s under weston headless (repaint-window=16, as the Wayland
# tests) and under mutter headless, its fetch button pressed at 2 s and the ring's drawing area
# destroyed at 6 s. It checks that the ring's frames follow GTK's frame clock on the main thread,
# that the 2 s fetch costs the loop no frames and its result is applied on the main thread, that the
# link ends with its widget; it prints how well FrameClock's targetTimestamp and GTK's own
# prediction foretold each frame's presentation. A compositor stopped mid-run:
# Tests/Compositors/run-front-ends-stopped.sh.
# Usage: Tests/GTK/run-gtk-clock-check.sh [--scratch-path DIR]
set -euo pipefail
cd "$(dirname "$0")/../.."
scratch=.build-examples
if [ "${1:-}" = "--scratch-path" ]; then scratch=$2; fi
seconds=8

echo "building gtk-clock of Examples/FrontEnds ($scratch)"
bash Tests/swift-build.sh --package-path Examples/FrontEnds --scratch-path "$scratch" --product gtk-clock 2>&1 |
    tee /tmp/gtk-clock-build.log
[ "${PIPESTATUS[0]}" -eq 0 ] || { echo "FAILED: gtk-clock does not build" >&2; exit 1; }
if grep -E "Examples/FrontEnds/Sources/GTKClock/.*: warning:" /tmp/gtk-clock-build.log; then
    echo "FAILED: warnings in Examples/FrontEnds/Sources/GTKClock" >&2
    exit 1
fi
binary="$scratch/debug/gtk-clock"

if "$binary" --duration 0 2>/tmp/gtk-clock-bad.txt; then
    echo "FAILED: gtk-clock accepted --duration 0" >&2
    exit 1
fi
grep -q "needs a positive number of seconds" /tmp/gtk-clock-bad.txt || {
    echo "FAILED: gtk-clock's message for a bad duration: $(cat /tmp/gtk-clock-bad.txt)" >&2
    exit 1
}

# Runs gtk-clock, with the options in $2, under this machine's weston or mutter ($1), started by
# Tests/Compositors/compositors.sh on socket wl-gtk.
source Tests/Compositors/compositors.sh
trap stop_compositor EXIT
run_under() {
    local name=$1 options=$2
    start_test_compositor "$name" wl-gtk || return 1
    echo "gtk-clock under $name headless, $seconds s, the fetch pressed at 2 s, the ring destroyed at 6 s"
    XDG_RUNTIME_DIR=$COMPOSITOR_RUNTIME WAYLAND_DISPLAY=wl-gtk GDK_BACKEND=wayland GSETTINGS_BACKEND=memory \
        timeout 120 "$binary" --duration "$seconds" --fetch-at 2 --destroy-at 6 $options 2>&1 | grep -v "D-Bus" |
        tee "/tmp/gtk-clock-$name.txt"
    stop_compositor
    grep -q "^gtk-clock: all passed" "/tmp/gtk-clock-$name.txt" || { echo "FAILED: gtk-clock under $name" >&2; return 1; }
}

# Under weston, FrameClock's target must foretell the presentations better than GTK's own prediction
# at the median; mutter headless on a loaded machine presents erratically, so there both are printed.
run_under weston "" || exit 1
# mutter headless renders in software and, loaded, presents each commit soon after it rather than
# on a refresh.
run_under mutter --no-prediction-check || exit 1
