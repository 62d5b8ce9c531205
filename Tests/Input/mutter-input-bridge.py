#!/usr/bin/python3
# Feeds mutter 43 (headless) the pointer and touch events written, one command a line, to a FIFO in
# the weston input injector's format (Tests/Input/weston-input-injector.c), through mutter's
# org.gnome.Mutter.RemoteDesktop D-Bus API. Positions are surface-local to the target window.
#
#   target <width> <height>              aim later commands at the focused window (see below)
#   motion <ns> <x> <y>                  NotifyPointerMotionAbsolute on the window's stream
#   button <ns> <code> <1|0>             NotifyPointerButton (code: a Linux BTN_* code)
#   touch-down <ns> <id> <x> <y>         NotifyTouchDown (the id is the slot); touch-motion the same
#   touch-up <ns> <id>                   NotifyTouchUp
#   release-pointer, release-touch       unsupported (mutter has no such call): logged and ignored
#
# What differs from weston's injector: mutter stamps each event with its own receipt time
# (CLOCK_MONOTONIC milliseconds) and numbers touch points itself, so <ns> and <id> do not reach the
# client; each command is sent as soon as it is read (the writer writes in real time).
#
# How: all calls go over one bus connection, since mutter ends a session when its caller's
# connection closes. Absolute motion and touch need a ScreenCast stream linked to the remote-desktop
# session, which needs a `pipewire` daemon in the same XDG_RUNTIME_DIR. At start a first session,
# recording the monitor, touches and moves the pointer once while no window is mapped: mutter adds
# the virtual devices, and advertises the seat's touch and pointer, only at their first event, and
# that first touch reaches no client. At `target` a second session records the focused window
# (RecordWindow without a window id), so that its stream coordinates are the window's own: no
# guessing where mutter placed it (a new `target` replaces that session). The sessions live until
# the bridge is stopped.
#
# Usage: mutter-input-bridge.py FIFO [--monitor CONNECTOR]  (on mutter's session bus, with
# XDG_RUNTIME_DIR set); prints "mutter input bridge: reading FIFO" to stderr when ready. Exit 1 with
# a message when mutter or pipewire is missing or mutter closes a session; on SIGTERM, a summary.
# Needs python3-gi (Debian's /usr/bin/python3).

import argparse
import os
import signal
import stat
import sys
import time

from gi.repository import Gio, GLib

REMOTE_DESKTOP = "org.gnome.Mutter.RemoteDesktop"
SCREEN_CAST = "org.gnome.Mutter.ScreenCast"
PROPERTIES = "org.freedesktop.DBus.Properties"
# How long the priming session's stream may take to reach pipewire, and how often to look.
STREAM_TIMEOUT_SECONDS = 5.0
STREAM_POLL_SECONDS = 0.005
# D-Bus calls wait this long for mutter (it answers in well under a millisecond when idle).
CALL_TIMEOUT_MS = 5000
NANOSECONDS_PER_MILLISECOND = 1_000_000
# A D-Bus call slower than this is logged: the commands after it wait for it.
SLOW_CALL_MS = 20
# The most bytes read from the FIFO at once (the C module's command buffer).
COMMAND_CAPACITY = 4096


class BridgeError(Exception):
    """Why the bridge cannot go on, in one sentence."""


def log(message):
    print(f"mutter input bridge: {message}", file=sys.stderr, flush=True)


