"""Reads the Digital Ludeme Project's game descriptions (.lud files): a small reader for Ludii's
S-expression syntax, the expansion of (define ...) and of the options' defaults, and the facts
the archive keeps: the metadata and the board (rows, holes per row, stores, counters per hole at
the start). Used by scripts/convert_dlp.py; tested by tests/scripts/test_dlp_lud.py.

Ludii's syntax, as far as the sowing games use it:
    (ludeme arg ...)            a list; {a b c} an array; name:value a named argument
    "text"                      a string; \\" and \\\\ are escapes; it may run over lines
    // comment                  to the end of the line (not inside a string)
    <Board:size>, <8>, <(...)>  an option's parameter, or an option item's value
    [3..40], [#]                a reconstruction's open value (unknown)
    (define "Name" body)        "Name" in the code stands for body; ("Name" a b) fills #1, #2
    (option "Title" <Tag> args:{<a> <b>} {(item "Name" <va> <vb> "what")* ...})
                                the item marked * is the default (else the first); <Tag:a> is
                                replaced by its value
"""
import re

__all__ = [
    "LudError", "Str", "Atom", "Named", "Group", "Param", "Open", "parse", "read_lud",
    "board_facts", "metadata", "Lud",
]


class LudError(Exception):
    """A .lud file that cannot be read, with the line where it went wrong."""


class Str(str):
    """A string literal (its text, escapes resolved)."""


class Atom(str):
    """A bare word or number: Count, P1, 4, None, *, <=."""


class Named:
    """name:value, a named argument."""
    __slots__ = ("name", "value")

    def __init__(self, name, value):
        self.name, self.value = name, value

    def __eq__(self, other):
        return isinstance(other, Named) and (self.name, self.value) == (other.name, other.value)

    def __repr__(self):
        return "Named(%r, %r)" % (self.name, self.value)


class Group(list):
    """A list: kind '(' for (ludeme ...), '{' for {array}."""

    def __init__(self, kind, items=()):
        super().__init__(items)
        self.kind = kind

    def __eq__(self, other):
        return isinstance(other, Group) and self.kind == other.kind and list.__eq__(self, other)

    def __ne__(self, other):
        return not self == other

    __hash__ = None

    @property
    def head(self):
        return self[0] if self and isinstance(self[0], (Atom, Str)) else None

    def __repr__(self):
        return "Group(%r, %r)" % (self.kind, list(self))


class Param:
    """<...>: an option's parameter (<Board:size>) or an item's value (<8>, <(and ...)>)."""
    __slots__ = ("text", "line")

    def __init__(self, text, line=0):
        self.text, self.line = text, line

    def __eq__(self, other):
        return isinstance(other, Param) and self.text == other.text

    def __repr__(self):
        return "Param(%r)" % self.text


class Open:
    """[...]: a value a reconstruction leaves open ([3..40], [2..16], [#], [3 | #])."""
    __slots__ = ("text",)

    def __init__(self, text):
        self.text = text

    def __eq__(self, other):
        return isinstance(other, Open) and self.text == other.text

    def __repr__(self):
        return "Open(%r)" % self.text


_CLOSE = {"(": ")", "{": "}"}
_WORD_END = set(" \t\r\n(){}[]\"")


