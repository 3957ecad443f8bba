#!/usr/bin/env python3
"""The live preview in a real browser (Tests/PreviewTests/PreviewBrowserTests.swift runs it).

Starts `render-frames preview` on a free port with a small matrix scenario of its own, drives
headless Chromium through the DevTools protocol (a WebSocket client of a few lines below, the
standard library only), and checks what a person would: the page loads with both variants, a
drag of the scrubber changes the frame's pixels (latency from each move to the new frame shown,
measured in the page), the wheel and keys scrub, hovering outlines a layer and a click explains
it, "copy command" gives the command, a save shows within a second, a broken save shows the
error with its line and column over the last good frame, fixing it clears it; a path outside the
routes is 404 and the server is not reachable on another address than 127.0.0.1. Screenshots of
each step go to the folder given. Prints one JSON line of figures; exits 1 with the reason on a failure.

usage: preview-browser-test.py RENDER_FRAMES_BINARY SHOTS_FOLDER
"""
import base64, json, os, shutil, signal, socket, struct, subprocess, sys, tempfile, time, urllib.parse, urllib.request

SCENARIO = """device: iphone-x
fps: 30
matrix: {appearance: [light, dark]}
navigationBar: false
scrollView:
  contentInsetAdjustmentBehavior: never
  tableHeaderView: {height: 240}
rows:
  count: 20
layers:
  - type: gradient
    name: header
    in: content
    colors: ["#3366FF", "#FF6633"]
    frame: [0, "offset < 0 ? offset : offset / 2", screen.width, "240 + max(0, -offset)"]
timeline:
  duration: 2.0
  keyframes:
    - {time: 0.0, offset: -100}
    - {time: 2.0, offset: 400}
"""


def fail(why):
    print("FAIL: " + why, file=sys.stderr)
    sys.exit(1)


