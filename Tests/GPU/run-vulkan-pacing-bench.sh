#!/usr/bin/env bash
# vulkan-clock paced three ways in one weston headless session (repaint-window=16, lavapipe on one
# thread), each $runs times in turn: a FIFO swapchain and a blocking loop, the display link at its
# tick, the link at its render deadline (MAILBOX both). Prints each run's report: start to
# presentation p50/p99, frames discarded, prediction error and CPU per frame. Measures; checks nothing.
# Usage: Tests/GPU/run-vulkan-pacing-bench.sh [--scratch-path DIR]   (debug build, as the check's)
set -euo pipefail
cd "$(dirname "$0")/../.."
program=vulkan-clock socket=wl-vulkan-bench scratch=.build-examples
source Tests/GPU/gpu-clock-checks.sh "$@"
runs=2
build_example Examples/FrontEnds/Sources/VulkanClock >/dev/null
start_test_compositor weston "$socket"
trap stop_compositor EXIT
echo "date: $(date -u '+%Y-%m-%d %H:%M UTC'), commit: $(git rev-parse --short HEAD), $(nproc) cores, load: $(cut -d' ' -f1-3 /proc/loadavg)"
for run in $(seq "$runs"); do
    for pacing in fifo link link-deadline; do
        echo "run $run:"
        XDG_RUNTIME_DIR=$COMPOSITOR_RUNTIME WAYLAND_DISPLAY=$socket timeout 120 "$binary" --frames "$frames" --pacing "$pacing" || true
    done
done
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
