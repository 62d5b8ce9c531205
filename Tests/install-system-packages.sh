#!/usr/bin/env bash
# Installs the Debian packages FrameClock needs, when they are missing.
# Usage: Tests/install-system-packages.sh [--build-only]
#   --build-only  only what building the package needs (libdrm, Cairo, libwayland-client, libxcb with
#                 its Present extension and libunwind through pkg-config): what clock-demo's command
#                 installs;
#   otherwise     also what the tests run against: Xvfb and Xwayland for the X11 tests, weston and
#                 mutter headless (with pipewire and
#                 python3-gi for the pull-to-refresh's mutter input bridge), cyclictest, callgrind,
#                 network namespaces, GLib and GTK 4 for the main-loop examples, EGL and OpenGL ES
#                 (Mesa's llvmpipe) for the GLES example, Vulkan (Mesa's lavapipe) for the Vulkan example,
#                 GLFW's Wayland build for the GLFW example,
#                 wayland-scanner and wayland-protocols' XML for the protocol tables' check.
#                 debootstrap for the Debian 13 root of today's compositors (Tests/Compositors).
set -euo pipefail

build=(libdrm-dev libcairo2-dev libwayland-dev libunwind-dev libxcb1-dev libxcb-present-dev pkg-config)
tools=(rt-tests debootstrap weston libweston-10-dev xvfb xwayland wayland-protocols libwayland-bin valgrind iproute2 python3 python3-gi gdb libglib2.0-dev
    libgtk-4-dev libegl1-mesa-dev libgles2-mesa-dev libwayland-egl1 libvulkan-dev mesa-vulkan-drivers
    libglfw3-wayland libglfw3-dev)
# Installed without their recommends (mutter's would pull in a desktop): mutter headless with two
# virtual monitors for the mixed-refresh tests, dbus-run-session for its session bus, and a bare
# pipewire daemon, which mutter's ScreenCast (behind absolute pointer motion and touch) needs.
lean=(mutter dbus pipewire)
if [ "${1:-}" = "--build-only" ]; then
    tools=()
    lean=()
elif [ $# -gt 0 ]; then
    echo "usage: $0 [--build-only]" >&2
    exit 2
fi

missing() {
    for package in "$@"; do
        dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || echo "$package"
    done
}
mapfile -t missing_full < <(missing "${build[@]}" "${tools[@]}")
mapfile -t missing_lean < <(missing "${lean[@]}")
[ ${#missing_full[@]} -eq 0 ] && [ ${#missing_lean[@]} -eq 0 ] && exit 0

run_as_root() {
    if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi
}
echo "installing: ${missing_full[*]} ${missing_lean[*]}" >&2
export DEBIAN_FRONTEND=noninteractive
run_as_root apt-get update -q -o DPkg::Lock::Timeout=120 >&2
if [ ${#missing_full[@]} -gt 0 ]; then
    run_as_root apt-get install -y -q -o DPkg::Lock::Timeout=120 "${missing_full[@]}" >&2
fi
if [ ${#missing_lean[@]} -gt 0 ]; then
    run_as_root apt-get install -y -q -o DPkg::Lock::Timeout=120 --no-install-recommends "${missing_lean[@]}" >&2
fi
