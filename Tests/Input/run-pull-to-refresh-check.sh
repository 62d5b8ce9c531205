#!/usr/bin/env bash
# The pull-to-refresh under weston headless (Examples/PullToRefresh): builds the example into its own
# build folder, compiles the input injector module (Tests/Input/weston-input-injector.c) into a
# temporary runtime directory with its FIFO, starts weston with it (repaint-window=16, as the Wayland
# tests), and runs the self-test: a scripted pointer drag and a touch drag written to the FIFO by the
# app, checked on its own frames (every event once and in order, the arrow's turn within a frame of
# the threshold crossing, the spring's first frame continuous with the drag, no frame skipped while
# dragging). Then the naive variant under the same script (its figures printed, not judged), and a
# bad option (exit 2 with a message). Fails on any FAILED line or a bad exit.
# Usage: Tests/Input/run-pull-to-refresh-check.sh [--scratch-path DIR]
set -euo pipefail
cd "$(dirname "$0")/../.."
scratch=.build-pull
if [ "${1:-}" = "--scratch-path" ]; then scratch=$2; fi
socket=wl-pull

fail() {
    echo "FAILED: $*" >&2
    exit 1
}

echo "building Examples/PullToRefresh ($scratch)"
swift build --package-path Examples/PullToRefresh --scratch-path "$scratch" 2>&1 | tee /tmp/pull-to-refresh-build.log
[ "${PIPESTATUS[0]}" -eq 0 ] || fail "Examples/PullToRefresh does not build"
if grep -E "Examples/PullToRefresh/.*: warning:" /tmp/pull-to-refresh-build.log; then
    fail "warnings in Examples/PullToRefresh"
fi
binary="$scratch/debug/pull-to-refresh"

status=0
"$binary" --duration 0 2>/tmp/pull-to-refresh-bad.txt || status=$?
[ "$status" -eq 2 ] || fail "pull-to-refresh --duration 0 exited $status, not 2"
grep -q -- "--duration needs" /tmp/pull-to-refresh-bad.txt ||
    fail "pull-to-refresh's message for a bad duration: $(cat /tmp/pull-to-refresh-bad.txt)"
status=0
"$binary" --inject-fifo /nonexistent --duration 1 2>/tmp/pull-to-refresh-bad.txt || status=$?
[ "$status" -eq 2 ] || fail "pull-to-refresh with no FIFO exited $status, not 2"
grep -q "is not a FIFO" /tmp/pull-to-refresh-bad.txt ||
    fail "pull-to-refresh's message for a missing FIFO: $(cat /tmp/pull-to-refresh-bad.txt)"

runtime=$(mktemp -d /tmp/frameclock-pull.XXXXXX)
chmod 700 "$runtime"
compositor=
cleanup() {
    if [ -n "$compositor" ]; then
        kill -- -"$compositor" 2>/dev/null || true
        wait "$compositor" 2>/dev/null || true
    fi
    rm -rf "$runtime"
}
trap cleanup EXIT

cc -shared -fPIC -o "$runtime/weston-input-injector.so" Tests/Input/weston-input-injector.c \
    $(pkg-config --cflags --libs libweston-10 wayland-server) ||
    fail "the weston input injector did not build (apt-get install libweston-10-dev)"
mkfifo "$runtime/input"
printf '[core]\nrepaint-window=16\n' >"$runtime/weston.ini"

# Starts weston headless with the injector on $socket; sets compositor.
start_weston() {
    XDG_RUNTIME_DIR=$runtime WAYLAND_DISPLAY='' DISPLAY='' FRAMECLOCK_INPUT_FIFO=$runtime/input \
        setsid weston --backend=headless-backend.so --socket=$socket --idle-time=0 \
        --config="$runtime/weston.ini" --modules="$runtime/weston-input-injector.so" \
        >"$runtime/weston.log" 2>&1 &
    compositor=$!
    for _ in $(seq 200); do [ -S "$runtime/$socket" ] && break; sleep 0.05; done
    [ -S "$runtime/$socket" ] || fail "weston did not start: $(cat "$runtime/weston.log")"
    grep -q "input injector: reading" "$runtime/weston.log" ||
        fail "weston did not load the injector: $(cat "$runtime/weston.log")"
}

stop_weston() {
    kill -- -"$compositor" 2>/dev/null || true
    wait "$compositor" 2>/dev/null || true
    compositor=
    rm -f "$runtime/$socket" "$runtime/$socket.lock"
}

# Runs pull-to-refresh with the arguments given under a fresh weston; its output in $1.
run_app() {
    local output=$1
    shift
    start_weston
    local code=0
    XDG_RUNTIME_DIR=$runtime WAYLAND_DISPLAY=$socket timeout 120 "$binary" --inject-fifo "$runtime/input" "$@" \
        >"$output" 2>&1 || code=$?
    cat "$output"
    stop_weston
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
echo "pull-to-refresh: all checks passed"
