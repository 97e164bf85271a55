#!/usr/bin/env python3
"""Writes docs/coverage.md: which of the DLP's sowing games the rule vocabulary can play, and
which features it would need to play the rest, from

- data/family/features.json: each game's rule features, read from its rules paraphrase and code
  (data/family/README.md describes it);
- data/family/vocabulary.json: the feature vocabulary, each feature with the rule keys that
  express it (or none: missing);
- docs/rules-format.md: the engine's rule keys (the generated "Rule keys" section) and its size
  limit ("at most N holes and M counters in all"), so a feature counts as expressed only while
  its keys exist, and a board counts as playable only within the keys' ranges.

    python3 scripts/coverage.py                 # writes docs/coverage.md
    python3 scripts/coverage.py --check         # exit 1 if docs/coverage.md is not current
    python3 scripts/coverage.py -o FILE         # writes FILE instead

A game is *playable* when every feature it has is expressed and its board and start fit the
ranges; *outside* when it has a feature of the group "outside" (no rules given, more than two
players, not a sowing game); otherwise it *needs* the missing features. Missing features are
counted in units: a feature is one unit (one engine change expresses all its values), or, for
the catch-alls ("other" rules, each a different game's), one unit per value. The greedy order
adds, at each step, the unit that makes the most further games playable; when no single unit
does, the pair (then triple) of units that does, among the units most needed.

Errors in the data (an unknown feature or value, a key the vocabulary cites that the engine no
longer has, a board the annotations do not account for) stop the script with a message naming
the game and the feature. Python 3 standard library only.
"""
import argparse
import itertools
import json
import os
import re
import sys

TOP = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))


class DataError(Exception):
    pass


# ---------------------------------------------------------------------------------------------
# The engine's vocabulary, from the generated key list of docs/rules-format.md


def parse_rules_format(text):
    """{"keys": {key: {"type": ..., "values": [...] or None, "range": (lo, hi) or None}},
    "max_holes": N, "max_counters": M} from the text of docs/rules-format.md."""
    start = text.find("## Rule keys")
    end = text.find("\n## ", start + 1)
    if start < 0 or end < 0:
        raise DataError("docs/rules-format.md: no '## Rule keys' section")
    keys = {}
    for line in text[start:end].splitlines():
        m = re.match(r"- `([a-z_0-9]+): .*\[([^\]]+)\] \(([^)]*)\)`$", line)
        if not m:
            continue
        key, type_ = m.group(1), m.group(2)
        entry = {"type": type_, "values": None, "range": None}
        if type_.startswith("one of: "):
            entry["values"] = type_[len("one of: "):].split("|")
        rm = re.match(r"int (-?\d+)\.\.(-?\d+)$", type_)
        if rm:
            entry["range"] = (int(rm.group(1)), int(rm.group(2)))
        keys[key] = entry
    if not keys:
        raise DataError("docs/rules-format.md: no rule keys in the '## Rule keys' section")
    size = re.search(r"size: at most (\d+) holes and (\d+) counters in all", text)
    if not size:
        raise DataError("docs/rules-format.md: no size limit ('size: at most N holes and M "
                        "counters in all')")
    return {"keys": keys, "max_holes": int(size.group(1)), "max_counters": int(size.group(2))}


def check_key(engine, ref):
    """Whether a vocabulary reference "key" or "key=value" names a key (and value) of the
    engine."""
    key, _, value = ref.partition("=")
    entry = engine["keys"].get(key)
    if entry is None:
        return False
    return not value or (entry["values"] is not None and value in entry["values"])


# ---------------------------------------------------------------------------------------------
# Loading and checking the data


def load_vocabulary(vocab, engine):
    """{feature id: feature} after checking every id is unique and every key it cites exists."""
    features = {}
    for f in vocab["features"]:
        fid = f["id"]
        if fid in features:
            raise DataError("vocabulary.json: %s: defined twice" % fid)
        features[fid] = f
    for fid, f in features.items():
        for e in f.get("expressed", []):
            for ref in e["keys"]:
                if not check_key(engine, ref):
                    raise DataError("vocabulary.json: %s: key %s is not in docs/rules-format.md"
                                    % (fid, ref))
            for need in e.get("with", []):
                if need.partition("=")[0] not in features:
                    raise DataError("vocabulary.json: %s: 'with' names the unknown feature %s"
                                    % (fid, need))
    return features


def feature_refs(game):
    """The game's features as "id" and "id=value" strings."""
    refs = set()
    for f in game["features"]:
        refs.add(f["id"])
        if "value" in f:
            refs.add("%s=%s" % (f["id"], f["value"]))
    return refs


