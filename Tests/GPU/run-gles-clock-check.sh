#!/usr/bin/env bash
# An OpenGL ES front end on FrameClock (Examples/FrontEnds (gles-clock)): builds it (EGL and GLES only there, into
# its own build folder) and runs gles-clock for 300 frames under weston headless (repaint-window=16,
# as the Wayland tests) and under mutter headless, drawn by Mesa's llvmpipe on one thread, and under
# weston once more with the surface adopted as a toolkit's, resized and hidden mid-run. It checks
# that every frame reached the link's timeline with its presentation or was discarded (none pending
# at the end; the discarded reported, none on an idle machine but the one hidden); that a bad option, a machine without an EGL driver and the
# compositor's death mid-run are a clear error and exit 1, never a hang, no frame left pending; and
# that a default build of FrameClock (clock-demo) links neither libEGL nor libvulkan. A compositor
# stopped mid-run: Tests/Compositors/run-front-ends-stopped.sh.
# Usage: Tests/GPU/run-gles-clock-check.sh [--scratch-path DIR]
set -euo pipefail
cd "$(dirname "$0")/../.."
program=gles-clock socket=wl-gles scratch=.build-examples
source Tests/GPU/gpu-clock-checks.sh "$@"
build_example "Examples/FrontEnds/Sources/GLESClock|Sources/WaylandEGL"

if "$binary" --frames 0 2>/tmp/gles-clock-bad.txt; then fail "gles-clock accepted --frames 0"; fi
grep -q "needs a positive number of frames" /tmp/gles-clock-bad.txt ||
    fail "gles-clock's message for a bad frame count: $(cat /tmp/gles-clock-bad.txt)"

# No EGL driver: libglvnd finds no vendor. A typed error naming the missing display.
check_no_driver __EGL_VENDOR_LIBRARY_FILENAMES=/nonexistent "an EGL driver" "no EGL display" || exit 1
# The compositor gone: Mesa's swap on a lost connection fails silently, so gles-clock watches the
# connection; every frame it drew is accounted for, none left pending.
check_compositor_gone "connection was lost.*frames drawn: [0-9]+ presented, 0 pending" || exit 1
# weston shows every frame. mutter headless, rendering in software on a loaded machine, now and then
# replaces a commit before its repaint (1 of 300 in one run of three): at most 1 % there, each one
# reported in the timeline as discarded.
run_under weston 0 || exit 1
run_under mutter $((frames / 100)) || exit 1
# A compositor stopped for 5 s mid-run: Tests/Compositors/run-front-ends-stopped.sh, under each of the
# matrix's.
# A toolkit's EGL surface: the link adopts the display and surface by their raw pointers; the surface
# grown by half mid-run (the 100th frame drawn at the new size), then hidden for 300 ms after the
# 200th frame's swap (that frame may be replaced unseen: discarded, never pending).
run_options=(--surface adopted --resize-at 100 --hide-at 200)
run_under weston 1 || exit 1
run_options=()

# A default build (no EGLSurfaces trait) links no GPU library: clock-demo as `swift build` makes it.
echo "checking that a default build's clock-demo links neither libEGL nor libvulkan"
# FRAMECLOCK_ROOT_BUILD_FLAGS: flags for that build (Tests/run-all.sh passes those of its optimised
# build, which has clock-demo already).
# shellcheck disable=SC2086 # the flags are words
root_flags=(${FRAMECLOCK_ROOT_BUILD_FLAGS:-})
bash Tests/build-root.sh --product clock-demo 2>&1 | tail -1
if ldd "$(swift build "${root_flags[@]}" --show-bin-path)/clock-demo" | grep -E "libEGL|libGLES|libvulkan|libwayland-egl"; then
    fail "the default clock-demo links a GPU library"
fi
echo "gles-clock: all checks passed"
