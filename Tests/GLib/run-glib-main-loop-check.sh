#!/usr/bin/env bash
# Swift concurrency on a GLib main loop (FrameClockGLib, the GLibMainLoop trait). Checks that
#   1. Examples/FrontEnds (glib-main-loop-check) (the trait on) builds without warnings, and its check passes: with the
#      main thread in g_main_loop_run, MainActor hops, DispatchQueue.main blocks and MainActor tasks
#      run in order on the main thread; a display link on a LoopFrameSource delivered by
#      GLibFrameDelivery calls back on the main thread with the pacing rules and stall reports (at
#      the default threshold, as FrameClockGLib's docs say, a 200 ms block of the loop is counted but
#      not reported and a 350 ms one is reported; lowered to 100 ms, the 200 ms block is reported);
#      the bad inputs give typed errors or documented outcomes;
#      it prints the hop latency against the 50 ms polling workaround;
#   2. with the trait off (the root's default traits), FrameClockGLib's objects hold no GLib or
#      main-queue-handle symbol;
#   3. the root package's clock-demo (default traits) links no GLib (ldd).
# Usage: Tests/GLib/run-glib-main-loop-check.sh [--scratch-path DIR]
set -euo pipefail
cd "$(dirname "$0")/../.."
scratch=.build-examples
if [ "${1:-}" = "--scratch-path" ]; then scratch=$2; fi
glib_libraries='libglib-2\.0|libgobject-2\.0|libgio-2\.0'

echo "building glib-main-loop-check of Examples/FrontEnds, with the GLibMainLoop trait ($scratch)"
bash Tests/swift-build.sh --package-path Examples/FrontEnds --scratch-path "$scratch" --product glib-main-loop-check 2>&1 |
    tee /tmp/glib-main-loop-build.log
[ "${PIPESTATUS[0]}" -eq 0 ] || { echo "FAILED: glib-main-loop-check does not build" >&2; exit 1; }
if grep -E "(Sources/FrameClockGLib|Examples/FrontEnds/Sources/GLibMainLoopCheck)/.*: warning:" /tmp/glib-main-loop-build.log; then
    echo "FAILED: warnings in FrameClockGLib or glib-main-loop-check" >&2
    exit 1
fi
binary="$scratch/debug/glib-main-loop-check"
# ldd's list in a file first: `grep -q` stops reading at its match, and under pipefail the ldd it
# leaves writing into a closed pipe (SIGPIPE) failed the pipeline in one CI run.
ldd "$binary" >/tmp/glib-on-ldd.txt
grep -qE "$glib_libraries" /tmp/glib-on-ldd.txt || { echo "FAILED: the trait-on check does not link GLib" >&2; exit 1; }
timeout 300 "$binary" | tee /tmp/glib-main-loop-check.txt
grep -q "^glib-main-loop-check: all passed" /tmp/glib-main-loop-check.txt || {
    echo "FAILED: glib-main-loop-check" >&2
    exit 1
}

echo "building the root's FrameClockGLib and clock-demo with the default traits (GLibMainLoop off)"
# FRAMECLOCK_ROOT_BUILD_FLAGS: flags for the root's builds (Tests/run-all.sh passes those of its
# optimised build, which has both already).
# shellcheck disable=SC2086 # the flags are words
root_flags=(${FRAMECLOCK_ROOT_BUILD_FLAGS:-})
bash Tests/build-root.sh --target FrameClockGLib 2>&1 | tail -n 3
root_bin=$(swift build "${root_flags[@]}" --show-bin-path)
objects=$(find "$root_bin/FrameClockGLib.build" -name '*.o')
[ -n "$objects" ] || { echo "FAILED: no FrameClockGLib objects in $root_bin" >&2; exit 1; }
# shellcheck disable=SC2086
if nm $objects | grep -E " [UT] (g_|_dispatch_main_queue|_dispatch_get_main_queue)"; then
    echo "FAILED: FrameClockGLib built with the trait off holds GLib symbols" >&2
    exit 1
fi
bash Tests/build-root.sh --product clock-demo 2>&1 | tail -n 3
echo "ldd clock-demo:"
ldd "$root_bin/clock-demo" | tee /tmp/glib-off-ldd.txt
if grep -E "$glib_libraries" /tmp/glib-off-ldd.txt; then
    echo "FAILED: clock-demo, built without the GLibMainLoop trait, links GLib" >&2
    exit 1
fi
echo "GLib main loop: MainActor runs under g_main_loop_run with the trait on; nothing built or linked with GLib with it off"