def check_game(key, game, features):
    for f in game["features"]:
        fid = f["id"]
        if fid not in features:
            raise DataError("features.json: %s (%s): unknown feature %s" % (key, game["file"], fid))
        allowed = features[fid].get("values")
        value = f.get("value", "None")
        if allowed and value not in allowed:
            raise DataError("features.json: %s (%s): %s: value %s is not one of %s"
                            % (key, game["file"], fid, value, ", ".join(allowed)))
        if not f.get("phrases"):
            raise DataError("features.json: %s (%s): %s: no phrase" % (key, game["file"], fid))
        for phrase in f["phrases"]:
            if _norm(phrase) not in _norm(game["rules"]):
                raise DataError("features.json: %s (%s): %s: the phrase is not in the rules "
                                "paraphrase: %s" % (key, game["file"], fid, phrase))


def _norm(text):
    return re.sub(r"\s+", " ", text).strip()


# ---------------------------------------------------------------------------------------------
# What each game needs


def expressed(feature, value, refs):
    """True when the vocabulary's keys express this value of the feature in this game (its
    'with' conditions met by the game's other features)."""
    for e in feature.get("expressed", []):
        if e["values"] != "*" and value not in e["values"]:
            continue
        if all(w in refs for w in e.get("with", [])):
            return True
    return False


def unit_of(feature, value):
    return "%s=%s" % (feature["id"], value) if feature["unit"] == "value" else feature["id"]


START_FEATURES = ("start.layout", "start.arranged", "start.in_hand", "start.opening_phase",
                  "start.asymmetric", "start.special_pieces", "start.store_counters")
SHAPE_FEATURES = ("board.rows_3", "board.shape_other")


def board_limits(key, game, engine, outside):
    """The limit units the code's board and start exceed (derived, not annotated). A board or
    start the annotations do not account for is an error, unless the game is outside the
    family anyway."""
    code = game["code"]
    board = code["board"]
    units = []
    if board.get("kind") != "mancalaBoard":
        return units
    rows, holes = board["rows"], board["holes_per_row"]
    refs = feature_refs(game)
    if rows not in (2, 4) and not outside and not any(s in refs for s in SHAPE_FEATURES):
        raise DataError("features.json: %s (%s): the code's board has %d rows and no board "
                        "feature accounts for it" % (key, game["file"], rows))
    keys = engine["keys"]
    lo, hi = keys["holes_per_row"]["range"]
    if holes > hi:
        units.append("limit.holes_per_row")
    if rows in (2, 4) and rows * holes > engine["max_holes"]:
        units.append("limit.total_holes")
    start = code["start"]
    if start.get("status") == "read":
        counts = [start["per_hole"]] if "per_hole" in start else \
            [n for row in start["grid"] for n in row]
        if max(counts) > keys["counters_per_hole"]["range"][1]:
            units.append("limit.counters_per_hole")
        if start["total"] > engine["max_counters"]:
            units.append("limit.total_counters")
        if "grid" in start and not outside and not any(s in refs for s in START_FEATURES):
            raise DataError("features.json: %s (%s): the code's start is uneven and no start "
                            "feature accounts for it" % (key, game["file"]))
    return units


def assess(key, game, features, engine):
    """{"status": playable | needs | outside, "missing": [units], "outside": [reasons]}."""
    refs = feature_refs(game)
    outside, missing = [], []
    for f in game["features"]:
        feature = features[f["id"]]
        value = f.get("value", "None")
        if feature.get("outside"):
            outside.append(unit_of(feature, value) if feature["unit"] == "value" else f["id"])
            continue
        if expressed(feature, value, refs):
            continue
        unit = unit_of(feature, value)
        if unit not in missing:
            missing.append(unit)
    for unit in board_limits(key, game, engine, bool(outside)):
        if unit not in missing:
            missing.append(unit)
    if outside:
        return {"status": "outside", "missing": sorted(missing), "outside": sorted(outside)}
    return {"status": "needs" if missing else "playable", "missing": sorted(missing),
            "outside": []}


# ---------------------------------------------------------------------------------------------
# The greedy order


