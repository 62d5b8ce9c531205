#!/usr/bin/env bash
# Runs FrameClock's DRM integration tests against the kernel's virtual KMS driver (vkms): boots
# Debian's kernel under qemu (TCG), shares the host root read-only over 9p, chroots into it, loads
# drm/drm_kms_helper/drm_shmem_helper and an out-of-tree vkms.ko, and runs the already built test
# bundle with FRAMECLOCK_VKMS=1 (plus the non-root checks and the vblank-latency report).
#
# Usage: Tests/VKMS/run-vkms-tests.sh [--build-path DIR] [--configuration debug|release] [--cache DIR]
#                                      [--timeout SECONDS] [--filter PATTERN] [--no-latency]
#                                      [--no-install]
#   --build-path DIR   SwiftPM build folder holding <configuration>/FrameClockPackageTests.xctest
#                      (default .build, or $FRAMECLOCK_BUILD_PATH). The script never builds Swift itself.
#   --configuration    which build of that folder: debug (the default) or release.
#   --cache DIR        where vkms.ko, vmlinux and the initramfs are kept per kernel version
#                      (default /var/cache/frameclock-vkms, or $FRAMECLOCK_VKMS_CACHE).
# Exit status: the guest's (0 when every test passed). Prints "SKIPPED: <why>" and exits 0 where
# qemu cannot run here (not x86_64, no qemu after install, not root for the installs).
set -euo pipefail

script_dir=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
repo_root=$(cd "$script_dir/../.." && pwd)
build_path=${FRAMECLOCK_BUILD_PATH:-.build}
configuration=debug
cache_root=${FRAMECLOCK_VKMS_CACHE:-/var/cache/frameclock-vkms}
timeout_seconds=${FRAMECLOCK_VKMS_TIMEOUT:-720}
filter=${FRAMECLOCK_VKMS_FILTER:-VKMS|DRMSourceSelection}
run_latency=1
do_install=1

while [ $# -gt 0 ]; do
    case "$1" in
        --build-path) build_path=$2; shift 2 ;;
        --build-path=*) build_path=${1#*=}; shift ;;
        --configuration) configuration=$2; shift 2 ;;
        --configuration=*) configuration=${1#*=}; shift ;;
        --cache) cache_root=$2; shift 2 ;;
        --timeout) timeout_seconds=$2; shift 2 ;;
        --filter) filter=$2; shift 2 ;;
        --no-latency) run_latency=0; shift ;;
        --no-install) do_install=0; shift ;;
        -h|--help) sed -n '2,19p' "$0"; exit 0 ;;
        *) echo "run-vkms-tests: unknown argument $1" >&2; exit 2 ;;
    esac
done

started=$(date +%s)
log() { echo "[vkms $(( $(date +%s) - started ))s] $*"; }
skip() { echo "SKIPPED: vkms integration tests: $*"; exit 0; }

[ "$(uname -m)" = x86_64 ] || skip "host is $(uname -m), the harness boots an x86_64 Debian kernel"
[ "$(uname -s)" = Linux ] || skip "not Linux"

case "$build_path" in /*) ;; *) build_path="$repo_root/$build_path" ;; esac
case "$configuration" in
    debug | release) ;;
    *) echo "run-vkms-tests: --configuration is debug or release, not '$configuration'" >&2; exit 2 ;;
esac
bundle="$build_path/$configuration/FrameClockPackageTests.xctest"
[ -x "$bundle" ] || { echo "run-vkms-tests: no test bundle at $bundle (run swift build -c $configuration --build-tests first)" >&2; exit 2; }
bundle=$(readlink -f "$bundle")

# ---- packages -------------------------------------------------------------------------------
packages=(qemu-system-x86 linux-image-amd64 linux-headers-amd64 linux-source-6.1 busybox-static cpio
          xz-utils gcc make pkg-config libdrm-dev)
missing=()
for p in "${packages[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
    [ "$do_install" = 1 ] || skip "missing packages: ${missing[*]} (and --no-install)"
    [ "$(id -u)" = 0 ] || skip "missing packages ${missing[*]} and not root to install them"
    command -v apt-get >/dev/null || skip "missing packages ${missing[*]} and no apt-get"
    log "installing ${missing[*]}"
    apt_log=$(mktemp)
    # INITRD=No: the guest boots its own initramfs; skip generating one for the host's /boot.
    if ! { apt-get update -qq && DEBIAN_FRONTEND=noninteractive INITRD=No apt-get install -y -q \
            -o DPkg::Lock::Timeout=120 --no-install-recommends "${missing[@]}"; } >"$apt_log" 2>&1; then
        tail -20 "$apt_log"
        skip "apt-get install ${missing[*]} failed"
    fi
    rm -f "$apt_log"
fi
command -v qemu-system-x86_64 >/dev/null || skip "no qemu-system-x86_64 after install"
[ -x /bin/busybox ] || skip "no /bin/busybox (busybox-static)"

kver=$(dpkg-query -W -f='${Depends}' linux-image-amd64 | sed -n 's/.*linux-image-\([0-9][^ ,]*\).*/\1/p')
[ -n "$kver" ] && [ -f "/boot/vmlinuz-$kver" ] && [ -d "/lib/modules/$kver/kernel" ] \
    || skip "cannot find the kernel of linux-image-amd64 (got '$kver')"
