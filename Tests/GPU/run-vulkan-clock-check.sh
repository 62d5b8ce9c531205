#!/usr/bin/env bash
# A Vulkan front end on FrameClock (Examples/FrontEnds (vulkan-clock)): builds it (Vulkan only there, into its own
# build folder) and runs vulkan-clock for 300 frames under weston headless (repaint-window=16, as the
# Wayland tests) and under mutter headless, a MAILBOX swapchain drawn by Mesa's lavapipe on one
# thread and paced by the display link. It checks that every frame reached the link's timeline with
# its presentation or was discarded (none pending at the end; the discarded reported), that bad
# options, a machine without a Vulkan driver and a compositor that goes away mid-run are a clear
# error and exit 1, never a hang. A compositor stopped mid-run: run-front-ends-stopped.sh.
# Usage: Tests/GPU/run-vulkan-clock-check.sh [--scratch-path DIR]
set -euo pipefail
cd "$(dirname "$0")/../.."
program=vulkan-clock socket=wl-vulkan scratch=.build-examples
source Tests/GPU/gpu-clock-checks.sh "$@"
build_example Examples/FrontEnds/Sources/VulkanClock

# Bad options: a message naming what is wrong, exit 1 (as gles-clock).
expect_refused() {
    local message=$1
    shift
    local status=0
    timeout 10 "$binary" "$@" >/dev/null 2>/tmp/vulkan-clock-bad.txt || status=$?
    [ "$status" -eq 1 ] || fail "vulkan-clock $* exited $status, not 1"
    grep -q -e "$message" /tmp/vulkan-clock-bad.txt || fail "vulkan-clock $*: $(cat /tmp/vulkan-clock-bad.txt)"
}
expect_refused "needs a positive number of frames" --frames 0
expect_refused "needs a positive number of frames" --frames many
expect_refused "--pacing is one of fifo, link, link-deadline" --pacing vsync
expect_refused "unknown option --colour" --colour red
expect_refused "--frames needs a value" --frames

# No Vulkan driver: the loader finds no ICD.
check_no_driver VK_ICD_FILENAMES=/nonexistent "a Vulkan driver" "no Vulkan driver" || exit 1
check_compositor_gone "the compositor went away" || exit 1
# mutter headless, rendering in software on a loaded machine, now and then replaces a commit before
# its repaint: at most 1 % there, each one reported in the timeline as discarded.
run_under weston 0 || exit 1
run_under mutter $((frames / 100)) || exit 1
# A compositor stopped for 5 s mid-run: Tests/Compositors/run-front-ends-stopped.sh, under each of the
# matrix's.
echo "vulkan-clock: all checks passed"
