"""scripts/coverage.py and the family data (issue 25: "docs/coverage.md is generated and
current"; every game of the corpus annotated, every phrase the paraphrase's, every key a
feature cites the engine's).

Run: python3 -m unittest discover -s tests/scripts -p '*_test.py' (CTest runs it)."""
import copy
import json
import os
import sys
import unittest

TOP = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
sys.path.insert(0, os.path.join(TOP, "scripts"))

import coverage as C  # noqa: E402
import lud_reader as L  # noqa: E402

DOC = """# Ruleset format

## Rule keys

### board

- `holes_per_row: holes in each row [int 2..16] (9)`
- `counters_per_hole: counters in each hole at the start [int 1..20] (9)`
- `capture: the capture made when a move ends [one of: none|empty_own_hole] ("none")`
- `capture_empty_facing: the capture is made even when the facing hole is empty [bool] (false)`

## Refused combinations

- size: at most 32 holes and 510 counters in all.
"""


def load(path):
    with open(os.path.join(TOP, path), encoding="utf-8") as f:
        return f.read()


def game(features, rules="Two rows of six. Last in an empty hole takes the opposite.",
         rows=2, holes=6, start=None):
    return {"file": "G.lud", "name": "G", "dlp_id": "1", "rules": rules,
            "features": features,
            "code": {"board": {"kind": "mancalaBoard", "rows": rows, "holes_per_row": holes,
                               "stores": False},
                     "start": start or {"status": "read", "per_hole": 4,
                                        "total": 4 * rows * holes}}}


VOCAB = {"schema": 1, "features": [
    {"id": "cap.empty_facing", "group": "capture", "definition": "x.",
     "values": ["own_with_last", "own_facing_only"],
     "expressed": [{"values": ["own_with_last"], "keys": ["capture=empty_own_hole"]}],
     "unit": "feature"},
    {"id": "cap.other", "group": "capture", "definition": "x.", "expressed": [],
     "unit": "value"},
    {"id": "start.layout", "group": "start", "definition": "x.", "expressed": [],
     "unit": "feature"},
    {"id": "x.rules_unknown", "group": "outside", "definition": "x.", "expressed": [],
     "unit": "feature", "outside": True},
]}


class RulesFormat(unittest.TestCase):
    def test_keys_types_ranges_and_the_size_limit(self):
        engine = C.parse_rules_format(DOC)
        self.assertEqual(engine["keys"]["holes_per_row"]["range"], (2, 16))
        self.assertEqual(engine["keys"]["capture"]["values"], ["none", "empty_own_hole"])
        self.assertEqual(engine["keys"]["capture_empty_facing"]["type"], "bool")
        self.assertEqual((engine["max_holes"], engine["max_counters"]), (32, 510))
        self.assertTrue(C.check_key(engine, "capture=empty_own_hole"))
        self.assertTrue(C.check_key(engine, "capture_empty_facing"))
        self.assertFalse(C.check_key(engine, "capture=count_in_set"))
        self.assertFalse(C.check_key(engine, "must_feed"))

    def test_a_doc_without_the_size_limit_is_an_error(self):
        with self.assertRaisesRegex(C.DataError, "no size limit"):
            C.parse_rules_format(DOC.replace("at most 32 holes", "at most some holes"))

    def test_the_projects_doc_parses_with_every_key(self):
        engine = C.parse_rules_format(load("docs/rules-format.md"))
        self.assertIn("relay", engine["keys"])
        self.assertEqual(engine["keys"]["rows_per_player"]["range"], (1, 2))


class Vocabulary(unittest.TestCase):
    def test_a_key_the_engine_lacks_is_named(self):
        vocab = copy.deepcopy(VOCAB)
        vocab["features"][0]["expressed"][0]["keys"] = ["capture=count_in_set"]
        with self.assertRaises(C.DataError) as e:
            C.load_vocabulary(vocab, C.parse_rules_format(DOC))
        self.assertEqual(str(e.exception), "vocabulary.json: cap.empty_facing: key "
                         "capture=count_in_set is not in docs/rules-format.md")

    def test_every_key_of_the_projects_vocabulary_is_in_the_doc(self):
        engine = C.parse_rules_format(load("docs/rules-format.md"))
        features = C.load_vocabulary(json.loads(load("data/family/vocabulary.json")), engine)
        self.assertGreater(len(features), 80)