[ -d "/lib/modules/$kver/build" ] || skip "no headers for $kver"

cache="$cache_root/$kver"
if ! mkdir -p "$cache" 2>/dev/null || [ ! -w "$cache" ]; then
    # Not root: keep the cache beside the build instead (ignored by git as .build-*).
    cache="$repo_root/.build-vkms/$kver"
    mkdir -p "$cache"
fi

# ---- vkms.ko and vmlinux, cached per kernel version ----------------------------------------------
if [ ! -f "$cache/vkms.ko" ] || [ ! -f "$cache/extract-vmlinux" ]; then
    log "building vkms for $kver"
    src="$cache/src"
    rm -rf "$src" && mkdir -p "$src"
    tar -xJf /usr/src/linux-source-6.1.tar.xz -C "$src" --strip-components=1 \
        --wildcards 'linux-source-6.1/drivers/gpu/drm/vkms/*' 'linux-source-6.1/scripts/extract-vmlinux'
    make -s -C "/lib/modules/$kver/build" M="$src/drivers/gpu/drm/vkms" CONFIG_DRM_VKMS=m modules \
        >"$cache/vkms-build.log" 2>&1 || { cat "$cache/vkms-build.log"; echo "vkms build failed" >&2; exit 1; }
    cp "$src/drivers/gpu/drm/vkms/vkms.ko" "$cache/vkms.ko"
    cp "$src/scripts/extract-vmlinux" "$cache/extract-vmlinux"
    rm -rf "$src"
fi
if [ ! -f "$cache/vmlinux" ]; then
    log "extracting vmlinux"
    sh "$cache/extract-vmlinux" "/boot/vmlinuz-$kver" >"$cache/vmlinux.tmp"
    mv "$cache/vmlinux.tmp" "$cache/vmlinux"
fi

# ---- initramfs: busybox and the 9p modules; everything else comes from the shared host root -------
initramfs="$cache/initramfs.cpio.gz"
init_stamp=$(sha256sum "$script_dir/guest-init.sh" | cut -c1-16)
if [ ! -f "$initramfs" ] || [ "$(cat "$cache/initramfs.stamp" 2>/dev/null)" != "$init_stamp" ]; then
    log "building initramfs"
    root="$cache/initramfs.d"
    rm -rf "$root" && mkdir -p "$root"/{bin,dev,proc,sys,mnt/host,lib/modules}
    cp /bin/busybox "$root/bin/busybox"
    cp "$script_dir/guest-init.sh" "$root/init"
    chmod +x "$root/init"
    : >"$root/modules.order"
    for m in $(for n in virtio_pci 9pnet_virtio 9p; do modprobe -S "$kver" --show-depends "$n"; done |
               awk '$1 == "insmod" { print $2 }'); do
        grep -qx "$(basename "$m")" "$root/modules.order" && continue
        cp "$m" "$root/lib/modules/"
        basename "$m" >>"$root/modules.order"
    done
    (cd "$root" && find . | cpio -o -H newc --quiet | gzip -1) >"$initramfs.tmp"
    mv "$initramfs.tmp" "$initramfs"
    echo "$init_stamp" >"$cache/initramfs.stamp"
    rm -rf "$root"
fi

# ---- what the guest runs: written where the read-only share shows it ---------------------------------
run_dir=$(mktemp -d "$cache/run.XXXXXX")
trap 'rm -rf "$run_dir"' EXIT
# The helper that turns the CRTC off from another process (mid-run failover test).
gcc -O2 -Wall -o "$run_dir/vkms-crtc-off" "$script_dir/crtc-off.c" $(pkg-config --cflags --libs libdrm)
latency_bin=""
bench_bin=""
if [ "$run_latency" = 1 ]; then
    for c in "$build_path/release/vblank-latency" "$build_path/debug/vblank-latency"; do
        if [ -x "$c" ]; then latency_bin=$(readlink -f "$c"); break; fi
    done
    for c in "$build_path/release/frame-bench" "$build_path/debug/frame-bench"; do
        if [ -x "$c" ]; then bench_bin=$(readlink -f "$c"); break; fi
    done
