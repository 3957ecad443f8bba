#!/usr/bin/env python3
"""Writes Sources/Scene/Symbols/SymbolGlyphData.swift: the SF Symbol names this renderer draws,
each mapped to a Phosphor icon (https://phosphoricons.com, MIT licence, Phosphor Icons), and the
outlines of the Phosphor glyphs those names use, in the weights they need.

Phosphor is the icon set closest to SF Symbols' look that is openly licensed and comes in weights:
thin, light, regular and bold outlines, and a fill style, on a 256-unit grid. Its "flat" SVGs are
filled outlines (strokes already expanded), one path each (a few fill icons: several), so they fill as they are.

The source is the PyPI package py-phosphor-icons 0.1.1 (Phosphor 2.1.0), whose wheel holds the SVGs:

    pip download --no-deps py-phosphor-icons==0.1.1 -d /tmp/ph
    unzip -q /tmp/ph/py_phosphor_icons-0.1.1-py3-none-any.whl -d /tmp/ph/whl
    python3 scripts/make-symbols.py /tmp/ph/whl/py_phosphor_icons/svgs/flat

(Phosphor's own repository has the same files under assets/.) The output is deterministic: each
path is rewritten in absolute M, L, C and Z commands only (arcs become cubic Béziers, as the SVG
specification's endpoint-to-centre conversion gives them), and each coordinate is written in 1/10 of
a grid unit as two base-64 digits (`number` below), so the Swift side parses four commands of fixed
size and flattens one curve type.
"""
import math
import os
import re
import sys

