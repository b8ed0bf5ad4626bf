#!/usr/bin/python3
"""What the window costs the CPU, measured on a real window: run by
`benches/frame_cost.sh` inside Xvfb and a D-Bus session, once per scenario.

    frame_cost.py BINARY SCENARIO

The app runs with `BRLV_FRAME_STATS=1`, whose `frames: N in the last 10 s`
lines mark the ten-second windows; at each line the CPU time of the app
(`utime + stime` of /proc/PID/stat: every thread, llvmpipe's included) and
of the X server are read, so each window's figures are the frames drawn in
it and the CPU both spent in it. Scenarios:

- `overview`: the embedded sandbox, the Overview with the demo's order
  awaiting payment (its countdown on screen). Six windows are left alone
  (the demo's transfer and withdrawal settle in the first 40 s; the last
  two show the countdown alone), then one window with the pointer moving
  over the window ten times a second, so frames come as fast as they are
  asked for: the CPU of one frame.
- `loading`: a proxy in front of a headless sandbox holds every request
  unanswered (the client gives up after 20 s), the Overview waiting for
  everything; window 2 (10 to 20 s after start) is all waiting.
- `minimised`: the Overview with its countdown, as `overview`, under a
  window manager (openbox, which a desktop has and Xvfb has not: without
  one nothing can minimise a window); one window shown, then the window
  minimised (`xdotool windowminimize`) and two windows measured, the first
  after it skipped.
- `sending`: the proxy passes every request but holds the POSTs; a
  transfer is filled, reviewed and sent through the accessibility tree
  (AT-SPI, as `.ci/atspi_walk.py review` does), and the window after the
  send is measured with the request in flight. The accessibility tree is
  on in this scenario alone, so its frames carry AccessKit's updates too.

Every figure is printed as `RESULT scenario window frames app_cpu_s xvfb_cpu_s`.
"""

import http.client
import http.server
import os
import queue
import shutil
import subprocess
import sys
import tempfile
import threading
import time

TICKS = os.sysconf("SC_CLK_TCK")
WIDTH, HEIGHT = 1280, 800


def cpu_seconds(pid):
    """The CPU time `pid` and all its threads have used (user + system)."""
    try:
        with open(f"/proc/{pid}/stat") as stat:
            fields = stat.read().rsplit(")", 1)[1].split()
    except OSError:
        return float("nan")
    return (int(fields[11]) + int(fields[12])) / TICKS


def x_server_pid():
    """The Xvfb serving this DISPLAY (xvfb-run starts it beside us)."""
    display = os.environ.get("DISPLAY", "")
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/cmdline", "rb") as cmdline:
                argv = cmdline.read().split(b"\0")
        except OSError:
            continue
        if argv and argv[0].endswith(b"Xvfb") and display.encode() in argv:
            return int(entry)
    return None


class Proxy:
    """An HTTP proxy to a sandbox that leaves the requests `hold(method,
    path)` chooses unanswered, the connection open, until it stops."""

    def __init__(self, upstream_port, hold):
        stopping = threading.Event()
        self.stopping = stopping

        class Relay(http.server.BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *args):
                pass

            def relay(self):
                length = int(self.headers.get("Content-Length") or 0)
                body = self.rfile.read(length) if length else None
                if hold(self.command, self.path):
                    stopping.wait()
                    return
                headers = {
                    key: value for key, value in self.headers.items()
                    if key.lower() not in ("host", "connection", "keep-alive")
                }
                upstream = http.client.HTTPConnection("127.0.0.1", upstream_port, timeout=120)
                upstream.request(self.command, self.path, body, headers)
                answer = upstream.getresponse()
                data = answer.read()
                self.send_response(answer.status)
                for key, value in answer.getheaders():
                    if key.lower() not in ("connection", "transfer-encoding", "content-length", "keep-alive"):
                        self.send_header(key, value)
                self.send_header("Content-Length", str(len(data)))
                # One request per connection: a reused socket would be one
                # this proxy no longer reads.
                self.send_header("Connection", "close")
                self.end_headers()
                self.wfile.write(data)
                self.close_connection = True

            do_GET = do_POST = do_PUT = do_PATCH = do_DELETE = relay

        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Relay)
        self.server.daemon_threads = True
        self.port = self.server.server_address[1]
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def stop(self):
        self.stopping.set()
        self.server.shutdown()


