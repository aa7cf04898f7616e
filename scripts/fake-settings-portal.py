#!/usr/bin/python3
"""A small settings portal for tests: owns org.freedesktop.portal.Desktop on the session bus and
serves org.freedesktop.portal.Settings at /org/freedesktop/portal/desktop (ReadOne, Read, ReadAll
and the SettingChanged signal) from values given on the command line. Needs python3-jeepney.

    fake-settings-portal.py [--version 1|2] [--silent] [NAMESPACE KEY TYPE VALUE]...

TYPE is u (a uint32), s (a string, e.g. GNOME's icon-theme or Plasma's Icons Theme) or rgb (an accent colour: three
doubles, comma separated). --version 1 has
no ReadOne (clients must fall back to Read); --silent owns the name but never answers.
A test changes a value live with the extra method org.overlaywl.FakePortal.Set(s ns, s key, v value),
which stores it and emits SettingChanged, e.g.

    gdbus call --session --dest org.freedesktop.portal.Desktop --object-path /org/freedesktop/portal/desktop \\
        --method org.overlaywl.FakePortal.Set org.freedesktop.appearance color-scheme '<uint32 2>'

It prints "ready" once it owns the name.
"""
import sys
from jeepney import HeaderFields, MessageType, message_bus, new_error, new_method_return, new_signal, DBusAddress
from jeepney.io.blocking import open_dbus_connection

PATH = '/org/freedesktop/portal/desktop'
SETTINGS = 'org.freedesktop.portal.Settings'
CONTROL = 'org.overlaywl.FakePortal'

args = sys.argv[1:]
version, silent, values = 2, False, {}
while args:
    if args[0] == '--version':
        version, args = int(args[1]), args[2:]
    elif args[0] == '--silent':
        silent, args = True, args[1:]
    else:
        ns, key, kind, text = args[:4]
        args = args[4:]
        values[(ns, key)] = ('u', int(text)) if kind == 'u' else ('s', text) if kind == 's' \
            else ('(ddd)', tuple(float(x) for x in text.split(',')))

conn = open_dbus_connection(bus='SESSION')
bus = DBusAddress('/org/freedesktop/DBus', bus_name='org.freedesktop.DBus', interface='org.freedesktop.DBus')
reply = conn.send_and_get_reply(message_bus.RequestName('org.freedesktop.portal.Desktop', 4))
if reply.body[0] != 1:
    sys.exit('fake portal: could not own org.freedesktop.portal.Desktop (%r)' % (reply.body,))
print('ready', flush=True)
emitter = DBusAddress(PATH, interface=SETTINGS)

def answer(msg):
    fields = msg.header.fields
    interface, member = fields.get(HeaderFields.interface), fields.get(HeaderFields.member)
    if interface == 'org.freedesktop.DBus.Properties' and member == 'Get':
        return new_method_return(msg, 'v', (('u', version),))
    if interface == CONTROL and member == 'Set':
        ns, key, value = msg.body
        values[(ns, key)] = value
        conn.send(new_signal(emitter, 'SettingChanged', 'ssv', (ns, key, value)))
        return new_method_return(msg)
    if interface == SETTINGS and member in ('ReadOne', 'Read') and not (member == 'ReadOne' and version < 2):
        ns, key = msg.body
        if (ns, key) not in values:
            return new_error(msg, 'org.freedesktop.portal.Error.NotFound', 's', ('Requested setting not found',))
        value = values[(ns, key)]
        return new_method_return(msg, 'v', (('v', value) if member == 'Read' else value,))
    if interface == SETTINGS and member == 'ReadAll':
        found = {}
        for (ns, key), value in values.items():
            found.setdefault(ns, {})[key] = value
        return new_method_return(msg, 'a{sa{sv}}', (found,))
    return new_error(msg, 'org.freedesktop.DBus.Error.UnknownMethod', 's', ('no method %s.%s' % (interface, member),))

while True:
    msg = conn.receive()
    if msg.header.message_type != MessageType.method_call or silent:
        continue
    conn.send(answer(msg))
