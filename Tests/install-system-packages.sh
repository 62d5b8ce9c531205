#!/usr/bin/env bash
# Installs the Debian packages FrameClock builds against, when they are missing.
# Usage: Tests/install-system-packages.sh [extra packages...]
set -euo pipefail

packages=(libdrm-dev libcairo2-dev libwayland-dev libunwind-dev pkg-config rt-tests weston wayland-protocols valgrind iproute2 python3 "$@")
# Installed without their recommends (mutter's would pull in a desktop): mutter headless with two
# virtual monitors for the mixed-refresh tests, and dbus-run-session for its session bus.
lean=(mutter dbus)
missing=()
missing_lean=()
for package in "${packages[@]}"; do
    dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
done
for package in "${lean[@]}"; do
    dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing_lean+=("$package")
done
[ ${#missing[@]} -eq 0 ] && [ ${#missing_lean[@]} -eq 0 ] && exit 0

run_as_root() {
    if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi
}
echo "installing: ${missing[*]} ${missing_lean[*]}" >&2
export DEBIAN_FRONTEND=noninteractive
run_as_root apt-get update -q -o DPkg::Lock::Timeout=120 >&2
if [ ${#missing[@]} -gt 0 ]; then
    run_as_root apt-get install -y -q -o DPkg::Lock::Timeout=120 "${missing[@]}" >&2
fi
if [ ${#missing_lean[@]} -gt 0 ]; then
    run_as_root apt-get install -y -q -o DPkg::Lock::Timeout=120 --no-install-recommends "${missing_lean[@]}" >&2
fi
