#!/usr/bin/env bash
# A real GTK 4 front end on FrameClock (Examples/FrontEnds (gtk-clock)): builds it (GTK only there, into its own
# build folder) and runs gtk-clock for 8 s under weston headless (repaint-window=16, as the Wayland
# tests) and under mutter headless, its fetch button pressed at 2 s and the ring's drawing area
# destroyed at 6 s. It checks that the ring's frames follow GTK's frame clock on the main thread,
# that the 2 s fetch costs the loop no frames and its result is applied on the main thread, that the
# link ends with its widget; it prints how well FrameClock's targetTimestamp and GTK's own
# prediction foretold each frame's presentation.
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

# Runs gtk-clock, with the options in $2, against the compositor started by the rest (on socket
# wl-gtk; RUNTIME in an argument stands for its runtime directory).
run_under() {
    local name=$1 options=$2
    shift 2
    runtime=$(mktemp -d /tmp/frameclock-gtk.XXXXXX)
    chmod 700 "$runtime"
    printf '[core]\nrepaint-window=16\n' >"$runtime/weston.ini"
    XDG_RUNTIME_DIR=$runtime WAYLAND_DISPLAY='' DISPLAY='' GSETTINGS_BACKEND=memory setsid "${@//RUNTIME/$runtime}" \
        >"$runtime/compositor.log" 2>&1 &
    local compositor=$!
    for _ in $(seq 200); do [ -S "$runtime/wl-gtk" ] && break; sleep 0.05; done
    if [ ! -S "$runtime/wl-gtk" ]; then
        echo "FAILED: $name did not start: $(cat "$runtime/compositor.log")" >&2
        kill -- -"$compositor" 2>/dev/null
        return 1
    fi
    echo "gtk-clock under $name headless, $seconds s, the fetch pressed at 2 s, the ring destroyed at 6 s"
    XDG_RUNTIME_DIR=$runtime WAYLAND_DISPLAY=wl-gtk GDK_BACKEND=wayland GSETTINGS_BACKEND=memory \
        timeout 120 "$binary" --duration "$seconds" --fetch-at 2 --destroy-at 6 $options 2>&1 | grep -v "D-Bus" |
        tee "/tmp/gtk-clock-$name.txt"
    kill -- -"$compositor" 2>/dev/null
    wait "$compositor" 2>/dev/null
    rm -rf "$runtime"
    grep -q "^gtk-clock: all passed" "/tmp/gtk-clock-$name.txt" || { echo "FAILED: gtk-clock under $name" >&2; return 1; }
}

# Under weston, FrameClock's target must foretell the presentations better than GTK's own prediction
# at the median; mutter headless on a loaded machine presents erratically, so there both are printed.
run_under weston "" weston --backend=headless-backend.so --socket=wl-gtk --idle-time=0 \
    --config=RUNTIME/weston.ini || exit 1
# mutter headless renders in software and, loaded, presents each commit soon after it rather than
# on a refresh.
run_under mutter --no-prediction-check dbus-run-session -- mutter --wayland --headless --no-x11 --wayland-display=wl-gtk \
    --virtual-monitor 800x600@60 || exit 1
