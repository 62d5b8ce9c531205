#!/usr/bin/env bash
# gtk-clock (Examples/FrontEnds) against today's GTK, 4.18 from the Debian 13 root
# (build-trixie-root.sh), under today's compositors from the same root: weston 14, mutter 48 and
# KWin 6.3, with the arguments Tests/GTK/run-gtk-clock-check.sh gives it under this machine's GTK 4.8
# (8 s, the fetch pressed at 2 s, the ring's drawing area destroyed at 6 s). It prints gtk-clock's
# report under each and fails unless each ends "gtk-clock: all passed".
#
# Why this way: gtk-clock follows GTK's GdkFrameClock, and 4.18's frame clock and Wayland
# presentation code are not 4.8's; this Debian 12 machine has GTK 4.8 only. The binary built here
# against GTK 4.8's headers runs inside the root instead: libgtk-4.so.1 is one soname from 4.0 on,
# gtk-clock uses only API that 4.8 has, and a binary linked against glibc 2.36 loads under the
# root's 2.41. It runs chrooted in a mount namespace of its own (as compositors.sh runs the
# compositors), where /proc, /sys and /dev are bound into the root and a tmpfs on the root's empty
# /mnt holds what the root lacks: the Swift runtime (/opt/swift/usr/lib/swift/linux, bound
# read-only) and, beside the binary, this machine's libunwind.so.8 and libunwind-x86_64.so.8, which
# Swift programs link and the root does not have (Debian 13 ships them in libunwind8, not in the
# root's package list). LD_LIBRARY_PATH names those two folders only, so every other library, GTK's
# among them, is the root's. Nothing is written into the root but the compositors' runtime folders,
# removed on exit. The report checks that the GTK mapped into the running gtk-clock is 4.18
# (/proc/PID/maps; gtk-clock prints no version).
#
# Usage: Tests/Compositors/run-gtk-trixie.sh [--scratch-path DIR]
#   DIR: gtk-clock's build folder (default .build-examples, as run-gtk-clock-check.sh);
#   FRAMECLOCK_TRIXIE_ROOT: the root, when it is not this checkout's .build/trixie-root.
set -euo pipefail
cd "$(dirname "$0")/../.."
scratch=.build-examples
if [ "${1:-}" = "--scratch-path" ]; then scratch=$2; fi
seconds=8
# gtk-clock's own bound: its 8 s, GTK's start under load, its report.
run_limit=120

# shellcheck source=Tests/Compositors/compositors.sh
source Tests/Compositors/compositors.sh
root=$COMPOSITORS_ROOT
[ -f "$root/.frameclock-stamp" ] || {
    echo "FAILED: no Debian 13 root at $root: run Tests/Compositors/build-trixie-root.sh" >&2
    exit 1
}
[ -d "$root/mnt" ] || { echo "FAILED: the root has no /mnt to mount the Swift runtime on" >&2; exit 1; }

work=$(mktemp -d /tmp/frameclock-gtk418.XXXXXX)
cleanup() {
    local runtime=${COMPOSITOR_RUNTIME:-}
    stop_compositor
    # The root's compositors leave their runtime folders; only ours go.
    case "$runtime" in "$root"/run/frameclock-*) rm -rf "$runtime" ;; esac
    rm -rf "$work"
}
trap cleanup EXIT

echo "building gtk-clock of Examples/FrontEnds ($scratch)"
bash Tests/swift-build.sh --package-path Examples/FrontEnds --scratch-path "$scratch" --product gtk-clock \
    >"$work/build.log" 2>&1 || {
    tail -n 30 "$work/build.log" >&2
    echo "FAILED: gtk-clock does not build" >&2
    exit 1
}
tail -n 1 "$work/build.log"

# What the root gets at /mnt/app: the binary and the host's libunwind (a copy: the host's
# libunwind.so.8 is a link to a versioned file).
mkdir "$work/app"
cp "$scratch/debug/gtk-clock" "$work/app/"
for library in libunwind.so.8 libunwind-x86_64.so.8; do
    cp -L "/lib/x86_64-linux-gnu/$library" "$work/app/$library"
done

