"""A second implementation of the sowing rules, written from the rules' own words (issue 37).

The engine (simulator/) is one implementation of the rule keys; this is another, written from
their documentation (docs/rules-format.md: each key's meaning, the notes, the captures) and the
texts the rulesets quote, in plain Python and in another shape: holes are named by (owner, row,
column) as a reader names them, the sowing path is walked hole by hole, nothing is precomputed.
replay_test.py has the engine play seeded random games (`mancala trace --format json`) and this
module replay them move by move from its own start, comparing every position: the first that
differs names the ruleset, the game, the ply and the move.

What it covers is what its rulesets use (replay_test.RULESETS); a ruleset using a key it does not
implement is refused by `Rules` with the key's name, never played wrongly.

Names: a position is ("h", owner, row, col) for a hole (row 0 the outer or only row, 1 the inner
row; col 1..N from the owner's left) or ("s", player) for a player's store.
"""

KEY_DEFAULTS_DOC = "docs/rules-format.md"

# Keys whose every value this oracle plays; any other key must keep its default.
SUPPORTED = {
    "rows_per_player", "holes_per_row", "counters_per_hole", "start_layout", "stores",
    "store_side", "direction", "circuit", "first_into_origin", "single_counter_moves_on",
    "skip_origin_on_laps", "min_counters_to_sow", "singletons_last_resort",
    "single_into_empty_only", "relay", "max_sowings_per_move", "store_extra_move",
    "relay_skips_store", "capture_extra_move", "capture", "capture_facing", "capture_fours",
    "fours_scope", "fours_last_to_mover", "capture_empty_facing", "capture_takes_last",
    "capture_counts", "capture_rows", "capture_taker", "capture_chain", "capture_outer",
    "resow_pair_from", "resow_pair_ends_move", "resow_pair_takes", "extra_holes",
    "extra_holes_after", "tuzdyk", "tuzdyk_count",
    "tuzdyk_forbid_last_hole", "tuzdyk_symmetry", "opening_captures", "must_feed", "grand_slam",
    "no_move", "end_on_majority", "end_on_empty_side", "empty_side_wins", "end_on_captures",
    "end_on_singletons", "end_when_left", "no_progress_turns", "max_plies", "match",
    "max_rounds", "stop_after_rounds", "refill_from", "burn_unfilled", "remainder",
    "next_starter", "match_end", "turns", "opening_hole", "opening_holes", "opening_for",
    "direction",
}


class Unsupported(Exception):
    """A ruleset using a rule this oracle does not play."""


def read_defaults(doc_text):
    """Each rule key's default, from the key list of docs/rules-format.md."""
    import json
    import re
    defaults = {}
    for line in doc_text.splitlines():
        m = re.match(r"^- `([a-z_0-9]+): .*\((.*)\)`$", line)
        if m:
            defaults[m.group(1)] = json.loads(m.group(2))
    return defaults


class Rules:
    """A ruleset's keys (the standalone form `mancala rules show ID --format json` prints)."""

    def __init__(self, document, defaults):
        self.id = document.get("exported_from", {}).get("id", "?")
        keys = dict(defaults)
        keys.update(document["rules"])
        for key, value in keys.items():
            if key not in SUPPORTED and value != defaults.get(key):
                raise Unsupported("%s: %s = %r is not played by the oracle" % (self.id, key, value))
        if keys["turns"] != "alternating":
            raise Unsupported("%s: only alternating turns" % self.id)
        self.k = keys
        self.rows = keys["rows_per_player"]
        self.n = keys["holes_per_row"]
        self.side = self.rows * self.n
        if keys["start_layout"]:
            layout = keys["start_layout"]
            total = sum(layout) * (2 if len(layout) == self.side else 1)
        else:
            total = 2 * self.side * keys["counters_per_hole"]
        self.total = total

    def __getitem__(self, key):
        return self.k[key]