def greedy(needs, cost=lambda unit: 0, max_group=3, candidates=25):
    """needs: {game key: set of units} for games not yet playable. Returns the steps, each
    {"units": [...], "unlocked": [game keys]}: at each step the single unit that makes the most
    games playable (ties: the cheaper engine change by `cost`, then the unit more games need,
    then the name); when none makes any, the pair or triple among the most needed units that
    does, per unit added."""
    remaining = {k: set(v) for k, v in needs.items() if v}
    chosen = set()
    steps = []
    while remaining:
        demand = {}
        for units in remaining.values():
            for u in units - chosen:
                demand[u] = demand.get(u, 0) + 1
        ranked = sorted(demand, key=lambda u: (-demand[u], u))
        best = None
        for size in range(1, max_group + 1):
            pool = ranked if size == 1 else ranked[:candidates]
            for group in itertools.combinations(pool, size):
                have = chosen | set(group)
                unlocked = sorted(k for k, v in remaining.items() if v <= have)
                if not unlocked:
                    continue
                score = (len(unlocked) / size, -sum(cost(u) for u in group),
                         sum(demand[u] for u in group))
                if best is None or score > best[0]:
                    best = (score, list(group), unlocked)
            if best is not None:
                break
        if best is None:
            break  # the rest need more than max_group units each among the candidates
        _, group, unlocked = best
        chosen |= set(group)
        for k in unlocked:
            del remaining[k]
        steps.append({"units": group, "unlocked": unlocked})
    return steps, remaining


def alone(needs):
    """{unit: [game keys]} of games the unit alone would make playable (their only need)."""
    out = {}
    for key, units in needs.items():
        if len(units) == 1:
            out.setdefault(next(iter(units)), []).append(key)
    return out


# ---------------------------------------------------------------------------------------------
# Rendering


COST_WEIGHT = {"S": 1, "M": 2, "L": 4}


def board_text(game):
    code = game["code"]
    board = code["board"]
    if board.get("kind") != "mancalaBoard":
        return "other"
    text = "%dx%d" % (board["rows"], board["holes_per_row"])
    start = code["start"]
    if start.get("status") == "read":
        text += ", %s" % (start["per_hole"] if "per_hole" in start else "uneven")
        if start.get("hand"):
            text += " + %s in hand" % "/".join(str(n) for n in start["hand"].values())
        text += " (%d)" % start["total"]
    return text


def gaps(game):
    """The clauses a reading must assume: the paraphrase's silences ('unstated') and the
    features it leaves to the players ('agreed', 'unstated' values)."""
    n = len(game.get("unstated", []))
    n += sum(1 for f in game["features"] if f.get("value") in ("unstated", "agreed"))
    return n


def _cell(text):
    return str(text).replace("|", "\\|")


def cost_text(features, unit):
    eng = features.get(unit.partition("=")[0], {}).get("engine")
    return "%s, %s" % (eng["cost"], eng["hot_loop"]) if eng else "?"


def definition_of(features, unit):
    fid, _, value = unit.partition("=")
    f = features.get(fid)
    text = f["definition"] if f else ""
    text = text.split(". ")[0].rstrip(".") + "."
    return text if not value else "%s (%s)" % (text, value)