class _Reader:
    def __init__(self, text):
        self.text, self.pos, self.line = text, 0, 1

    def fail(self, what, line=None):
        raise LudError("line %d: %s" % (line or self.line, what))

    def skip_space(self):
        text = self.text
        while self.pos < len(text):
            c = text[self.pos]
            if c == "\n":
                self.line += 1
                self.pos += 1
            elif c in " \t\r\f\ufeff":
                self.pos += 1
            elif text.startswith("//", self.pos):
                end = text.find("\n", self.pos)
                self.pos = len(text) if end < 0 else end
            else:
                break

    def string(self):
        start_line = self.line
        self.pos += 1
        out = []
        text = self.text
        while True:
            if self.pos >= len(text):
                self.fail("string not closed", start_line)
            c = text[self.pos]
            if c == "\\" and self.pos + 1 < len(text):
                nxt = text[self.pos + 1]
                out.append(nxt if nxt in "\"\\" else "\\" + nxt)
                self.pos += 2
                continue
            if c == '"':
                self.pos += 1
                return Str("".join(out))
            if c == "\n":
                self.line += 1
            out.append(c)
            self.pos += 1

    def bracketed(self, opening, closing):
        """The text up to the matching closing mark, counting ( { nesting and skipping strings."""
        start_line = self.line
        self.pos += 1
        begin = self.pos
        depth = 0
        text = self.text
        while self.pos < len(text):
            c = text[self.pos]
            if c == '"':
                self.string()
                continue
            if c == "\n":
                self.line += 1
            elif c in "({[":
                depth += 1
            elif c in ")}]" and depth > 0:
                depth -= 1
            elif c == closing and depth == 0:
                inner = text[begin:self.pos]
                self.pos += 1
                return inner
            self.pos += 1
        self.fail("'%s' not closed" % opening, start_line)

    def word(self):
        begin = self.pos
        text = self.text
        while self.pos < len(text) and text[self.pos] not in _WORD_END:
            if text.startswith("//", self.pos):
                break
            self.pos += 1
            if text[self.pos - 1] == ":" and text[self.pos:self.pos + 1] == "<":
                break  # name:<Param>
        return text[begin:self.pos]

    def value(self, is_head=False):
        self.skip_space()
        if self.pos >= len(self.text):
            self.fail("unexpected end of file")
        c = self.text[self.pos]
        line = self.line
        if c in "({":
            self.pos += 1
            group = Group(c)
            while True:
                self.skip_space()
                if self.pos >= len(self.text):
                    self.fail("'%s' not closed" % c, line)
                d = self.text[self.pos]
                if d in ")}":
                    if d != _CLOSE[c]:
                        self.fail("'%s' closes '%s' opened on line %d" % (d, c, line))
                    self.pos += 1
                    return group
                group.append(self.value(is_head=c == "(" and not group))
        if c in ")}":
            self.fail("'%s' without an opening mark" % c)
        if c == '"':
            return self.string()
        if c == "[":
            return Open(" ".join(self.bracketed("[", "]").split()))
        if c == "<":
            nxt = self.text[self.pos + 1:self.pos + 2]
            # "<" and "<=" at the head of a list are ludemes, (< 1 (count)); elsewhere "<" opens an
            # option's parameter or an item's value, which may begin on the next line.
            if is_head and nxt in ("", " ", "\t", "\n", "\r", "="):
                return Atom(self.word())
            return Param(self.bracketed("<", ">"), line)
        word = self.word()
        if not word:
            self.fail("unexpected '%s'" % c)
        if word.endswith(":") and len(word) > 1:
            return Named(word[:-1], self.value())
        name, colon, rest = word.partition(":")
        if colon and name and re.fullmatch(r"[A-Za-z]\w*", name):
            return Named(name, Atom(rest))
        return Atom(word)

    def all(self):
        items = []
        while True:
            self.skip_space()
            if self.pos >= len(self.text):
                return items
            items.append(self.value())


def parse(text):
    """Every top-level form of `text`, in order. Raises LudError("line N: ...")."""
    return _Reader(text).all()


def _walk(node):
    yield node
    if isinstance(node, Group):
        for item in node:
            yield from _walk(item)
    elif isinstance(node, Named):
        yield from _walk(node.value)


def _find(nodes, head):
    """Every list (ludeme) named `head` in `nodes`, depth first, in order."""
    for node in nodes:
        for sub in _walk(node):
            if isinstance(sub, Group) and sub.kind == "(" and sub.head == head:
                yield sub


# --- options and defines ---------------------------------------------------------------------

def _options(forms):
    """{tag: {arg: value text}} for each (option ...), from its default item (marked *, else the
    first)."""
    result = {}
    for form in forms:
        if not (isinstance(form, Group) and form.head == "option"):
            continue
        tag = next((x.text for x in form if isinstance(x, Param)), None)
        args = []
        items = None
        for x in form[1:]:
            if isinstance(x, Named) and x.name == "args" and isinstance(x.value, Group):
                args = [a.text for a in x.value if isinstance(a, Param)]
            elif isinstance(x, Group) and x.kind == "{":
                items = x
        if tag is None or items is None:
            continue
        chosen = None
        for i, item in enumerate(items):
            if isinstance(item, Group) and item.head == "item":
                if chosen is None:
                    chosen = item
                nxt = items[i + 1] if i + 1 < len(items) else None
                if isinstance(nxt, Atom) and nxt and set(nxt) == {"*"}:
                    chosen = item
                    break
        if chosen is None:
            continue
        values = [p.text for p in chosen if isinstance(p, Param)]
        result[tag] = {arg: value for arg, value in zip(args, values)}
        if values and len(args) <= 1:
            result[tag][""] = values[0]
    return result


