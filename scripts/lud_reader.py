#!/usr/bin/env python3
"""A small reader of Ludii game descriptions (.lud), enough to read a sowing game's metadata,
board and starting position: an S-expression reader, the options and rulesets a file selects,
and `(define ...)` expansion where the board or the start depends on it.

    python3 scripts/lud_reader.py FILE.lud...     # prints what it reads, as JSON

What it reads (read_game):
- the metadata: name, DLP id, classification, description, aliases, rules paraphrase, source,
  origin, and each ruleset's own paraphrase and id where the file gives several (`useFor`);
- the options the default ruleset selects (the ruleset marked `*`, else the first; an option it
  does not name takes its item marked with the most `*`, else its first item), substituted for
  `<Tag:arg>` in the code as Ludii's preprocessor does;
- the board of `(mancalaBoard ROWS COLUMNS [store:None])`: rows, holes per row, stores;
- the start: every `(set Count N to:SITES)` and `(place ... count:N)` of `(start ...)`, SITES
  evaluated on the board (Track, Board, Top, Bottom, Row, Column, Left, Right, named regions,
  union, intersection, difference, explicit lists), giving the counters in each hole.

Anything it cannot evaluate (a board that is not a mancalaBoard, a start with `[#]`, a site
expression it does not know) is reported as such, never guessed: `board.kind` and `start.status`
say what was read. Python 3 standard library only.
"""
import json
import os
import re
import sys

# ---------------------------------------------------------------------------------------------
# S-expressions


class Node(list):
    """A parenthesised list `( ... )` (kind '(') or a braced list `{ ... }` (kind '{')."""

    def __init__(self, kind, items=()):
        super().__init__(items)
        self.kind = kind

    def head(self):
        return self[0] if self and isinstance(self[0], str) else None


class Str(str):
    """A quoted string (kept apart from bare words)."""


class LudError(Exception):
    pass


_TOKEN = re.compile(r'\s+|//[^\n]*|"(?:[^"\\]|\\.)*"|[(){}]|[^\s(){}"]+')


def _string_end(text, i):
    """`text[i]` opens a string: the index just past its closing quote (backslash escapes)."""
    j = i + 1
    while j < len(text):
        if text[j] == "\\":
            j += 2
            continue
        if text[j] == '"':
            return j + 1
        j += 1
    raise LudError("unclosed string at offset %d" % i)


def tokenize(text):
    tokens = []
    pos = 0
    while pos < len(text):
        m = _TOKEN.match(text, pos)
        if not m:
            raise LudError("unreadable text at offset %d" % pos)
        tok = m.group(0)
        pos = m.end()
        if tok[0].isspace() or tok.startswith("//"):
            continue
        if tok[0] == '"':
            tokens.append(Str(tok[1:-1].replace('\\"', '"')))
        else:
            tokens.append(tok)
    return tokens


def parse(text):
    """The top-level forms of `text`, as nested Nodes of words (str) and strings (Str)."""
    stack = [Node("top")]
    closing = {")": "(", "}": "{"}
    for tok in tokenize(text):
        if isinstance(tok, Str):
            stack[-1].append(tok)
        elif tok in ("(", "{"):
            node = Node(tok)
            stack[-1].append(node)
            stack.append(node)
        elif tok in (")", "}"):
            if len(stack) == 1 or stack[-1].kind != closing[tok]:
                raise LudError("unbalanced '%s'" % tok)
            stack.pop()
        else:
            stack[-1].append(tok)
    if len(stack) != 1:
        raise LudError("unclosed '%s'" % stack[-1].kind)
    return stack[0]


def find_all(node, head):
    """Every list whose first word is `head`, depth first."""
    out = []
    if isinstance(node, Node):
        if node.head() == head:
            out.append(node)
        for item in node:
            out.extend(find_all(item, head))
    return out


def keyword(node, name):
    """The value of `name:VALUE` among a list's items (None when absent)."""
    for i, item in enumerate(node):
        if isinstance(item, str) and not isinstance(item, Str):
            if item == name + ":" and i + 1 < len(node):
                return node[i + 1]
            if item.startswith(name + ":") and len(item) > len(name) + 1:
                return item[len(name) + 1:]
    return None


