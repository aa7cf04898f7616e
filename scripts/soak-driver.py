#!/usr/bin/python3
"""The soak's client side (run by scripts/soak as the rig user): a seeded random mix of Notify (with
app icons, themed and unknown), replace, CloseNotification, actions, reloads (half with a broken
config) and hostile clients against the daemon for MINUTES, recording every NotificationClosed per
id and the daemon's RSS, busy and settled (everything closed, now and then, and the daemon's trim
done). At the end it closes what is still open and measures: every id it got back closed exactly
once, the daemon is alive, the slope of settled RSS, and the daemon idles at 0 ticks.

    soak-driver.py MINUTES SEED CONFIG_PATH RESULT_JSON
"""
import json, os, random, signal, socket, sys, threading, time
from jeepney import DBusAddress, MatchRule, new_method_call, message_bus
from jeepney.wrappers import unwrap_msg
from jeepney.io.blocking import open_dbus_connection

NF = DBusAddress('/org/freedesktop/Notifications', bus_name='org.freedesktop.Notifications',
                 interface='org.freedesktop.Notifications')
CTL = DBusAddress('/org/overlaywl/Control', bus_name='org.overlaywl', interface='org.overlaywl.Control1')
BUS = DBusAddress('/org/freedesktop/DBus', bus_name='org.freedesktop.DBus', interface='org.freedesktop.DBus')

minutes, seed, config_path, result_path = float(sys.argv[1]), int(sys.argv[2]), sys.argv[3], sys.argv[4]
rng = random.Random(seed)
conn = open_dbus_connection(bus='SESSION')
pid = conn.send_and_get_reply(new_method_call(BUS, 'GetConnectionUnixProcessID', 's', (NF.bus_name,))).body[0]

# NotificationClosed per id, on a connection of its own.
closed, closed_lock, listening = {}, threading.Lock(), threading.Event()
def listen():
    c = open_dbus_connection(bus='SESSION')
    rule = MatchRule(type='signal', interface=NF.interface, member='NotificationClosed')
    c.send_and_get_reply(message_bus.AddMatch(rule))
    with c.filter(rule, bufsize=1 << 20) as queue:
        listening.set()
        while True:
            msg = c.recv_until_filtered(queue)
            with closed_lock:
                closed[msg.body[0]] = closed.get(msg.body[0], 0) + 1
threading.Thread(target=listen, daemon=True).start()
listening.wait(5)

def rss_kib():
    for line in open('/proc/%d/status' % pid):
        if line.startswith('VmRSS:'): return int(line.split()[1])
def cpu_ticks():
    f = open('/proc/%d/stat' % pid).read().rsplit(')', 1)[1].split()
    return int(f[11]) + int(f[12])  # utime + stime
def alive():
    return os.path.exists('/proc/%d' % pid) and open('/proc/%d/stat' % pid).read().rsplit(')', 1)[1].split()[0] != 'Z'

ids, open_ids = set(), []
counts = {}
def count(what): counts[what] = counts.get(what, 0) + 1

BODIES = ['plain text', '<b>bold</b> and <i>italic</i>', '<a href="https://example.org">a link</a>',
          '<b>unclosed <i>tags', '&bogus; &amp; <unknown attr="x">tag</unknown>', '<<<>>> &#xFFFFFFFF;',
          'é' * 300, 'line\n' * 40]
# App icons: none, themed ones, and a name no theme has (a new one each time: every icon
# theme is searched, and the lookups remembered must stay within their bound).
ICONS = ['', '', 'dialog-information', 'network-wireless-signal-good-symbolic', None]
def icon():
    name = rng.choice(ICONS)
    return 'no-such-icon-%d' % rng.randrange(10**9) if name is None else name

def notify(replaces=0, **kw):
    hints = kw.get('hints', {})
    actions = kw.get('actions', [])
    msg = new_method_call(NF, 'Notify', 'susssasa{sv}i', (
        kw.get('app', 'soak%d' % rng.randrange(5)), replaces, icon(), kw.get('summary', 'Soak %d' % rng.randrange(10**6)),
        kw.get('body', rng.choice(BODIES)), actions, hints, kw.get('timeout', rng.choice([-1, 500, 1500, 3000, 0]))))
    nid = unwrap_msg(conn.send_and_get_reply(msg, timeout=30))[0]  # an error reply raises: no id
    ids.add(nid)
    open_ids.append(nid)
    return nid