def render(data, vocab_features, engine, results):
    games = data["games"]
    order = sorted(games, key=lambda k: games[k]["name"].lower())
    playable = [k for k in order if results[k]["status"] == "playable"]
    outside = [k for k in order if results[k]["status"] == "outside"]
    needing = {k: set(results[k]["missing"]) for k in order if results[k]["status"] == "needs"}
    steps, left = greedy(needing, cost=lambda u: COST_WEIGHT.get(
        vocab_features.get(u.partition("=")[0], {}).get("engine", {}).get("cost"), 2))
    by_unit = {}
    for k, units in needing.items():
        for u in units:
            by_unit.setdefault(u, []).append(k)
    solo = alone(needing)

    out = []
    w = out.append
    w("# Coverage: the DLP's sowing games and the rule vocabulary")
    w("")
    w("Generated by `python3 scripts/coverage.py` from `data/family/features.json` (each game's "
      "rule features, read from its rules paraphrase and code), `data/family/vocabulary.json` "
      "(the features and the rule keys that express them) and `docs/rules-format.md` (the "
      "engine's keys and size limit). Do not edit: a test regenerates it and compares.")
    w("")
    w("## Summary")
    w("")
    w("| | games |")
    w("|---|---:|")
    w("| DLP sowing games (`board/sow...`) | %d |" % len(games))
    w("| outside the engine's family (no rules given, more than two players, not sowing) | %d |"
      % len(outside))
    w("| playable with today's vocabulary | %d |" % len(playable))
    w("| in the family, needing features the vocabulary lacks | %d |" % len(needing))
    w("")
    projects = [k for k in playable if games[k].get("project_game")]
    # Rulesets of games the vocabulary cannot yet play in full: each a stated subset of its rules.
    subsets = [k for k in order if games[k].get("project_game") and k not in playable]
    w("Playable now: %s." % ", ".join(
        "%s%s" % (games[k]["name"], " (`%s`)" % games[k]["project_game"]
                  if games[k].get("project_game") else "") for k in playable))
    w("")
    w("The project already ships rulesets for %d of them (the game key in brackets); a "
      "feature marked approximate (`end.stalemate`: a no-progress bound for 'until no capture "
      "is possible' or an agreed end; `cap.extra_hole`: the hole the player chooses, read as the "
      "fullest; `start.arranged`: the players' own arrangement, read as one fixed start) is an "
      "assumption each ruleset must state."
      % len(projects))
    if subsets:
        w("")
        w("It also ships a reading of %d game%s the vocabulary cannot yet play in full, a stated "
          "subset of its rules (its status `reconstructed`): %s." % (
              len(subsets), "" if len(subsets) == 1 else "s",
              ", ".join("%s (`%s`)" % (games[k]["name"], games[k]["project_game"])
                        for k in subsets)))
    w("")
    reasons = {}
    for k in outside:
        for r in results[k]["outside"]:
            reasons.setdefault(r.partition("=")[0], []).append(k)
    w("Outside the family: " + "; ".join(
        "%s %d (%s)" % (r, len(ks), ", ".join(games[k]["name"] for k in ks))
        for r, ks in sorted(reasons.items())) + ".")
    w("")

    w("## Engine limits")
    w("")
    w("Read from each game's code (its default board; many paraphrases allow other sizes, see "
      "the notes in features.json), against the engine's %d holes and %d counters in all and "
      "the key ranges (holes per row %d..%d, counters per hole %d..%d)."
      % (engine["max_holes"], engine["max_counters"], *engine["keys"]["holes_per_row"]["range"],
         *engine["keys"]["counters_per_hole"]["range"]))
    w("")
    w("| limit | games (all) | in the family | games |")
    w("|---|---:|---:|---|")
    for unit in ("limit.holes_per_row", "limit.total_holes", "limit.counters_per_hole",
                 "limit.total_counters"):
        ks = [k for k in order if unit in results[k]["missing"]]
        fam = [k for k in ks if results[k]["status"] != "outside"]
        w("| %s | %d | %d | %s |" % (unit, len(ks), len(fam), ", ".join(
            "%s %s" % (games[k]["name"], board_text(games[k])) for k in ks)))
    over = [k for k in order if games[k]["code"]["start"].get("total", 0) > 255]
    w("")
    w("Totals above 255 (more than 8-bit holes held, issue 21; holes count in 16 bits since issue "
      "37): %d games (%s)."
      % (len(over), ", ".join("%s %d" % (games[k]["name"], games[k]["code"]["start"]["total"])
                             for k in over)))
    w("")

    w("## Greedy order of features to add")
    w("")
    w("Each step adds the feature that makes the most further games playable (between equals, "
      "the cheaper engine change; a group when no single feature does). Starting from %d "
      "playable games." % len(playable))
    w("")
    w("| step | feature | cost, hot-loop risk | makes playable | cumulative | games |")
    w("|---:|---|---|---:|---:|---|")
    total = len(playable)
    for i, step in enumerate(steps, 1):
        total += len(step["unlocked"])
        w("| %d | %s | %s | %d | %d | %s |" % (
            i, " + ".join("`%s`" % u for u in step["units"]),
            "; ".join(cost_text(vocab_features, u) for u in step["units"]),
            len(step["unlocked"]), total,
            ", ".join(sorted(games[k]["name"] for k in step["unlocked"]))))
    if left:
        w("")
        w("Left after these steps (each needs more than three features not yet added): %s."
          % ", ".join(games[k]["name"] for k in sorted(left, key=lambda k: games[k]["name"])))
    w("")

    w("## Missing features")
    w("")
    w("Per missing feature: the games that need it, and those it alone would make playable "
      "(their only missing feature).")
    w("")
    w("| feature | needed by | alone unlocks | definition | engine cost, hot-loop risk |")
    w("|---|---:|---:|---|---|")
    for u in sorted(by_unit, key=lambda u: (-len(solo.get(u, [])), -len(by_unit[u]), u)):
        w("| `%s` | %d | %d | %s | %s |" % (
            u, len(by_unit[u]), len(solo.get(u, [])), _cell(definition_of(vocab_features, u)),
            cost_text(vocab_features, u)))
    w("")

    w("## Per game")
    w("")
    w("'Gaps' counts the clauses a reading must assume: what the paraphrase does not say "
      "(listed under 'unstated' in features.json) and what it leaves to the players (a "
      "direction 'agreed').")
    w("")
    w("| DLP id | game | board (code) | status | gaps | missing features |")
    w("|---|---|---|---|---:|---|")
    for k in order:
        g, r = games[k], results[k]
        status = r["status"]
        if status == "outside":
            detail = ", ".join("`%s`" % u for u in r["outside"])
        else:
            detail = ", ".join("`%s`" % u for u in r["missing"])
        name = g["name"] + (" (`%s`)" % g["project_game"] if g.get("project_game") else "")
        w("| %s | %s | %s | %s | %d | %s |" % (
            g["dlp_id"] or "-", _cell(name), board_text(g), status, gaps(g), detail))
    w("")

    w("## The feature vocabulary")
    w("")
    w("Every feature of `data/family/vocabulary.json`: what it means, the rule keys that "
      "express it today (a value list where only some values are), or the key a proposal "
      "would add, with the engine change's cost (S, M, L) and its risk to the hot loop. 'Per "
      "value': each value is a different rule and counts as a feature of its own above.")
    w("")
    w("| feature | games | definition | expressed by | proposal; engine |")
    w("|---|---:|---|---|---|")
    uses = {}
    for g in games.values():
        for f in g["features"]:
            uses[f["id"]] = uses.get(f["id"], 0) + 1
    for f in vocab_features.values():
        keys = "; ".join("%s%s%s" % (
            "" if e["values"] == "*" else "%s: " % ", ".join(e["values"]),
            ", ".join("`%s`" % k for k in e["keys"]),
            " (with %s)" % ", ".join("`%s`" % x for x in e["with"]) if e.get("with") else "")
            for e in f.get("expressed", []))
        if f.get("outside"):
            keys = "outside the family"
        elif not keys:
            keys = "missing"
        if f.get("approximate"):
            keys += " (approximate: an assumption)"
        eng = f.get("engine")
        plan = "; ".join(x for x in (
            f.get("proposal", ""),
            "%s, %s: %s" % (eng["cost"], eng["hot_loop"], eng.get("notes") or "")
            if eng else "") if x)
        w("| `%s`%s | %s | %s | %s | %s |" % (
            f["id"], " (per value)" if f["unit"] == "value" else "",
            uses.get(f["id"], "derived" if f["id"].startswith("limit.") else 0),
            _cell(f["definition"]), _cell(keys), _cell(plan).rstrip(": ")))
    w("")
    return "\n".join(out)


