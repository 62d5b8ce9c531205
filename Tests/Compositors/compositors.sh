#!/usr/bin/env bash
# Starts and stops a compositor headless for a client on this machine: the one way the tests start
# one (run-matrix.sh, the GPU and GTK checks, and the Swift fixtures' CompositorServer source it).
#
#   source Tests/Compositors/compositors.sh
#   start_compositor sway          # sets COMPOSITOR_PID, COMPOSITOR_RUNTIME, COMPOSITOR_SOCKET
#   XDG_RUNTIME_DIR=$COMPOSITOR_RUNTIME WAYLAND_DISPLAY=$COMPOSITOR_SOCKET client ...
#   stop_compositor
#
# The compositors: today's, from the Debian 13 root (build-trixie-root.sh): weston (14), mutter (48),
# mutter-xwayland (mutter 48 with its Xwayland), weston-xwayland (weston 14 with its Xwayland), kwin (6.3), sway (1.10), cage (0.2, the kiosk's);
# and this machine's own ("host") ones, weston10 and mutter43 (named for Debian 12's versions: the
# weston and mutter on PATH, whichever they are).
# A root's compositor runs in a mount namespace of its own (unshare), where /proc, /sys and /dev are
# bound into the root: the binds end with the compositor, whatever ends it, and nothing outside sees
# them. Its runtime directory is private (ROOT/run/frameclock-NAME-PID); a host one's is a new
# /tmp/frameclock-NAME.XXXXXX, removed by stop_compositor. The log (standard output and error) is
# COMPOSITOR_RUNTIME/log.
#
# COMPOSITOR_PID is the compositor's own process (or its session runner's, dbus-run-session), the
# leader of a session and process group of its own that holds everything it starts: `kill -STOP --
# -$COMPOSITOR_PID` stops all of it, and stop_compositor ends all of it.
#
# Settings, read by start_compositor from the environment (each may prefix the call alone:
# `COMPOSITOR_SOCKET_NAME=wl-test start_compositor weston10`); paths must hold no white space:
#   COMPOSITOR_SOCKET_NAME      the socket's name (default frameclock-NAME); sway and cage name it
#                               themselves (wayland-N)
#   COMPOSITOR_REPAINT_WINDOW   weston's repaint window in milliseconds, in a weston.ini written into
#                               the runtime directory (default: none, weston's own)
#   COMPOSITOR_MODULES          weston's extra modules, comma-separated absolute paths (--modules=;
#                               a root's weston reads them inside the root)
#   COMPOSITOR_XWAYLAND         1: weston also starts Xwayland (--xwayland); compositor_x_display
#                               then names its X display
#   COMPOSITOR_MONITORS         the outputs, WIDTHxHEIGHT@HZ separated by spaces, for mutter and sway:
#                               mutter's virtual monitors (default 1280x720@60), announced in that
#                               order; sway's headless outputs HEADLESS-1, -2, ... laid out left to
#                               right (WLR_HEADLESS_OUTPUTS, and a sway.config in the runtime
#                               directory with a line `output HEADLESS-N mode --custom 1280x720@144Hz
#                               position X 0` for each; default one 1280x720 output advertising 0 Hz),
#                               announced in an order of sway's own. KWin 6.3 cannot: its virtual
#                               outputs (--output-count) have one mode each, --width x --height at
#                               60 Hz, and neither its output management nor kwinoutputconfig.json
#                               can choose a mode outside that list
#   COMPOSITOR_START_SECONDS    how long it may take to make its socket (default 30: mutter and KWin
#                               under load take seconds)
#   COMPOSITOR_SETTLE_SECONDS   the pause after the socket appears, for the compositor to listen on it
#                               (default 0.5; a caller that polls for connections itself passes 0)
# A host compositor also gets the caller's environment (less WAYLAND_DISPLAY and DISPLAY), so extra
# variables pass through to it; a root's gets a clean one. Every mutter gets GSETTINGS_BACKEND=memory
# (no dconf to read or write).

COMPOSITORS_ROOT=${COMPOSITORS_ROOT:-${FRAMECLOCK_TRIXIE_ROOT:-$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)/.build/trixie-root}}