def image_hint(side, broken=False):
    stride = side * 4
    data = bytes(rng.randrange(256) for _ in range(16)) * (side * stride // 16)
    if broken: return ('(iiibiiay)', (side, side, stride + 7, True, 8, 4, data[:len(data) // 2]))
    return ('(iiibiiay)', (side, side, stride, True, 8, 4, data))

def reload(broken):
    with open(config_path + '.tmp', 'w') as f:
        if broken:
            f.write('[general]\ndefault-timeout = "soon"\n[containers.notifications\n')
        else:
            f.write('[general]\ndefault-timeout = %d\n' % rng.choice([2, 3, 5]))
    os.rename(config_path + '.tmp', config_path)
    try:
        conn.send_and_get_reply(new_method_call(CTL, 'Reload'), timeout=30)
    except Exception:
        pass  # a broken config is refused with an error reply; the old one stays
    count('reload-broken' if broken else 'reload')

half_open = []
def hostile():
    kind = rng.randrange(4)
    if kind == 0:  # half a message, then silence: the bus holds it, the daemon never sees it
        s = socket.socket(socket.AF_UNIX)
        s.connect(os.environ['DBUS_SESSION_BUS_ADDRESS'].split('path=')[1].split(',')[0])
        s.sendall(b'\0AUTH EXTERNAL %s\r\n' % str(os.getuid()).encode().hex().encode())
        s.recv(4096); s.sendall(b'BEGIN\r\n')
        s.sendall(b'l\x01\0\x01\x00\x10\0\0\x01\0\0\0')  # a header promising 4 KiB that never come
        half_open.append(s)
        if len(half_open) > 20: half_open.pop(0).close()
        count('half-open')
    elif kind == 1:  # a few MiB of hints
        big = 'x' * (1 << 20)
        notify(hints={'x-soak-%d' % i: ('s', big) for i in range(rng.randrange(1, 5))}, body=big)
        count('huge-hints')
    elif kind == 2:
        notify(hints={'image-data': image_hint(rng.choice([8, 64]), broken=True)})
        count('bad-image')
    else:
        notify(body='<b><i><u>' * 2000 + '&' * 5000 + '</s>' * 300)
        count('bad-markup')

open_at_settle = []  # how many were open when each settle began
def close_all():
    """Closes every id not closed yet and waits (up to 10 s) for their signals."""
    with closed_lock: pending = sorted(ids.difference(closed))
    open_at_settle.append(len(pending))
    for nid in pending:
        try: conn.send_and_get_reply(new_method_call(NF, 'CloseNotification', 'u', (nid,)), timeout=30)
        except Exception: pass
    open_ids.clear()
    for _ in range(100):
        with closed_lock: pending = [i for i in pending if i not in closed]
        if not pending: return
        time.sleep(0.1)

def settled_rss():
    """RSS once everything closed and the daemon trimmed (5 s after the last view closed: the
    heap's free pages, the drawing caches and the code pages go back); the lower of two reads."""
    close_all()
    time.sleep(7)
    first = rss_kib(); time.sleep(1)
    return min(first, rss_kib())

start = time.monotonic()
end = start + minutes * 60
warm = start + min(300, max(30, minutes * 60 / 2))  # half the run, 30 s to 5 min: caches and malloc's arenas fill
settle_every = 300 if minutes >= 15 else 30  # rare: notifications still pile up between them
samples = []  # (seconds, RSS KiB) after warm-up, every second while busy
settled = []  # (seconds, RSS KiB): from warm-up on, every settle_every s, everything closed and trimmed
next_sample, next_settle = start, warm
while time.monotonic() < end:
    now = time.monotonic()
    if now >= next_settle:
        if not alive(): break
        settled.append((now - start, settled_rss()))
        next_settle = max(time.monotonic(), next_settle + settle_every)
        continue
    if now >= next_sample:
        if not alive(): break
        if now >= warm: samples.append((now - start, rss_kib()))
        next_sample = now + 1
    r = rng.random()
    try:
        if r < 0.45:
            hints = {'urgency': ('y', rng.choice([0, 1, 1, 1, 2]))}
            if rng.random() < 0.1: hints['image-data'] = image_hint(rng.choice([16, 48, 96]))
            if rng.random() < 0.1: hints['x-canonical-private-synchronous'] = ('s', 'volume')
            notify(hints=hints); count('notify')
        elif r < 0.60 and open_ids:
            notify(replaces=rng.choice(open_ids[-50:])); count('replace')
        elif r < 0.75 and open_ids:
            nid = open_ids.pop(rng.randrange(len(open_ids)))
            conn.send_and_get_reply(new_method_call(NF, 'CloseNotification', 'u', (nid,)), timeout=30); count('close')
        elif r < 0.85:
            nid = notify(actions=['default', 'Open', 'later', 'Later'], timeout=0)
            time.sleep(0.01)
            try:
                conn.send_and_get_reply(new_method_call(CTL, 'Invoke', 'us', (nid, rng.choice(['default', 'later']))), timeout=30)
            except Exception:
                pass
            count('action')
        elif r < 0.87:
            reload(broken=rng.random() < 0.5)
        elif r < 0.89:
            hostile()
        elif r < 0.90:
            for i in range(rng.randrange(50, 300)): notify(timeout=rng.choice([500, 1000]))  # a burst
            count('burst')
        else:
            time.sleep(rng.random() * 0.05)
    except Exception as error:  # a method error is a finding only if the daemon is gone
        count('error:' + type(error).__name__)
        if not alive(): break
    if len(open_ids) > 2000: del open_ids[:1000]

# Close what is still open, let the signals come, then look.
daemon_alive = alive()
if daemon_alive:
    close_all()
    time.sleep(3)
with closed_lock: snapshot = dict(closed)
never = sorted(i for i in ids if snapshot.get(i, 0) == 0)
twice = sorted(i for i, n in snapshot.items() if n > 1)
for s in half_open: s.close()
time.sleep(1)
idle = None
if daemon_alive and alive():
    # Past the one trim a burst leaves behind (heap and idle pages, 5 s after the last view
    # closed): idle is measured after it, when nothing is due.
    time.sleep(6)
    t0 = cpu_ticks(); time.sleep(2); idle = cpu_ticks() - t0
    settled.append((time.monotonic() - start, rss_kib()))  # past the last trim
def fitted_slope(points):  # least squares, KiB a second
    if len(points) < 2: return 0.0
    n = len(points); mx = sum(x for x, _ in points) / n; my = sum(y for _, y in points) / n
    sxx = sum((x - mx) ** 2 for x, _ in points)
    return sum((x - mx) * (y - my) for x, y in points) / sxx if sxx else 0.0
slope, busy_slope = fitted_slope(settled), fitted_slope(samples)
rss = [y for _, y in samples]
result = {
    'seed': seed, 'minutes': minutes, 'ids': len(ids), 'closed-never': never[:20], 'closed-never-count': len(never),
    'closed-twice': twice[:20], 'closed-twice-count': len(twice), 'alive': daemon_alive and alive(),
    'idle-ticks-2s': idle, 'rss-kib': {'min': min(rss) if rss else None, 'max': max(rss) if rss else None,
                                       'last': rss[-1] if rss else None, 'samples': len(rss)},
    'rss-slope-kib-per-min': round(slope * 60, 1), 'busy-rss-slope-kib-per-min': round(busy_slope * 60, 1),
    'settled-rss-kib': [[round(x), y] for x, y in settled], 'open-at-settle': open_at_settle, 'counts': counts,
    'rss-every-10s': [y for _, y in samples[::10]],
    'rss-samples': [[round(x, 1), y] for x, y in samples],
}
json.dump(result, open(result_path, 'w'), indent=1)
print(json.dumps(result))
