"""scripts/lud_reader.py: the .lud reader on snippets, including the irregular forms of the DLP
corpus (options, defines, stores, hands, coordinates), and on the corpus itself where the copy
of the DLP database is present (issue 25: "the code's board and start can be read
automatically").

Run: python3 -m unittest discover -s tests/scripts -p '*_test.py' (CTest runs it)."""
import os
import sys
import tempfile
import unittest

TOP = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
sys.path.insert(0, os.path.join(TOP, "scripts"))

import lud_reader as L  # noqa: E402


def read_text(text):
    """read_game on a .lud text written to a temporary file."""
    with tempfile.TemporaryDirectory() as d:
        path = os.path.join(d, "Snippet.lud")
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)
        return L.read_game(path)


GAME = """
(define "Columns" 6)
(game "Snippet" (players 2)
    (equipment {
        (mancalaBoard 2 "Columns" store:None (track "Track" "0,E,N,W" loop:True))
        (regions P1 (sites Bottom)) (regions P2 (sites Top))
        (piece "Seed" Shared)
    })
    (rules (start %s) (play (move Select (from (sites Mover)))) (end (if (no Moves Mover) (result Mover Loss))))
)
(metadata (info {
    (description "A \\"quoted\\" description.")
    (rules "2x6 board. Four counters in each hole.")
    (source "<a href=\\"https://example.org\\" />x</a>")
    (id "4242")
    (classification "board/sow/two rows")
}))
"""


class Tokens(unittest.TestCase):
    def test_strings_keep_escaped_quotes_and_comments_are_dropped(self):
        tokens = L.tokenize('(a "say \\"hi\\"" // (comment "x"\n b)')
        self.assertEqual(tokens, ["(", "a", 'say "hi"', "b", ")"])
        self.assertIsInstance(tokens[2], L.Str)

    def test_a_comment_marker_inside_a_string_is_text(self):
        self.assertEqual(L.tokenize('("https://x.org")'), ["(", "https://x.org", ")"])

    def test_unbalanced_brackets_are_errors(self):
        with self.assertRaisesRegex(L.LudError, "unclosed '\\('"):
            L.parse("(a (b)")
        with self.assertRaisesRegex(L.LudError, "unbalanced '}'"):
            L.parse("(a })")


class Options(unittest.TestCase):
    TEXT = """(game "G" (equipment {(mancalaBoard 2 <Board:size>) <Row:extra>}))
(option "Board Size" <Board> args:{ <size> }
    { (item "4" <4> "Four.") (item "6" <6> "Six.")** (item "8" <8> "Eight.")* })
(option "Rows" <Row> args:{ <size> <extra> }
    { (item "a" <7> <(piece "A")> "A.") (item "b" <9> <(if (>= 1 2) x)> "B.") })
(rulesets { (ruleset "Ruleset/One" { "Board Size/8" }) (ruleset "Ruleset/Two" { "Rows/b" })* })
"""

    def test_the_ruleset_names_items_else_the_most_starred_else_the_first(self):
        options, rest = L.read_options(self.TEXT)
        self.assertNotIn("(option", rest)
        self.assertEqual([o["tag"] for o in options], ["Board", "Row"])
        picked = L.select_items(options, ["Board Size/8"])
        self.assertEqual([item["label"] for _, item in picked], ["8", "a"])
        picked = L.select_items(options, ["Rows/b"])
        self.assertEqual([item["label"] for _, item in picked], ["6", "b"])

    def test_an_item_value_may_hold_a_comparison(self):
        options, _ = L.read_options(self.TEXT)
        self.assertEqual(options[1]["items"][1]["values"], ["9", "(if (>= 1 2) x)"])

    def test_placeholders_take_the_argument_of_the_selected_item(self):
        options, rest = L.read_options(self.TEXT)
        code = L.substitute(rest, L.select_items(options, ["Rows/b"]))
        self.assertIn("(mancalaBoard 2 6)", code)
        self.assertIn("(if (>= 1 2) x)", code)

    def test_two_options_sharing_a_tag_the_first_with_the_argument_wins(self):
        options, rest = L.read_options(
            '(game "G" <T:size>)\n(option "A" <T> args:{ <size> } { (item "x" <5> "") })\n'
            '(option "B" <T> args:{ <size> } { (item "y" <7> "") })\n')
        self.assertEqual(L.substitute(rest, L.select_items(options, [])).strip(),
                         '(game "G" 5)')


class Defines(unittest.TestCase):
    def test_a_define_with_arguments_is_bound_and_a_multi_item_body_spliced(self):
        top = L.parse('(define "Twice" (+ #1 #1)) (define "Pair" 8 19) '
                      '(game "G" ("Twice" 3) (sites {"Pair"}))')
        game = L.expand(top[2], L.read_defines(top))
        self.assertEqual(L.to_text(game), '(game "G" (+ 3 3) (sites {8 19}))')