class Board:
    """Geometry: the holes, each player's sowing path, the facing holes."""

    def __init__(self, rules):
        self.r = rules
        n, rows = rules.n, rules.rows
        self.holes = [("h", p, row, col) for p in (0, 1) for row in range(rows)
                      for col in range(1, n + 1)]
        self.paths = {}
        for p in (0, 1):
            self.paths[p] = self._anticlockwise(p)

    def own_side(self, p):
        """Player p's holes, as his sowing path meets them going anticlockwise."""
        n = self.r.n
        out = [("h", p, 0, c) for c in range(1, n + 1)]
        if self.r.rows == 2:
            out += [("h", p, 1, c) for c in range(n, 0, -1)]
        return out

    def store_side(self):
        side = self.r["store_side"]
        if side == "after_row":
            return "left" if self.r["direction"] == "clockwise" else "right"
        return side

    def _anticlockwise(self, p):
        """The cycle player p sows round going anticlockwise (his row from his left to his right)."""
        path = list(self.own_side(p))
        if self.r["circuit"] == "whole_board":
            sown = self.r["stores"] == "sown"
            # His store at his right follows his row; at his left it follows the opponent's row,
            # whose last hole (the opponent's right) is at his left.
            if sown and self.store_side() == "right":
                path.append(("s", p))
            path += self.own_side(1 - p)
            if sown and self.store_side() == "left":
                path.append(("s", p))
        return path

    def successor(self, p, pos, clockwise):
        path = self.paths[p]
        i = path.index(pos)
        return path[(i - 1) % len(path)] if clockwise else path[(i + 1) % len(path)]

    def on_path(self, p, pos):
        return pos in self.paths[p]

    def facing(self, pos):
        """The opponent's hole across the board (on four rows, his inner hole)."""
        _, p, row, col = pos
        return ("h", 1 - p, 1 if self.r.rows == 2 else 0, self.r.n + 1 - col)

    def facing_outer(self, pos):
        _, p, row, col = pos
        return ("h", 1 - p, 0, self.r.n + 1 - col)

    def end_hole(self, pos):
        return pos[3] <= 2 or pos[3] >= self.r.n - 1


class Position:
    def __init__(self, board):
        self.b = board
        self.holes = {h: 0 for h in board.holes}
        self.stores = [0, 0]
        self.sinks = {}  # hole -> the player who takes what falls in (tuzdyk)
        self.tuzdyk = [None, None]
        self.out = set()  # holes out of play
        self.aside = [0, 0]
        self.to_move = 0
        self.over = False
        self.winner = None  # 0, 1, "draw"
        self.end = "none"
        self.ply = 0
        self.quiet = 0
        self.round = 0

    def copy(self):
        other = Position.__new__(Position)
        other.__dict__ = dict(self.__dict__)
        other.holes = dict(self.holes)
        other.stores = list(self.stores)
        other.sinks = dict(self.sinks)
        other.tuzdyk = list(self.tuzdyk)
        other.out = set(self.out)
        other.aside = list(self.aside)
        return other


class Move:
    """What one move did, for the rules that judge a move by it."""

    def __init__(self):
        self.captured = 0  # by the mover
        self.other = 0  # gained by the other player
        self.by_rule = 0
        self.extra = False
        self.sowings = 1
        self.bound = False