def _substitute_params(node, options, depth=0):
    """Replaces each <Tag:arg> parameter by the default item's value (parsed), splicing it in."""
    if depth > 20:
        raise LudError("options nested too deep")
    if isinstance(node, Group):
        out = Group(node.kind)
        for item in node:
            out.extend(_substitute_list(item, options, depth))
        return out
    if isinstance(node, Named):
        values = _substitute_list(node.value, options, depth)
        return Named(node.name, values[0] if len(values) == 1 else Group("{", values))
    return node


def _substitute_list(node, options, depth):
    if isinstance(node, Param):
        tag, _, arg = node.text.partition(":")
        value = options.get(tag, {}).get(arg)
        if value is None:
            return [node]
        return [_substitute_params(v, options, depth + 1) for v in parse(value)]
    return [_substitute_params(node, options, depth)]


def _defines(forms):
    defines = {}
    for form in forms:
        if isinstance(form, Group) and form.head == "define" and len(form) >= 3 and \
                isinstance(form[1], Str):
            defines[str(form[1])] = form[2]
    return defines


def _fill_args(node, args):
    if isinstance(node, Atom) and re.fullmatch(r"#\d+", node):
        index = int(node[1:]) - 1
        return args[index] if index < len(args) else node
    if isinstance(node, Group):
        return Group(node.kind, [_fill_args(x, args) for x in node])
    if isinstance(node, Named):
        return Named(node.name, _fill_args(node.value, args))
    return node


def expand(node, defines, depth=0):
    """`node` with every use of a define replaced by its body ("Columns" -> 8;
    ("OppositePit" x) -> the body with #1 = x), repeatedly, to a bounded depth."""
    if depth > 40:
        raise LudError("defines nested too deep (a define that uses itself?)")
    if isinstance(node, Str) and str(node) in defines:
        return expand(defines[str(node)], defines, depth + 1)
    if isinstance(node, Group):
        if node.kind == "(" and node and isinstance(node[0], Str) and str(node[0]) in defines:
            args = [expand(x, defines, depth) for x in node[1:]]
            return expand(_fill_args(defines[str(node[0])], args), defines, depth + 1)
        return Group(node.kind, [expand(x, defines, depth) for x in node])
    if isinstance(node, Named):
        return Named(node.name, expand(node.value, defines, depth))
    return node


# --- numbers -----------------------------------------------------------------------------------

def evaluate(node):
    """An integer from a literal or simple arithmetic ((+ a b), (* a b), (- a b), (/ a b)); None
    when the value is open ([3..40]), a parameter or anything else."""
    if isinstance(node, Atom) and re.fullmatch(r"-?\d+", node):
        return int(node)
    if isinstance(node, Group) and node.kind == "(" and node.head in ("+", "-", "*", "/"):
        values = [evaluate(x) for x in node[1:]]
        if not values or any(v is None for v in values):
            return None
        op = node.head
        result = values[0]
        if op == "-" and len(values) == 1:
            return -result
        for v in values[1:]:
            if op == "+":
                result += v
            elif op == "-":
                result -= v
            elif op == "*":
                result *= v
            elif v == 0 or result % v:
                return None
            else:
                result //= v
        return result
    return None


def _text(node):
    """Ludii text of a node, for messages and open values."""
    if isinstance(node, Open):
        return "[%s]" % node.text
    if isinstance(node, Param):
        return "<%s>" % node.text
    if isinstance(node, Str):
        return '"%s"' % node
    if isinstance(node, Named):
        return "%s:%s" % (node.name, _text(node.value))
    if isinstance(node, Group):
        inner = " ".join(_text(x) for x in node)
        return "(%s)" % inner if node.kind == "(" else "{%s}" % inner
    return str(node)


# --- the board ---------------------------------------------------------------------------------

_HAND_TARGETS = ("handSite",)


def _is_hand(node):
    return any(isinstance(x, Group) and x.head in _HAND_TARGETS for x in _walk(node))