class App:
    """The app under measurement; its frame-report lines, each with the CPU
    read when it arrived."""

    def __init__(self, binary, args, env):
        env = dict(env, BRLV_FRAME_STATS="1", NO_COLOR="1")
        self.process = subprocess.Popen(
            [binary, *args], env=env, stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
        )
        self.x_server = x_server_pid()
        self.reports = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        for line in self.process.stderr:
            if os.environ.get("BRLV_BENCH_VERBOSE"):
                print(line, end="", file=sys.stderr, flush=True)
            if line.startswith("frames: "):
                self.reports.put((
                    int(line.split()[1]),
                    cpu_seconds(self.process.pid),
                    cpu_seconds(self.x_server) if self.x_server else float("nan"),
                ))

    def next_report(self):
        return self.reports.get(timeout=30)

    def window_after(self, previous):
        """The window from the report `previous` to the next: that report,
        and the window's (frames, app CPU, X CPU)."""
        report = self.next_report()
        return report, (report[0], report[1] - previous[1], report[2] - previous[2])

    def fill_screen(self):
        """The window resized to the whole 1280x800 screen."""
        found = subprocess.run(
            ["xdotool", "search", "--sync", "--name", "^brlv-desk$"],
            capture_output=True, text=True, timeout=60,
        ).stdout.split()
        if found:
            subprocess.run(["xdotool", "windowsize", found[0], str(WIDTH), str(HEIGHT)], check=False)

    def stop(self):
        self.process.terminate()
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()


def result(scenario, index, window):
    frames, app_cpu, x_cpu = window
    print(f"RESULT {scenario} {index} {frames} {app_cpu:.2f} {x_cpu:.2f}", flush=True)


def throwaway_home(work):
    home = os.path.join(work, "home")
    os.makedirs(home, exist_ok=True)
    env = dict(os.environ)
    env.update(HOME=home, XDG_CONFIG_HOME=f"{home}/config", XDG_DATA_HOME=f"{home}/data",
               XDG_STATE_HOME=f"{home}/state", XDG_CACHE_HOME=f"{home}/cache")
    for name in ("BRLV_BASE_URL", "BRLV_API_KEY", "BRLV_PRIVATE_KEY_FILE"):
        env.pop(name, None)
    return env


def headless_sandbox(binary, work, env):
    """A sandbox with the demo account; its port and the credentials' env."""
    credentials = os.path.join(work, "credentials")
    process = subprocess.Popen(
        [binary, "sandbox", "--listen", "127.0.0.1:0", "--demo-credentials", credentials],
        env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )
    script = os.path.join(credentials, "env.sh")
    for _ in range(600):
        if os.path.exists(script) and os.path.getsize(script) > 0:
            break
        time.sleep(0.1)
    exported = {}
    with open(script) as lines:
        for line in lines:
            if line.startswith("export "):
                key, value = line[len("export "):].strip().split("=", 1)
                exported[key] = value.strip("'")
    port = int(exported["BRLV_BASE_URL"].rsplit(":", 1)[1])
    return process, port, exported


def profile_through(proxy, exported):
    base = f"http://127.0.0.1:{proxy.port}"
    return dict(exported, BRLV_BASE_URL=base, BRLV_PTAX_URL=base, BRLV_SELIC_URL=base)


def measure_windows(app, scenario, count):
    """The window filled to the screen, its first report (whose window
    holds the start) skipped, then `count` windows printed, numbered from 2."""
    app.fill_screen()
    report = app.next_report()
    for index in range(2, 2 + count):
        report, window = app.window_after(report)
        result(scenario, index, window)


def overview(binary, work):
    app = App(binary, ["--sandbox", "--view", "overview", "--language", "en"], throwaway_home(work))
    try:
        # Six windows left alone.
        measure_windows(app, "overview", 6)
        stop = threading.Event()

        def move():
            # Over the window's empty lower right corner: nothing under the
            # pointer changes, yet each move is a frame.
            step = 0
            while not stop.is_set():
                subprocess.run(["xdotool", "mousemove", str(1180 + step % 2 * 20), "760"], check=False)
                step += 1
                time.sleep(0.1)

        mover = threading.Thread(target=move, daemon=True)
        mover.start()
        report = app.next_report()
        result("overview-pointer", 9, app.window_after(report)[1])
        stop.set()
        mover.join()
    finally:
        app.stop()