class Game:
    def __init__(self, rules):
        self.r = rules
        self.b = Board(rules)

    # --- the start ---

    def start(self):
        s = Position(self.b)
        layout = self.r["start_layout"]
        for p in (0, 1):
            for i, h in enumerate(self.b.own_side(p)):
                if not layout:
                    s.holes[h] = self.r["counters_per_hole"]
                elif len(layout) == self.r.side:
                    s.holes[h] = layout[i]
                else:
                    s.holes[h] = layout[p * self.r.side + i]
        return s

    # --- moves ---

    def step(self, s, p, pos, clockwise, origin=None):
        """The next position of p's path in play (holes out of play are skipped)."""
        while True:
            pos = self.b.successor(p, pos, clockwise)
            if pos[0] == "h" and pos in s.out:
                continue
            if origin is not None and pos == origin:
                continue
            return pos

    def clockwise(self):
        return self.r["direction"] == "clockwise"

    def playable(self, s, p):
        holes = [h for h in self.b.own_side(p)
                 if h not in s.out and h not in s.sinks
                 and s.holes[h] >= self.r["min_counters_to_sow"]]
        if self.r["singletons_last_resort"]:
            multi = [h for h in holes if s.holes[h] >= 2]
            if multi:
                holes = multi
        if self.r["single_into_empty_only"]:
            def fine(h):
                if s.holes[h] != 1:
                    return True
                nxt = self.b.successor(p, h, self.clockwise())
                return nxt[0] == "h" and s.holes[nxt] == 0
            holes = [h for h in holes if fine(h)]
        return holes

    def first_move(self, s):
        return s.ply < 2

    def legal(self, s, p):
        """p's legal moves, as holes of his side."""
        if s.over:
            return []
        holes = self.playable(s, p)
        opening_move = (s.ply == 0 if self.r["opening_for"] == "first_player"
                        else self.first_move(s))
        side = self.b.own_side(p)
        if self.r["opening_hole"] and opening_move:
            h = side[self.r["opening_hole"] - 1]
            if s.holes[h] > 0 and h not in s.out:
                return [h]
        if self.r["opening_holes"] and opening_move:
            named = [side[i - 1] for i in self.r["opening_holes"]]
            if any(h in named for h in holes):
                holes = [h for h in holes if h in named]
        feed = self.r["must_feed"]
        slam = self.r["grand_slam"] == "forbidden"
        if feed == "none" and not slam:
            return holes
        q = 1 - p
        opp_empty = all(s.holes[h] == 0 for h in self.b.own_side(q))
        feeding = feed == "always" or (feed == "when_empty" and opp_empty)
        slam = slam and not opp_empty
        if not feeding and not slam:
            return holes
        tried = []
        for h in holes:
            t = s.copy()
            fx = self.sow_move(t, p, h)
            fed = bool(self.playable(t, q))
            slams = fx.by_rule > 0 and all(t.holes[x] == 0 for x in self.b.own_side(q))
            tried.append((h, fed, slams))
        keep_unfed = not feeding or (feed == "always" and not any(f for _, f, _ in tried))
        kept = [(h, sl) for h, f, sl in tried if keep_unfed or f]
        if slam and any(not sl for _, sl in kept):
            kept = [(h, sl) for h, sl in kept if not sl]
        return [h for h, _ in kept]

    def drop(self, s, pos, p, fx):
        """One counter into pos: a store or a sink is its owner's, a hole holds it."""
        taker = pos[1] if pos[0] == "s" else s.sinks.get(pos)
        if taker is None:
            s.holes[pos] += 1
            return
        s.stores[taker] += 1
        if taker == p:
            fx.captured += 1
        else:
            fx.other += 1

    def fours_taker(self, pos, p):
        scope = self.r["fours_scope"]
        owner = pos[1]
        if scope == "both_rows":
            return owner
        if scope == "mover_row":
            return p if owner == p else None
        if scope == "mover":
            return p
        return p if owner != p else None  # mover_opponent_row

    def take(self, s, pos, taker):
        if pos[0] != "h" or pos in s.out:
            return 0
        n = s.holes[pos]
        s.holes[pos] = 0
        s.stores[taker] += n
        return n

    def sow(self, s, p, origin, count, into_origin, clockwise, fx, sown, skip_from=None):
        """Sows `count` counters from `origin` (already emptied); returns the last position."""
        pos = origin
        skip = origin if skip_from is not None else None
        for i in range(count):
            if i == 0 and into_origin:
                pos = origin
            else:
                pos = self.step(s, p, pos, clockwise, skip)
            self.drop(s, pos, p, fx)
            if pos[0] == "h":
                sown.append(pos)
            if self.r["capture_fours"] == "instant" and pos[0] == "h" and pos not in s.sinks \
                    and s.holes[pos] == 4:
                taker = self.fours_taker(pos, p)
                if taker is not None:
                    if i == count - 1 and self.r["fours_last_to_mover"]:
                        taker = p
                    got = self.take(s, pos, taker)
                    if taker == p:
                        fx.captured += got
                    else:
                        fx.other += got
        return pos

    def sow_move(self, s, p, hole):
        """The move from `hole`: every sowing of it and its capture."""
        fx = Move()
        r = self.r
        clockwise = self.clockwise()
        count = s.holes[hole]
        s.holes[hole] = 0
        into = r["first_into_origin"] and not (count == 1 and r["single_counter_moves_on"])
        origin = hole
        first_sown = hole if into else self.step(s, p, hole, clockwise)
        sown = []
        last_sowing = False
        resows = 0
        skip = origin if r["skip_origin_on_laps"] else None
        while True:
            last = self.sow(s, p, origin, count, into, clockwise, fx, sown, skip)
            if last_sowing:
                break
            # "If the last counter falls into his own store, he moves again."
            if r["store_extra_move"] and last == ("s", p):
                fx.extra = True
                break
            relay = r["relay"]
            nxt = None
            empty_next = None
            if relay == "next_hole":
                cand = self.step(s, p, last, clockwise)
                if cand[0] == "s":
                    if not r["relay_skips_store"]:
                        empty_next = cand
                    else:
                        cand = self.step(s, p, cand, clockwise)
                if empty_next is None:
                    if s.holes[cand] == 0:
                        empty_next = cand
                    else:
                        nxt = cand
            elif relay == "facing_hole":
                if last[0] == "h":
                    f = self.b.facing(last)
                    if s.holes[f] == 0 or f in s.out:
                        empty_next = f
                    else:
                        nxt = f
            elif relay == "landing_hole":
                if last[0] == "h" and last not in s.sinks and s.holes[last] > 1:
                    capturable = r["capture"] == "count" and self.count_capturable(s, p, last)
                    if not capturable:
                        nxt = last
            if nxt is not None:
                if fx.sowings >= r["max_sowings_per_move"]:
                    fx.bound = True
                    break
                fx.sowings += 1
                if r["capture"] == "resow_opposite_pair" and relay == "landing_hole":
                    got = self.resow_pair(s, p, last, origin, first_sown, resows)
                    if got:
                        resows += 1
                        fx.captured += got
                        fx.by_rule += got
                        last_sowing = r["resow_pair_ends_move"]
                        if r["resow_pair_from"] == "after_last":
                            # Hus (Damara): from the hole after the capturing one, which keeps
                            # its counters.
                            origin, count, into = last, got, False
                            first_sown = self.step(s, p, last, clockwise)
                            continue
                        start = origin if r["resow_pair_from"] == "origin" else first_sown
                        origin, count, into = start, got, True
                        first_sown = start
                        continue
                count = s.holes[nxt]
                s.holes[nxt] = 0
                origin, into = nxt, False
                first_sown = self.step(s, p, nxt, clockwise)
                skip = origin if r["skip_origin_on_laps"] else None
                continue
            self.capture(s, p, last, empty_next, origin, sown, fx, clockwise)
            break
        if fx.bound:
            pass
        if r["capture_fours"] in ("end_of_turn", "end_of_turn_sown"):
            for h in self.b.holes:
                if s.holes[h] != 4 or h in s.sinks:
                    continue
                if r["capture_fours"] == "end_of_turn_sown" and h not in sown:
                    continue
                taker = self.fours_taker(h, p)
                if taker is None:
                    continue
                got = self.take(s, h, taker)
                if taker == p:
                    fx.captured += got
                else:
                    fx.other += got
        return fx

    def resow_pair(self, s, p, last, origin, first_sown, resows):
        """Otep: "When the final counter falls into an occupied hole in the player's inner row and
        both of the opposite holes on the opponent's side of the board are occupied, the counters
        in the opposite holes are captured and sown"."""
        r = self.r
        if last[1] != p or last[2] != 1:
            return 0
        if r["opening_captures"] >= 0 and resows >= r["opening_captures"] and self._first:
            return 0
        ref = origin if r["capture_facing"] == "origin_hole" else last
        inner, outer = self.b.facing(ref), self.b.facing_outer(ref)
        # resow_pair_takes (issue 38): both facing holes must hold counters, or the inner alone
        # (the outer one taken with it when it holds any).
        if s.holes[inner] == 0:
            return 0
        if s.holes[outer] == 0 and r["resow_pair_takes"] == "both_occupied":
            return 0
        got = s.holes[inner] + s.holes[outer]
        s.holes[inner] = s.holes[outer] = 0
        return got

    def count_capturable(self, s, p, pos):
        r = self.r
        if pos[0] != "h" or pos in s.sinks or pos in s.out:
            return False
        n = s.holes[pos]
        counts = r["capture_counts"]
        ok = n > 0 and (n in counts or ("even" in counts and n % 2 == 0)
                        or ("odd" in counts and n % 2 == 1))
        if not ok:
            return False
        rows = r["capture_rows"]
        if rows == "opponent":
            return pos[1] != p
        if rows == "own":
            return pos[1] == p
        return True

    def capture(self, s, p, last, empty_next, origin, sown, fx, clockwise):
        r = self.r
        if r["opening_captures"] == 0 and self._first:
            return
        before = fx.captured
        kind = r["capture"]
        hole = last[0] == "h"

        def take_for(pos, taker=p):
            got = self.take(s, pos, taker)
            if taker == p:
                fx.captured += got
            else:
                fx.other += got
            return got

        if kind == "even_in_opponent_row":
            # "If the last ball falls into a hole on the opponent's side, and the contents of this
            # hole become an even number of balls, these are captured."
            if hole and last[1] != p and last not in s.sinks:
                n = s.holes[last]
                if n % 2 == 0:
                    take_for(last)
                elif (r["tuzdyk"] and n == r["tuzdyk_count"] and s.tuzdyk[p] is None
                      and not (r["tuzdyk_forbid_last_hole"] and last[3] == r.n)):
                    theirs = s.tuzdyk[1 - p]
                    banned = False
                    if theirs is not None:
                        sym = r["tuzdyk_symmetry"]
                        if sym == "same_number" and theirs[3] == last[3]:
                            banned = True
                        if sym == "opposite" and self.b.facing(theirs) == last:
                            banned = True
                    if not banned:
                        take_for(last)
                        s.sinks[last] = p
                        s.tuzdyk[p] = last
        elif kind == "after_empty_next":
            if empty_next is not None:
                take_for(self.step(s, p, empty_next, False))
        elif kind == "opposite_empty_next":
            if empty_next is not None and empty_next[0] == "h":
                take_for(self.b.facing(empty_next))
        elif kind == "opposite_last_in_own_row":
            if hole and last[1] == p:
                take_for(self.b.facing(origin if r["capture_facing"] == "origin_hole" else last))
        elif kind in ("empty_own_hole", "empty_hole"):
            # Kalah: a last counter in an empty hole of his own row takes it and the facing hole.
            if hole and last not in s.sinks and s.holes[last] == 1 and \
                    (kind == "empty_hole" or last[1] == p):
                f = self.b.facing(last)
                if s.holes[f] > 0 or r["capture_empty_facing"]:
                    take_for(f)
                    if r["capture_takes_last"]:
                        take_for(last)
        elif kind == "count":
            if self.count_capturable(s, p, last):
                self._take_counted(s, p, last, fx)
                chain = r["capture_chain"]
                for forward in (False, True):
                    if chain == "none" or (chain == "back" and forward) or \
                            (chain == "forward" and not forward):
                        continue
                    direction = clockwise if forward else not clockwise
                    pos = self.b.successor(p, last, direction)
                    while self.count_capturable(s, p, pos):
                        self._take_counted(s, p, pos, fx)
                        pos = self.b.successor(p, pos, direction)
        elif kind == "count_sown_holes":
            # "Any piles that now contain 2, 4, or 6 counters are captured": this sowing's holes.
            for pos in self._last_sowing_holes(sown):
                if self.count_capturable(s, p, pos):
                    self._take_counted(s, p, pos, fx)
        elif kind == "inner_facing":
            if hole and last[1] == p and last[2] == 1:
                inner = take_for(self.b.facing(last))
                outer_rule = r["capture_outer"]
                outer = 0
                if outer_rule == "always" or (outer_rule == "after_inner" and inner > 0):
                    outer = take_for(self.b.facing_outer(last))
                # extra_holes (issue 38): after the capture (after both facing holes were taken,
                # with double_capture) the mover takes that many other holes of the opponent,
                # each the fullest left, between equals the first along the opponent's path.
                if r["extra_holes_after"] == "double_capture":
                    earned = inner > 0 and outer > 0
                else:
                    earned = inner + outer > 0
                for _ in range(r["extra_holes"] if earned else 0):
                    held = [h for h in self.b.own_side(1 - p)
                            if h not in s.sinks and h not in s.out and s.holes[h] > 0]
                    if not held:
                        break
                    take_for(max(held, key=lambda h: s.holes[h]))
        elif kind == "next_after_empty":
            if hole and last not in s.sinks and s.holes[last] == 1:
                take_for(self.step(s, p, last, clockwise))
        gained = fx.captured - before
        fx.by_rule += gained
        if r["capture_extra_move"] and gained > 0:
            fx.extra = True

    def _last_sowing_holes(self, sown):
        # The holes of the capturing sowing alone: this oracle supports count_sown_holes only
        # without relay, so every hole sown by the move is one.
        seen, out = set(), []
        for h in sown:
            if h not in seen:
                seen.add(h)
                out.append(h)
        return out

    def _take_counted(self, s, p, pos, fx):
        taker = pos[1] if self.r["capture_taker"] == "owner" else p
        got = self.take(s, pos, taker)
        if taker == p:
            fx.captured += got
        else:
            fx.other += got

    # --- a whole turn ---

    def has_move(self, s, p):
        return bool(self.legal(s, p))

    def side_empty(self, s, p):
        return all(s.holes[h] == 0 for h in self.b.own_side(p))

    def owners_take(self, s, end="rule"):
        for h in self.b.holes:
            if h not in s.out:
                s.stores[h[1]] += s.holes[h]
                s.holes[h] = 0
        self.end_round(s, end)

    def end_round(self, s, end):
        s.over = True
        s.end = end
        if end == "safety_bound":
            s.winner = None
        elif s.winner is None:
            a = s.stores[0] + s.aside[0]
            b = s.stores[1] + s.aside[1]
            s.winner = 0 if a > b else 1 if b > a else "draw"

    def play(self, s, hole):
        """The player to move plays `hole`: the move, then the end of the turn and of the round."""
        r = self.r
        p = s.to_move
        self._first = self.first_move(s)
        fx = self.sow_move(s, p, hole)
        gained = fx.captured + fx.other
        if r["end_when_left"] > 0 and gained > 0:
            on_board = sum(s.holes.values())
            if on_board + gained <= r["end_when_left"]:
                taker = p if fx.captured > 0 else 1 - p
                for h in self.b.holes:
                    self.take(s, h, taker)
                s.ply += 1
                s.quiet = 0
                self.end_round(s, "rule")
                return fx
        s.ply += 1
        s.quiet = 0 if gained > 0 else s.quiet + 1
        if self.ended_by_rule(s):
            return fx
        if not (fx.extra and self.has_move(s, p)):
            s.to_move = 1 - p
        q = s.to_move
        if not self.has_move(s, q):
            if self.playable(s, q):
                self.owners_take(s)  # must feed when_empty: nobody can feed him
                return fx
            no_move = r["no_move"]
            if no_move == "end_owners_take_rows":
                self.owners_take(s)
                return fx
            if no_move == "end_mover_loses":
                s.winner = 1 - q
                self.end_round(s, "rule")
                return fx
            if not self.has_move(s, 1 - q):  # pass
                self.owners_take(s)
                return fx
            s.to_move = 1 - q
        if s.ply >= r["max_plies"]:
            self.end_round(s, "safety_bound")
        return fx

    def ended_by_rule(self, s):
        r = self.r
        if r["end_on_majority"] and 2 * max(s.stores) > r.total:
            self.end_round(s, "rule")
            return True
        if r["no_progress_turns"] > 0 and s.quiet >= r["no_progress_turns"]:
            self.owners_take(s, "no_progress")
            return True
        if r["end_on_empty_side"] and (self.side_empty(s, 0) or self.side_empty(s, 1)):
            if r["empty_side_wins"]:
                mover = s.to_move
                s.winner = mover if self.side_empty(s, mover) else 1 - mover
                self.end_round(s, "rule")
            else:
                self.owners_take(s)
            return True
        if r["end_on_singletons"] and all(v <= 1 for v in s.holes.values()):
            self.owners_take(s)
            return True
        if r["end_on_captures"] > 0 and max(s.stores) >= r["end_on_captures"]:
            both = min(s.stores) >= r["end_on_captures"]
            if not both:
                s.winner = 0 if s.stores[0] >= r["end_on_captures"] else 1
            self.end_round(s, "rule")
            return True
        return False

    # --- rounds of a match ---

    def close_round(self, s):
        """What each player holds when a round is over: his store, what he set aside and, in a
        match, the counters still in his own holes."""
        held = [s.stores[p] + s.aside[p] for p in (0, 1)]
        for h in self.b.holes:
            held[h[1]] += s.holes[h]
        return held

    def deal(self, holdings, starter, previous_winner):
        """A new round dealt from the holdings: each fills his holes with counters_per_hole from
        the end refill_from names, the unfilled leave play (burn_unfilled), remainders as
        `remainder` says."""
        r = self.r
        s = Position(self.b)
        c = r["counters_per_hole"]
        for p in (0, 1):
            order = list(self.b.own_side(p))
            if r["refill_from"] == "right":
                order.reverse()
            have = holdings[p]
            full, rem = divmod(have, c)
            if full >= len(order):
                for h in order:
                    s.holes[h] = c
                s.aside[p] = have - len(order) * c
                continue
            i = 0
            if rem and r["remainder"] == "first_hole":
                s.holes[order[i]] = rem
                i += 1
            for _ in range(full):
                s.holes[order[i]] = c
                i += 1
            if rem and r["remainder"] == "next_hole":
                s.holes[order[i]] = rem
                i += 1
            if rem and r["remainder"] == "set_aside":
                s.aside[p] = rem
            if r["burn_unfilled"]:
                for h in order[i:]:
                    s.out.add(h)
        s.to_move = starter
        if not self.has_move(s, starter):
            if self.has_move(s, 1 - starter):
                s.to_move = 1 - starter
            else:
                self.owners_take(s)
        return s

    def next_starter(self, first_starter, previous_starter, winner):
        how = self.r["next_starter"]
        if how == "previous_winner" and winner in (0, 1):
            return winner
        if how == "previous_loser" and winner in (0, 1):
            return 1 - winner
        if how == "same":
            return first_starter
        return 1 - previous_starter
