#!/usr/bin/env bash
# Starts and stops today's compositors headless from the Debian 13 root (build-trixie-root.sh), for
# a client on this machine: sourced by the scripts that test against them.
#
#   source Tests/Compositors/compositors.sh
#   start_compositor sway          # sets COMPOSITOR_PID, COMPOSITOR_RUNTIME, COMPOSITOR_SOCKET
#   XDG_RUNTIME_DIR=$COMPOSITOR_RUNTIME WAYLAND_DISPLAY=$COMPOSITOR_SOCKET client ...
#   stop_compositor
#
# Each runs in a mount namespace of its own (unshare), where /proc, /sys and /dev are bound into the
# root: the binds end with the compositor, whatever ends it, and nothing outside sees them. Its
# runtime directory is private (ROOT/run/frameclock-NAME-PID), its log COMPOSITOR_RUNTIME/log.
# The compositors: weston (14), mutter (48), kwin (6.3), sway (1.10), cage (0.2, the kiosk's); and,
# beside them, this machine's own Debian 12 ones, weston10 and mutter43 (started the same way, without
# the root).

COMPOSITORS_ROOT=${COMPOSITORS_ROOT:-${FRAMECLOCK_TRIXIE_ROOT:-$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)/.build/trixie-root}}
# How long a compositor may take to listen on its socket (mutter and KWin under load take seconds).
COMPOSITOR_START_SECONDS=${COMPOSITOR_START_SECONDS:-30}

# The command that starts compositor $1 headless on socket $2, inside the root.
compositor_command() {
    local wlroots="WLR_BACKENDS=headless WLR_RENDERER=pixman WLR_LIBINPUT_NO_DEVICES=1 WLR_HEADLESS_OUTPUTS=1"
    case "$1" in
        weston) echo "weston --backend=headless --socket=$2 --idle-time=0" ;;
        mutter) echo "dbus-run-session -- mutter --headless --wayland --no-x11 --virtual-monitor 1280x720@60 --wayland-display $2" ;;
        # With its Xwayland (24), started when the first X client connects: the root's X socket is
        # ROOT/tmp/.X11-unix/X0, its cookie the runtime directory's .mutter-Xwaylandauth.*.
        mutter-xwayland) echo "dbus-run-session -- mutter --headless --wayland --virtual-monitor 1280x720@60 --wayland-display $2" ;;
        kwin) echo "QT_QPA_PLATFORM=offscreen dbus-run-session -- kwin_wayland --virtual --socket $2 --width 1280 --height 720 --no-lockscreen --no-global-shortcuts" ;;
        # wlroots names its socket itself (wayland-1 in an empty runtime directory).
        sway) echo "env $wlroots sway -c /dev/null" ;;
        # The kiosk runs one program; clients from outside connect to its socket beside it.
        cage) echo "env $wlroots cage -- sleep infinity" ;;
        weston10) echo "weston --backend=headless-backend.so --socket=$2 --idle-time=0" ;;
        mutter43) echo "dbus-run-session -- mutter --headless --wayland --no-x11 --virtual-monitor 1280x720@60 --wayland-display=$2" ;;
        *) return 1 ;;
    esac
}

# Whether compositor $1 is this machine's own (Debian 12), not the root's.
compositor_is_host() {
    case "$1" in weston10 | mutter43) return 0 ;; *) return 1 ;; esac
}

