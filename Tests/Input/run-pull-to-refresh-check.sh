#!/usr/bin/env bash
# The pull-to-refresh under weston headless and mutter headless (Examples/FrontEnds (pull-to-refresh)): builds the
# example into its own build folder, compiles the input injector module
# (Tests/Input/weston-input-injector.c) into a temporary folder with its FIFO, starts weston with it
# (Tests/Compositors/compositors.sh's weston10, repaint-window=16, as the Wayland tests), and runs the self-test: a scripted pointer
# drag and a touch drag written to the FIFO by the app, checked on its own frames (every event once
# and in order, the arrow's turn within a frame of the threshold crossing, the spring's first frame
# continuous with the drag, no frame skipped while dragging). Then the naive variant under the same
# script (its figures printed, not judged), and bad options (exit 2 with a message). Then the same
# two runs under mutter headless, its input fed by Tests/Input/mutter-input-bridge.py from the same
# FIFO (mutter stamps the events itself: `--injector-times compositor`). Fails on any FAILED line or
# a bad exit.
# Usage: Tests/Input/run-pull-to-refresh-check.sh [--scratch-path DIR]
set -euo pipefail
script=$(realpath "$0")
cd "$(dirname "$script")/../.."
# The virtual monitor mutter runs: room for the 360 × 640 window (the bridge aims at the window
# itself, wherever mutter places it).
mutter_monitor=800x700

# Run by dbus-run-session (below, for each mutter run): pipewire, mutter and the bridge on one
# session bus and in one runtime directory ($2), the Wayland socket $3; waits while they run.
if [ "${1:-}" = "--mutter-session" ]; then
    runtime=$2 socket=$3
    export XDG_RUNTIME_DIR=$runtime WAYLAND_DISPLAY='' DISPLAY='' GSETTINGS_BACKEND=memory
    pipewire >"$runtime/pipewire.log" 2>&1 &
    mutter --wayland --headless --no-x11 --wayland-display="$socket" --virtual-monitor "$mutter_monitor@60" \
        >"$runtime/mutter.log" 2>&1 &
    for _ in $(seq 200); do
        [ -S "$runtime/pipewire-0" ] && gdbus call --session --dest org.freedesktop.DBus \
            --object-path /org/freedesktop/DBus --method org.freedesktop.DBus.NameHasOwner \
            org.gnome.Mutter.ScreenCast 2>/dev/null | grep -q true && break
        sleep 0.05
    done
    # Debian's python3, which has python3-gi (a python3 earlier on PATH may not).
    /usr/bin/python3 Tests/Input/mutter-input-bridge.py "$runtime/input" 2>"$runtime/bridge.log" &
    wait
    exit 0
fi
scratch=.build-examples
if [ "${1:-}" = "--scratch-path" ]; then scratch=$2; fi
socket=wl-pull

fail() {
    echo "FAILED: $*" >&2
    exit 1
}

echo "building pull-to-refresh of Examples/FrontEnds ($scratch)"
bash Tests/swift-build.sh --package-path Examples/FrontEnds --scratch-path "$scratch" --product pull-to-refresh 2>&1 |
    tee /tmp/pull-to-refresh-build.log
[ "${PIPESTATUS[0]}" -eq 0 ] || fail "pull-to-refresh of Examples/FrontEnds does not build"
if grep -E "Examples/FrontEnds/Sources/PullToRefresh/.*: warning:" /tmp/pull-to-refresh-build.log; then
    fail "warnings in Examples/FrontEnds/Sources/PullToRefresh"
fi
binary="$scratch/debug/pull-to-refresh"

status=0
"$binary" --duration 0 2>/tmp/pull-to-refresh-bad.txt || status=$?
[ "$status" -eq 2 ] || fail "pull-to-refresh --duration 0 exited $status, not 2"
grep -q -- "--duration needs" /tmp/pull-to-refresh-bad.txt ||
    fail "pull-to-refresh's message for a bad duration: $(cat /tmp/pull-to-refresh-bad.txt)"