def board_facts(game):
    """The board as the code gives it: {"rows", "holes_per_row", "stores", "counters_per_hole",
    "start"} (each may be missing), plus "open" (what a reconstruction leaves open) and "from"
    ("code"). `game` is the expanded (game ...) form."""
    facts = {}
    open_values = []
    board = next(_find([game], "mancalaBoard"), None)
    if board is not None:
        positional = [x for x in board[1:] if not isinstance(x, Named) and not (
            isinstance(x, Group) and (x.kind == "{" or x.head == "track"))]
        named = {x.name: x.value for x in board[1:] if isinstance(x, Named)}
        rows = named.get("rows", positional[0] if positional else None)
        cols = named.get("cols", positional[1] if len(positional) > 1 else None)
        for key, node in (("rows", rows), ("holes_per_row", cols)):
            value = evaluate(node) if node is not None else None
            if value is not None:
                facts[key] = value
            elif node is not None:
                open_values.append("%s %s" % (key.replace("_", " "), _text(node)))
        store = named.get("store")
        stores = named.get("numStores")
        if stores is not None and evaluate(stores) is not None:
            facts["stores"] = evaluate(stores)
        elif store is not None and str(store) == "None":
            facts["stores"] = 0
        elif store is None or str(store) in ("Outer", "Inner"):
            facts["stores"] = 2
    start = next(_find([game], "start"), None)
    if start is not None:
        counts = []  # (counters, on the board?)
        for node in _walk(start):
            if not (isinstance(node, Group) and node.kind == "("):
                continue
            if node.head == "set" and len(node) >= 3 and node[1] == Atom("Count"):
                value_node = node[2]
                on_board = not any(isinstance(x, Named) and x.name == "at" and _is_hand(x.value)
                                   for x in node[3:])
                counts.append((value_node, on_board))
            elif node.head == "place":
                for x in node[1:]:
                    if isinstance(x, Named) and x.name in ("count", "counts"):
                        value_node = x.value
                        if isinstance(value_node, Group) and value_node.kind == "{" and \
                                len(value_node) == 1:
                            value_node = value_node[0]
                        counts.append((value_node, not _is_hand(node)))
        board_values, hand_values, unknown = [], [], []
        for value_node, on_board in counts:
            value = evaluate(value_node)
            if value is None:
                unknown.append(_text(value_node))
            elif on_board:
                if value not in board_values:
                    board_values.append(value)
            else:
                hand_values.append(value)
        if not counts:
            unknown = [_text(x) for x in _walk(start) if isinstance(x, Open)]
        if unknown:
            open_values.append("counters %s" % ", ".join(unknown))
        if len(board_values) == 1 and not unknown:
            facts["counters_per_hole"] = board_values[0]
            facts["start"] = "%d in each hole" % board_values[0] if not hand_values else \
                "%d in each hole, %s in hand" % (board_values[0], _counts(hand_values))
        elif board_values and not unknown:
            facts["start"] = "uneven: %s counters in the holes" % _counts(board_values)
            if hand_values:
                facts["start"] += ", %s in hand" % _counts(hand_values)
        elif hand_values and not unknown:
            facts["counters_per_hole"] = 0
            facts["start"] = "holes empty; %s in hand" % _counts(hand_values)
    if open_values:
        facts["open"] = "; ".join(open_values)
    if facts:
        facts["from"] = "code"
    return facts


def _counts(values):
    values = list(values)
    if len(values) > 1 and len(set(values)) == 1:
        return "%d each" % values[0]
    return ", ".join(str(v) for v in values)


_BOARD_IN_RULES = re.compile(r"^\s*(?:Played on an? )?(\d+)\s*x\s*(\d+)(?:-\d+)?\s*(?:board|holes)",
                             re.I)


_NUMBER_WORDS = {w: i for i, w in enumerate(
    "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen "
    "fifteen sixteen seventeen eighteen nineteen twenty".split())}
_COUNTERS_IN_RULES = re.compile(
    r"\b(\d+|%s) (?:counters?|seeds?|stones?|pebbles?|beans?) (?:in each|per|in every) hole\b"
    % "|".join(_NUMBER_WORDS), re.I)


def board_from_rules(rules):
    """Rows and holes per row from a rules paraphrase that begins "4x8 board", for boards the
    code does not give as (mancalaBoard ...)."""
    m = _BOARD_IN_RULES.match(rules or "")
    if not m:
        return {}
    return {"rows": int(m.group(1)), "holes_per_row": int(m.group(2)), "from": "rules"}