start_compositor() {
    local name=$1 command socket i
    compositor_is_host "$name" || [ -f "$COMPOSITORS_ROOT/.frameclock-stamp" ] || {
        echo "no Debian 13 root at $COMPOSITORS_ROOT: run Tests/Compositors/build-trixie-root.sh" >&2
        return 1
    }
    command=$(compositor_command "$name" "frameclock-$name") || {
        echo "unknown compositor '$name' (weston, mutter, kwin, sway, cage)" >&2
        return 1
    }
    local inside=/run/frameclock-$name-$$
    COMPOSITOR_RUNTIME=$COMPOSITORS_ROOT$inside
    compositor_is_host "$name" && COMPOSITOR_RUNTIME=$(mktemp -d /tmp/frameclock-$name.XXXXXX)
    rm -rf "$COMPOSITOR_RUNTIME"
    mkdir -m 700 -p "$COMPOSITOR_RUNTIME"
    # Xwayland's sockets: a folder every user may write to, as /tmp/.X11-unix is on a system.
    if [ "$name" = mutter-xwayland ]; then
        mkdir -p "$COMPOSITORS_ROOT/tmp/.X11-unix" && chmod 1777 "$COMPOSITORS_ROOT/tmp/.X11-unix"
    fi
    # setsid: the compositor and everything it starts are one process group, stopped together.
    if compositor_is_host "$name"; then
        setsid env XDG_RUNTIME_DIR="$COMPOSITOR_RUNTIME" WAYLAND_DISPLAY= DISPLAY= sh -c "$command" \
            >"$COMPOSITOR_RUNTIME/log" 2>&1 </dev/null &
    else
        setsid unshare --mount --propagation private sh -c '
        root=$1; shift
        for m in proc sys dev; do mount --bind "/$m" "$root/$m" || exit 1; done
        exec chroot "$root" env -i PATH=/usr/bin:/bin HOME=/root XDG_RUNTIME_DIR="$1" sh -c "$2"
    ' sh "$COMPOSITORS_ROOT" "$inside" "$command" >"$COMPOSITOR_RUNTIME/log" 2>&1 </dev/null &
    fi
    COMPOSITOR_PID=$!
    COMPOSITOR_NAME=$name
    COMPOSITOR_SOCKET=
    for ((i = 0; i < COMPOSITOR_START_SECONDS * 10; i++)); do
        socket=$(cd "$COMPOSITOR_RUNTIME" && ls -1 2>/dev/null | grep -E '^(wayland-[0-9]+|frameclock-[a-z0-9-]+)$' | head -n1)
        if [ -n "$socket" ] && [ -S "$COMPOSITOR_RUNTIME/$socket" ]; then
            COMPOSITOR_SOCKET=$socket
            # A moment for it to listen after the bind.
            sleep 0.5
            return 0
        fi
        kill -0 "$COMPOSITOR_PID" 2>/dev/null || break
        sleep 0.1
    done
    echo "$name did not listen on a socket in $COMPOSITOR_RUNTIME within ${COMPOSITOR_START_SECONDS} s; its log:" >&2
    tail -n 20 "$COMPOSITOR_RUNTIME/log" >&2
    stop_compositor
    return 1
}

# The Wayland globals of interest the running compositor advertises, one "interface vN" a line.
compositor_globals() {
    local root=$COMPOSITORS_ROOT
    # The root's wayland-info reads this machine's compositors too, through the runtime directory.
    if compositor_is_host "$COMPOSITOR_NAME"; then
        mkdir -p "$root/run/frameclock-host" && mount --bind "$COMPOSITOR_RUNTIME" "$root/run/frameclock-host" || return 0
        chroot "$root" env -i XDG_RUNTIME_DIR=/run/frameclock-host WAYLAND_DISPLAY="$COMPOSITOR_SOCKET" \
            timeout 10 wayland-info 2>/dev/null | compositor_globals_of_interest
        umount "$root/run/frameclock-host"
        return 0
    fi
    chroot "$COMPOSITORS_ROOT" env -i XDG_RUNTIME_DIR="${COMPOSITOR_RUNTIME#"$COMPOSITORS_ROOT"}" \
        WAYLAND_DISPLAY="$COMPOSITOR_SOCKET" timeout 10 wayland-info 2>/dev/null | compositor_globals_of_interest
}

# wayland-info's output, reduced to the globals of interest.
compositor_globals_of_interest() {
    sed -nE "s/.*interface: '([a-z0-9_]+)', *version: *([0-9]+).*/\1 v\2/p" |
        grep -E '^(wp_presentation|wp_commit_timing_manager_v1|wp_fifo_manager_v1|wp_tearing_control_manager_v1|zwp_input_timestamps_manager_v1|wp_color_manager_v1) ' |
        sort -u
}

stop_compositor() {
    [ -n "${COMPOSITOR_PID:-}" ] || return 0
    kill -TERM -- "-$COMPOSITOR_PID" 2>/dev/null || true
    local i
    for ((i = 0; i < 50; i++)); do
        kill -0 "$COMPOSITOR_PID" 2>/dev/null || break
        sleep 0.1
    done
    kill -KILL -- "-$COMPOSITOR_PID" 2>/dev/null || true
    wait "$COMPOSITOR_PID" 2>/dev/null || true
    COMPOSITOR_PID=
    if compositor_is_host "$COMPOSITOR_NAME"; then rm -rf "$COMPOSITOR_RUNTIME"; fi
}
