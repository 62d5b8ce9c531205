#!/usr/bin/env bash
# Every test of FrameClock, as CI runs it (.ci/run calls this script):
#   1. installs the Debian packages it builds against, when missing;
#   2. a debug build of everything, failing on any warning in our own sources;
#   3. the DocC documentation of the libraries (a warning fails), then the unit tests (virtual time,
#      command lines, rendering);
#   4. an adopter with the display backends (package traits) off: built while pkg-config finds
#      neither libdrm nor wayland-client, its binary linking neither; MainActor and the main queue
#      drained from a GLib main loop (the GLibMainLoop trait, in Examples/GLibMainLoop);
#      the README's first command (clock-demo, release, 3 s, no terminal);
#      the long runs (10^7 and 10^8 frames in virtual time) in a release build with testing enabled,
#      and the allocation counts of the tick sources' per-frame paths in that build;
#   5. the instructions per frame of the 10,000-layer scenes under callgrind (the goal, at most 200
#      per animation, is checked); the whole suite again under the thread sanitizer (its own build
#      folder);
#   6. the bounded fuzz runs and the vkms integration tests under qemu, where present.
set -euo pipefail
cd "$(dirname "$0")/.."

step() { printf '\n== %s (%s)\n' "$*" "$(date -u +%H:%M:%S)"; }

step "system packages"
bash Tests/install-system-packages.sh

step "debug build (a warning in our own sources fails the run)"
swift build --build-tests 2>&1 | tee /tmp/frameclock-build.log
if grep -E "^$PWD/(Sources|Tests|Examples|Benchmarks)/.*: warning:" /tmp/frameclock-build.log; then
    echo "FAILED: the build shows warnings in our own sources" >&2
    exit 1
fi

step "documentation (DocC, every library; a warning fails the run)"
swift package generate-documentation --target DRM --target FrameClock --target KMSPresentation --target Wayland \
    --target MediaTiming --target LayerRendering \
    --warnings-as-errors

step "unit tests"
swift test --skip-build

step "an adopter with the display backends off (Examples/TimerOnly: built without libdrm or libwayland found, ldd, run)"
bash Tests/Traits/run-timer-only-check.sh --scratch-path .build-timer-only

step "Swift concurrency on a GLib main loop (Examples/GLibMainLoop, trait GLibMainLoop; trait off: no GLib linked)"
bash Tests/GLib/run-glib-main-loop-check.sh --scratch-path .build-glib

step "a GTK 4 front end on GTK's loop and frame clock (Examples/GTKClock under weston headless)"
bash Tests/GTK/run-gtk-clock-check.sh --scratch-path .build-gtk

step "an OpenGL ES front end paced by the link (Examples/GLESClock, trait EGLSurfaces, weston and mutter headless)"
bash Tests/GPU/run-gles-clock-check.sh --scratch-path .build-gles

step "a Vulkan front end paced by the link (Examples/VulkanClock, lavapipe, weston and mutter headless)"
bash Tests/GPU/run-vulkan-clock-check.sh --scratch-path .build-vulkan

step "the pull-to-refresh drag, injected into weston and mutter headless (Examples/PullToRefresh)"
bash Tests/Input/run-pull-to-refresh-check.sh --scratch-path .build-pull

step "the README's first command, without a terminal (release build of clock-demo, 3 s)"
bash Examples/run-clock-demo.sh --duration 3 </dev/null | tee /tmp/clock-demo-ci.txt
grep -q "^clock-demo: .* frames [1-9]" /tmp/clock-demo-ci.txt

step "long runs (release build)"
swift build -c release --build-tests -Xswiftc -enable-testing
FRAMECLOCK_LONG_RUNS=1 swift test -c release -Xswiftc -enable-testing --skip-build --filter LongRun

step "allocations per tick (release build, preloaded malloc counter)"
bash Tests/Allocations/run-allocation-check.sh --scratch-path .build

step "instructions per frame of the layer scenes (callgrind; above 200 per animation fails)"
bash Benchmarks/MediaTimingBenchmarks/count-instructions.sh 10 --limit 200

step "thread sanitizer (the whole suite)"
bash Tests/run-sanitized-suite.sh --scratch-path .build-tsan

for extra in Tests/Fuzz/run-fuzzers.sh Tests/VKMS/run-vkms-tests.sh; do
    if [ -f "$extra" ]; then
        step "$extra"
        FUZZ_SECONDS=${FUZZ_SECONDS:-30} bash "$extra" --build-path .build
    fi
done
step "done"