# SF Symbol name -> Phosphor icon. A name ending in ".fill" draws Phosphor's fill style of the icon;
# every other name draws its outline in the weight asked for. "mirror" after the icon flips it left
# to right (Phosphor's navigation arrow points up-left, SF Symbols' location arrow up-right). Chosen from the names most used in
# apps' tab bars, navigation bars, toolbars, buttons and cells.
TABLE = """
chevron.left caret-left
chevron.right caret-right
chevron.up caret-up
chevron.down caret-down
chevron.backward caret-left
chevron.forward caret-right
chevron.left.2 caret-double-left
chevron.right.2 caret-double-right
chevron.up.chevron.down caret-up-down
chevron.left.circle caret-circle-left
chevron.right.circle caret-circle-right
chevron.down.circle caret-circle-down
chevron.up.circle caret-circle-up
heart heart
heart.fill heart
heart.slash heart-break
star star
star.fill star
star.leadinghalf.filled star-half
bookmark bookmark-simple
bookmark.fill bookmark-simple
bell bell
bell.fill bell
bell.slash bell-slash
bell.slash.fill bell-slash
flag flag
flag.fill flag
tag tag
tag.fill tag
house house
house.fill house
square.and.arrow.up export
square.and.arrow.up.fill export
square.and.arrow.down download-simple
arrow.up.right.square arrow-square-out
arrowshape.turn.up.right share-fat
arrowshape.turn.up.right.fill share-fat
ellipsis dots-three
ellipsis.circle dots-three-circle
ellipsis.circle.fill dots-three-circle
ellipsis.vertical dots-three-vertical
ellipsis.bubble chat-circle-dots
ellipsis.bubble.fill chat-circle-dots
play play
play.fill play
play.circle play-circle
play.circle.fill play-circle
pause pause
pause.fill pause
pause.circle pause-circle
pause.circle.fill pause-circle
stop stop
stop.fill stop
stop.circle stop-circle
stop.circle.fill stop-circle
playpause play-pause
playpause.fill play-pause
forward fast-forward
forward.fill fast-forward
backward rewind
backward.fill rewind
forward.end skip-forward
forward.end.fill skip-forward
backward.end skip-back
backward.end.fill skip-back
shuffle shuffle
repeat repeat
repeat.1 repeat-once
record.circle record
record.circle.fill record
music.note music-note-simple
music.note.list playlist
headphones headphones
mic microphone
mic.fill microphone
mic.slash microphone-slash
mic.slash.fill microphone-slash
speaker speaker-simple-none
speaker.fill speaker-simple-none
speaker.slash speaker-simple-slash
speaker.slash.fill speaker-simple-slash
speaker.wave.1 speaker-simple-low
speaker.wave.1.fill speaker-simple-low
speaker.wave.2 speaker-simple-high
speaker.wave.2.fill speaker-simple-high
speaker.wave.3 speaker-high
speaker.wave.3.fill speaker-high
person user
person.fill user
person.circle user-circle
person.circle.fill user-circle
person.crop.circle user-circle
person.crop.circle.fill user-circle
person.crop.square user-square
person.crop.square.fill user-square
person.badge.plus user-plus
person.crop.circle.badge.plus user-circle-plus
person.2 users
person.2.fill users
person.3 users-three
person.3.fill users-three
figure.walk person-simple-walk
figure.run person-simple-run
magnifyingglass magnifying-glass
plus.magnifyingglass magnifying-glass-plus
minus.magnifyingglass magnifying-glass-minus
gear gear
gearshape gear-six
gearshape.fill gear-six
plus plus
plus.circle plus-circle
plus.circle.fill plus-circle
plus.square plus-square
plus.square.fill plus-square
minus minus
minus.circle minus-circle
minus.circle.fill minus-circle
xmark x
xmark.circle x-circle
xmark.circle.fill x-circle
xmark.square x-square
xmark.square.fill x-square
checkmark check
checkmark.circle check-circle
checkmark.circle.fill check-circle
checkmark.square check-square
checkmark.square.fill check-square
checkmark.seal seal-check
checkmark.seal.fill seal-check
checkmark.shield shield-check
checkmark.shield.fill shield-check
shield shield
shield.fill shield
info.circle info
info.circle.fill info
questionmark question-mark
questionmark.circle question
questionmark.circle.fill question
exclamationmark.triangle warning
exclamationmark.triangle.fill warning
exclamationmark.circle warning-circle
exclamationmark.circle.fill warning-circle
exclamationmark.octagon warning-octagon
exclamationmark.octagon.fill warning-octagon
message chat-circle
message.fill chat-circle
bubble.left chat-teardrop
bubble.left.fill chat-teardrop
bubble.left.and.bubble.right chats-circle
bubble.left.and.bubble.right.fill chats-circle
text.bubble chat-text
text.bubble.fill chat-text
envelope envelope-simple
envelope.fill envelope-simple
envelope.open envelope-simple-open
envelope.open.fill envelope-simple-open
phone phone
phone.fill phone
phone.down phone-disconnect
phone.down.fill phone-disconnect
video video-camera
video.fill video-camera
video.slash video-camera-slash
video.slash.fill video-camera-slash
camera camera
camera.fill camera
camera.rotate camera-rotate
camera.rotate.fill camera-rotate
photo image
photo.fill image
photo.on.rectangle images
photo.on.rectangle.angled images-square
film film-strip
film.fill film-strip
trash trash
trash.fill trash
pencil pencil-simple
pencil.circle pencil-circle
pencil.circle.fill pencil-circle
square.and.pencil note-pencil
doc file
doc.fill file
doc.text file-text
doc.text.fill file-text
doc.on.doc files
doc.on.doc.fill files
doc.on.clipboard clipboard
square.on.square copy
folder folder
folder.fill folder
folder.badge.plus folder-plus
tray tray
tray.fill tray
tray.and.arrow.down tray-arrow-down
tray.and.arrow.down.fill tray-arrow-down
archivebox archive
archivebox.fill archive
paperplane paper-plane-tilt
paperplane.fill paper-plane-tilt
link link
paperclip paperclip
pin push-pin
pin.fill push-pin
lock lock
lock.fill lock
lock.open lock-open
lock.open.fill lock-open
key key
key.fill key
location navigation-arrow mirror
location.fill navigation-arrow mirror
mappin map-pin
mappin.circle map-pin-area
mappin.and.ellipse map-pin-line
map map-trifold
map.fill map-trifold
globe globe
calendar calendar-blank
clock clock
clock.fill clock
alarm alarm
alarm.fill alarm
timer timer
stopwatch timer
hourglass hourglass
cart shopping-cart-simple
cart.fill shopping-cart-simple
bag handbag-simple
bag.fill handbag-simple
creditcard credit-card
creditcard.fill credit-card
banknote money
banknote.fill money
dollarsign currency-dollar
dollarsign.circle currency-circle-dollar
dollarsign.circle.fill currency-circle-dollar
gift gift
gift.fill gift
ticket ticket
ticket.fill ticket
briefcase briefcase
briefcase.fill briefcase
building.2 buildings
building.2.fill buildings
wifi wifi-high
wifi.slash wifi-slash
antenna.radiowaves.left.and.right broadcast
cellularbars cell-signal-full
battery.100 battery-full
battery.75 battery-high
battery.50 battery-medium
battery.25 battery-low
battery.0 battery-empty
battery.100.bolt battery-charging
bolt lightning
bolt.fill lightning
bolt.slash lightning-slash
bolt.slash.fill lightning-slash
airplane airplane
power power
line.3.horizontal list
line.horizontal.3 list
line.3.horizontal.decrease funnel-simple
line.3.horizontal.decrease.circle funnel-simple
slider.horizontal.3 sliders-horizontal
slider.vertical.3 sliders
list.bullet list-bullets
list.number list-numbers
list.dash list-dashes
checklist list-checks
square.grid.2x2 squares-four
square.grid.2x2.fill squares-four
square.grid.3x3 grid-nine
square.grid.3x3.fill grid-nine
square.stack stack
square.stack.fill stack
sidebar.left sidebar-simple
square square
square.fill square
circle circle
circle.fill circle
arrow.up arrow-up
arrow.down arrow-down
arrow.left arrow-left
arrow.right arrow-right
arrow.backward arrow-left
arrow.forward arrow-right
arrow.up.right arrow-up-right
arrow.up.left arrow-up-left
arrow.down.right arrow-down-right
arrow.down.left arrow-down-left
arrow.up.circle arrow-circle-up
arrow.up.circle.fill arrow-circle-up
arrow.down.circle arrow-circle-down
arrow.down.circle.fill arrow-circle-down
arrow.left.circle arrow-circle-left
arrow.left.circle.fill arrow-circle-left
arrow.right.circle arrow-circle-right
arrow.right.circle.fill arrow-circle-right
arrow.up.square arrow-square-up
arrow.up.square.fill arrow-square-up
arrow.down.to.line arrow-line-down
arrow.up.to.line arrow-line-up
arrow.clockwise arrow-clockwise
arrow.counterclockwise arrow-counter-clockwise
arrow.triangle.2.circlepath arrows-clockwise
arrow.2.squarepath arrows-clockwise
arrow.uturn.backward arrow-u-up-left
arrow.uturn.left arrow-u-up-left
arrow.uturn.forward arrow-u-up-right
arrow.uturn.right arrow-u-up-right
arrow.up.arrow.down arrows-down-up
arrow.left.arrow.right arrows-left-right
arrow.up.left.and.arrow.down.right arrows-out-simple
arrow.down.right.and.arrow.up.left arrows-in-simple
rectangle.portrait.and.arrow.right sign-out
icloud cloud
icloud.fill cloud
icloud.and.arrow.down cloud-arrow-down
icloud.and.arrow.up cloud-arrow-up
cloud cloud
cloud.fill cloud
cloud.rain cloud-rain
cloud.rain.fill cloud-rain
cloud.sun cloud-sun
cloud.sun.fill cloud-sun
sun.max sun
sun.max.fill sun
moon moon
moon.fill moon
snowflake snowflake
drop drop
drop.fill drop
flame fire
flame.fill fire
leaf leaf
leaf.fill leaf
sparkles sparkle
lightbulb lightbulb
lightbulb.fill lightbulb
thermometer thermometer
umbrella umbrella
umbrella.fill umbrella
eye eye
eye.fill eye
eye.slash eye-slash
eye.slash.fill eye-slash
hand.thumbsup thumbs-up
hand.thumbsup.fill thumbs-up
hand.thumbsdown thumbs-down
hand.thumbsdown.fill thumbs-down
hand.raised hand-palm
hand.raised.fill hand-palm
hand.wave hand-waving
hand.wave.fill hand-waving
hands.clap hands-clapping
hands.clap.fill hands-clapping
book book-open
book.fill book-open
books.vertical books
books.vertical.fill books
newspaper newspaper
newspaper.fill newspaper
graduationcap graduation-cap
graduationcap.fill graduation-cap
trophy trophy
trophy.fill trophy
gamecontroller game-controller
gamecontroller.fill game-controller
puzzlepiece puzzle-piece
puzzlepiece.fill puzzle-piece
paintbrush paint-brush
paintbrush.fill paint-brush
paintpalette palette
paintpalette.fill palette
wand.and.stars magic-wand
eyedropper eyedropper
scissors scissors
crop crop
wrench wrench
wrench.fill wrench
hammer hammer
hammer.fill hammer
printer printer
printer.fill printer
keyboard keyboard
command command
desktopcomputer desktop
laptopcomputer laptop
iphone device-mobile
ipad device-tablet
tv television-simple
tv.fill television-simple
display monitor
car car
car.fill car
bus bus
bus.fill bus
tram train
tram.fill train
bicycle bicycle
cup.and.saucer coffee
cup.and.saucer.fill coffee
fork.knife fork-knife
bed.double bed
bed.double.fill bed
pills pill
pills.fill pill
stethoscope stethoscope
dumbbell barbell
dumbbell.fill barbell
qrcode qr-code
barcode barcode
qrcode.viewfinder scan
chart.bar chart-bar
chart.bar.fill chart-bar
chart.pie chart-pie
chart.pie.fill chart-pie
chart.line.uptrend.xyaxis chart-line-up
percent percent
number hash
at at
textformat text-aa
bold text-b
italic text-italic
underline text-underline
text.alignleft text-align-left
text.aligncenter text-align-center
text.alignright text-align-right
"""

