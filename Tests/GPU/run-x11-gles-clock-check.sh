#!/usr/bin/env bash
# OpenGL ES on an X11 window (x11-gles-clock, in Examples/FrontEnds): builds x11-gles-clock (EGL and GLES only there,
# into its own build folder) and runs it for 300 frames under Xvfb and under Xwayland in weston
# headless (repaint-window=16, as the X11 link tests), drawn by Mesa's llvmpipe on one thread, paced by
# the display link at its render deadline: on FrameClock's own window, and on a window adopted by its
# XID. Each run keeps the server's cadence (0 duplicate and 0 burst frames; skipped refreshes are
# counted and printed), and on the own window every frame settles (presented, its Present completion
# in the link's timeline, or discarded, a reported figure; none pending). A bad option, no EGL driver, no X server and the X server killed
# mid-run are a clear error and exit 1, never a hang. Where Xvfb, Xwayland, weston or EGL is missing,
# that part is skipped with a one-line reason (failed when CI=true).
# Usage: Tests/GPU/run-x11-gles-clock-check.sh [--scratch-path DIR]
set -euo pipefail
cd "$(dirname "$0")/../.."
program=x11-gles-clock
scratch=.build-examples
source Tests/GPU/gpu-clock-checks.sh "$@"

# Prints why $1 is skipped; fails instead when CI=true.
skip() {
    if [ "${CI:-}" = true ]; then fail "$1 (CI=true requires it)"; fi
    echo "SKIPPED: $1"
}

if ! pkg-config --exists egl glesv2; then
    skip "x11-gles-clock: no EGL or GLES development files (apt-get install libegl1-mesa-dev libgles2-mesa-dev)"
    exit 0
fi

build_example "Examples/FrontEnds/Sources/X11GLESClock|Sources/X11EGL"

# Starts Xvfb on a display it picks itself (-displayfd). Sets server and display.
start_xvfb() {
    local numberFile
    numberFile=$(mktemp /tmp/frameclock-xvfb.XXXXXX)
    setsid Xvfb -displayfd 3 -screen 0 640x480x24 -nolisten tcp 3>"$numberFile" >/dev/null 2>&1 &
    server=$!
    for _ in $(seq 200); do [ -s "$numberFile" ] && break; sleep 0.05; done
    display=:$(head -1 "$numberFile")
    rm -f "$numberFile"
    [ "$display" != ":" ] || { echo "FAILED: Xvfb did not start" >&2; return 1; }
}

# Starts this machine's weston headless with Xwayland (Tests/Compositors/compositors.sh,
# repaint-window=16 as the X11 link tests); its log names the X display. Sets server and display.
start_xwayland() {
    COMPOSITOR_SOCKET_NAME=wl-x11-gles COMPOSITOR_REPAINT_WINDOW=16 COMPOSITOR_XWAYLAND=1 \
        start_compositor weston10 || { echo "FAILED: weston did not start" >&2; return 1; }
    server=$COMPOSITOR_PID
    display=$(compositor_x_display) ||
        { echo "FAILED: weston did not start Xwayland: $(tail -n 20 "$COMPOSITOR_RUNTIME/log")" >&2; return 1; }
}

# Stops the X server: Xvfb, or weston with its Xwayland.
stop_server() {
    if [ -n "${COMPOSITOR_PID:-}" ]; then
        stop_compositor
        return
    fi
    kill -- -"$server" 2>/dev/null || true
    wait "$server" 2>/dev/null || true
}

# Runs $program on $display with the options given; checks its report.
run_on() {
    local name=$1 window=$2
    echo "$program under $name, $frames frames, $window window"
    local status=0
    timeout 120 "$binary" --display "$display" --frames "$frames" --window "$window" \
        >"/tmp/$program-$name-$window.txt" 2>&1 || status=$?
    cat "/tmp/$program-$name-$window.txt"
    [ "$status" -eq 0 ] || { echo "FAILED: $program under $name ($window window) exited $status" >&2; return 1; }
    grep -qE "duplicates 0, bursts 0, skipped [0-9]+" "/tmp/$program-$name-$window.txt" ||
        { echo "FAILED: $program under $name ($window window): duplicate or burst frames" >&2; return 1; }
    # On the own window every frame settles (an idle machine discards none).
    if [ "$window" = own ]; then check_settled "/tmp/$program-$name-$window.txt" "$name" 0; fi
}

# The checks that need one X server: a bad option, no EGL driver, the server killed mid-run.
check_errors() {
    if "$binary" --frames 0 2>"/tmp/$program-bad.txt"; then fail "$program accepted --frames 0"; fi
    grep -q "needs a positive number of frames" "/tmp/$program-bad.txt" ||
        fail "$program's message for a bad frame count: $(cat "/tmp/$program-bad.txt")"
    # No X server: a display with no socket.
    local absent=1
    while [ -e "/tmp/.X11-unix/X$absent" ]; do absent=$((absent + 1)); done
    local status=0
    timeout 20 "$binary" --display ":$absent" --frames 10 >"/tmp/$program-no-server.txt" 2>&1 || status=$?
    cat "/tmp/$program-no-server.txt"
    [ "$status" -eq 1 ] || fail "without an X server $program exited $status, not 1"
    grep -q "x11: .*:$absent" "/tmp/$program-no-server.txt" || fail "without an X server $program did not name the display"
    start_xvfb || exit 1
    # No EGL driver: libglvnd finds no vendor. A typed error naming the missing display.
    status=0
    __EGL_VENDOR_LIBRARY_FILENAMES=/nonexistent timeout 20 "$binary" --display "$display" --frames 10 \
        >"/tmp/$program-no-driver.txt" 2>&1 || status=$?
    cat "/tmp/$program-no-driver.txt"
    [ "$status" -eq 1 ] || { stop_server; fail "without an EGL driver $program exited $status, not 1"; }
    grep -q "no EGL display" "/tmp/$program-no-driver.txt" || { stop_server; fail "without an EGL driver: no 'no EGL display'"; }
    # The X server killed mid-run: a clear error, exit 1, within the timeout.
    status=0
    timeout 30 "$binary" --display "$display" --frames 100000 >"/tmp/$program-gone.txt" 2>&1 &
    local client=$!
    sleep 2
    stop_server
    wait "$client" || status=$?
    cat "/tmp/$program-gone.txt"
    [ "$status" -eq 1 ] || fail "with the X server gone $program exited $status, not 1"
    grep -qE "connection|lost|x11" "/tmp/$program-gone.txt" || fail "with the X server gone $program gave no reason"
}

ran=0
if command -v Xvfb >/dev/null; then
    check_errors
    for window in own adopted; do
        start_xvfb || exit 1
        run_on xvfb "$window" || { stop_server; exit 1; }
        stop_server
    done
    ran=1
else
    skip "x11-gles-clock under Xvfb: Xvfb is not installed (apt-get install xvfb)"
fi
if command -v Xwayland >/dev/null && command -v weston >/dev/null; then
    for window in own adopted; do
        start_xwayland || exit 1
        run_on xwayland "$window" || { stop_server; exit 1; }
        stop_server
    done
    ran=1
else
    skip "x11-gles-clock under Xwayland: Xwayland or weston is not installed (apt-get install xwayland weston)"
fi
if [ "$ran" -eq 1 ]; then echo "x11-gles-clock: all checks passed"; fi
