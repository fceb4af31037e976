"""Inline SVG diagrams for the rules pages. Each takes a dict of translated labels."""

from html import escape


def esc(text: str) -> str:
    return escape(text, quote=True)


def svg(
    did: str, w: int, h: int, aria: str, body: str, narrow: bool = False, arrow: bool = False
) -> str:
    cls = ' class="narrow"' if narrow else ""
    defs = ""
    if arrow:
        defs = (
            f'<defs><marker id="{did}-ah" viewBox="0 0 10 10" refX="8" refY="5" '
            'markerWidth="7" markerHeight="7" orient="auto-start-reverse">'
            '<path class="arrowhead" d="M0,0 L10,5 L0,10 z"/></marker></defs>\n'
        )
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {w} {h}" width="{w}" height="{h}"{cls} '
        f'role="img" aria-label="{esc(aria)}">\n{defs}{body}</svg>'
    )


def text(x, y, s, cls="", extra=""):
    c = f' class="{cls}"' if cls else ""
    return f'<text x="{x}" y="{y}"{c}{extra}>{esc(s)}</text>\n'


def arrow(did, d):
    return f'<path class="ink" d="{d}" marker-end="url(#{did}-ah)"/>\n'


# ---------------------------------------------------------------- Quinque


def _skydiver(x, y, r, mark=None):
    out = f'<circle class="free" cx="{x}" cy="{y}" r="{r}"/>\n'
    if mark == "red":
        out += f'<circle class="red" cx="{x}" cy="{y}" r="{r * 0.62:.1f}"/>\n'
    elif mark == "blue":
        s = r * 1.1
        out += f'<rect class="blue" x="{x - s / 2:.1f}" y="{y - s / 2:.1f}" width="{s:.1f}" height="{s:.1f}"/>\n'
    return out


def q_tile(labels):
    b = text(10, 16, labels["tile"], "label")
    b += '<rect class="tile" x="10" y="26" width="120" height="120" rx="6"/>\n'
    b += _skydiver(40, 56, 18) + _skydiver(100, 56, 18, "red")
    b += _skydiver(40, 116, 18) + _skydiver(100, 116, 18, "blue")
    b += '<path class="lead-line" d="M122,56 H150"/>\n' + text(154, 61, labels["red"])
    b += '<path class="lead-line" d="M122,116 H150"/>\n' + text(154, 121, labels["blue"])
    b += '<path class="lead-line" d="M40,138 V160"/>\n' + text(30, 176, labels["free"])
    return svg("q-tile", 330, 186, labels["aria"], b, narrow=True)