class Mutter:
    """The one bus connection to mutter and the calls the bridge makes on it."""

    def __init__(self):
        try:
            self.bus = Gio.bus_get_sync(Gio.BusType.SESSION, None)
        except GLib.Error as error:
            raise BridgeError(f"no session bus ({error.message}): run under mutter's dbus-run-session")
        for name in (REMOTE_DESKTOP, SCREEN_CAST):
            owned = self.call("org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus",
                              "NameHasOwner", GLib.Variant("(s)", (name,)), "(b)")[0]
            if not owned:
                raise BridgeError(f"{name} is not on the session bus: is mutter running on this bus?")
        # Sessions mutter closed, and those the bridge stopped itself (a new target).
        self.closed = []
        self.stopped = []

    def call(self, destination, path, interface, method, arguments=None, reply=None):
        return self.bus.call_sync(destination, path, interface, method, arguments,
                                  GLib.VariantType(reply) if reply else None, Gio.DBusCallFlags.NONE,
                                  CALL_TIMEOUT_MS, None)

    def session(self, record, arguments):
        """A started remote-desktop session and its linked screen-cast stream, recorded by the
        ScreenCast session method `record` with `arguments`: (session path, stream path)."""
        session = self.call(REMOTE_DESKTOP, "/org/gnome/Mutter/RemoteDesktop", REMOTE_DESKTOP,
                            "CreateSession", None, "(o)")[0]
        session_id = self.call(REMOTE_DESKTOP, session, PROPERTIES, "Get",
                               GLib.Variant("(ss)", (REMOTE_DESKTOP + ".Session", "SessionId")), "(v)")[0]
        cast = self.call(SCREEN_CAST, "/org/gnome/Mutter/ScreenCast", SCREEN_CAST, "CreateSession",
                         GLib.Variant("(a{sv})", ({"remote-desktop-session-id": GLib.Variant("s", session_id)},)),
                         "(o)")[0]
        stream = self.call(SCREEN_CAST, cast, SCREEN_CAST + ".Session", record, arguments, "(o)")[0]
        added = []
        self.bus.signal_subscribe(SCREEN_CAST, SCREEN_CAST + ".Stream", "PipeWireStreamAdded", stream, None,
                                  Gio.DBusSignalFlags.NONE, lambda *signal: added.append(signal))
        self.bus.signal_subscribe(REMOTE_DESKTOP, REMOTE_DESKTOP + ".Session", "Closed", session, None,
                                  Gio.DBusSignalFlags.NONE, lambda *signal: self.closed.append(session))
        try:
            self.call(REMOTE_DESKTOP, session, REMOTE_DESKTOP + ".Session", "Start")
        except GLib.Error as error:
            if "pipewire" in error.message.lower():
                raise BridgeError(f"mutter could not reach pipewire ({error.message}): start a `pipewire` "
                                  f"daemon with XDG_RUNTIME_DIR={os.environ.get('XDG_RUNTIME_DIR')}")
            raise
        return session, stream, added

    def notify(self, session, method, signature, arguments):
        self.call(REMOTE_DESKTOP, session, REMOTE_DESKTOP + ".Session", method, GLib.Variant(signature, arguments))

    def stop(self, session):
        self.stopped.append(session)
        self.call(REMOTE_DESKTOP, session, REMOTE_DESKTOP + ".Session", "Stop")

    def lost(self):
        """The first session mutter closed on its own, or None."""
        return next((session for session in self.closed if session not in self.stopped), None)

    def dispatch(self):
        """Handles the signals that arrived (a session closed, a stream added)."""
        context = GLib.MainContext.default()
        while context.pending():
            context.iteration(False)