def loading(binary, work):
    env = throwaway_home(work)
    sandbox, port, exported = headless_sandbox(binary, work, env)
    proxy = Proxy(port, lambda method, path: True)
    app = App(binary, ["--view", "overview", "--language", "en"], dict(env, **profile_through(proxy, exported)))
    try:
        measure_windows(app, "loading", 2)
    finally:
        app.stop()
        proxy.stop()
        sandbox.terminate()


def minimised(binary, work):
    manager = shutil.which("openbox")
    if manager is None:
        print("SKIPPED minimised: no window manager (openbox) to minimise the window", flush=True)
        return
    wm = subprocess.Popen([manager], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    app = App(binary, ["--sandbox", "--view", "overview", "--language", "en"], throwaway_home(work))
    try:
        app.fill_screen()
        report = app.next_report()
        # The demo's transfer and withdrawal settle in the first 40 s.
        for _ in range(4):
            report = app.next_report()
        report, window = app.window_after(report)
        result("minimised-shown", 1, window)
        found = subprocess.run(
            ["xdotool", "search", "--name", "^brlv-desk$"], capture_output=True, text=True, timeout=30,
        ).stdout.split()
        if not found:
            print("SKIPPED minimised: the window was not found", flush=True)
            return
        subprocess.run(["xdotool", "windowminimize", "--sync", found[0]], check=False, timeout=30)
        report = app.next_report()
        for index in (2, 3):
            report, window = app.window_after(report)
            result("minimised", index, window)
    finally:
        app.stop()
        wm.terminate()


def sending(binary, work):
    env = throwaway_home(work)
    sandbox, port, exported = headless_sandbox(binary, work, env)
    proxy = Proxy(port, lambda method, path: method == "POST")
    launcher = subprocess.Popen(["/usr/libexec/at-spi-bus-launcher", "--launch-immediately"])
    time.sleep(1)
    for name in ("IsEnabled", "ScreenReaderEnabled"):
        subprocess.run(
            ["dbus-send", "--session", "--dest=org.a11y.Bus", "--print-reply", "/org/a11y/bus",
             "org.freedesktop.DBus.Properties.Set", "string:org.a11y.Status", f"string:{name}",
             "variant:boolean:true"],
            check=True, stdout=subprocess.DEVNULL,
        )
    app = App(binary, ["--view", "transfers", "--language", "en"], dict(env, **profile_through(proxy, exported)))
    try:
        app.fill_screen()
        sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".ci"))
        import atspi_walk as walk  # the same steps as the CI's review walk
        tree = walk.wait_for("brlv-desk on the accessibility bus", walk.find_app)
        walk.wait_for("the Transfers view to load", lambda: walk.loaded(tree))
        walk.press(tree, "From wallet", roles=(walk.pyatspi.ROLE_COMBO_BOX, walk.pyatspi.ROLE_PUSH_BUTTON))
        wallet = walk.wait_for("the main wallet in the list", lambda: next(
            (node for node in walk.walk(tree)
             if (node.name or "").startswith("Main wallet")
             and walk.node_role(node) != walk.pyatspi.ROLE_COMBO_BOX), None))
        wallet.queryAction().doAction(0)
        time.sleep(1)
        walk.set_text(tree, "Amount to send", "7.77")
        walk.set_text(tree, "To address", walk.OUTSIDE_ADDRESS)
        walk.press(tree, "Send transfer")
        walk.press(tree, "Confirm")
        walk.set_text(tree, "Type SEND to confirm", "SEND")
        # Sent right after a report: the next whole window is in flight
        # (the client waits 20 s for the answer).
        send = walk.wait_for("the Send button", lambda: walk.find_named(tree, walk.pyatspi.ROLE_PUSH_BUTTON, "Send"))
        report, window = app.window_after(app.next_report())
        result("sending-review", 1, window)
        send.queryAction().doAction(0)
        result("sending", 2, app.window_after(report)[1])
    finally:
        app.stop()
        proxy.stop()
        sandbox.terminate()
        launcher.terminate()


def main():
    binary, scenario = sys.argv[1], sys.argv[2]
    work = tempfile.mkdtemp(prefix="brlv-frame-cost-")
    try:
        {"overview": overview, "loading": loading, "sending": sending, "minimised": minimised}[scenario](binary, work)
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