def positional(node):
    """A list's items after its head that are not `key:value` pairs."""
    out = []
    skip = False
    for item in node[1:]:
        if skip:
            skip = False
            continue
        if isinstance(item, str) and not isinstance(item, Str) and ":" in item:
            skip = item.endswith(":")
            continue
        out.append(item)
    return out


def to_text(node):
    if isinstance(node, Node):
        inner = " ".join(to_text(x) for x in node)
        return "(" + inner + ")" if node.kind == "(" else "{" + inner + "}"
    if isinstance(node, Str):
        return '"' + node + '"'
    return node


# ---------------------------------------------------------------------------------------------
# Options and rulesets (Ludii's preprocessor: `<Tag:arg>` replaced by the selected item's value)


def _scan_angle(text, pos):
    """`text[pos]` is '<': the index just past its matching '>' (parentheses and strings
    inside are skipped, so `(>= a b)` does not close it)."""
    depth = 0
    i = pos + 1
    while i < len(text):
        ch = text[i]
        if ch == '"':
            i = _string_end(text, i)
            continue
        if ch in "({":
            depth += 1
        elif ch in ")}":
            depth -= 1
        elif ch == ">" and depth <= 0:
            return i + 1
        i += 1
    raise LudError("unclosed '<' in an option")


def _scan_form(text, pos):
    """`text[pos]` is '(': the index just past its matching ')', strings and comments skipped."""
    depth = 0
    i = pos
    while i < len(text):
        ch = text[i]
        if ch == '"':
            i = _string_end(text, i)
            continue
        if text.startswith("//", i):
            nl = text.find("\n", i)
            i = len(text) if nl < 0 else nl
            continue
        if ch == "(":
            depth += 1
        elif ch == ")":
            depth -= 1
            if depth == 0:
                return i + 1
        i += 1
    raise LudError("unclosed '(' at offset %d" % pos)


def _strip_comments(text):
    out = []
    i = 0
    while i < len(text):
        ch = text[i]
        if ch == '"':
            j = _string_end(text, i)
            out.append(text[i:j])
            i = j
        elif text.startswith("//", i):
            nl = text.find("\n", i)
            i = len(text) if nl < 0 else nl
        else:
            out.append(ch)
            i += 1
    return "".join(out)


_OPTION_HEAD = re.compile(r'\(option\s+"([^"]*)"\s*<(\w+)>\s*args:\s*\{([^}]*)\}\s*\{')
_ITEM = re.compile(r'\(item\s+"([^"]*)"')


def read_options(text):
    """The file's options: [{name, tag, args, items: [{label, values, stars}]}], and the text
    with the option forms removed."""
    options = []
    spans = []
    for m in _OPTION_HEAD.finditer(text):
        start = m.start()
        end = _scan_form(text, start)
        args = re.findall(r"<(\w+)>", m.group(3))
        items = []
        body = text[m.end():end]
        pos = 0
        while True:
            im = _ITEM.search(body, pos)
            if not im:
                break
            i = im.end()
            values = []
            while True:
                while i < len(body) and body[i].isspace():
                    i += 1
                if i < len(body) and body[i] == "<":
                    j = _scan_angle(body, i)
                    values.append(body[i + 1:j - 1].strip())
                    i = j
                else:
                    break
            close = _scan_form(body, im.start())
            stars = 0
            k = close
            while k < len(body) and body[k] == "*":
                stars += 1
                k += 1
            items.append({"label": im.group(1), "values": values, "stars": stars})
            pos = close
        options.append({"name": m.group(1), "tag": m.group(2), "args": args, "items": items})
        spans.append((start, end))
    for start, end in reversed(spans):
        text = text[:start] + text[end:]
    return options, text


_RULESET = re.compile(r'\(ruleset\s+"([^"]*)"\s*\{([^}]*)\}')


def read_rulesets(text):
    """[(name, [option/item...], is_default)] from `(rulesets {...})`."""
    out = []
    for m in _RULESET.finditer(text):
        end = _scan_form(text, m.start())
        starred = text[end:end + 1] == "*"
        out.append((m.group(1), re.findall(r'"([^"]*)"', m.group(2)), starred))
    return out