class WebSocket:
    """A client WebSocket (RFC 6455) for the DevTools protocol: text frames, masked as a client's must be."""

    def __init__(self, url):
        u = urllib.parse.urlparse(url)
        self.sock = socket.create_connection((u.hostname, u.port), timeout=30)
        key = base64.b64encode(os.urandom(16)).decode()
        self.sock.sendall((f"GET {u.path} HTTP/1.1\r\nHost: {u.hostname}:{u.port}\r\nUpgrade: websocket\r\n"
                           f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n").encode())
        head = b""
        while b"\r\n\r\n" not in head:
            head += self.sock.recv(1)
        if b" 101 " not in head.split(b"\r\n")[0]:
            fail("DevTools refused the WebSocket: " + head.decode(errors="replace"))

    def exactly(self, n):
        out = bytearray()
        while len(out) < n:
            chunk = self.sock.recv(n - len(out))
            if not chunk:
                raise ConnectionError("DevTools closed the connection")
            out += chunk
        return bytes(out)

    def send(self, text):
        data = text.encode()
        n = len(data)
        head = bytes([0x81]) + (bytes([0x80 | n]) if n < 126 else bytes([0x80 | 126]) + struct.pack(">H", n) if n < 65536
                                 else bytes([0x80 | 127]) + struct.pack(">Q", n))
        mask = os.urandom(4)
        masked = bytes(b ^ mask[i % 4] for i, b in enumerate(data))
        self.sock.sendall(head + mask + masked)

    def receive(self):
        message = b""
        while True:
            b1, b2 = self.exactly(2)
            n = b2 & 0x7F
            if n == 126:
                n = struct.unpack(">H", self.exactly(2))[0]
            elif n == 127:
                n = struct.unpack(">Q", self.exactly(8))[0]
            payload = self.exactly(n)
            opcode = b1 & 0x0F
            if opcode == 8:
                raise ConnectionError("DevTools closed the WebSocket")
            if opcode in (0, 1, 2):
                message += payload
                if b1 & 0x80:
                    return message.decode()


class Browser:
    def __init__(self, profile):
        chromium = shutil.which("chromium") or shutil.which("chromium-browser") or "/usr/bin/chromium"
        self.process = subprocess.Popen(
            [chromium, "--headless=new", "--no-sandbox", "--disable-gpu", "--remote-debugging-port=0", "--remote-debugging-address=127.0.0.1",
             f"--user-data-dir={profile}", "--window-size=1100,1000", "--force-device-scale-factor=1", "--no-first-run",
             "--hide-scrollbars", "about:blank"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        active = os.path.join(profile, "DevToolsActivePort")
        deadline = time.time() + 20
        while not (os.path.exists(active) and open(active).read().strip()):
            if time.time() > deadline:
                fail("Chromium did not open its DevTools port within 20 s")
            time.sleep(0.05)
        port = int(open(active).read().split()[0])
        targets = json.load(urllib.request.urlopen(f"http://127.0.0.1:{port}/json/list"))
        page = next(t for t in targets if t["type"] == "page")
        self.ws = WebSocket(page["webSocketDebuggerUrl"])
        self.next_id = 0

    def call(self, method, **params):
        self.next_id += 1
        self.ws.send(json.dumps({"id": self.next_id, "method": method, "params": params}))
        while True:
            reply = json.loads(self.ws.receive())
            if reply.get("id") == self.next_id:
                if "error" in reply:
                    fail(f"{method}: {reply['error']}")
                return reply.get("result", {})

    def js(self, expression):
        result = self.call("Runtime.evaluate", expression=expression, awaitPromise=True, returnByValue=True)
        if "exceptionDetails" in result:
            fail(f"in the page: {expression}: {result['exceptionDetails']}")
        return result["result"].get("value")

    def wait(self, expression, what, timeout=5.0):
        deadline = time.time() + timeout
        while time.time() < deadline:
            if self.js(expression):
                return
            time.sleep(0.01)
        fail(f"{what}: not within {timeout} s ({expression})")

    def mouse(self, kind, x, y, **extra):
        self.call("Input.dispatchMouseEvent", type=kind, x=x, y=y, **extra)

    def key(self, key, code, modifiers=0):
        for kind in ("keyDown", "keyUp"):
            self.call("Input.dispatchKeyEvent", type=kind, key=key, code=code, modifiers=modifiers,
                      windowsVirtualKeyCode={"ArrowRight": 39, "ArrowLeft": 37, " ": 32}[key], **({"text": " "} if key == " " else {}))

    def screenshot(self, path):
        data = self.call("Page.captureScreenshot", format="png")["data"]
        with open(path, "wb") as f:
            f.write(base64.b64decode(data))

    def close(self):
        self.process.terminate()
        try:
            self.process.wait(5)
        except subprocess.TimeoutExpired:
            self.process.kill()


# Every frame shown is the one asked for, in every variant, for the preview's current files.
SETTLED = ("window.preview && preview.info && preview.variants.length === preview.info.variants.length && preview.variants.every(v => "
           "preview.shown[v.index] && preview.shown[v.index].frame === Math.min(preview.frame, preview.info.variants[v.index].frameCount - 1) "
           "&& preview.shown[v.index].generation === preview.info.generation && v.controller === null)")
HASH = """(() => { const img = preview.variants[%d].img; const c = document.createElement('canvas');
  c.width = img.naturalWidth; c.height = img.naturalHeight; const x = c.getContext('2d'); x.drawImage(img, 0, 0);
  const d = x.getImageData(0, 0, c.width, c.height).data; let h = 0;
  for (let k = 0; k < d.length; k += 4) h = (Math.imul(h, 31) + d[k] + 3 * d[k + 1] + 7 * d[k + 2]) >>> 0; return h; })()"""


def main():
    binary, shots = sys.argv[1], sys.argv[2]
    os.makedirs(shots, exist_ok=True)
    work = tempfile.mkdtemp(prefix="render-frames-preview-")
    scenario = os.path.join(work, "scenario.yaml")
    with open(scenario, "w") as f:
        f.write(SCENARIO)
    server = subprocess.Popen([binary, "preview", "scenario.yaml", "--port", "0", "--scale", "1"], cwd=work,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    browser = None
    figures = {}
    try:
        line = server.stdout.readline()
        if "http://127.0.0.1:" not in line:
            fail("the server did not print its address: " + line + server.stderr.read())
        url = line.split(" at ")[1].split()[0]
        port = int(urllib.parse.urlparse(url).port)

        # Its routes only: any other path is 404, a frame it does not have too.
        for path in ["/etc/passwd", "/../scenario.yaml", "/scenario.yaml", "/%2e%2e/scenario.yaml", "/frame?variant=0&frame=9999",
                     "/index.html/"]:
            s = socket.create_connection(("127.0.0.1", port), timeout=5)
            s.sendall(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n".encode())
            status = s.recv(100).split(b"\r\n")[0]
            s.close()
            if b" 404 " not in status:
                fail(f"GET {path} answered {status!r}, not 404")
        # A page of another name pointed at this address (DNS rebinding) is refused.
        s = socket.create_connection(("127.0.0.1", port), timeout=5)
        s.sendall(b"GET / HTTP/1.1\r\nHost: attacker.example:%d\r\nConnection: close\r\n\r\n" % port)
        status = s.recv(100).split(b"\r\n")[0]
        s.close()
        if b" 403 " not in status:
            fail(f"GET / for Host attacker.example answered {status!r}, not 403")
        # Bound to 127.0.0.1 only: its socket in /proc/net/tcp, and another loopback address is refused.
        listening = [l.split() for l in open("/proc/net/tcp").read().splitlines()[1:]]
        mine = [l for l in listening if l[1].endswith(":%04X" % port) and l[3] == "0A"]
        if [l[1] for l in mine] != ["0100007F:%04X" % port]:
            fail(f"the server listens on {[l[1] for l in mine]}, not 127.0.0.1 alone")
        try:
            socket.create_connection(("127.0.0.2", port), timeout=2).close()
            fail("the server answered on 127.0.0.2: it is not bound to 127.0.0.1 alone")
        except ConnectionRefusedError:
            pass

        # A frame over one kept-alive connection, as the browser asks: its body is not held back
        # (Nagle's algorithm waiting for the delayed ACK of the head costs 40 ms a response).
        keep = socket.create_connection(("127.0.0.1", port), timeout=5)
        times = []
        for k in range(12):
            started = time.perf_counter()
            keep.sendall(b"GET /frame?variant=0&frame=1 HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            head = b""
            while b"\r\n\r\n" not in head:
                head += keep.recv(4096)
            head, body = head.split(b"\r\n\r\n", 1)
            length = int(next(l.split(b":")[1] for l in head.split(b"\r\n") if l.lower().startswith(b"content-length:")))
            while len(body) < length:
                body += keep.recv(65536)
            if k > 1:  # the first draws the frame
                times.append((time.perf_counter() - started) * 1000)
        keep.close()
        figures["cached_frame_median_ms"] = round(sorted(times)[len(times) // 2], 2)
        if figures["cached_frame_median_ms"] > 20:
            fail(f"a cached frame takes {figures['cached_frame_median_ms']} ms over a kept-alive connection (its body held back?)")

        browser = Browser(os.path.join(work, "profile"))
        browser.call("Page.enable")
        browser.call("Emulation.setDeviceMetricsOverride", width=1100, height=1000, deviceScaleFactor=1, mobile=False)
        started = time.time()
        browser.call("Page.navigate", url=url)
        browser.wait(SETTLED + " && preview.variants.length === 2", "the page shows both variants' first frames", timeout=10)
        figures["page_load_ms"] = round((time.time() - started) * 1000)
        browser.screenshot(os.path.join(shots, "1-loaded.png"))
        names = browser.js("[...document.querySelectorAll('.variant .name')].map(e => e.textContent)")
        if names != ["iphone-x-light · iphone-x", "iphone-x-dark · iphone-x"]:
            fail(f"the variants shown: {names}")
        size = browser.js("(() => { const r = preview.variants[0].phone.getBoundingClientRect(); "
                          "return [r.width, r.height, getComputedStyle(preview.variants[0].phone).borderRadius]; })()")
        if size != [375, 812, "39px"]:
            fail(f"the phone is {size}, not the iPhone X's 375 x 812 points with 39 pt corners")
        first = [browser.js(HASH % 0), browser.js(HASH % 1)]

        # Drag the scrubber across in 30 moves; each move waits for its frame (the latency is the page's own figure).
        r = browser.js("(() => { const r = document.getElementById('scrubber').getBoundingClientRect(); return [r.left, r.top, r.width, r.height]; })()")
        y = r[1] + r[3] / 2
        browser.js("preview.stats.length = 0")
        browser.mouse("mousePressed", r[0] + 1, y, button="left", clickCount=1, buttons=1)
        browser.wait(SETTLED, "the frame under the pressed scrubber")
        browser.js("preview.stats.length = 0")
        moves = 30
        for k in range(1, moves + 1):
            browser.mouse("mouseMoved", r[0] + 1 + (r[2] - 2) * k / moves * 0.98, y, button="left", buttons=1)
            browser.wait(SETTLED, f"the frame after scrubber move {k}")
        browser.mouse("mouseReleased", r[0] + r[2] * 0.98, y, button="left", clickCount=1)
        if os.environ.get("PREVIEW_DEBUG"):
            print(browser.js("JSON.stringify(performance.getEntriesByType('resource').filter(e => e.name.includes('/frame')).slice(-20).map(e => [Math.round(e.startTime), Math.round(e.duration), Math.round(e.responseStart - e.requestStart), Math.round(e.requestStart - e.startTime)]))"))
            print(browser.js("JSON.stringify(preview.stats)"))
        stats = sorted(browser.js("preview.stats.slice()"))
        if len(stats) < moves * 0.8:
            fail(f"{len(stats)} frames shown for {moves} moves of the scrubber")
        figures["scrub_moves"] = len(stats)
        figures["scrub_median_ms"] = round(stats[len(stats) // 2], 1)
        figures["scrub_worst_ms"] = round(stats[-1], 1)
        dragged = browser.js("preview.frame")
        if dragged < 50:
            fail(f"the drag reached frame {dragged} of 60")
        after = [browser.js(HASH % 0), browser.js(HASH % 1)]
        if after[0] == first[0] or after[1] == first[1]:
            fail("the frame's pixels did not change with the scrubber")
        browser.screenshot(os.path.join(shots, "2-scrubbed.png"))

        # Keys and the wheel scrub too.
        browser.key("ArrowLeft", "ArrowLeft", modifiers=8)  # shift: 10 frames
        browser.wait(f"preview.frame === {dragged - 10}", "shift+left steps back 10 frames")
        browser.key("ArrowRight", "ArrowRight")
        browser.wait(f"preview.frame === {dragged - 9}", "right steps one frame")
        phone = browser.js("(() => { const r = preview.variants[0].phone.getBoundingClientRect(); return [r.left, r.top]; })()")
        browser.mouse("mouseWheel", phone[0] + 100, phone[1] + 400, deltaX=0, deltaY=-80)
        browser.wait(f"preview.frame === {dragged - 19}", "the wheel over the phone scrubs (80 px: 10 frames)")
        browser.wait(SETTLED, "the frame after the wheel")

        # Hover outlines the header with its name and frame; a click shows what explain says of it.
        for _ in range(6):
            browser.key("ArrowLeft", "ArrowLeft", modifiers=8)
        browser.wait("preview.frame === 0", "back to the first frame")
        browser.wait(SETTLED, "the first frame")
        browser.mouse("mouseMoved", phone[0] + 150, phone[1] + 100)
        browser.wait("preview.variants[0].label.hidden === false && preview.variants[0].label.textContent.startsWith('header ')",
                     "hovering outlines the header")
        label = browser.js("preview.variants[0].label.textContent")
        if label != "header  0, 0  375×340":
            fail(f"the hovered header's label: {label!r} (expected its frame 0, 0, 375 x 340 at offset -100)")
        browser.mouse("mousePressed", phone[0] + 150, phone[1] + 100, button="left", clickCount=1)
        browser.mouse("mouseReleased", phone[0] + 150, phone[1] + 100, button="left", clickCount=1)
        browser.wait("document.getElementById('explain').textContent.includes('\"layer\": \"header\"')", "a click explains the header")
        explained = browser.js("document.getElementById('explain').textContent")
        if '"properties"' not in explained or "render-frames explain scenario.yaml --frame 0 --variant iphone-x-light" not in explained:
            fail("the explanation lacks the layer's properties or the command: " + explained[:300])
        browser.js("document.getElementById('copy-frame').click()")
        command = browser.js("document.getElementById('command').textContent")
        if command != "render-frames render scenario.yaml --frames 0 --variant iphone-x-light --scale 1 -o frames":
            fail(f"copy command gives {command!r}")
        browser.screenshot(os.path.join(shots, "3-inspected.png"))
        browser.js("document.getElementById('explain').scrollIntoView()")
        browser.screenshot(os.path.join(shots, "3b-explained.png"))
        browser.js("window.scrollTo(0, 0)")

        # Space plays at the scenario's fps and pauses.
        browser.key(" ", "Space")
        browser.wait("preview.playing && preview.frame >= 6", "space plays", timeout=3)
        browser.key(" ", "Space")
        paused = browser.js("preview.frame")
        time.sleep(0.2)
        if browser.js("preview.playing") or browser.js("preview.frame") != paused:
            fail("space did not pause")
        browser.key("ArrowLeft", "ArrowLeft", modifiers=8)
        browser.key("ArrowLeft", "ArrowLeft", modifiers=8)
        browser.wait("preview.frame === 0", "back to frame 0")

        # A save shows within a second, at the same frame.
        browser.mouse("mouseMoved", 900, 900)
        browser.key("ArrowRight", "ArrowRight", modifiers=8)
        browser.wait("preview.frame === 10", "frame 10")
        browser.wait(SETTLED, "frame 10 shown")
        before = browser.js(HASH % 0)
        generation = browser.js("preview.info.generation")
        started = time.time()
        with open(scenario, "w") as f:
            f.write(SCENARIO.replace("#3366FF", "#22AA44"))
        browser.wait(f"preview.info.generation > {generation} && " + SETTLED, "the saved change shown", timeout=3)
        figures["save_to_frame_ms"] = round((time.time() - started) * 1000)
        if figures["save_to_frame_ms"] > 1000:
            fail(f"a save took {figures['save_to_frame_ms']} ms to show (more than 1 s)")
        if browser.js("preview.frame") != 10 or browser.js(HASH % 0) == before:
            fail("after the save the frame moved or its pixels did not change")
        browser.screenshot(os.path.join(shots, "4-saved.png"))
        saved = browser.js(HASH % 0)

        # A broken save: the error with its line and column over the last good frame; the server keeps running.
        with open(scenario, "w") as f:
            f.write(SCENARIO.replace("#3366FF", "#22AA44").replace("fps: 30", "fps: fast"))
        browser.wait("!document.getElementById('error').hidden", "the broken save's error shown", timeout=3)
        error = browser.js("document.getElementById('error').textContent")
        if not error.startswith("error: scenario.yaml:2:6: fps: expected a number"):
            fail(f"the error shown: {error!r}")
        figures["error_shown"] = error
        if browser.js(HASH % 0) != saved:
            fail("the last good frame is not kept under the error")
        browser.screenshot(os.path.join(shots, "5-broken.png"))

        # Fixed: the error goes, the frames come back.
        with open(scenario, "w") as f:
            f.write(SCENARIO.replace("#3366FF", "#22AA44").replace("#FF6633", "#FFCC00"))
        browser.wait("document.getElementById('error').hidden && " + SETTLED, "the error cleared by the fix", timeout=3)
        if browser.js(HASH % 0) == saved:
            fail("the fixed file's frame is not shown")
        browser.screenshot(os.path.join(shots, "6-fixed.png"))

        # Ctrl-C stops the server cleanly.
        server.send_signal(signal.SIGINT)
        code = server.wait(5)
        if code != 0:
            fail(f"Ctrl-C: the server exited {code}, not 0")
        print(json.dumps(figures))
    finally:
        if browser:
            browser.close()
        if server.poll() is None:
            server.kill()
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
