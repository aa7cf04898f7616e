#!/usr/bin/python3
"""Reads overlay-wl's objects on the accessibility bus through pyatspi (libatspi), as a screen
reader does.

  atspi-tree.py tree           one line per application named overlay-wl ("app ROLE"), then one
                               per child: "ROLE<TAB>NAME<TAB>DESCRIPTION" (newlines as \\n)
  atspi-tree.py events SECS    prints "ready", then for SECS seconds one line per event from
                               overlay-wl: "TYPE<TAB>DETAIL1<TAB>ROLE<TAB>NAME"
"""
import sys

import gi

gi.require_version("Atspi", "2.0")
import pyatspi  # noqa: E402
from gi.repository import GLib  # noqa: E402


def text(value):
    return (value or "").replace("\\", "\\\\").replace("\n", "\\n").replace("\t", "\\t")


def tree():
    desktop = pyatspi.Registry.getDesktop(0)
    for app in desktop:
        if app is None or app.name != "overlay-wl":
            continue
        print("app", app.getRoleName())
        for child in app:
            print(f"{child.getRoleName()}\t{text(child.name)}\t{text(child.description)}")


def events(seconds):
    def on_event(event):
        source = event.source
        try:
            if source.getApplication().name != "overlay-wl":
                return
            role, name = source.getRoleName(), source.name
        except Exception as error:  # an object already gone
            role, name = "gone", str(error)
        if event.type.startswith("object:children-changed"):
            try:
                name = event.any_data.name
            except Exception:  # a child removed is gone by the time it is read
                name = ""
        print(f"{event.type}\t{event.detail1}\t{role}\t{text(name)}", flush=True)

    pyatspi.Registry.registerEventListener(on_event, "object:children-changed", "object:state-changed:showing",
                                           "object:property-change:accessible-name")
    GLib.timeout_add(int(seconds * 1000), lambda: pyatspi.Registry.stop())
    GLib.idle_add(lambda: print("ready", flush=True) and False)
    pyatspi.Registry.start()


if __name__ == "__main__":
    if len(sys.argv) >= 2 and sys.argv[1] == "tree":
        tree()
    elif len(sys.argv) >= 3 and sys.argv[1] == "events":
        events(float(sys.argv[2]))
    else:
        sys.exit(__doc__)