# Runs its arguments chrooted in the root, in a mount namespace of their own, with the Swift runtime
# and $work/app under /mnt; while the command runs, the first libgtk-4 its /proc/PID/maps names is
# printed as "mapped: PATH". Bounded by run_limit.
in_root() {
    timeout -k 10 "$run_limit" unshare --mount --propagation private sh -c '
        root=$1 app=$2; shift 2
        for m in proc sys dev; do mount --bind "/$m" "$root/$m" || exit 1; done
        mount -t tmpfs frameclock "$root/mnt" && mkdir "$root/mnt/swift" "$root/mnt/app" &&
            mount --bind -o ro /opt/swift/usr/lib/swift/linux "$root/mnt/swift" &&
            mount --bind -o ro "$app" "$root/mnt/app" || exit 1
        chroot "$root" env -i PATH=/usr/bin:/bin HOME=/root LD_LIBRARY_PATH=/mnt/swift:/mnt/app "$@" &
        pid=$!
        i=0
        while [ $i -lt 100 ] && kill -0 $pid 2>/dev/null; do
            mapped=$(grep -o "/[^ ]*libgtk-4\.so[^ ]*" /proc/$pid/maps 2>/dev/null | head -n 1)
            if [ -n "$mapped" ]; then echo "mapped: $mapped"; break; fi
            i=$((i + 1))
            sleep 0.1
        done
        wait $pid
    ' sh "$root" "$work/app" "$@"
}

# The binary's libraries as the root resolves them: none missing, GTK the root's 4.18.
in_root ldd /mnt/app/gtk-clock >"$work/ldd.txt" 2>&1 || true
if grep "not found" "$work/ldd.txt" >&2; then
    echo "FAILED: gtk-clock's libraries missing in the root (above)" >&2
    exit 1
fi
gtk=$(sed -nE 's/^\s*libgtk-4\.so\.1 => ([^ ]+) .*/\1/p' "$work/ldd.txt")
[ -n "$gtk" ] || { cat "$work/ldd.txt" >&2; echo "FAILED: ldd in the root found no libgtk-4.so.1" >&2; exit 1; }
gtk_file=$(chroot "$root" readlink -f "$gtk")
echo "in the root, gtk-clock's libgtk-4.so.1 is $gtk_file"
[[ $gtk_file == */libgtk-4.so.1.18[0-9][0-9].* ]] || { echo "FAILED: not GTK 4.18" >&2; exit 1; }

# Runs gtk-clock, with the options in $2, under the root's compositor $1 and checks its report.
run_under() {
    local name=$1 options=$2 status=0
    # As run-gtk-clock-check.sh starts weston 10 and mutter 43 (start_test_compositor), so that only
    # the versions differ: weston with repaint-window 16, mutter with one 800x600@60 monitor. (Weston
    # 14's headless output with its own 7 ms window presents every 25 ms, not every 16.7.)
    case "$name" in
        weston) COMPOSITOR_REPAINT_WINDOW=16 start_compositor weston ;;
        mutter) COMPOSITOR_MONITORS=800x600@60 start_compositor mutter ;;
        *) start_compositor "$name" ;;
    esac || { echo "FAILED: $name did not start" >&2; return 1; }
    echo "gtk-clock (GTK 4.18) under $name headless, $seconds s, the fetch pressed at 2 s, the ring destroyed at 6 s"
    # GSK_DEBUG=renderer: GTK names the renderer it draws with (GL on llvmpipe here: no GPU).
    # shellcheck disable=SC2086 # $options: zero or more words
    in_root XDG_RUNTIME_DIR="${COMPOSITOR_RUNTIME#"$root"}" WAYLAND_DISPLAY="$COMPOSITOR_SOCKET" \
        GDK_BACKEND=wayland GSETTINGS_BACKEND=memory GSK_DEBUG=renderer \
        /mnt/app/gtk-clock --duration "$seconds" --fetch-at 2 --destroy-at 6 $options \
        >"$work/$name.txt" 2>&1 || status=$?
    grep -v "D-Bus" "$work/$name.txt" || true
    local runtime=$COMPOSITOR_RUNTIME
    stop_compositor
    rm -rf "$runtime"
    if ! grep -qE "^mapped: .*/libgtk-4\.so\.1\.18[0-9][0-9]\." "$work/$name.txt"; then
        echo "FAILED: under $name, GTK 4.18 was not seen mapped into gtk-clock (exit $status)" >&2
        return 1
    fi
    grep -q "^gtk-clock: all passed" "$work/$name.txt" || {
        echo "FAILED: gtk-clock under $name (exit $status)" >&2
        return 1
    }
}

failed=()
# weston presents on its refresh: FrameClock's target must foretell the presentations better than
# GTK's own prediction at the median, as under weston 10.
run_under weston "" || failed+=(weston)
# mutter and KWin headless render in software and, on a loaded machine, may present off any refresh
# grid: both predictions are printed, not compared (run-gtk-clock-check.sh's rule for mutter 43).
# KWin stamps GTK's first frame, made before the window is shown, with a presentation about 0.7 s
# before that frame began: the one target tens of intervals off in its report is that frame's.
run_under mutter --no-prediction-check || failed+=(mutter)
run_under kwin --no-prediction-check || failed+=(kwin)
if [ ${#failed[@]} -gt 0 ]; then
    echo "FAILED under GTK 4.18: ${failed[*]}" >&2
    exit 1
fi
echo "gtk-clock on GTK 4.18: all passed under weston, mutter and kwin"
