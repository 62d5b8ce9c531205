#!/usr/bin/env bash
# FrameClock as a program that needs no display adopts it: Examples/TimerOnly depends on it with
# its display backends (the DRMBackend and WaylandBackend traits) turned off. Checks that
#   1. it builds while pkg-config finds neither libdrm nor wayland-client (so a build that still
#      needed libdrm-dev or libwayland-dev would fail: their headers sit in folders only pkg-config names);
#   2. its binary links neither libdrm nor libwayland-client (ldd);
#   3. it runs a live link (.automatic, which can only be the timer and says so) and OfflineFrames.
# Usage: Tests/Traits/run-timer-only-check.sh [--scratch-path DIR]
set -euo pipefail
cd "$(dirname "$0")/../.."
scratch=.build-timer-only
if [ "${1:-}" = "--scratch-path" ]; then scratch=$2; fi

empty=$(mktemp -d)
trap 'rm -rf "$empty"' EXIT
echo "building Examples/TimerOnly with pkg-config finding no library ($scratch)"
PKG_CONFIG_LIBDIR=$empty PKG_CONFIG_PATH='' swift build --package-path Examples/TimerOnly --scratch-path "$scratch" \
    2>&1 | tee /tmp/timer-only-build.log
if grep -E "Examples/TimerOnly/.*: warning:" /tmp/timer-only-build.log; then
    echo "FAILED: warnings in Examples/TimerOnly" >&2
    exit 1
fi

binary="$scratch/debug/TimerOnly"
echo "ldd $binary:"
ldd "$binary" | tee /tmp/timer-only-ldd.txt
if grep -E "libdrm|libwayland" /tmp/timer-only-ldd.txt; then
    echo "FAILED: the traits-off binary links a display library" >&2
    exit 1
fi

"$binary" | tee /tmp/timer-only-run.txt
grep -q "^live: 10 frames on timer" /tmp/timer-only-run.txt || {
    echo "FAILED: no live frames on the timer" >&2
    exit 1
}
grep -q "built without its DRM backend" /tmp/timer-only-run.txt || {
    echo "FAILED: .automatic does not say that no display backend is compiled in" >&2
    exit 1
}
grep -q "^offline: 30 frames" /tmp/timer-only-run.txt || {
    echo "FAILED: no offline frames" >&2
    exit 1
}
echo "timer-only adopter: built without the display libraries, links neither, runs"
