#!/usr/bin/env bash
# An OpenGL ES front end on FrameClock (Examples/GLESClock): builds it (EGL and GLES only there, into
# its own build folder) and runs gles-clock for 300 frames under weston headless (repaint-window=16,
# as the Wayland tests) and under mutter headless, drawn by Mesa's llvmpipe on one thread, and under
# weston once more with the surface adopted as a toolkit's, resized and hidden mid-run. It checks
# that every frame reached the link's timeline with its presentation (none pending at the end, none
# discarded but the one hidden); that a bad option, a machine without an EGL driver and the
# compositor's death mid-run are a clear error and exit 1, never a hang, no frame left pending; and
# that a default build of FrameClock (clock-demo) links neither libEGL nor libvulkan.
# Usage: Tests/GPU/run-gles-clock-check.sh [--scratch-path DIR]
set -euo pipefail
cd "$(dirname "$0")/../.."
scratch=.build-gles
if [ "${1:-}" = "--scratch-path" ]; then scratch=$2; fi
frames=300
export LP_NUM_THREADS=1

fail() {
    echo "FAILED: $*" >&2
    exit 1
}

echo "building Examples/GLESClock ($scratch)"
swift build --package-path Examples/GLESClock --scratch-path "$scratch" 2>&1 | tee /tmp/gles-clock-build.log
[ "${PIPESTATUS[0]}" -eq 0 ] || fail "Examples/GLESClock does not build"
if grep -E "(Examples/GLESClock|Sources/WaylandEGL)/.*: warning:" /tmp/gles-clock-build.log; then
    fail "warnings in Examples/GLESClock or WaylandEGL"
fi
binary="$scratch/debug/gles-clock"

if "$binary" --frames 0 2>/tmp/gles-clock-bad.txt; then fail "gles-clock accepted --frames 0"; fi
grep -q "needs a positive number of frames" /tmp/gles-clock-bad.txt ||
    fail "gles-clock's message for a bad frame count: $(cat /tmp/gles-clock-bad.txt)"

# Starts the compositor given after $1 on socket wl-gles (RUNTIME in an argument stands for its
# runtime directory); sets runtime and compositor.
start_compositor() {
    local name=$1
    shift
    runtime=$(mktemp -d /tmp/frameclock-gles.XXXXXX)
    chmod 700 "$runtime"
    printf '[core]\nrepaint-window=16\n' >"$runtime/weston.ini"
    XDG_RUNTIME_DIR=$runtime WAYLAND_DISPLAY='' DISPLAY='' GSETTINGS_BACKEND=memory setsid "${@//RUNTIME/$runtime}" \
        >"$runtime/compositor.log" 2>&1 &
    compositor=$!
    for _ in $(seq 200); do [ -S "$runtime/wl-gles" ] && break; sleep 0.05; done
    if [ ! -S "$runtime/wl-gles" ]; then
        echo "FAILED: $name did not start: $(cat "$runtime/compositor.log")" >&2
        kill -- -"$compositor" 2>/dev/null
        return 1
    fi
}

stop_compositor() {
    kill -- -"$compositor" 2>/dev/null
    wait "$compositor" 2>/dev/null || true
    rm -rf "$runtime"
}

# Runs gles-clock for $frames frames under the compositor started by the rest ($2: how many frames it
# may discard), the link finding the surface as $surface says (window, or adopted as a toolkit's);
# checks the report.
surface=window
extra=()
run_under() {
    local name=$1 discardable=$2
    shift 2
    start_compositor "$name" "$@" || return 1
    echo "gles-clock under $name headless, $frames frames, the link on the $surface surface"
    local status=0
    XDG_RUNTIME_DIR=$runtime WAYLAND_DISPLAY=wl-gles timeout 120 "$binary" --frames "$frames" \
        --surface "$surface" "${extra[@]}" >"/tmp/gles-clock-$name.txt" 2>&1 || status=$?
    cat "/tmp/gles-clock-$name.txt"
    stop_compositor
    [ "$status" -eq 0 ] || { echo "FAILED: gles-clock under $name exited $status" >&2; return 1; }
    local line presented discarded
    line=$(grep -E "^gles-clock: link: $frames frames: [0-9]+ presented, 0 pending, [0-9]+ discarded" \
        "/tmp/gles-clock-$name.txt") || { echo "FAILED: gles-clock under $name: frames left pending" >&2; return 1; }
    presented=$(sed -E 's/.*: ([0-9]+) presented.*/\1/' <<<"$line")
    discarded=$(sed -E 's/.* ([0-9]+) discarded.*/\1/' <<<"$line")
    if [ $((presented + discarded)) -ne "$frames" ] || [ "$discarded" -gt "$discardable" ]; then
        echo "FAILED: gles-clock under $name: $presented presented, $discarded discarded (at most $discardable)" >&2
        return 1
    fi
}

