#!/usr/bin/env bash
# frame-bench --x11 under Xwayland in weston headless (repaint-window=16, as the X11 link tests) and
# under Xvfb, each in one session of its server: OpenGL ES (llvmpipe on one thread) on one X11 window
# paced by Mesa's swap interval 1, by a swap that waits for its refresh, by the naive timer loops and
# by the display link (at its tick, at its render deadline, and at its render deadline with the
# Present latch as presentation latency); then where the server latches a frame. Prints each
# server's Markdown report (also written to OUTPUT/xwayland/x11.md and OUTPUT/xvfb/x11.md).
# Usage: Tests/GPU/run-x11-pacing-bench.sh [--scratch-path DIR] [--output DIR] [--quick]
set -euo pipefail
cd "$(dirname "$0")/../.."
scratch=.build-x11-bench
output=x11-pacing-report
quick=()
while [ $# -gt 0 ]; do
    case $1 in
    --scratch-path) scratch=$2; shift 2 ;;
    --output) output=$2; shift 2 ;;
    --quick) quick=(--quick); shift ;;
    *) echo "usage: $0 [--scratch-path DIR] [--output DIR] [--quick]" >&2; exit 2 ;;
    esac
done
export LP_NUM_THREADS=1

swift build -c release --product frame-bench --traits default,EGLSurfaces --scratch-path "$scratch" 2>&1 | tail -1
binary="$scratch/release/frame-bench"

echo "date: $(date -u '+%Y-%m-%d %H:%M UTC'), commit: $(git rev-parse --short HEAD), machine: $(grep -m1 'model name' /proc/cpuinfo | sed 's/.*: //'), $(nproc) cores, $(uname -r)"
echo "command: $0 ${quick[*]} (LP_NUM_THREADS=1)"

source Tests/Compositors/compositors.sh
server=
stop_server() {
    stop_compositor
    [ -z "$server" ] || { kill -- -"$server" 2>/dev/null || true; wait "$server" 2>/dev/null || true; }
    server=
}
trap stop_server EXIT

# Xwayland inside this machine's weston headless (Tests/Compositors/compositors.sh): weston's log
# names the X display.
COMPOSITOR_SOCKET_NAME=wl-x11-bench COMPOSITOR_REPAINT_WINDOW=16 COMPOSITOR_XWAYLAND=1 start_compositor weston10 ||
    { echo "FAILED: weston did not start" >&2; exit 1; }
display=$(compositor_x_display) ||
    { echo "FAILED: weston did not start Xwayland: $(tail -n 20 "$COMPOSITOR_RUNTIME/log")" >&2; exit 1; }
number=${display#:}
echo
echo "## Xwayland $(dpkg-query -W -f='${Version}' xwayland 2>/dev/null) in weston $(weston --version 2>&1 | awk '{print $2}') headless (repaint-window=16), display :$number"
DISPLAY=:$number timeout 300 "$binary" --x11 "${quick[@]}" --output "$output/xwayland"
stop_server

# Xvfb, on a display it picks itself.
numberFile=$(mktemp /tmp/frameclock-xvfb.XXXXXX)
setsid Xvfb -displayfd 3 -screen 0 640x480x24 -nolisten tcp 3>"$numberFile" >/dev/null 2>&1 &
server=$!
for _ in $(seq 200); do [ -s "$numberFile" ] && break; sleep 0.05; done
number=$(head -1 "$numberFile")
rm -f "$numberFile"
[ -n "$number" ] || { echo "FAILED: Xvfb did not start" >&2; exit 1; }
echo
echo "## Xvfb $(dpkg-query -W -f='${Version}' xvfb 2>/dev/null), display :$number"
DISPLAY=:$number timeout 300 "$binary" --x11 "${quick[@]}" --output "$output/xvfb"