status=0
"$binary" --inject-fifo /tmp/fifo --injector-times server 2>/tmp/pull-to-refresh-bad.txt || status=$?
[ "$status" -eq 2 ] || fail "pull-to-refresh --injector-times server exited $status, not 2"
grep -q -- "--injector-times needs sent or compositor" /tmp/pull-to-refresh-bad.txt ||
    fail "pull-to-refresh's message for bad injector times: $(cat /tmp/pull-to-refresh-bad.txt)"
status=0
"$binary" --skips drawing 2>/tmp/pull-to-refresh-bad.txt || status=$?
[ "$status" -eq 2 ] || fail "pull-to-refresh --skips without --inject-fifo exited $status, not 2"
grep -q -- "--skips is the scripted drag's" /tmp/pull-to-refresh-bad.txt ||
    fail "pull-to-refresh's message for --skips alone: $(cat /tmp/pull-to-refresh-bad.txt)"
status=0
"$binary" --inject-fifo /tmp/fifo --skips some 2>/tmp/pull-to-refresh-bad.txt || status=$?
[ "$status" -eq 2 ] || fail "pull-to-refresh --skips some exited $status, not 2"
grep -q -- "--skips needs every or drawing" /tmp/pull-to-refresh-bad.txt ||
    fail "pull-to-refresh's message for a bad --skips: $(cat /tmp/pull-to-refresh-bad.txt)"
status=0
"$binary" --inject-fifo /nonexistent --duration 1 2>/tmp/pull-to-refresh-bad.txt || status=$?
[ "$status" -eq 2 ] || fail "pull-to-refresh with no FIFO exited $status, not 2"
grep -q "is not a FIFO" /tmp/pull-to-refresh-bad.txt ||
    fail "pull-to-refresh's message for a missing FIFO: $(cat /tmp/pull-to-refresh-bad.txt)"

runtime=$(mktemp -d /tmp/frameclock-pull.XXXXXX)
chmod 700 "$runtime"
compositor=
# Ends the compositor's process group (setsid made $compositor its leader): SIGTERM, then SIGKILL
# for whatever is left after a few seconds (mutter, its session bus gone, has been seen to linger
# and spin).
stop_group() {
    kill -- -"$compositor" 2>/dev/null || true
    for _ in $(seq 60); do pgrep -g "$compositor" >/dev/null || break; sleep 0.05; done
    if pgrep -g "$compositor" >/dev/null; then
        echo "note: still running 3 s after SIGTERM, killed: $(pgrep -g "$compositor" -l | tr '\n' ' ')" >&2
        kill -KILL -- -"$compositor" 2>/dev/null || true
    fi
    wait "$compositor" 2>/dev/null || true
}

cleanup() {
    if [ -n "$compositor" ]; then stop_group; fi
    stop_compositor
    rm -rf "$runtime"
}
trap cleanup EXIT

cc -shared -fPIC -o "$runtime/weston-input-injector.so" Tests/Input/weston-input-injector.c \
    $(pkg-config --cflags --libs libweston-10 wayland-server) ||
    fail "the weston input injector did not build (apt-get install libweston-10-dev)"
mkfifo "$runtime/input"
printf '[core]\nrepaint-window=16\n' >"$runtime/weston.ini"

# Starts weston headless (compositors.sh's weston10) with the injector on $socket, in a runtime
# directory of its own; sets weston_runtime.
source Tests/Compositors/compositors.sh
weston_runtime=
start_weston() {
    FRAMECLOCK_INPUT_FIFO=$runtime/input COMPOSITOR_SOCKET_NAME=$socket COMPOSITOR_REPAINT_WINDOW=16 \
        COMPOSITOR_MODULES=$runtime/weston-input-injector.so start_compositor weston10 ||
        fail "weston did not start"
    weston_runtime=$COMPOSITOR_RUNTIME
    grep -q "input injector: reading" "$weston_runtime/log" ||
        fail "weston did not load the injector: $(cat "$weston_runtime/log")"
}

