#!/usr/bin/env bash
# The same GLES scene (Examples/FrontEnds (gles-clock)'s ring) paced three ways in one weston headless session
# (repaint-window=16, llvmpipe on one thread): by Mesa's eglSwapInterval(1) alone, by the display
# link at the tick, and by the link at its render deadline. Prints each run's frame start to
# presentation latency p50/p99, frames discarded, prediction error and CPU per frame.
# Usage: Tests/GPU/run-gles-pacing-bench.sh [--scratch-path DIR] [--frames N]
set -euo pipefail
cd "$(dirname "$0")/../.."
scratch=.build-examples
frames=300
while [ $# -gt 0 ]; do
    case $1 in
    --scratch-path) scratch=$2 ;;
    --frames) frames=$2 ;;
    *) echo "usage: $0 [--scratch-path DIR] [--frames N]" >&2; exit 2 ;;
    esac
    shift 2
done
export LP_NUM_THREADS=1

swift build --package-path Examples/FrontEnds --scratch-path "$scratch" --product gles-clock -c release 2>&1 | tail -1
binary="$scratch/release/gles-clock"

source Tests/Compositors/compositors.sh
trap stop_compositor EXIT
start_test_compositor weston wl-gles-bench

echo "date: $(date -u '+%Y-%m-%d %H:%M UTC'), commit: $(git rev-parse --short HEAD), machine: $(nproc) cores, $(uname -r)"
echo "command: $0 --frames $frames (weston $(weston --version 2>&1 | awk '{print $2}') headless, repaint-window=16, LP_NUM_THREADS=1)"
for pacing in swap-interval-1 link link-deadline; do
    XDG_RUNTIME_DIR=$COMPOSITOR_RUNTIME WAYLAND_DISPLAY=wl-gles-bench timeout 120 "$binary" --frames "$frames" --pacing "$pacing" || true
done
