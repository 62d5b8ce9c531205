#!/usr/bin/env bash
# FrameClock as a program that needs no display adopts it: Examples/TimerOnly depends on it with
# its display backends (the DRMBackend, WaylandBackend and X11Backend traits) turned off. Checks that
#   1. it builds as if libdrm-dev and libwayland-dev were not installed (as root: their headers and
#      pkg-config files hidden in a mount namespace of the build's own);
#   2. its binary links none of libdrm, libwayland-client and libxcb (ldd);
#   3. it runs a live link (.automatic, which can only be the timer and says so) and OfflineFrames.
# Usage: Tests/Traits/run-timer-only-check.sh [--scratch-path DIR]
set -euo pipefail
cd "$(dirname "$0")/../.."
scratch=.build-timer-only
if [ "${1:-}" = "--scratch-path" ]; then scratch=$2; fi

empty=$(mktemp -d)
trap 'rm -rf "$empty"' EXIT
# As if libdrm-dev and libwayland-dev were not installed: as root, in a mount namespace of the build's
# own, every header and pkg-config file of theirs reads as empty (a build that still compiled CDRM or
# CWayland fails: undeclared identifiers); elsewhere only pkg-config is kept from finding them.
hidden=()
if [ "$(id -u)" -eq 0 ] && command -v unshare >/dev/null; then
    for package in libdrm-dev libwayland-dev libxcb1-dev libxcb-present-dev; do
        dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || continue
        while read -r file; do
            case "$file" in *.h | *.pc) [ -f "$file" ] && [ ! -L "$file" ] && hidden+=("$file") ;; esac
        done < <(dpkg -L "$package")
    done
fi
build=(swift build --package-path Examples/TimerOnly --scratch-path "$scratch")
if [ ${#hidden[@]} -gt 0 ]; then
    echo "building Examples/TimerOnly with ${#hidden[@]} headers and .pc files of libdrm-dev and libwayland-dev hidden ($scratch)"
    PKG_CONFIG_LIBDIR=$empty PKG_CONFIG_PATH='' unshare --mount --propagation private bash -c \
        'for file in "${@:2:$1}"; do mount --bind /dev/null "$file"; done; shift $(($1 + 1)); "$@"' \
        _ "${#hidden[@]}" "${hidden[@]}" "${build[@]}" 2>&1 | tee /tmp/timer-only-build.log
else
    echo "building Examples/TimerOnly with pkg-config finding no library (not root: headers stay visible) ($scratch)"
    PKG_CONFIG_LIBDIR=$empty PKG_CONFIG_PATH='' "${build[@]}" 2>&1 | tee /tmp/timer-only-build.log
fi
[ "${PIPESTATUS[0]}" -eq 0 ] || { echo "FAILED: Examples/TimerOnly does not build" >&2; exit 1; }
if grep -E "Examples/TimerOnly/.*: warning:" /tmp/timer-only-build.log; then
    echo "FAILED: warnings in Examples/TimerOnly" >&2
    exit 1
fi

binary="$scratch/debug/TimerOnly"
echo "ldd $binary:"
ldd "$binary" | tee /tmp/timer-only-ldd.txt
if grep -E "libdrm|libwayland|libxcb" /tmp/timer-only-ldd.txt; then
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