# The command that starts compositor $1 headless on socket $2, with runtime directory $3 (as the
# compositor sees it), from the settings above; a single command, so that `exec` makes it the
# process that ran it.
compositor_command() {
    local wlroots="WLR_BACKENDS=headless WLR_RENDERER=pixman WLR_LIBINPUT_NO_DEVICES=1"
    local sway="WLR_HEADLESS_OUTPUTS=1 sway -c /dev/null"
    [ -z "${COMPOSITOR_MONITORS:-}" ] ||
        sway="WLR_HEADLESS_OUTPUTS=$(wc -w <<<"$COMPOSITOR_MONITORS") sway -c $3/sway.config"
    local weston_options="--socket=$2 --idle-time=0" mutter_options="" monitor
    [ -z "${COMPOSITOR_REPAINT_WINDOW:-}" ] || weston_options+=" --config=$3/weston.ini"
    [ -z "${COMPOSITOR_MODULES:-}" ] || weston_options+=" --modules=$COMPOSITOR_MODULES"
    [ "${COMPOSITOR_XWAYLAND:-}" != 1 ] || weston_options+=" --xwayland"
    for monitor in ${COMPOSITOR_MONITORS:-1280x720@60}; do mutter_options+=" --virtual-monitor $monitor"; done
    local mutter="env GSETTINGS_BACKEND=memory dbus-run-session -- mutter --headless --wayland$mutter_options"
    case "$1" in
        weston) echo "weston --backend=headless $weston_options" ;;
        mutter) echo "$mutter --no-x11 --wayland-display $2" ;;
        # With its Xwayland (24), started when the first X client connects: the root's X socket is
        # ROOT/tmp/.X11-unix/X0, its cookie the runtime directory's .mutter-Xwaylandauth.*.
        mutter-xwayland) echo "$mutter --wayland-display $2" ;;
        # weston 14 with its Xwayland (24), started at once; it logs the X display it listens on.
        weston-xwayland) echo "weston --backend=headless $weston_options --xwayland" ;;
        kwin) echo "env QT_QPA_PLATFORM=offscreen dbus-run-session -- kwin_wayland --virtual --socket $2 --width 1280 --height 720 --no-lockscreen --no-global-shortcuts" ;;
        # wlroots names its socket itself (wayland-1 in an empty runtime directory).
        sway) echo "env $wlroots $sway" ;;
        # The kiosk runs one program; clients from outside connect to its socket beside it.
        cage) echo "env $wlroots WLR_HEADLESS_OUTPUTS=1 cage -- sleep infinity" ;;
        weston10) echo "weston --backend=headless-backend.so $weston_options" ;;
        mutter43) echo "$mutter --no-x11 --wayland-display=$2" ;;
        *) return 1 ;;
    esac
}

# Whether compositor $1 is this machine's own (Debian 12), not the root's.
compositor_is_host() {
    case "$1" in weston10 | mutter43) return 0 ;; *) return 1 ;; esac
}

# Starts compositor $1 with the settings above; fails, with the end of its log, when it makes no
# socket within COMPOSITOR_START_SECONDS.
start_compositor() {
    local name=$1 command socket i monitor=
    compositor_is_host "$name" || [ -f "$COMPOSITORS_ROOT/.frameclock-stamp" ] || {
        echo "no Debian 13 root at $COMPOSITORS_ROOT: run Tests/Compositors/build-trixie-root.sh" >&2
        return 1
    }
    local inside=/run/frameclock-$name-$$
    COMPOSITOR_RUNTIME=$COMPOSITORS_ROOT$inside
    compositor_is_host "$name" && { COMPOSITOR_RUNTIME=$(mktemp -d "/tmp/frameclock-$name.XXXXXX") && inside=$COMPOSITOR_RUNTIME; }
    local wanted=${COMPOSITOR_SOCKET_NAME:-frameclock-$name}
    command=$(compositor_command "$name" "$wanted" "$inside") || {
        echo "unknown compositor '$name' (weston, weston-xwayland, mutter, mutter-xwayland, kwin, sway, cage, weston10, mutter43)" >&2
        return 1
    }
    rm -rf "$COMPOSITOR_RUNTIME"
    mkdir -m 700 -p "$COMPOSITOR_RUNTIME"
    [ -z "${COMPOSITOR_REPAINT_WINDOW:-}" ] ||
        printf '[core]\nrepaint-window=%s\n' "$COMPOSITOR_REPAINT_WINDOW" >"$COMPOSITOR_RUNTIME/weston.ini"
    # sway sets each headless output's mode and place from its configuration, before it takes
    # clients; placed left to right here, as sway would place them in an order of its own.
    if [ "$name" = sway ] && [ -n "${COMPOSITOR_MONITORS:-}" ]; then
        local output outputs=0 x=0
        for output in $COMPOSITOR_MONITORS; do
            echo "output HEADLESS-$((outputs += 1)) mode --custom ${output}Hz position $x 0"
            x=$((x + ${output%%x*}))
        done >"$COMPOSITOR_RUNTIME/sway.config"
    fi
    # Xwayland's sockets: a folder every user may write to, as /tmp/.X11-unix is on a system.
    if [ "$name" = mutter-xwayland ] || [ "$name" = weston-xwayland ]; then
        mkdir -p "$COMPOSITORS_ROOT/tmp/.X11-unix" && chmod 1777 "$COMPOSITORS_ROOT/tmp/.X11-unix"
    fi
    # setsid stays in the process $! names, rather than forking, only when that process leads no
    # group, as a background job of a shell without job control does: so none here.
    [[ $- == *m* ]] && { monitor=1; set +m; }
    # setsid, then exec down to the compositor: its PID is $!, and it leads the group of everything
    # it starts, stopped together.
    if compositor_is_host "$name"; then
        setsid env -u WAYLAND_DISPLAY -u DISPLAY XDG_RUNTIME_DIR="$COMPOSITOR_RUNTIME" sh -c "exec $command" \
            >"$COMPOSITOR_RUNTIME/log" 2>&1 </dev/null &
    else
        setsid unshare --mount --propagation private sh -c '
        root=$1; shift
        for m in proc sys dev; do mount --bind "/$m" "$root/$m" || exit 1; done
        exec chroot "$root" env -i PATH=/usr/bin:/bin HOME=/root XDG_RUNTIME_DIR="$1" sh -c "exec $2"
    ' sh "$COMPOSITORS_ROOT" "$inside" "$command" >"$COMPOSITOR_RUNTIME/log" 2>&1 </dev/null &
    fi
    COMPOSITOR_PID=$!
    [ -z "$monitor" ] || set -m
    COMPOSITOR_NAME=$name
    COMPOSITOR_SOCKET=
    for ((i = 0; i < ${COMPOSITOR_START_SECONDS:-30} * 20; i++)); do
        case "$name" in
            sway | cage) socket=$(cd "$COMPOSITOR_RUNTIME" && ls -1 2>/dev/null | grep -E '^wayland-[0-9]+$' | head -n1) ;;
            *) socket=$wanted ;;
        esac
        if [ -n "$socket" ] && [ -S "$COMPOSITOR_RUNTIME/$socket" ]; then
            COMPOSITOR_SOCKET=$socket
            sleep "${COMPOSITOR_SETTLE_SECONDS:-0.5}"
            return 0
        fi
        kill -0 "$COMPOSITOR_PID" 2>/dev/null || break
        sleep 0.05
    done
    echo "$name did not listen on a socket in $COMPOSITOR_RUNTIME within ${COMPOSITOR_START_SECONDS:-30} s; its log:" >&2
    tail -n 20 "$COMPOSITOR_RUNTIME/log" >&2
    stop_compositor
    return 1
}