OUTLINE_WEIGHTS = ["thin", "light", "regular", "bold"]


def parse_table():
    rows = []
    for line in TABLE.strip().splitlines():
        sf, ph, *options = line.split()
        mirror = options == ["mirror"]
        if options and not mirror:
            sys.exit(f"unknown option in: {line}")
        rows.append((sf, ph, "fill" if sf.endswith(".fill") else "outline", mirror))
    names = [r[0] for r in rows]
    dupes = {n for n in names if names.count(n) > 1}
    if dupes:
        sys.exit(f"duplicate SF names in the table: {sorted(dupes)}")
    return rows


TOKEN = re.compile(r"[A-Za-z]|[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")
ARITY = {"M": 2, "L": 2, "H": 1, "V": 1, "C": 6, "S": 4, "Q": 4, "T": 2, "A": 7, "Z": 0}


def tokens(d):
    # Arc flags may be written without separators ("a8,8,0,0,1" is usual, "0 011" is legal).
    out = []
    pos = 0
    cmd = None
    arg_index = 0
    while pos < len(d):
        ch = d[pos]
        if ch in " ,\t\n\r":
            pos += 1
            continue
        if ch.isalpha():
            out.append(ch)
            cmd = ch.upper()
            arg_index = 0
            pos += 1
            continue
        if cmd == "A" and arg_index % 7 in (3, 4) and ch in "01":
            out.append(ch)
            pos += 1
            arg_index += 1
            continue
        m = TOKEN.match(d, pos)
        if not m:
            raise ValueError(f"bad path data at {pos}: {d[pos:pos + 20]!r}")
        out.append(m.group(0))
        pos = m.end()
        arg_index += 1
    return out