class Boards(unittest.TestCase):
    def test_an_even_start_on_a_board_without_stores(self):
        g = read_text(GAME % '(set Count 4 to:(sites Track))')
        self.assertEqual(g["name"], "Snippet")
        self.assertEqual(g["board"], {"kind": "mancalaBoard", "rows": 2, "holes_per_row": 6,
                                      "stores": False})
        self.assertEqual(g["start"]["grid"], [[4] * 6, [4] * 6])
        self.assertEqual(g["start"]["total"], 48)
        self.assertEqual(g["metadata"]["id"], "4242")
        self.assertEqual(g["metadata"]["description"], 'A "quoted" description.')

    def test_union_difference_rows_and_ranges(self):
        g = read_text(GAME % '{(set Count 2 to:(difference (sites Board) (sites {0..2}))) '
                             '(set Count 5 at:(coord "A1"))}')
        self.assertEqual(g["start"]["grid"], [[5, 0, 0, 2, 2, 2], [2] * 6])

    def test_counters_in_hand(self):
        g = read_text(GAME % '{(set Count 24 at:(handSite P1)) (set Count 24 at:(handSite P2)) '
                             '(set Count 1 to:(sites Top))}')
        self.assertEqual(g["start"]["hand"], {"P1": 24, "P2": 24})
        self.assertEqual(g["start"]["total"], 54)

    def test_expand_steps_in_a_direction(self):
        g = read_text(GAME % '(set Count 3 to:(expand (intersection (sites Bottom) (sites Left)) '
                             'steps:2 E))')
        self.assertEqual(g["start"]["grid"], [[3, 3, 3, 0, 0, 0], [0] * 6])

    def test_with_stores_site_0_is_the_left_store_and_left_is_the_store_column(self):
        text = (GAME % '{(set Count 3 to:(difference (sites Board) (union (sites Left) '
                       '(sites Right)))) (set Count 5 at:(mapEntry P1))}').replace(
            'store:None (track "Track" "0,E,N,W"', '(track "Track" "1,E,N,W"')
        g = read_text(text)
        self.assertTrue(g["board"]["stores"])
        self.assertEqual(g["start"]["grid"], [[3] * 6, [3] * 6])
        self.assertEqual(g["start"]["store_counts"], [5, 0])
        self.assertEqual(g["start"]["total"], 41)

    def test_a_reconstruction_start_is_unspecified_not_guessed(self):
        g = read_text(GAME % '[#]')
        self.assertEqual(g["start"]["status"], "unspecified")

    def test_an_unknown_site_expression_is_reported_unread(self):
        g = read_text(GAME % '(set Count 2 to:(sites Phase 0))')
        self.assertEqual(g["start"]["status"], "unread")
        self.assertIn("(sites Phase 0)", g["start"]["why"])

    def test_a_board_that_is_not_a_mancala_board_is_said_so(self):
        g = read_text(GAME.replace('(mancalaBoard 2 "Columns" store:None',
                                   '(board (square 3) (track "Track" "0,E,N,W" loop:True)')
                      % '(set Count 2 to:(sites Board))')
        self.assertEqual(g["board"], {"kind": "other", "why": "not a mancalaBoard"})


class Corpus(unittest.TestCase):
    """The DLP copy, where present (not part of the repository)."""

    @classmethod
    def setUpClass(cls):
        cls.dlp = L.find_dlp_dir(TOP)

    def setUp(self):
        if not self.dlp:
            self.skipTest("no copy of the DLP game database (set MANCALA_DLP_DIR)")

    def test_every_file_reads_and_has_a_board_or_says_why(self):
        facts = L.corpus_facts(self.dlp)
        self.assertEqual(len(facts), 249)
        unread = [f["file"] for f in facts.values() if f["code"]["start"]["status"] == "unread"]
        # Not mancala boards (circles, irregular rows) or multi-player colour starts; each is
        # annotated by hand.
        self.assertEqual(sorted(unread), sorted([
            "Deka.lud", "Fergen Gobale.lud", "Khiam.lud", "Kitende.lud", "Mbelele.lud",
            "Merekocdu.lud", "Mwendo.lud", "Okwe (Achalla).lud", "Pic.lud",
            "Raja Pasu Mandiri.lud", "Sat Gol.lud", "Tchela.lud"]))

    def test_oware_reads_as_its_main_ruleset(self):
        oware = L.game_facts(os.path.join(self.dlp, "games", "lud", "Oware.lud"))
        self.assertEqual(oware["key"], "69")
        self.assertEqual(oware["ruleset"], "Ruleset/Wari (Observed)")
        self.assertEqual(oware["code"]["board"]["rows"], 2)
        self.assertEqual(oware["code"]["start"]["per_hole"], 4)
        self.assertEqual([r["id"] for r in oware["other_rulesets"]], ["628"])

    def test_an_option_board_follows_the_main_ruleset(self):
        # Ceelkoqyuqkoqiji's id 205 is the 2x5 Eagle ruleset, not its 2x7 option.
        eagle = L.game_facts(os.path.join(self.dlp, "games", "lud", "Ceelkoqyuqkoqiji.lud"))
        self.assertEqual(eagle["code"]["board"]["holes_per_row"], 5)
        tsoro = L.game_facts(os.path.join(self.dlp, "games", "lud", "Tsoro.lud"))
        self.assertEqual(tsoro["code"]["board"]["holes_per_row"], 8)
        self.assertEqual(tsoro["code"]["start"]["grid"][0], [2] * 8)
        self.assertEqual(tsoro["code"]["start"]["grid"][1], [0] * 8)


if __name__ == "__main__":
    unittest.main()
