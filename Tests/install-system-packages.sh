#!/usr/bin/env bash
# Installs the Debian packages FrameClock builds against, when they are missing.
# Usage: Tests/install-system-packages.sh [extra packages...]
set -euo pipefail

packages=(libdrm-dev libcairo2-dev libwayland-dev pkg-config rt-tests weston wayland-protocols valgrind iproute2 python3 "$@")
missing=()
for package in "${packages[@]}"; do
    dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
done
[ ${#missing[@]} -eq 0 ] && exit 0

run_as_root() {
    if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi
}
echo "installing: ${missing[*]}" >&2
export DEBIAN_FRONTEND=noninteractive
run_as_root apt-get update -q -o DPkg::Lock::Timeout=120 >&2
run_as_root apt-get install -y -q -o DPkg::Lock::Timeout=120 "${missing[@]}" >&2