def counters_from_rules(rules):
    """Counters per hole at the start from a rules paraphrase ("Two counters in each hole")."""
    m = _COUNTERS_IN_RULES.search(rules or "")
    if not m:
        return None
    word = m.group(1).lower()
    return int(word) if word.isdigit() else _NUMBER_WORDS[word]


# --- metadata ----------------------------------------------------------------------------------

def metadata(forms):
    """The (metadata (info {...})) entries: description, aliases, rules, sources, id, version,
    classification, credit, origin, and the rulesets' own (useFor "Ruleset/X" (rules|source|id))."""
    info = {"sources": [], "aliases": [], "variants": []}
    variants = {}
    meta = next(_find(forms, "metadata"), None)
    if meta is None:
        return info
    block = next(_find([meta], "info"), None)
    if block is None:
        return info
    entries = []
    for x in block[1:]:
        entries.extend(x if isinstance(x, Group) and x.kind == "{" else [x])

    def scalar(entry):
        value = entry[1] if len(entry) > 1 else None
        return str(value) if isinstance(value, (Str, Atom)) else None

    for entry in entries:
        if not isinstance(entry, Group) or entry.kind != "(":
            continue
        head = entry.head
        if head == "useFor" and len(entry) >= 3:
            names = entry[1]
            names = [str(n) for n in names] if isinstance(names, Group) else [str(names)]
            inner = entry[2]
            if not isinstance(inner, Group) or inner.head not in ("rules", "source", "id"):
                continue
            for name in names:
                v = variants.setdefault(name, {"name": name, "sources": []})
                value = scalar(inner)
                if value is None:
                    continue
                if inner.head == "source":
                    v["sources"].append(value)
                else:
                    v[inner.head] = value
        elif head == "aliases" and len(entry) > 1 and isinstance(entry[1], Group):
            info["aliases"] = [str(a) for a in entry[1] if isinstance(a, Str)]
        elif head == "source":
            value = scalar(entry)
            if value is not None:
                info["sources"].append(value)
        elif head in ("description", "rules", "id", "version", "classification", "credit",
                      "origin"):
            value = scalar(entry)
            if value is not None:
                info[head] = value
    info["variants"] = list(variants.values())
    return info


class Lud:
    """One .lud file read: its name, metadata and board facts."""

    def __init__(self, name, info, board):
        self.name, self.info, self.board = name, info, board


def read_lud(text):
    """Reads a .lud file's text: the game's name, its metadata and its board facts (from the
    code, expanded with its defines and its options' defaults; else from the rules paraphrase).
    Raises LudError."""
    forms = parse(text)
    options = _options(forms)
    forms = [_substitute_params(f, options) for f in forms]
    defines = _defines(forms)
    game = next((f for f in forms if isinstance(f, Group) and f.head in ("game", "match")), None)
    if game is None or len(game) < 2 or not isinstance(game[1], Str):
        raise LudError("no (game \"NAME\" ...) form")
    info = metadata(forms)
    board = board_facts(expand(game, defines))
    rules = info.get("rules") or next((v["rules"] for v in info["variants"] if "rules" in v), "")
    from_code = set(board) - {"from", "open"}
    from_rules = set()
    if "rows" not in board or "holes_per_row" not in board:
        found = board_from_rules(rules)
        if found:
            board.update(rows=found["rows"], holes_per_row=found["holes_per_row"])
            from_rules |= {"rows", "holes_per_row"}
            from_code -= {"rows", "holes_per_row"}
    if "counters_per_hole" not in board and "start" not in board:
        counters = counters_from_rules(rules)
        if counters is not None:
            board["counters_per_hole"] = counters
            board["start"] = "%d in each hole" % counters
            from_rules |= {"counters_per_hole"}
    if from_rules:
        board["from"] = "rules paraphrase" if not from_code else \
            "code; rules paraphrase for the %s" % " and ".join(
                k.replace("_", " ").replace("counters per hole", "counters")
                .replace("holes per row", "holes") for k in sorted(from_rules, key=_FACT_ORDER.index))
    return Lud(str(game[1]), info, board)


_FACT_ORDER = ["rows", "holes_per_row", "stores", "counters_per_hole"]
