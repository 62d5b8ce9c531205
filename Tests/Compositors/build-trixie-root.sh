#!/usr/bin/env bash
# Builds the Debian 13 (trixie) root in which today's compositors run headless (weston 14, mutter 48,
# KWin 6.3, sway 1.10, cage 0.2, Xwayland 24, GTK 4.18), from Debian's registry with debootstrap.
# The root is a cache: kept in FRAMECLOCK_TRIXIE_ROOT (default .build/trixie-root, beside the build
# folder), and built again only when Tests/Compositors/trixie-packages.txt changes (its hash is the
# stamp). Prints the root's path on its last line.
# Usage: build-trixie-root.sh            build when missing or stale
#        build-trixie-root.sh --check    exit 0 when the root is current, 1 otherwise (builds nothing)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
project=$(cd "$here/../.." && pwd)
root=${FRAMECLOCK_TRIXIE_ROOT:-$project/.build/trixie-root}
list=$here/trixie-packages.txt
# The registry this machine's apt already reaches: the first deb URI in its sources.
mirror=$(grep -hoE '^(URIs: |deb )\S*https?://[^ ]+' /etc/apt/sources.list.d/*.sources /etc/apt/sources.list 2>/dev/null |
    grep -v security | head -n1 | grep -oE 'https?://[^ ]+' || true)
mirror=${FRAMECLOCK_DEBIAN_MIRROR:-${mirror:-http://deb.debian.org/debian}}
stamp=$(sha256sum "$list" | cut -c1-16)

if [[ -f "$root/.frameclock-stamp" && "$(cat "$root/.frameclock-stamp")" == "$stamp" ]]; then
    [[ "${1:-}" == --check ]] && exit 0
    echo "$root"
    exit 0
fi
[[ "${1:-}" == --check ]] && exit 1

if ! command -v debootstrap >/dev/null; then
    apt-get install -y -qq -o DPkg::Lock::Timeout=120 debootstrap >/dev/null
fi
# A root left half-built (or built from another list) goes whole: debootstrap does not resume. What
# a build or a run left mounted in it is unmounted first, so that nothing outside it is removed.
for folder in "$root" "$root.partial"; do
    [[ -d "$folder" ]] || continue
    for m in proc sys dev; do umount -l "$folder/$m" 2>/dev/null || true; done
    rm -rf --one-file-system "$folder"
done
mkdir -p "$(dirname "$root")"
include=$(grep -vE '^\s*(#|$)' "$list" | paste -sd, -)
echo "building the trixie root in $root from $mirror ($(grep -cvE '^\s*(#|$)' "$list") packages asked)" >&2
debootstrap --variant=minbase --include="$include" trixie "$root.partial" "$mirror" >"$root.log" 2>&1 || {
    echo "debootstrap failed; the end of its log ($root.log):" >&2
    tail -n 30 "$root.log" >&2
    exit 1
}
# Mutter reads its settings through GSettings, whose schemas a minbase root leaves uncompiled.
chroot "$root.partial" /usr/lib/x86_64-linux-gnu/glib-2.0/glib-compile-schemas /usr/share/glib-2.0/schemas
echo "$stamp" >"$root.partial/.frameclock-stamp"
mv "$root.partial" "$root"
echo "$root"