def arc_to_cubics(x1, y1, rx, ry, phi_deg, large, sweep, x2, y2):
    """SVG 1.1 appendix F.6: endpoint to centre parameterisation, then one cubic per <= 90 degrees."""
    if (x1, y1) == (x2, y2):
        return []
    rx, ry = abs(rx), abs(ry)
    if rx == 0 or ry == 0:
        return [(x1, y1, x2, y2, x2, y2)]
    phi = math.radians(phi_deg % 360)
    cp, sp = math.cos(phi), math.sin(phi)
    dx2, dy2 = (x1 - x2) / 2, (y1 - y2) / 2
    x1p = cp * dx2 + sp * dy2
    y1p = -sp * dx2 + cp * dy2
    lam = (x1p * x1p) / (rx * rx) + (y1p * y1p) / (ry * ry)
    if lam > 1:
        s = math.sqrt(lam)
        rx, ry = rx * s, ry * s
    num = rx * rx * ry * ry - rx * rx * y1p * y1p - ry * ry * x1p * x1p
    den = rx * rx * y1p * y1p + ry * ry * x1p * x1p
    coef = math.sqrt(max(0.0, num / den)) if den else 0.0
    if large == sweep:
        coef = -coef
    cxp = coef * rx * y1p / ry
    cyp = -coef * ry * x1p / rx
    cx = cp * cxp - sp * cyp + (x1 + x2) / 2
    cy = sp * cxp + cp * cyp + (y1 + y2) / 2

    def angle(ux, uy, vx, vy):
        a = math.atan2(ux * vy - uy * vx, ux * vx + uy * vy)
        return a

    t1 = angle(1, 0, (x1p - cxp) / rx, (y1p - cyp) / ry)
    dt = angle((x1p - cxp) / rx, (y1p - cyp) / ry, (-x1p - cxp) / rx, (-y1p - cyp) / ry)
    if not sweep and dt > 0:
        dt -= 2 * math.pi
    elif sweep and dt < 0:
        dt += 2 * math.pi
    n = max(1, math.ceil(abs(dt) / (math.pi / 2) - 1e-9))
    step = dt / n
    k = 4 / 3 * math.tan(step / 4)
    out = []
    t = t1

    def point(t):
        x, y = rx * math.cos(t), ry * math.sin(t)
        return cp * x - sp * y + cx, sp * x + cp * y + cy

    def deriv(t):
        x, y = -rx * math.sin(t), ry * math.cos(t)
        return cp * x - sp * y, sp * x + cp * y

    for i in range(n):
        ta, tb = t, t + step
        pa, pb = point(ta), point(tb)
        da, db = deriv(ta), deriv(tb)
        if i == n - 1:
            pb = (x2, y2)
        out.append((pa[0] + k * da[0], pa[1] + k * da[1], pb[0] - k * db[0], pb[1] - k * db[1], pb[0], pb[1]))
        t = tb
    return out