def q_line(labels):
    pitch, s, pad = 84, 80, 12
    tiles = [(0, 0), (1, 0), (1, 1), (2, 1), (2, 2)]
    b = ""
    for tx, ty in tiles:
        b += f'<rect class="tile" x="{pad + tx * pitch}" y="{pad + ty * pitch}" width="{s}" height="{s}" rx="5"/>\n'

    def pos(sx, sy):
        ox = 20 if sx % 2 == 0 else 60
        oy = 20 if sy % 2 == 0 else 60
        return pad + (sx // 2) * pitch + ox, pad + (sy // 2) * pitch + oy

    red = [(0, 0), (1, 1), (2, 2), (3, 3), (4, 4)]
    blue = [(3, 0), (2, 1), (5, 2), (5, 4)]
    (x0, y0), (x1, y1) = pos(0, 0), pos(4, 4)
    marks = {}
    for p in red:
        marks[p] = "red"
    for p in blue:
        marks[p] = "blue"
    b += f'<path class="highlight" d="M{x0},{y0} L{x1},{y1}"/>\n'
    for tx, ty in tiles:
        for dx in (0, 1):
            for dy in (0, 1):
                sx, sy = 2 * tx + dx, 2 * ty + dy
                x, y = pos(sx, sy)
                b += _skydiver(x, y, 13, marks.get((sx, sy)))
    return svg(
        "q-line", 2 * pad + 3 * pitch - 4, 2 * pad + 3 * pitch - 4, labels["aria"], b, narrow=True
    )


def q_move(labels):
    pitch, s = 70, 64
    ox, oy = 16, 16

    def cell(cx, cy):
        return ox + (cx + 1) * pitch, oy + (cy + 1) * pitch

    def tile(cx, cy, marks, cls="tile"):
        x, y = cell(cx, cy)
        out = f'<rect class="{cls}" x="{x}" y="{y}" width="{s}" height="{s}" rx="5"/>\n'
        for i, (dx, dy) in enumerate([(18, 18), (46, 18), (18, 46), (46, 46)]):
            out += _skydiver(x + dx, y + dy, 9, marks.get(i))
        return out

    b = ""
    b += tile(1, 0, {1: "blue"}) + tile(2, 0, {0: "red", 3: "blue"}) + tile(1, 1, {2: "red"})
    b += tile(0, 0, {0: "red", 3: "blue"})
    gx, gy = cell(3, 0)
    b += f'<rect class="tile-ghost" x="{gx}" y="{gy}" width="{s}" height="{s}" rx="5"/>\n'
    b += text(gx + s / 2, gy + s / 2 + 8, "✓", "mid big ok")
    bx, by = cell(-1, -1)
    b += f'<rect class="tile-faded" x="{bx}" y="{by}" width="{s}" height="{s}" rx="5"/>\n'
    b += f'<path class="bad-mark" d="M{bx + 16},{by + 16} L{bx + s - 16},{by + s - 16} M{bx + s - 16},{by + 16} L{bx + 16},{by + s - 16}"/>\n'
    x0, y0 = cell(0, 0)
    b += arrow(
        "q-move",
        f"M{x0 + s / 2},{y0 - 2} C{x0 + 60},{y0 - 60} {gx - 30},{gy - 60} {gx + s / 2 - 4},{gy - 6}",
    )
    b += arrow("q-move", f"M{x0 + 8},{y0 + 8} L{bx + s - 10},{by + s - 10}")
    b += text(ox + 2 * pitch + s / 2 + 35, oy + 3 * pitch + 14, labels["note"], "mid label small")
    return svg("q-move", 2 * ox + 5 * pitch - 6, oy + 3 * pitch + 24, labels["aria"], b, arrow=True)


# ---------------------------------------------------------------- Connect 5


def _dot(x, y, circled=False):
    if circled:
        return f'<circle class="ring" cx="{x}" cy="{y}" r="12.5"/>\n<circle class="dot" cx="{x}" cy="{y}" r="4.5"/>\n'
    return f'<circle class="dot" cx="{x}" cy="{y}" r="5"/>\n'


def _token(x, y, colour, double=False):
    out = ""
    if double:
        out += _token(x - 5, y - 5, colour)
    if colour == "red":
        out += f'<circle class="red" cx="{x}" cy="{y}" r="8.5"/>\n'
    else:
        out += f'<rect class="blue" x="{x - 8}" y="{y - 8}" width="16" height="16"/>\n'
    return out


def c5_circuit(labels):
    b = '<path class="trace" d="M40,80 H440"/>\n'
    b += '<path class="trace" d="M240,30 V190"/>\n'
    b += '<path class="trace" d="M110,190 H400"/>\n'
    b += '<path class="trace" d="M110,190 V240 H170"/>\n'
    for x, c in [(40, False), (110, True), (170, False), (310, False), (370, True), (440, False)]:
        b += _dot(x, 80, c)
    b += _dot(240, 30) + _dot(240, 135)
    for x, c in [(110, True), (170, False), (320, False), (400, True)]:
        b += _dot(x, 190, c)
    b += _dot(170, 240)
    b += _token(110, 80, "red", double=True) + _token(170, 80, "red") + _token(310, 80, "blue")
    b += text(6, 110, labels["single_dot"], "small")
    b += text(370, 56, labels["circled_dot"], "mid small")
    b += text(104, 48, labels["double"], "mid small")
    b += text(176, 110, labels["single"], "mid small")
    b += '<path class="lead-line" d="M262,112 L246,86"/>\n'
    b += text(266, 120, labels["crossing"], "small")
    b += text(250, 172, labels["t"], "small")
    b += '<path class="lead-line" d="M200,236 L222,236"/>\n' + text(
        228, 240, labels["bend"], "small"
    )
    return svg("c5-circuit", 480, 258, labels["aria"], b)


def c5_jump(labels):
    b = '<path class="trace" d="M40,90 H440"/>\n'
    xs = [40, 120, 200, 280, 360, 440]
    for i, x in enumerate(xs):
        b += _dot(x, 90, i in (2, 4))
    b += _token(40, 90, "red") + _token(120, 90, "blue") + _token(280, 90, "blue")
    b += '<circle class="tile-ghost" cx="360" cy="90" r="11"/>\n'
    b += arrow("c5-jump", "M44,74 C70,22 170,22 196,72")
    b += arrow("c5-jump", "M204,74 C230,22 330,22 356,72")
    b += text(120, 124, "+1", "mid big")
    b += text(280, 124, "+1", "mid big")
    return svg("c5-jump", 480, 136, labels["aria"], b, arrow=True)


def c5_five(labels):
    b = '<path class="trace" d="M30,60 H160 V195"/>\n'
    b += '<path class="highlight" d="M30,60 H160 V195"/>\n'
    for x, y in [(30, 60), (95, 60), (160, 60), (160, 130), (160, 195)]:
        b += _dot(x, y) + _token(x, y, "red")
    b += text(95, 30, "✓ " + labels["ok"], "mid ok")
    b += '<path class="trace" d="M275,120 H445"/>\n<path class="trace" d="M395,45 V200"/>\n'
    for x, y, red in [
        (275, 120, True),
        (315, 120, True),
        (355, 120, True),
        (445, 120, False),
        (395, 80, True),
        (395, 45, True),
        (395, 165, False),
        (395, 200, False),
    ]:
        b += _dot(x, y) + (_token(x, y, "red") if red else "")
    b += text(350, 225, "✗ " + labels["bad"], "mid bad")
    return svg("c5-five", 480, 240, labels["aria"], b)


def c5_sandwich(labels):
    b = ""
    for y in (60, 160):
        b += f'<path class="trace" d="M90,{y} H330"/>\n'
        b += _dot(90, y, True) + _dot(210, y) + _dot(330, y, True)
    b += _token(90, 60, "red") + _token(210, 60, "blue") + _token(330, 60, "red")
    b += arrow("c5-sandwich", "M94,44 C130,0 290,0 326,42")
    b += text(210, 92, "+1", "mid big")
    b += _token(330, 160, "red", double=True)
    b += arrow("c5-sandwich", "M400,70 V140")
    return svg("c5-sandwich", 480, 190, labels["aria"], b, arrow=True)


# ---------------------------------------------------------------- CO'NNN'ECT


def cn_sheet(labels):
    c, x0, y0 = 46, 84, 60
    b = ""
    setup = {"a1", "a2", "a3", "b4", "d4", "f4"}
    nums = {
        "a1": 1,
        "a2": 3,
        "a3": 4,
        "b4": 2,
        "d4": 4,
        "f4": 6,
        "b1": 2,
        "b2": 2,
        "c1": 5,
        "d1": 5,
        "d2": 5,
        "e5": 3,
    }
    for r in range(6):
        for col in range(6):
            name = "abcdef"[col] + str(r + 1)
            cls = "cell setup" if name in setup else "cell"
            b += f'<rect class="{cls}" x="{x0 + col * c}" y="{y0 + r * c}" width="{c}" height="{c}"/>\n'
            if name in setup:
                b += f'<path class="tri" d="M{x0 + col * c + 1},{y0 + (r + 1) * c - 1} h11 l-11,-11 z"/>\n'
            if name in nums:
                b += text(x0 + col * c + c / 2, y0 + r * c + c / 2, str(nums[name]), "num")
    for k in range(4):
        b += f'<path class="zone-edge" d="M{x0 + 2 * k * c},{y0} V{y0 + 6 * c}"/>\n'
        b += f'<path class="zone-edge" d="M{x0},{y0 + 2 * k * c} H{x0 + 6 * c}"/>\n'
    for i in range(3):
        for j in range(3):
            cls = "circle-filled" if (i, j) == (0, 0) else "circle-empty"
            b += f'<circle class="{cls}" cx="{x0 + (2 * i + 1) * c}" cy="{y0 + (2 * j + 1) * c}" r="7"/>\n'

    # claimed Connect 3: c1 d1 d2 (an L)
    def cx(col: int) -> int:
        return x0 + col * c

    def cy(row: int) -> int:
        return y0 + row * c

    b += (
        f'<path class="claim" d="M{cx(2) + 3},{cy(0) + 3} H{cx(4) - 3} V{cy(2) - 3} H{cx(3) + 3} '
        f'V{cy(1) - 3} H{cx(2) + 3} Z"/>\n'
    )
    for col in range(6):
        b += text(x0 + col * c + c / 2, y0 - 8, "abcdef"[col], "mid small label")
    for r in range(6):
        b += text(x0 - 8, y0 + r * c + c / 2 + 4, str(r + 1), "end small label")
    for k in range(3):
        b += text(x0 + (2 * k + 1) * c, y0 - 28, f"{labels['zone']} {k + 1}", "mid")
        b += text(x0 - 24, y0 + (2 * k + 1) * c + 4, f"{labels['zone']} {k + 4}", "end")
    # arrow lines: row 6 (arrow at the right, pointing left), column f (arrow below, pointing up)
    ry = y0 + 5 * c + c / 2
    b += f'<path class="tri" d="M{x0 + 6 * c + 6},{ry} l12,-8 v16 z"/>\n'
    fx = x0 + 5 * c + c / 2
    b += f'<path class="tri" d="M{fx},{y0 + 6 * c + 6} l-8,12 h16 z"/>\n'
    # legend
    lx, ly = 400, 80
    b += f'<rect class="cell setup" x="{lx}" y="{ly - 12}" width="18" height="18"/>\n'
    b += f'<path class="tri" d="M{lx + 1},{ly + 5} h8 l-8,-8 z"/>\n' + text(
        lx + 26, ly + 2, labels["setup"]
    )
    b += f'<circle class="circle-empty" cx="{lx + 9}" cy="{ly + 30}" r="7"/>\n' + text(
        lx + 26, ly + 34, labels["circle"]
    )
    b += f'<circle class="circle-filled" cx="{lx + 9}" cy="{ly + 60}" r="7"/>\n' + text(
        lx + 26, ly + 64, labels["filled"]
    )
    b += f'<path class="tri" d="M{lx + 3},{ly + 92} l12,-8 v16 z"/>\n' + text(
        lx + 26, ly + 96, labels["arrow"]
    )
    b += f'<rect class="claim" x="{lx}" y="{ly + 112}" width="18" height="18"/>\n' + text(
        lx + 26, ly + 126, labels["claim"]
    )
    b += f'<path class="zone-edge" d="M{lx},{ly + 158} H{lx + 18}"/>\n' + text(
        lx + 26, ly + 162, labels["edge"]
    )
    return svg("cn-sheet", 600, y0 + 6 * c + 30, labels["aria"], b)


def _shape(x, y, rows, c=14):
    out = ""
    for r, line in enumerate(rows):
        for k, ch in enumerate(line):
            if ch == "X":
                out += f'<rect class="shape-cell" x="{x + k * c}" y="{y + r * c}" width="{c}" height="{c}"/>\n'
    return out


def cn_shapes(labels):
    b = text(10, 22, "Connect 3", "big")
    x = 20
    for rows in (["XXX"], ["X.", "XX"]):
        b += _shape(x, 34, rows)
        x += len(rows[0]) * 14 + 26
    b += text(10, 104, "Connect 4", "big")
    x = 20
    for rows in (["XXXX"], ["XX", "XX"], ["XXX", ".X."], ["X.", "X.", "XX"], [".XX", "XX."]):
        b += _shape(x, 116, rows)
        x += len(rows[0]) * 14 + 26
    b += text(10, 200, labels["cards"], "big")
    x = 20
    cards = [
        ("A", ["XXXXX"]),
        ("B", ["X.", "X.", "X.", "XX"]),
        ("C", [".X", ".X", "XX", "X."]),
        ("D", ["XX", "XX", "X."]),
        ("E", ["X.X", "XXX"]),
        ("F", ["X..", "X..", "XXX"]),
        ("G", ["X..", "XX.", ".XX"]),
        ("H", ["XX.", ".X.", ".XX"]),
    ]
    for letter, rows in cards:
        b += _shape(x, 212, rows)
        b += text(x + len(rows[0]) * 7, 300, letter, "mid big")
        x += len(rows[0]) * 14 + 22
    return svg("cn-shapes", 520, 312, labels["aria"], b)


# ---------------------------------------------------------------- Connect Pairs

SUBJ = {"A": "a", "B": "b", "C": "c", "D": "d", "E": "e", "F": "f"}


def _ptoken(x, y, s, r=13):
    light = s == "E"
    out = f'<circle class="subj-{SUBJ[s]} token-edge" cx="{x}" cy="{y}" r="{r}"/>\n'
    out += text(x, y + 1, s, "on-light" if light else "on-dark")
    return out


def pg_board(labels):
    b = '<rect class="board" x="20" y="20" width="390" height="290" rx="10"/>\n'
    b += text(36, 52, labels["top"], "small")
    top = ["B", "E", None, None]
    for i, s in enumerate(top):
        x = 150 + i * 56
        b += text(x + 20, 40, str(i + 1), "mid small label")
        b += f'<rect class="slot" x="{x}" y="46" width="40" height="40" rx="6"/>\n'
        if s:
            b += _ptoken(x + 20, 66, s, 15)
    zones = {1: ["A", "C"], 2: ["F"], 3: [], 4: ["D", "B"], 5: ["E"], 6: ["C", "C", "C"]}
    for z in range(1, 7):
        col, row = (z - 1) % 3, (z - 1) // 3
        x, y = 35 + col * 124, 112 + row * 96
        b += f'<rect class="zone" x="{x}" y="{y}" width="112" height="82" rx="8"/>\n'
        b += text(x + 8, y + 17, f"{labels['zone']} {z}", "small")
        for k in range(3):
            cx, cy = x + 26 + k * 30, y + 52
            b += f'<circle class="space" cx="{cx}" cy="{cy}" r="13"/>\n'
            if k < len(zones[z]):
                b += _ptoken(cx, cy, zones[z][k])
    b += arrow("pg-board", "M390,260 C455,240 455,80 370,68")
    b += text(
        466, 170, labels["up"], "small", ' transform="rotate(-90 466 170)" text-anchor="middle"'
    )
    return svg("pg-board", 480, 324, labels["aria"], b, arrow=True)


def pg_shared(labels):
    b = '<rect class="board" x="20" y="14" width="440" height="186" rx="10"/>\n'
    b += text(36, 40, labels["key"], "small")
    key = "CAFBED"
    for k in range(6):
        x = 70 + k * 62
        b += f'<rect class="zone" x="{x - 12}" y="52" width="24" height="24" rx="4"/>\n'
        b += text(x, 65, str(k + 1), "on-light small")
        b += _ptoken(x, 100, key[k], 14)
    b += text(36, 140, labels["supply"], "small")
    for k, s in enumerate("ABCDEF"):
        x = 70 + k * 62
        b += _ptoken(x - 8, 170, s, 12)
        b += text(x + 12, 174, "×11", "small")
    return svg("pg-shared", 480, 212, labels["aria"], b)


ALL = {
    "q_tile": q_tile,
    "q_line": q_line,
    "q_move": q_move,
    "c5_circuit": c5_circuit,
    "c5_jump": c5_jump,
    "c5_five": c5_five,
    "c5_sandwich": c5_sandwich,
    "cn_sheet": cn_sheet,
    "cn_shapes": cn_shapes,
    "pg_board": pg_board,
    "pg_shared": pg_shared,
}