class Assess(unittest.TestCase):
    def setUp(self):
        self.engine = C.parse_rules_format(DOC)
        self.features = C.load_vocabulary(VOCAB, self.engine)

    def assess(self, g):
        C.check_game("1", g, self.features)
        return C.assess("1", g, self.features, self.engine)

    def test_an_expressed_value_is_playable_and_a_missing_one_is_its_features_unit(self):
        phrase = "Last in an empty hole takes the opposite."
        ok = game([{"id": "cap.empty_facing", "value": "own_with_last", "phrases": [phrase]}])
        self.assertEqual(self.assess(ok), {"status": "playable", "missing": [], "outside": []})
        no = game([{"id": "cap.empty_facing", "value": "own_facing_only", "phrases": [phrase]},
                   {"id": "cap.other", "value": "a", "phrases": [phrase]}])
        self.assertEqual(self.assess(no)["missing"], ["cap.empty_facing", "cap.other=a"])

    def test_an_outside_feature_puts_the_game_outside(self):
        g = game([{"id": "x.rules_unknown", "phrases": ["Two rows of six."]}])
        self.assertEqual(self.assess(g)["status"], "outside")

    def test_the_limits_come_from_the_codes_board_and_start(self):
        phrase = "Last in an empty hole takes the opposite."
        feats = [{"id": "cap.empty_facing", "value": "own_with_last", "phrases": [phrase]}]
        # 2x20: 20 holes per row > 16, 40 holes > 32.
        self.assertEqual(self.assess(game(feats, holes=20))["missing"],
                         ["limit.holes_per_row", "limit.total_holes"])
        # 21 counters per hole > 20; 2x12 of 22 = 528 > 510 counters.
        start = {"status": "read", "per_hole": 22, "total": 528}
        self.assertEqual(self.assess(game(feats, holes=12, start=start))["missing"],
                         ["limit.counters_per_hole", "limit.total_counters"])

    def test_an_uneven_start_needs_a_start_feature(self):
        phrase = "Last in an empty hole takes the opposite."
        start = {"status": "read", "grid": [[0, 4], [4, 0]], "total": 8}
        g = game([{"id": "cap.empty_facing", "value": "own_with_last", "phrases": [phrase]}],
                 holes=2, start=start)
        with self.assertRaisesRegex(C.DataError, "1 \\(G.lud\\): the code's start is uneven"):
            self.assess(g)
        g["features"].append({"id": "start.layout", "phrases": ["Two rows of six."]})
        self.assertEqual(self.assess(g)["missing"], ["start.layout"])

    def test_a_phrase_must_be_the_paraphrases_and_a_value_allowed(self):
        g = game([{"id": "cap.empty_facing", "value": "own_with_last",
                   "phrases": ["Last in a full hole."]}])
        with self.assertRaisesRegex(C.DataError, "cap.empty_facing: the phrase is not in the "
                                                 "rules paraphrase: Last in a full hole."):
            self.assess(g)
        g = game([{"id": "cap.empty_facing", "value": "any", "phrases": ["Two rows of six."]}])
        with self.assertRaisesRegex(C.DataError, "value any is not one of"):
            self.assess(g)


class Greedy(unittest.TestCase):
    def test_hand_computed_order(self):
        # a and b each unlock one game alone and are each needed by two: a (name) first; then
        # b unlocks g2 and g3; no single unit unlocks g4, the pair c + d does.
        needs = {"g1": {"a"}, "g2": {"a", "b"}, "g3": {"b"}, "g4": {"c", "d"}}
        steps, left = C.greedy(needs)
        self.assertEqual([(s["units"], s["unlocked"]) for s in steps],
                         [(["a"], ["g1"]), (["b"], ["g2", "g3"]), (["c", "d"], ["g4"])])
        self.assertEqual(left, {})
        self.assertEqual(C.alone(needs), {"a": ["g1"], "b": ["g3"]})

    def test_between_equal_steps_the_cheaper_change_comes_first(self):
        needs = {"g1": {"a"}, "g2": {"b"}}
        steps, _ = C.greedy(needs, cost={"a": 4, "b": 1}.get)
        self.assertEqual([s["units"] for s in steps], [["b"], ["a"]])
        steps, _ = C.greedy(needs)
        self.assertEqual([s["units"] for s in steps], [["a"], ["b"]])

    def test_games_needing_more_than_the_largest_group_are_left(self):
        steps, left = C.greedy({"g": {"a", "b", "c", "d"}}, max_group=3)
        self.assertEqual(steps, [])
        self.assertEqual(set(left), {"g"})


class TheProjectsData(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.data = json.loads(load("data/family/features.json"))
        cls.doc = load("docs/coverage.md")

    def test_docs_coverage_md_is_current(self):
        self.assertEqual(C.build(TOP), self.doc,
                         "docs/coverage.md is not current: run python3 scripts/coverage.py")

    def test_every_game_of_the_corpus_is_annotated_and_listed(self):
        games = self.data["games"]
        self.assertEqual(len(games), 249)
        self.assertEqual(len({g["file"] for g in games.values()}), 249)
        for key, g in games.items():
            self.assertTrue(g["features"], "%s (%s) has no features" % (key, g["file"]))
            self.assertIn("| %s | %s" % (g["dlp_id"] or "-", g["name"]), self.doc, g["file"])

    def test_what_was_read_from_the_code_is_what_the_reader_reads(self):
        dlp = L.find_dlp_dir(TOP)
        if not dlp:
            self.skipTest("no copy of the DLP game database (set MANCALA_DLP_DIR)")
        facts = L.corpus_facts(dlp)
        self.assertEqual(set(facts), set(self.data["games"]))
        for key, fact in facts.items():
            entry = self.data["games"][key]
            for field in L.FACT_FIELDS:
                self.assertEqual(entry[field], fact[field], "%s: %s" % (fact["file"], field))


if __name__ == "__main__":
    unittest.main()