def mirrored(cmds):
    """The commands flipped left to right on the 256-unit grid (x -> 256 - x)."""
    return [(c[0], *[256 - v if i % 2 == 0 else v for i, v in enumerate(c[1:])]) for c in cmds]


def normalise(d):
    """Absolute M/L/C/Z commands for SVG path data."""
    toks = tokens(d)
    out = []
    i = 0
    x = y = sx = sy = 0.0
    last_c2 = None  # the previous cubic's second control point (for S)
    last_q = None  # the previous quadratic's control point (for T)
    cmd = None
    while i < len(toks):
        t = toks[i]
        if t.isalpha():
            cmd = t
            i += 1
            if cmd in "Zz":
                out.append(("Z",))
                x, y = sx, sy
                last_c2 = last_q = None
                continue
        elif cmd is None:
            raise ValueError("path data starts with a number")
        n = ARITY[cmd.upper()]
        args = [float(v) for v in toks[i:i + n]]
        if len(args) < n:
            raise ValueError(f"{cmd} needs {n} numbers")
        i += n
        rel = cmd.islower()
        c = cmd.upper()
        ox, oy = (x, y) if rel else (0.0, 0.0)
        if c == "M":
            x, y = args[0] + ox, args[1] + oy
            sx, sy = x, y
            out.append(("M", x, y))
            cmd = "l" if rel else "L"  # further pairs are line-tos
            last_c2 = last_q = None
        elif c == "L":
            x, y = args[0] + ox, args[1] + oy
            out.append(("L", x, y))
            last_c2 = last_q = None
        elif c == "H":
            x = args[0] + ox
            out.append(("L", x, y))
            last_c2 = last_q = None
        elif c == "V":
            y = args[0] + oy
            out.append(("L", x, y))
            last_c2 = last_q = None
        elif c == "C":
            c1 = (args[0] + ox, args[1] + oy)
            c2 = (args[2] + ox, args[3] + oy)
            x, y = args[4] + ox, args[5] + oy
            out.append(("C", *c1, *c2, x, y))
            last_c2, last_q = c2, None
        elif c == "S":
            c1 = (2 * x - last_c2[0], 2 * y - last_c2[1]) if last_c2 else (x, y)
            c2 = (args[0] + ox, args[1] + oy)
            x, y = args[2] + ox, args[3] + oy
            out.append(("C", *c1, *c2, x, y))
            last_c2, last_q = c2, None
        elif c in "QT":
            if c == "Q":
                q = (args[0] + ox, args[1] + oy)
                ex, ey = args[2] + ox, args[3] + oy
            else:
                q = (2 * x - last_q[0], 2 * y - last_q[1]) if last_q else (x, y)
                ex, ey = args[0] + ox, args[1] + oy
            c1 = (x + 2 / 3 * (q[0] - x), y + 2 / 3 * (q[1] - y))
            c2 = (ex + 2 / 3 * (q[0] - ex), ey + 2 / 3 * (q[1] - ey))
            out.append(("C", *c1, *c2, ex, ey))
            x, y = ex, ey
            last_c2, last_q = None, q
        elif c == "A":
            ex, ey = args[5] + ox, args[6] + oy
            for cub in arc_to_cubics(x, y, args[0], args[1], args[2], int(args[3]), int(args[4]), ex, ey):
                out.append(("C", *cub))
            x, y = ex, ey
            last_c2 = last_q = None
    return out