def select_items(options, chosen):
    """[(option, selected item)]: the item the ruleset names, else the most starred, else the
    first."""
    selected = []
    for opt in options:
        pick = None
        for choice in chosen:
            name, _, label = choice.partition("/")
            if name == opt["name"]:
                pick = next((it for it in opt["items"] if it["label"] == label), None)
        if pick is None and opt["items"]:
            best = max(it["stars"] for it in opt["items"])
            pick = next(it for it in opt["items"] if it["stars"] == best)
        selected.append((opt, pick))
    return selected


def substitute(text, selected):
    """`<Tag:arg>` (or `<Tag>`, its first argument) replaced by the selected item's value; where
    two options share a tag, the first that has the argument."""

    def repl(m):
        tag, arg = m.group(1), m.group(2)
        for opt, item in selected:
            if opt["tag"] != tag or (arg and arg not in opt["args"]):
                continue
            if item is None:
                return ""
            index = opt["args"].index(arg) if arg else 0
            return item["values"][index] if index < len(item["values"]) else ""
        return m.group(0)

    for _ in range(5):  # an item's value may itself hold a placeholder
        new = re.sub(r"<(\w+)(?::(\w+))?>", repl, text)
        if new == text:
            break
        text = new
    return text


# ---------------------------------------------------------------------------------------------
# Defines


def read_defines(top):
    """name -> the define's body, a list of items (a define may hold several: `(define "X" 8
    19)` is spliced where "X" is used)."""
    defines = {}
    for form in top:
        if isinstance(form, Node) and form.head() == "define" and len(form) >= 3:
            defines[str(form[1])] = list(form[2:])
    return defines


def expand(node, defines, depth=0):
    """`node` with every use of a define replaced by its body (#1, #2... by the arguments)."""
    return _expand_items([node], defines, depth)[0]


def _expand_items(items, defines, depth):
    if depth > 30:
        raise LudError("defines nested too deep")
    out = []
    for item in items:
        if isinstance(item, Str) and str(item) in defines:
            out.extend(_expand_items(defines[str(item)], defines, depth + 1))
        elif isinstance(item, Node) and item and isinstance(item[0], Str) and \
                str(item[0]) in defines and item.kind == "(":
            args = _expand_items(item[1:], defines, depth)
            body = [_bind(x, args) for x in defines[str(item[0])]]
            out.extend(_expand_items(body, defines, depth + 1))
        elif isinstance(item, Node):
            out.append(Node(item.kind, _expand_items(item, defines, depth)))
        else:
            out.append(item)
    return out


def _bind(body, args):
    if isinstance(body, Node):
        return Node(body.kind, [_bind(x, args) for x in body])
    if isinstance(body, str) and not isinstance(body, Str) and re.fullmatch(r"#\d+", body):
        k = int(body[1:]) - 1
        return args[k] if k < len(args) else body
    return body


# ---------------------------------------------------------------------------------------------
# The board and its sites (Ludii's mancalaBoard: with stores, site 0 is the left store, the
# holes follow row by row from the bottom-left, and the right store is the last site)


class Board:
    def __init__(self, rows, columns, stores):
        self.rows = rows
        self.columns = columns
        self.stores = stores
        self.offset = 1 if stores else 0
        self.holes = rows * columns
        self.sites = self.holes + (2 if stores else 0)

    def site(self, row, column):
        return self.offset + row * self.columns + column

    def row_sites(self, row):
        return {self.site(row, c) for c in range(self.columns)} if 0 <= row < self.rows else set()

    def column_sites(self, column):
        return {self.site(r, column) for r in range(self.rows)} if 0 <= column < self.columns \
            else set()

    def hole_sites(self):
        return set(range(self.offset, self.offset + self.holes))

    def track(self, spec):
        """The sites of a track written "1,E,N,W" (start site, then moves E/W/N/S with an
        optional count: N1 moves one row up, E runs to the end of the row)."""
        parts = [p.strip() for p in str(spec).split(",")]
        if not parts or not parts[0].isdigit():
            raise LudError("track '%s' not understood" % spec)
        pos = int(parts[0])
        if pos < self.offset or pos >= self.offset + self.holes:
            raise LudError("track '%s' starts off the holes" % spec)
        r, c = divmod(pos - self.offset, self.columns)
        sites = {pos}
        for step in parts[1:]:
            m = re.fullmatch(r"([NESW])(\d*)", step)
            if not m:
                raise LudError("track step '%s' not understood" % step)
            d = m.group(1)
            n = int(m.group(2)) if m.group(2) else None
            dr, dc = {"N": (1, 0), "S": (-1, 0), "E": (0, 1), "W": (0, -1)}[d]
            if n is None:
                n = (self.columns - 1) if dc else (self.rows - 1)
                # run to the board's edge
                n = (self.columns - 1 - c if dc > 0 else c) if dc else \
                    (self.rows - 1 - r if dr > 0 else r)
            for _ in range(n):
                r += dr
                c += dc
                if not (0 <= r < self.rows and 0 <= c < self.columns):
                    break
                sites.add(self.site(r, c))
        return sites