class Bridge:
    """Runs the FIFO's commands against mutter; counts what it sent for the summary."""

    def __init__(self, mutter, monitor):
        self.mutter = mutter
        self.session = None
        self.stream = None
        self.sent = 0
        self.ignored = 0
        # How long after its stamp each command was sent, in milliseconds.
        self.lags = []
        self.prime(monitor)

    def prime(self, monitor):
        """One touch and one pointer motion on `monitor`'s stream before any window is mapped."""
        try:
            session, stream, added = self.mutter.session("RecordMonitor", GLib.Variant("(sa{sv})", (monitor, {})))
        except GLib.Error as error:
            raise BridgeError(f"cannot record monitor {monitor} ({error.message})")
        deadline = time.monotonic() + STREAM_TIMEOUT_SECONDS
        while not added and time.monotonic() < deadline:
            self.mutter.dispatch()
            time.sleep(STREAM_POLL_SECONDS)
        if not added:
            raise BridgeError(f"monitor {monitor}'s stream never reached pipewire: is `pipewire` running "
                              f"with XDG_RUNTIME_DIR={os.environ.get('XDG_RUNTIME_DIR')}?")
        self.mutter.notify(session, "NotifyTouchDown", "(sudd)", (stream, 0, 0.0, 0.0))
        self.mutter.notify(session, "NotifyTouchUp", "(u)", (0,))
        self.mutter.notify(session, "NotifyPointerMotionAbsolute", "(sdd)", (stream, 0.0, 0.0))

    def target(self, width, height):
        if self.session:
            self.mutter.stop(self.session)
        try:
            self.session, self.stream, _ = self.mutter.session("RecordWindow", GLib.Variant("(a{sv})", ({},)))
        except GLib.Error as error:
            raise BridgeError(f"cannot record the focused window for target {width}x{height} ({error.message})")
        log(f"target {width}x{height}: the focused window, stream {self.stream}")

    def run(self, line):
        words = line.split()
        if not words:
            return
        command, arguments = words[0], words[1:]
        if command in ("release-pointer", "release-touch"):
            log(f"'{command}' is unsupported under mutter (no such RemoteDesktop call): ignored")
            self.ignored += 1
            return
        if command == "target" and len(arguments) == 2:
            self.target(int(arguments[0]), int(arguments[1]))
            return
        calls = {
            "motion": (3, lambda ns, x, y: ("NotifyPointerMotionAbsolute", "(sdd)", (self.stream, float(x), float(y)))),
            "button": (3, lambda ns, code, state: ("NotifyPointerButton", "(ib)", (int(code), state != "0"))),
            "touch-down": (4, lambda ns, slot, x, y: ("NotifyTouchDown", "(sudd)",
                                                      (self.stream, int(slot), float(x), float(y)))),
            "touch-motion": (4, lambda ns, slot, x, y: ("NotifyTouchMotion", "(sudd)",
                                                        (self.stream, int(slot), float(x), float(y)))),
            "touch-up": (2, lambda ns, slot: ("NotifyTouchUp", "(u)", (int(slot),))),
        }
        if command not in calls or len(arguments) != calls[command][0]:
            log(f"unknown command '{line}'")
            self.ignored += 1
            return
        if not self.session:
            log(f"'{line}' before any target: ignored")
            self.ignored += 1
            return
        try:
            stamp = int(arguments[0])
            method, signature, values = calls[command][1](*arguments)
        except ValueError:
            log(f"bad numbers in '{line}': ignored")
            self.ignored += 1
            return
        started = time.monotonic()
        self.mutter.notify(self.session, method, signature, values)
        took = (time.monotonic() - started) * 1000
        if took > SLOW_CALL_MS:
            log(f"{method} took {took:.1f} ms")
        self.sent += 1
        self.lags.append((time.clock_gettime_ns(time.CLOCK_MONOTONIC) - stamp) / NANOSECONDS_PER_MILLISECOND)

    def summary(self):
        lags = sorted(self.lags)
        timing = ""
        if lags:
            timing = (f"; sent after their stamps by median {lags[len(lags) // 2]:.2f} ms, "
                      f"longest {lags[-1]:.2f} ms")
        return f"{self.sent} commands sent, {self.ignored} ignored{timing}"


def open_fifo(path):
    """The FIFO open for reading and writing: reads block until a line comes, and a writer closing
    it (the app's run ending) is no end of file."""
    try:
        if not stat.S_ISFIFO(os.stat(path).st_mode):
            raise BridgeError(f"{path} is not a FIFO")
    except FileNotFoundError:
        raise BridgeError(f"{path} does not exist (mkfifo it)")
    return os.open(path, os.O_RDWR | os.O_CLOEXEC)


def main():
    parser = argparse.ArgumentParser(description="Feeds mutter the weston input injector's FIFO commands.")
    parser.add_argument("fifo")
    parser.add_argument("--monitor", default="Meta-0", help="the connector of the monitor to prime on")
    options = parser.parse_args()
    bridge = None
    try:
        fifo = open_fifo(options.fifo)
        bridge = Bridge(Mutter(), options.monitor)

        def stop(number, frame):
            log(bridge.summary())
            sys.exit(0)

        signal.signal(signal.SIGTERM, stop)
        signal.signal(signal.SIGINT, stop)
        log(f"reading {options.fifo}")
        pending = b""
        while True:
            chunk = os.read(fifo, COMMAND_CAPACITY)
            pending += chunk
            *lines, pending = pending.split(b"\n")
            for line in lines:
                bridge.run(line.decode(errors="replace").strip())
            bridge.mutter.dispatch()
            if bridge.mutter.lost():
                raise BridgeError(f"mutter closed session {bridge.mutter.lost()}")
    except BridgeError as error:
        log(f"FAILED: {error}")
        return 1
    except GLib.Error as error:
        log(f"FAILED: a D-Bus call to mutter: {error.message}")
        return 1


if __name__ == "__main__":
    sys.exit(main())