DIGITS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"


def number(v):
    """A coordinate in 1/10 of a grid unit, offset by 64 units (-64...345.5), as two base-64 digits."""
    q = round((v + 64) * 10)
    if not 0 <= q < 4096:
        raise ValueError(f"coordinate {v} outside -64...345.5")
    return DIGITS[q >> 6] + DIGITS[q & 63]


def encode(cmds):
    # A command letter, then its numbers (M and L two, C six, Z none) at two characters each.
    return "".join(c[0] + "".join(number(v) for v in c[1:]) for c in cmds)


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    root = sys.argv[1]
    rows = parse_table()
    glyphs = {}
    for sf, ph, style, mirror in rows:
        weights = ["fill"] if style == "fill" else OUTLINE_WEIGHTS
        for w in weights:
            key = (ph + (".mirrored" if mirror else ""), w)
            if key in glyphs:
                continue
            file = os.path.join(root, w, f"{ph}.svg" if w == "regular" else f"{ph}-{w}.svg")
            svg = open(file, encoding="utf-8").read()
            paths = re.findall(r'<path d="([^"]*)"', svg)
            if not paths or "opacity" in svg:
                sys.exit(f"{file}: expected opaque paths")
            # A few fill icons are several paths (stack-fill's three sheets): one outline, filled together.
            glyphs[key] = "".join(encode(mirrored(normalise(d)) if mirror else normalise(d)) for d in paths)
    here = os.path.dirname(os.path.abspath(__file__))
    out = os.path.join(here, "..", "Sources", "Scene", "Symbols", "SymbolGlyphData.swift")
    with open(out, "w", encoding="utf-8") as f:
        f.write("// Generated by scripts/make-symbols.py from Phosphor Icons 2.1.0 (MIT licence, Phosphor Icons;\n")
        f.write("// LICENSE-Phosphor.txt). Do not edit: change the script's table and run it again.\n\n")
        f.write("extension SymbolGlyphs {\n")
        f.write("    /// SF Symbol name, Phosphor icon, style (fill or outline): one line each.\n")
        f.write('    static let table = """\n')
        for sf, ph, style, mirror in rows:
            f.write(f"        {sf} {ph}{'.mirrored' if mirror else ''} {style}\n")
        f.write('        """\n\n')
        f.write("    /// Phosphor icon, weight, outline on the 256-unit grid (M, L, C, Z; numbers as make-symbols.py writes them): one line each.\n")
        f.write('    static let outlines = """\n')
        for (ph, w) in sorted(glyphs):
            f.write(f"        {ph} {w} {glyphs[(ph, w)]}\n")
        f.write('        """\n')
        f.write("}\n")
    print(f"{len(rows)} names, {len(glyphs)} outlines -> {os.path.relpath(out)} ({os.path.getsize(out)} bytes)")


if __name__ == "__main__":
    main()