fi
cat >"$run_dir/env" <<ENV
FRAMECLOCK_VKMS_KVER='$kver'
FRAMECLOCK_VKMS_KO='$cache/vkms.ko'
FRAMECLOCK_VKMS_BUNDLE='$bundle'
FRAMECLOCK_VKMS_FILTER='$filter'
FRAMECLOCK_VKMS_LATENCY='$latency_bin'
FRAMECLOCK_VKMS_BENCH='$bench_bin'
FRAMECLOCK_VKMS_REPO='$repo_root'
FRAMECLOCK_VKMS_CRTC_OFF='$run_dir/vkms-crtc-off'
ENV
cp "$script_dir/guest-run.sh" "$run_dir/guest-run.sh"

# ---- boot --------------------------------------------------------------------------------------
accel="tcg"
cpu="max"
if [ "${FRAMECLOCK_VKMS_KVM:-0}" = 1 ] && grep -qE '\b(vmx|svm)\b' /proc/cpuinfo && ! lsmod 2>/dev/null | grep -q kvm_pvm; then
    accel="kvm"
    cpu="host"
fi
# A guest whose console says nothing for this long has frozen: a hung test makes the guest's own
# watchdog speak after 240 s. Seen once in CI: both vCPUs spinning in the dark-CRTC clock-demo test,
# nothing printed until the timeout; the guest is then booted once more, and the freeze reported.
silence_limit=${FRAMECLOCK_VKMS_SILENCE:-300}
console_log="$run_dir/console.log"

# Boots the guest, its console streamed and kept in $console_log; sets qemu_status, and froze=1
# when the console stayed silent for $silence_limit seconds (the guest is then stopped).
boot_guest() {
    log "booting $kver under qemu ($accel), timeout ${timeout_seconds}s, silence ${silence_limit}s"
    : >"$console_log"
    froze=0
    timeout --kill-after=10 "$timeout_seconds" qemu-system-x86_64 \
        -accel "$accel" -cpu "$cpu" -smp 2 -m 1024 \
        -nodefaults -display none -no-reboot -serial stdio -monitor none \
        -kernel "$cache/vmlinux" -initrd "$initramfs" \
        -append "console=ttyS0 panic=-1 loglevel=4 quiet tsc=reliable clocksource=tsc frameclock.run=$run_dir" \
        -virtfs local,path=/,mount_tag=hostroot,security_model=none,readonly=on,multidevs=remap \
        </dev/null >"$console_log" 2>&1 &
    local qemu=$! size last=-1 quiet=0
    tail -f -n +1 --pid="$qemu" "$console_log" &
    local streamer=$!
    while kill -0 "$qemu" 2>/dev/null; do
        sleep 5
        size=$(stat -c %s "$console_log")
        if [ "$size" = "$last" ]; then quiet=$((quiet + 5)); else quiet=0 last=$size; fi
        if [ "$quiet" -ge "$silence_limit" ]; then
            echo "run-vkms-tests: the guest's console has been silent for ${silence_limit}s: the guest froze" >&2
            froze=1
            kill "$qemu" 2>/dev/null || true
            break
        fi
    done
    qemu_status=0
    wait "$qemu" || qemu_status=$?
    wait "$streamer" 2>/dev/null || true
}

guest_status() {
    sed -n 's/.*FRAMECLOCK-VKMS-EXIT=\([0-9][0-9]*\).*/\1/p' "$console_log" | tail -1
}

boot_guest
status=$(guest_status)
if [ -z "$status" ] && [ "$froze" = 1 ]; then
    echo "run-vkms-tests: FROZE: the first guest stopped responding after its console's last lines above; booting it once more" >&2
    boot_guest
    status=$(guest_status)
fi
if [ -z "$status" ]; then
    if [ "$froze" = 1 ]; then
        echo "run-vkms-tests: the guest froze again" >&2
    elif [ "$qemu_status" = 124 ] || [ "$qemu_status" = 137 ]; then
        echo "run-vkms-tests: the guest did not finish within ${timeout_seconds}s" >&2
    else
        echo "run-vkms-tests: the guest stopped without reporting a status (qemu exit $qemu_status)" >&2
    fi
    status=1
fi
log "guest exit status $status (total $(( $(date +%s) - started ))s)"
exit "$status"