# This machine's weston or mutter ($1) as the Wayland tests start theirs, on socket $2: weston with
# repaint-window 16, mutter with one 800x600@60 monitor.
start_test_compositor() {
    case "$1" in
        weston) COMPOSITOR_SOCKET_NAME=$2 COMPOSITOR_REPAINT_WINDOW=16 start_compositor weston10 ;;
        mutter) COMPOSITOR_SOCKET_NAME=$2 COMPOSITOR_MONITORS=800x600@60 start_compositor mutter43 ;;
        *) echo "start_test_compositor: weston or mutter, not '$1'" >&2; false ;;
    esac || { echo "FAILED: $1 did not start" >&2; return 1; }
}

# The running compositor's X display (":N"), once its log names it, waiting up to 10 s: weston's
# Xwayland (COMPOSITOR_XWAYLAND=1, or weston-xwayland) and mutter's (mutter-xwayland, once an X
# client connected). Fails when none is named by then.
compositor_x_display() {
    local number i
    for ((i = 0; i < 200; i++)); do
        number=$(sed -nE 's/.*(Using public X11 display|xserver listening on display) :([0-9]+).*/\2/p' \
            "$COMPOSITOR_RUNTIME/log" 2>/dev/null | head -n1)
        [ -n "$number" ] && { echo ":$number"; return 0; }
        kill -0 "$COMPOSITOR_PID" 2>/dev/null || break
        sleep 0.05
    done
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

# Stops the running compositor (SIGSTOP of its process group) $1 seconds from now for $2 seconds,
# and continues it; prints the instant it was continued, in CLOCK_MONOTONIC nanoseconds.
pause_compositor() {
    sleep "$1"
    kill -STOP -- "-$COMPOSITOR_PID"
    sleep "$2"
    python3 -c 'import time; print(time.monotonic_ns())'
    kill -CONT -- "-$COMPOSITOR_PID"
}

# Ends the compositor start_compositor started, and all it started: SIGTERM to its process group,
# SIGKILL 5 s later to what is left; removes a host compositor's runtime directory.
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
    # Its runtime directory goes with it (the root's too: runs would pile up there); the binds the
    # root's compositors saw ended with their namespace, so nothing is mounted in it.
    [ -z "${COMPOSITOR_RUNTIME:-}" ] || rm -rf --one-file-system "$COMPOSITOR_RUNTIME"
}