# No EGL driver: libglvnd finds no vendor. A typed error naming the missing display, exit 1, no hang.
check_no_driver() {
    start_compositor weston weston --backend=headless-backend.so --socket=wl-gles --idle-time=0 \
        --config=RUNTIME/weston.ini || return 1
    local status=0
    XDG_RUNTIME_DIR=$runtime WAYLAND_DISPLAY=wl-gles __EGL_VENDOR_LIBRARY_FILENAMES=/nonexistent \
        timeout 20 "$binary" --frames 10 >/tmp/gles-clock-no-driver.txt 2>&1 || status=$?
    stop_compositor
    cat /tmp/gles-clock-no-driver.txt
    [ "$status" -eq 1 ] || { echo "FAILED: without an EGL driver gles-clock exited $status, not 1" >&2; return 1; }
    grep -q "no EGL display" /tmp/gles-clock-no-driver.txt ||
        { echo "FAILED: without an EGL driver gles-clock did not say there is no EGL display" >&2; return 1; }
}

# The compositor killed while frames are drawn and shown: gles-clock stops with the connection's
# error within a few seconds, every frame it drew accounted for (none left pending).
check_compositor_gone() {
    start_compositor weston weston --backend=headless-backend.so --socket=wl-gles --idle-time=0 \
        --config=RUNTIME/weston.ini || return 1
    local status=0
    XDG_RUNTIME_DIR=$runtime WAYLAND_DISPLAY=wl-gles timeout 20 "$binary" --frames 100000 \
        >/tmp/gles-clock-gone.txt 2>&1 &
    local client=$!
    sleep 2
    stop_compositor
    wait "$client" || status=$?
    cat /tmp/gles-clock-gone.txt
    [ "$status" -eq 1 ] || { echo "FAILED: with the compositor gone gles-clock exited $status, not 1" >&2; return 1; }
    grep -qE "connection was lost.*frames drawn: [0-9]+ presented, 0 pending" /tmp/gles-clock-gone.txt ||
        { echo "FAILED: with the compositor gone, frames were left pending or the loss not named" >&2; return 1; }
}

check_no_driver || exit 1
check_compositor_gone || exit 1
# weston shows every frame. mutter headless, rendering in software on a loaded machine, now and then
# replaces a commit before its repaint (1 of 300 in one run of three): at most 1 % there, each one
# reported in the timeline as discarded.
run_under weston 0 weston --backend=headless-backend.so --socket=wl-gles --idle-time=0 \
    --config=RUNTIME/weston.ini || exit 1
run_under mutter $((frames / 100)) dbus-run-session -- mutter --wayland --headless --no-x11 --wayland-display=wl-gles \
    --virtual-monitor 800x600@60 || exit 1
# A toolkit's EGL surface: the link adopts the display and surface by their raw pointers; and the
# surface grown by half mid-run (the 100th frame drawn at the new size), then hidden for 300 ms
# after the 200th frame's swap (that frame may be replaced unseen: discarded, never pending).
surface=adopted
extra=(--resize-at 100 --hide-at 200)
run_under weston 1 weston --backend=headless-backend.so --socket=wl-gles --idle-time=0 \
    --config=RUNTIME/weston.ini || exit 1

# A default build (no EGLSurfaces trait) links no GPU library: clock-demo as `swift build` makes it.
echo "checking that a default build's clock-demo links neither libEGL nor libvulkan"
swift build --product clock-demo 2>&1 | tail -1
if ldd .build/debug/clock-demo | grep -E "libEGL|libGLES|libvulkan|libwayland-egl"; then
    fail "the default clock-demo links a GPU library"
fi
echo "gles-clock: all checks passed"
