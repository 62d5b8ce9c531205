#!/usr/bin/env bash
# The README's GTK 4 example, as a new user takes it: a new package made from the README's code
# blocks alone (each preceded by a `<!-- readme-gtk: PATH -->` line naming its file), beside a
# FrameClock folder (../FrameClock, this checkout), built with no warning in its code and run for 4 s
# under weston headless. It checks that the program keeps running, that frames came on GTK's main
# loop and that the slow work's result reached the main actor while they did.
# Usage: Tests/GTK/run-readme-gtk-example.sh [--scratch-path DIR] [--build-only | --run-only]
#   --build-only  make the package and build it, no run (Tests/run-all.sh builds it beside other steps)
#   --run-only    run what --build-only built in DIR (it fails when README.md is newer than the build)
set -euo pipefail
cd "$(dirname "$0")/../.."
scratch=.build-readme-gtk
build=1 run=1
while [ $# -gt 0 ]; do
    case "$1" in
        --scratch-path) scratch=${2:?--scratch-path needs a folder}; shift 2 ;;
        --build-only) run=0; shift ;;
        --run-only) build=0; shift ;;
        *) echo "run-readme-gtk-example.sh: unknown argument $1" >&2; exit 2 ;;
    esac
done
scratch=$(realpath -m "$scratch")
binary="$scratch/debug/GTKRing"
seconds=4

work=$(mktemp -d /tmp/frameclock-readme-gtk.XXXXXX)
trap 'rm -rf "$work"' EXIT
ln -s "$PWD" "$work/FrameClock"
package="$work/GTKRing"
mkdir "$package"

if [ "$build" = 1 ]; then
    # The files the README names, each made from the code block after its marker line.
    mapfile -t files < <(sed -n 's/^<!-- readme-gtk: \([^ ]*\) -->$/\1/p' README.md)
    if [ ${#files[@]} -lt 4 ]; then
        echo "FAILED: README.md marks ${#files[@]} files of the GTK example (Package.swift, the C module, main.swift)" >&2
        exit 1
    fi
    for file in "${files[@]}"; do mkdir -p "$(dirname "$package/$file")"; done
    awk -v dir="$package" '
        /^<!-- readme-gtk: [^ ]+ -->$/ { pending = $3; next }
        /^```/ {
            if (inside) { inside = 0; close(path); next }
            if (pending != "") { inside = 1; path = dir "/" pending; pending = ""; printf "" > path; next }
        }
        inside { print > path }
    ' README.md
    echo "the README's GTK example, as a package of its own:"
    (cd "$package" && find . -type f | sort)

    echo "building it ($scratch)"
    swift build --package-path "$package" --scratch-path "$scratch" 2>&1 | tee /tmp/readme-gtk-build.log
    [ "${PIPESTATUS[0]}" -eq 0 ] || { echo "FAILED: the README's GTK example does not build" >&2; exit 1; }
    if grep -E "GTKRing/Sources/.*: warning:" /tmp/readme-gtk-build.log; then
        echo "FAILED: warnings in the README's GTK example" >&2
        exit 1
    fi
    # SwiftPM relinks nothing when the code blocks did not change: the binary is this README's.
    touch "$binary"
fi
if [ "$run" = 0 ]; then
    echo "README GTK example: built from the README alone ($binary)"
    exit 0
fi
if [ ! -x "$binary" ] || [ README.md -nt "$binary" ]; then
    echo "FAILED: no build of the README's GTK example in $scratch newer than README.md (--build-only first)" >&2
    exit 1
fi

source Tests/Compositors/compositors.sh
trap 'stop_compositor; rm -rf "$work"' EXIT
COMPOSITOR_SOCKET_NAME=wl-readme start_compositor weston10 || { echo "FAILED: weston did not start" >&2; exit 1; }

echo "running it under weston headless for $seconds s"
status=0
XDG_RUNTIME_DIR=$COMPOSITOR_RUNTIME WAYLAND_DISPLAY=wl-readme GDK_BACKEND=wayland GSETTINGS_BACKEND=memory \
    timeout "$seconds" stdbuf -oL "$binary" >/tmp/readme-gtk-run.txt 2>&1 || status=$?
grep -v "D-Bus" /tmp/readme-gtk-run.txt || true
# It runs until stopped: timeout's 124 is the expected end, anything else a crash or an error.
[ "$status" -eq 124 ] || { echo "FAILED: the example ended by itself (status $status)" >&2; exit 1; }
frames=$(sed -n 's/^fetched after 1 s, applied on the main actor; \([0-9]*\) frames so far$/\1/p' /tmp/readme-gtk-run.txt)
if [ -z "$frames" ] || [ "$frames" -lt 10 ]; then
    echo "FAILED: the result did not reach the main actor while frames came (frames: ${frames:-none})" >&2
    exit 1
fi
echo "README GTK example: built from the README alone, ran under weston headless, $frames frames before the result"