class Sites:
    """Evaluates Ludii site expressions on a mancalaBoard."""

    def __init__(self, board, tracks, regions, stores_of):
        self.board = board
        self.tracks = tracks  # name -> set of sites ("Track" too)
        self.regions = regions  # (name, player or None) -> expression node
        self.stores_of = stores_of  # "P1"/"1"/... -> the site of (mapEntry P1)

    def coordinate(self, label):
        """A coordinate "D1": column letter, row number from the bottom (with stores, column A
        is the left store and the last column the right store)."""
        m = re.fullmatch(r"([A-Z])(\d+)", label)
        if not m:
            raise LudError("coordinate '%s' not understood" % label)
        b = self.board
        col = ord(m.group(1)) - ord("A")
        row = int(m.group(2)) - 1
        if b.stores:
            if col == 0:
                return 0
            if col == b.columns + 1:
                return b.sites - 1
            col -= 1
        if not (0 <= col < b.columns and 0 <= row < b.rows):
            raise LudError("coordinate '%s' off the board" % label)
        return b.site(row, col)

    def site_list(self, items):
        out = set()
        for x in items:
            if isinstance(x, Str):
                out.add(self.coordinate(str(x)))
                continue
            if isinstance(x, Node):
                if _int(x) is None:
                    raise LudError("site list item '%s' not understood" % to_text(x))
                out.add(_int(x))
                continue
            m = re.fullmatch(r"(\d+)(?:\.\.(\d+))?", x)
            if not m:
                raise LudError("site list item '%s' not understood" % x)
            lo = int(m.group(1))
            hi = int(m.group(2)) if m.group(2) else lo
            out.update(range(min(lo, hi), max(lo, hi) + 1))
        return out

    def site(self, expr):
        """A single site: a number, (coord "D1"), (mapEntry P1)."""
        if isinstance(expr, str) and not isinstance(expr, Str) and expr.isdigit():
            return int(expr)
        if isinstance(expr, Node) and expr.head() == "coord":
            return self.coordinate(str(positional(expr)[0]))
        if isinstance(expr, Node) and expr.head() == "mapEntry":
            p = positional(expr)
            key = str(p[-1]) if p else ""
            if key in self.stores_of:
                return self.stores_of[key]
        raise LudError("site '%s' not understood" % to_text(expr))

    def expand(self, sites, steps, direction):
        b = self.board
        moves = {"N": [(1, 0)], "S": [(-1, 0)], "E": [(0, 1)], "W": [(0, -1)]}.get(
            direction, [(1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1)])
        out = set(sites)
        frontier = set(sites)
        for _ in range(steps):
            nxt = set()
            for s in frontier:
                if not (b.offset <= s < b.offset + b.holes):
                    continue
                r, c = divmod(s - b.offset, b.columns)
                for dr, dc in moves:
                    if 0 <= r + dr < b.rows and 0 <= c + dc < b.columns:
                        nxt.add(b.site(r + dr, c + dc))
            frontier = nxt - out
            out |= nxt
        return out

    def eval(self, expr):
        b = self.board
        if isinstance(expr, Node) and expr.kind == "{":
            return self.site_list(expr)
        if isinstance(expr, Node) and len(expr) == 1 and isinstance(expr[0], Node):
            return self.eval(expr[0])  # ((sites ...)) from a define
        if not isinstance(expr, Node):
            return {self.site(expr)}
        head = expr.head()
        args = positional(expr)
        if head in ("coord", "mapEntry"):
            return {self.site(expr)}
        if head == "sites":
            if not args:
                raise LudError("(sites) without argument")
            a0 = args[0]
            if isinstance(a0, Node) and a0.kind == "{":
                return self.site_list(a0)
            word = str(a0)
            if word == "Track":
                if len(args) > 1:
                    return set(self.tracks[str(args[1])])
                if "Track" in self.tracks:
                    return set(self.tracks["Track"])
                return set().union(*self.tracks.values()) if self.tracks else b.hole_sites()
            if word == "Board":
                return set(range(b.sites))
            if word == "Bottom":
                return b.row_sites(0)
            if word == "Top":
                return b.row_sites(b.rows - 1)
            if word == "Left":  # with stores, the left store is the leftmost column
                return {0} if b.stores else b.column_sites(0)
            if word == "Right":
                return {b.sites - 1} if b.stores else b.column_sites(b.columns - 1)
            if word == "Row":
                return b.row_sites(int(args[1]))
            if word == "Column":
                return b.column_sites(int(args[1]))
            if word == "Centre":
                cols = [b.columns // 2] if b.columns % 2 else [b.columns // 2 - 1, b.columns // 2]
                rows = [b.rows // 2] if b.rows % 2 else [b.rows // 2 - 1, b.rows // 2]
                return {b.site(r, c) for r in rows for c in cols}
            if word in ("P1", "P2"):
                key = (str(args[1]) if len(args) > 1 else "", word)
                if key not in self.regions:
                    raise LudError("region %s %s unknown" % key)
                return self.eval(self.regions[key])
            if isinstance(a0, Str) and (str(a0), None) in self.regions:
                return self.eval(self.regions[(str(a0), None)])
            raise LudError("sites '%s' not understood" % to_text(expr))
        if head == "union":
            parts = args[0] if len(args) == 1 and isinstance(args[0], Node) and \
                args[0].kind == "{" and all(isinstance(x, Node) for x in args[0]) else args
            out = set()
            for part in parts:
                out |= self.eval(part)
            return out
        if head == "intersection":
            sets = [self.eval(a) for a in args]
            return set.intersection(*sets)
        if head == "difference":
            return self.eval(args[0]) - self.eval(args[1])
        if head == "expand":
            steps = keyword(expr, "steps")
            dirs = [str(x) for x in args[1:] if isinstance(x, str)]
            return self.expand(self.eval(args[0]), _int(steps) if steps is not None else 1,
                               dirs[0] if dirs else None)
        raise LudError("sites '%s' not understood" % to_text(expr))


def _int(x):
    if isinstance(x, str) and re.fullmatch(r"-?\d+", str(x)):
        return int(x)
    if isinstance(x, Node) and len(x) == 1:
        return _int(x[0])
    if isinstance(x, Node) and x.head() in ("*", "+", "-") and len(x) == 3:
        a, b = _int(x[1]), _int(x[2])
        if a is not None and b is not None:
            return {"*": a * b, "+": a + b, "-": a - b}[x.head()]
    return None


def read_board(game):
    """(Board, Sites evaluator) of a game's mancalaBoard, or (None, reason)."""
    boards = find_all(game, "mancalaBoard")
    if not boards:
        return None, "not a mancalaBoard"
    mb = boards[0]
    rows = keyword(mb, "rows")
    cols = keyword(mb, "cols")
    pos = [x for x in positional(mb) if not isinstance(x, Node)]
    if rows is None and pos:
        rows = pos[0]
    if cols is None and len(pos) > 1:
        cols = pos[1]
    r, c = _int(rows), _int(cols)
    if r is None or c is None:
        return None, "board size not a number: %s x %s" % (to_text(rows or "?"),
                                                             to_text(cols or "?"))
    store = keyword(mb, "store")
    stores = not (isinstance(store, str) and store == "None")
    board = Board(r, c, stores)
    tracks = {}
    for t in find_all(mb, "track"):
        p = positional(t)
        if len(p) >= 2 and isinstance(p[0], Str) and isinstance(p[1], Str):
            try:
                tracks[str(p[0])] = board.track(p[1])
            except LudError:
                pass
    regions = {}
    for reg in find_all(game, "regions"):
        p = positional(reg)
        name, player, expr = "", None, None
        for item in p:
            if isinstance(item, Str):
                name = str(item)
            elif isinstance(item, str) and item in ("P1", "P2"):
                player = item
            elif isinstance(item, Node):
                expr = item
        if expr is not None:
            regions[(name, player)] = expr
    stores_of = {}
    if stores:
        stores_of = {"P1": 0, "1": 0, "P2": board.sites - 1, "2": board.sites - 1}
        for m in find_all(game, "map"):
            for pair in find_all(m, "pair"):
                pp = positional(pair)
                if len(pp) == 2 and isinstance(pp[1], str):
                    where = {"FirstSite": 0, "LastSite": board.sites - 1}.get(str(pp[1]))
                    if where is None and str(pp[1]).isdigit():
                        where = int(pp[1])
                    if where is not None:
                        stores_of[str(pp[0])] = where
    return board, Sites(board, tracks, regions, stores_of)


def _hand_of(expr):
    """(handSite P1 ...) -> "P1"; None for anything else."""
    if isinstance(expr, Node) and expr.head() == "handSite":
        p = positional(expr)
        return str(p[0]) if p else "Shared"
    return None


def read_start(game, board, sites):
    """The counters at the start: {status, counts (per site), hand (per player), other pieces}."""
    starts = find_all(game, "start")
    if not starts:
        return {"status": "none", "text": ""}
    start = starts[0]
    text = to_text(start)
    if "[" in text:
        return {"status": "unspecified", "text": text}
    if board is None:
        return {"status": "unread", "text": text, "why": "the board is not read"}
    counts = {s: 0 for s in range(board.sites)}
    hand = {}
    others = []
    try:
        for form in find_all(start, "set"):
            p = positional(form)
            if not p or p[0] != "Count":
                continue
            n = _int(p[1]) if len(p) > 1 else None
            where = keyword(form, "to")
            if where is None:
                where = keyword(form, "at")
            if n is None or where is None:
                raise LudError("(set Count) not understood: %s" % to_text(form))
            if _hand_of(where):
                hand[_hand_of(where)] = n
                continue
            for s in sites.eval(where):
                counts[s] = n
        for form in find_all(start, "place"):
            p = positional(form)
            piece = next((str(x) for x in p if isinstance(x, Str)), "Seed")
            where = next((x for x in p if isinstance(x, Node)), None)
            n = keyword(form, "count")
            many = keyword(form, "counts")
            if where is None:
                raise LudError("(place) not understood: %s" % to_text(form))
            if n is None and many is None:
                n = "1"
            if not piece.startswith("Seed"):
                spots = [_hand_of(where)] if _hand_of(where) else sorted(sites.eval(where))
                others.append({"piece": piece, "count": _int(n) if n is not None else None,
                               "sites": spots})
                continue
            if n is not None:
                v = _int(n)
                if v is None:
                    raise LudError("(place) count not understood: %s" % to_text(form))
                if _hand_of(where):
                    hand[_hand_of(where)] = v
                    continue
                for s in sites.eval(where):
                    counts[s] = v
            else:
                ss = sorted(sites.eval(where))
                vals = [_int(x) for x in many] if isinstance(many, Node) else [_int(many)]
                if len(vals) == 1:
                    vals = vals * len(ss)
                if len(vals) != len(ss) or None in vals:
                    raise LudError("(place) counts not understood: %s" % to_text(form))
                for s, v in zip(ss, vals):
                    counts[s] = v
    except LudError as e:
        return {"status": "unread", "text": text, "why": str(e)}
    out = {"status": "read", "text": text, "counts": counts}
    if hand:
        out["hand"] = hand
    if others:
        out["other_pieces"] = others
    return out


# ---------------------------------------------------------------------------------------------
# A whole game


def read_metadata(top):
    """The metadata's info: description, aliases, rules, source, id, classification, origin...,
    and `rulesets`: each `(useFor "Ruleset/X" (rules ...))` group, by ruleset name."""
    meta = {"rulesets": []}
    infos = find_all(top, "info")
    if not infos:
        return meta
    info = infos[0]
    items = info[1] if len(info) > 1 and isinstance(info[1], Node) else info
    for node in items:
        if not isinstance(node, Node):
            continue
        head = node.head()
        p = positional(node)
        if head == "useFor":
            name = str(p[0]) if p else ""
            inner = p[1] if len(p) > 1 and isinstance(p[1], Node) else None
            if inner is None:
                continue
            entry = next((r for r in meta["rulesets"] if r["ruleset"] == name), None)
            if entry is None:
                entry = {"ruleset": name}
                meta["rulesets"].append(entry)
            ip = positional(inner)
            if ip and isinstance(ip[0], Str):
                entry[inner.head()] = str(ip[0])
        elif head == "aliases":
            meta["aliases"] = [str(x) for x in (p[0] if p else []) if isinstance(x, Str)]
        elif head in ("description", "rules", "source", "id", "classification", "origin",
                      "credit", "version"):
            if p and isinstance(p[0], Str):
                meta[head] = str(p[0])
    return meta


def read_code(text, options, choices):
    """The board and start of the game code with the options `choices` selects."""
    selected = select_items(options, choices)
    top = parse(substitute(text, selected))
    defines = read_defines(top)
    games = [f for f in top if isinstance(f, Node) and f.head() == "game"]
    if not games:
        raise LudError("no (game ...) form")
    game = expand(games[0], defines)
    out = {"options": {opt["name"]: (item["label"] if item else None)
                       for opt, item in selected}}
    board, sites = read_board(game)
    if board is None:
        out["board"] = {"kind": "other", "why": sites}
        start = read_start(game, None, None)
    else:
        out["board"] = {"kind": "mancalaBoard", "rows": board.rows, "holes_per_row":
                        board.columns, "stores": board.stores}
        start = read_start(game, board, sites)
    if start.get("status") == "read":
        counts = start.pop("counts")
        grid = [[counts[board.site(r, c)] for c in range(board.columns)]
                for r in range(board.rows)]
        start["grid"] = grid  # grid[0] is the bottom row, from the left
        stores = [counts[0], counts[board.sites - 1]] if board.stores else [0, 0]
        if any(stores):
            start["store_counts"] = stores
        start["total"] = sum(sum(r) for r in grid) + sum(stores) + \
            sum(start.get("hand", {}).values())
    out["start"] = start
    players = find_all(game, "players")
    if players:
        p = positional(players[0])
        out["players"] = _int(p[0]) if p else None
    return out, str(game[1]) if len(game) > 1 else ""


def read_game(path):
    """Everything read from one .lud file (see the module's comment). `main` is the code of the
    ruleset the file's own DLP id names (its `useFor` group with that id), else of the default
    ruleset; `rulesets` lists every ruleset of the metadata with its id, paraphrase and code."""
    with open(path, encoding="utf-8") as f:
        raw = f.read()
    text = _strip_comments(raw)
    options, text = read_options(text)
    code_rulesets = read_rulesets(text)
    default = next((r for r in code_rulesets if r[2]),
                   code_rulesets[0] if code_rulesets else None)
    meta = read_metadata(parse(re.sub(r"<(\w+)(?::(\w+))?>", "", text)))
    main_name = None
    if meta.get("id"):
        main_name = next((r["ruleset"] for r in meta["rulesets"] if r.get("id") == meta["id"]),
                         None)
    if main_name is None:
        main_name = default[0] if default else None
    choices = {name: chosen for name, chosen, _ in code_rulesets}
    main, name = read_code(text, options, choices.get(main_name, default[1] if default else []))
    out = {"name": name, "metadata": meta, "main_ruleset": main_name,
           "default_ruleset": default[0] if default else None}
    out.update(main)
    for entry in meta["rulesets"]:
        if entry["ruleset"] in choices:
            code, _ = read_code(text, options, choices[entry["ruleset"]])
            entry["code"] = code
    return out


def _code_summary(code):
    """The board and start of one ruleset's code, compact: a uniform start as per_hole."""
    out = {"board": code["board"]}
    if code.get("players") is not None:
        out["players"] = code["players"]
    start = dict(code["start"])
    if start.get("status") == "read":
        grid = start.pop("grid")
        flat = [n for row in grid for n in row]
        start.pop("text", None)
        if len(set(flat)) == 1:
            start["per_hole"] = flat[0]
        else:
            start["grid"] = grid
    out["start"] = start
    return out


def game_facts(path):
    """What the feature annotations keep of a .lud file: its key (the DLP id, else the file
    name), name, classification, the main ruleset's paraphrase and name, the other rulesets,
    and the board and start read from the main ruleset's code."""
    g = read_game(path)
    meta = g["metadata"]
    stem = path.replace("\\", "/").rsplit("/", 1)[-1][:-len(".lud")]
    rules = meta.get("rules")
    others = []
    for r in meta["rulesets"]:
        if r["ruleset"] == g["main_ruleset"]:
            rules = r.get("rules") or rules
        else:
            entry = {"id": r.get("id"), "ruleset": r["ruleset"], "rules": r.get("rules", "")}
            if "code" in r:
                entry["code"] = _code_summary(r["code"])
            others.append(entry)
    return {
        "key": meta.get("id") or stem,
        "dlp_id": meta.get("id"),
        "file": stem + ".lud",
        "name": g["name"],
        "classification": meta.get("classification", ""),
        "ruleset": g["main_ruleset"],
        "rules": re.sub(r"\s+", " ", rules or "").strip(),
        "other_rulesets": others,
        "code": _code_summary(g),
    }


FACT_FIELDS = ("file", "name", "dlp_id", "classification", "ruleset", "rules", "other_rulesets",
               "code")


def find_dlp_dir(top):
    """The DLP game database copy: $MANCALA_DLP_DIR, else ../shared/data/dlp-gamedatabase from
    the repository (or from its parent, for a git worktree one level deeper); None if absent."""
    candidates = [os.environ.get("MANCALA_DLP_DIR", "")]
    for up in ("..", os.path.join("..", "..")):
        candidates.append(os.path.join(top, up, "shared", "data", "dlp-gamedatabase"))
    for c in candidates:
        if c and os.path.isdir(os.path.join(c, "games", "lud")):
            return os.path.normpath(c)
    return None


def corpus_facts(dlp_dir):
    """{key: game_facts} for every .lud file of the copy."""
    lud = os.path.join(dlp_dir, "games", "lud")
    out = {}
    for name in sorted(os.listdir(lud)):
        if name.endswith(".lud"):
            facts = game_facts(os.path.join(lud, name))
            if facts["key"] in out:
                raise LudError("%s: DLP id %s used twice" % (name, facts["key"]))
            out[facts["key"]] = facts
    return out


def update(features_path, dlp_dir):
    """Refreshes what features.json keeps of each game's .lud file (the read fields), keeping
    the annotations; a game new to the corpus is added with no features (to annotate)."""
    with open(features_path, encoding="utf-8") as f:
        data = json.load(f)
    facts = corpus_facts(dlp_dir)
    games = data["games"]
    for key in sorted(set(games) - set(facts)):
        print("lud_reader.py: %s (%s) is no longer in %s" % (key, games[key]["file"], dlp_dir),
              file=sys.stderr)
    for key, fact in facts.items():
        entry = games.setdefault(key, {"features": []})
        if not entry["features"]:
            print("lud_reader.py: %s (%s) has no annotations" % (key, fact["file"]),
                  file=sys.stderr)
        for field in FACT_FIELDS:
            entry[field] = fact[field]
    tmp = features_path + ".tmp"
    with open(tmp, "w", encoding="utf-8") as f:
        json.dump(data, f, indent=1, ensure_ascii=False)
        f.write("\n")
    os.replace(tmp, features_path)


def main(argv):
    usage = ("usage: lud_reader.py FILE.lud...            (what it reads, as JSON)\n"
             "       lud_reader.py --update FEATURES.json [DLP_DIR]")
    if len(argv) < 2:
        print(usage, file=sys.stderr)
        return 2
    if argv[1] == "--update":
        if len(argv) not in (3, 4):
            print(usage, file=sys.stderr)
            return 2
        top = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
        dlp_dir = argv[3] if len(argv) == 4 else find_dlp_dir(top)
        if not dlp_dir or not os.path.isdir(os.path.join(dlp_dir, "games", "lud")):
            print("lud_reader.py: no DLP game database (games/lud) found; give its folder",
                  file=sys.stderr)
            return 1
        try:
            update(argv[2], dlp_dir)
        except (LudError, OSError, ValueError, KeyError) as e:
            print("lud_reader.py: %s" % e, file=sys.stderr)
            return 1
        return 0
    result = {}
    status = 0
    for path in argv[1:]:
        try:
            result[path] = read_game(path)
        except (LudError, OSError, ValueError) as e:
            print("lud_reader.py: %s: %s" % (path, e), file=sys.stderr)
            status = 1
    json.dump(result, sys.stdout, indent=1, ensure_ascii=False)
    print()
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv))