stop_weston() {
    stop_compositor
    weston_runtime=
}

# Starts mutter headless, pipewire and the bridge in a D-Bus session of their own on $socket; sets
# compositor.
start_mutter() {
    setsid dbus-run-session -- bash "$script" --mutter-session "$runtime" "$socket" >"$runtime/session.log" 2>&1 &
    compositor=$!
    for _ in $(seq 300); do
        grep -q "input bridge: \(reading\|FAILED\)" "$runtime/bridge.log" 2>/dev/null && break
        sleep 0.05
    done
    grep -q "input bridge: reading" "$runtime/bridge.log" 2>/dev/null ||
        fail "mutter and the input bridge did not start: $(cat "$runtime/bridge.log" "$runtime/mutter.log" 2>&1)"
    [ -S "$runtime/$socket" ] || fail "mutter has no Wayland socket: $(cat "$runtime/mutter.log")"
}

stop_mutter() {
    stop_group
    compositor=
    cat "$runtime/bridge.log"
    rm -f "$runtime/$socket" "$runtime/$socket.lock" "$runtime/bridge.log" "$runtime"/pipewire-0*
}

# Runs pull-to-refresh with the arguments given under a fresh compositor (start_$compositor_name);
# its output in $1.
compositor_name=weston
run_app() {
    local output=$1
    shift
    "start_$compositor_name"
    local code=0
    XDG_RUNTIME_DIR=${weston_runtime:-$runtime} WAYLAND_DISPLAY=$socket timeout 120 "$binary" \
        --inject-fifo "$runtime/input" "$@" >"$output" 2>&1 || code=$?
    cat "$output"
    "stop_$compositor_name"
    return $code
}

echo "pull-to-refresh under weston headless: the scripted pointer and touch drags"
status=0
run_app /tmp/pull-to-refresh-link.txt --duration 0.8 || status=$?
if grep -q "FAILED" /tmp/pull-to-refresh-link.txt; then fail "pull-to-refresh's self-test"; fi
[ "$status" -eq 0 ] || fail "pull-to-refresh exited $status"
grep -q "all checks passed" /tmp/pull-to-refresh-link.txt || fail "pull-to-refresh did not pass its checks"

echo "pull-to-refresh --naive under the same script (figures only)"
status=0
run_app /tmp/pull-to-refresh-naive.txt --naive --duration 0.8 || status=$?
[ "$status" -eq 0 ] || fail "pull-to-refresh --naive exited $status"

# mutter stamps each event when the bridge's D-Bus call reaches it, and numbers touch points itself.
# Its frames on this 2-core machine, drawn in software, come late now and then even with no input
# (presentation intervals of 21 to 37 ms where 16.7 are due, with the app's frame drawn in about a
# millisecond): there only a skip after a frame whose drawing overran its interval fails the check
# (`--skips drawing`); the compositor's are listed with their intervals.
compositor_name=mutter
echo "pull-to-refresh under mutter headless ($mutter_monitor): the same drags through the D-Bus bridge"
status=0
run_app /tmp/pull-to-refresh-mutter.txt --duration 0.8 --injector-times compositor --skips drawing || status=$?
if grep -q "FAILED" /tmp/pull-to-refresh-mutter.txt; then fail "pull-to-refresh's self-test under mutter"; fi
[ "$status" -eq 0 ] || fail "pull-to-refresh under mutter exited $status"
grep -q "all checks passed" /tmp/pull-to-refresh-mutter.txt ||
    fail "pull-to-refresh did not pass its checks under mutter"

echo "pull-to-refresh --naive under mutter (figures only)"
status=0
run_app /tmp/pull-to-refresh-mutter-naive.txt --naive --duration 0.8 || status=$?
[ "$status" -eq 0 ] || fail "pull-to-refresh --naive under mutter exited $status"
echo "pull-to-refresh: all checks passed"
