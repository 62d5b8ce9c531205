#!/bin/busybox sh
# /init of the vkms test guest: mounts the host root (9p, read-only), then runs
# <run dir>/guest-run.sh inside it, chrooted, and powers off.
/bin/busybox --install -s /bin
export PATH=/bin
mount -t devtmpfs devtmpfs /dev
exec </dev/console >/dev/console 2>&1
mount -t proc proc /proc
mount -t sysfs sysfs /sys
for m in $(cat /modules.order); do insmod "/lib/modules/$m" || echo "guest: insmod $m failed"; done
run=$(sed -n 's/.*frameclock\.run=\([^ ]*\).*/\1/p' /proc/cmdline)
status=1
if mount -t 9p -o trans=virtio,version=9p2000.L,ro,msize=512000,cache=loose hostroot /mnt/host; then
    h=/mnt/host
    mount -t devtmpfs devtmpfs $h/dev
    mount -t proc proc $h/proc
    mount -t sysfs sysfs $h/sys
    # No tmpfs over /tmp or /root: the build folder or the cache may live there on the host. The
    # guest's scratch space is /dev/shm on its own devtmpfs.
    mkdir -p $h/dev/shm
    chroot $h /bin/bash "$run/guest-run.sh" "$run"
    status=$?
else
    echo "guest: cannot mount the host root over 9p"
    dmesg | tail -20
fi
echo "FRAMECLOCK-VKMS-EXIT=$status"
sync
poweroff -f
