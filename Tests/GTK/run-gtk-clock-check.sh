#!/usr/bin/env bash
# A real GTK 4 front end on FrameClock (Examples/GTKClock) under weston headless: builds it (GTK only
# there, into its own build folder), starts weston as the Wayland tests do (repaint-window=16), and
# runs gtk-clock for 8 s with its fetch button pressed at 2 s. It checks that the ring's frames
# follow GTK's frame clock on the main thread, that none is skipped while the 2 s fetch is out and
# its result is applied on the main thread, and how well FrameClock's targetTimestamp and GTK's own
# prediction foretell each frame's presentation.
# Usage: Tests/GTK/run-gtk-clock-check.sh [--scratch-path DIR]
set -euo pipefail
cd "$(dirname "$0")/../.."
scratch=.build-gtk
if [ "${1:-}" = "--scratch-path" ]; then scratch=$2; fi
seconds=8

echo "building Examples/GTKClock ($scratch)"
swift build --package-path Examples/GTKClock --scratch-path "$scratch" 2>&1 | tee /tmp/gtk-clock-build.log
[ "${PIPESTATUS[0]}" -eq 0 ] || { echo "FAILED: Examples/GTKClock does not build" >&2; exit 1; }
if grep -E "Examples/GTKClock/.*: warning:" /tmp/gtk-clock-build.log; then
    echo "FAILED: warnings in Examples/GTKClock" >&2
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

runtime=$(mktemp -d /tmp/frameclock-gtk.XXXXXX)
chmod 700 "$runtime"
printf '[core]\nrepaint-window=16\n' >"$runtime/weston.ini"
XDG_RUNTIME_DIR=$runtime WAYLAND_DISPLAY='' weston --backend=headless-backend.so --socket=wl-gtk \
    --idle-time=0 --config="$runtime/weston.ini" --log="$runtime/weston.log" &
weston_pid=$!
trap 'kill $weston_pid 2>/dev/null || true; wait $weston_pid 2>/dev/null || true; rm -rf "$runtime"' EXIT
for _ in $(seq 100); do [ -S "$runtime/wl-gtk" ] && break; sleep 0.05; done
[ -S "$runtime/wl-gtk" ] || { echo "FAILED: weston did not start: $(cat "$runtime/weston.log")" >&2; exit 1; }

echo "gtk-clock under weston headless, $seconds s, the fetch pressed at 2 s"
XDG_RUNTIME_DIR=$runtime WAYLAND_DISPLAY=wl-gtk GDK_BACKEND=wayland GSETTINGS_BACKEND=memory \
    timeout 120 "$binary" --duration "$seconds" --fetch-at 2 2>&1 | grep -v "D-Bus" | tee /tmp/gtk-clock-check.txt
grep -q "^gtk-clock: all passed" /tmp/gtk-clock-check.txt || { echo "FAILED: gtk-clock" >&2; exit 1; }