# ---------------------------------------------------------------------------------------------


def load_json(path):
    try:
        with open(path, encoding="utf-8") as f:
            return json.load(f)
    except ValueError as e:
        raise DataError("%s: not valid JSON: %s" % (os.path.relpath(path, TOP), e))


def build(top=TOP):
    with open(os.path.join(top, "docs", "rules-format.md"), encoding="utf-8") as f:
        engine = parse_rules_format(f.read())
    vocab = load_json(os.path.join(top, "data", "family", "vocabulary.json"))
    data = load_json(os.path.join(top, "data", "family", "features.json"))
    features = load_vocabulary(vocab, engine)
    results = {}
    for key, game in data["games"].items():
        check_game(key, game, features)
        project = game.get("project_game")
        if project and not os.path.isdir(os.path.join(top, "data", "rulesets", project)):
            raise DataError("features.json: %s (%s): project_game %s has no folder in "
                            "data/rulesets" % (key, game["file"], project))
        results[key] = assess(key, game, features, engine)
    return render(data, features, engine, results) + "\n"


def main(argv):
    ap = argparse.ArgumentParser(description="Writes docs/coverage.md from the feature data.")
    ap.add_argument("-o", "--output", default=os.path.join(TOP, "docs", "coverage.md"))
    ap.add_argument("--check", action="store_true",
                    help="compare with the output file instead of writing it")
    args = ap.parse_args(argv[1:])
    try:
        text = build()
    except (DataError, OSError, ValueError, KeyError) as e:
        print("coverage.py: %s" % e, file=sys.stderr)
        return 1
    if args.check:
        try:
            with open(args.output, encoding="utf-8") as f:
                current = f.read()
        except OSError as e:
            print("coverage.py: %s" % e, file=sys.stderr)
            return 1
        if current != text:
            print("coverage.py: %s is not current: run python3 scripts/coverage.py"
                  % args.output, file=sys.stderr)
            return 1
        return 0
    tmp = args.output + ".tmp"
    with open(tmp, "w", encoding="utf-8") as f:
        f.write(text)
    os.replace(tmp, args.output)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
