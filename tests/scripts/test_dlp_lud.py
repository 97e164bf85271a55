"""The .lud reader of scripts/dlp_lud.py (issue 23: "Reading .lud files is a small S-expression
reader (strings, nested lists, (define ...) expanded where the board or the start depends on it);
test it on snippets, including the irregular ones"). Run: python3 -m unittest discover tests/scripts
"""
import os
import sys
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "scripts"))
import dlp_lud  # noqa: E402
from dlp_lud import Atom, Group, LudError, Named, Open, Param, Str  # noqa: E402


def game(equipment, start="", extra=""):
    return '%s\n(game "G" (players 2) (equipment { %s (piece "Seed" Shared) })\n' \
           '  (rules %s (play (forEach Piece)) (end (if (no Moves Next) (result Mover Win)))))\n' \
           % (extra, equipment, start)


class ReaderTest(unittest.TestCase):
    def test_strings_keep_escaped_quotes_and_backslashes(self):
        [form] = dlp_lud.parse(r'(description "He said \"sow\" \\ then")')
        self.assertEqual(form[1], 'He said "sow" \\ then')
        self.assertIsInstance(form[1], Str)

    def test_a_string_may_run_over_lines_and_hold_comment_marks(self):
        [form] = dlp_lud.parse('(rules "2x6 board.\n  See https://x.org/a")')
        self.assertEqual(form[1], "2x6 board.\n  See https://x.org/a")

    def test_comments_end_at_the_line_end(self):
        forms = dlp_lud.parse('// header\n(a 1) // trailing\n(b "x") ')
        self.assertEqual(forms, [Group("(", [Atom("a"), Atom("1")]),
                                 Group("(", [Atom("b"), Str("x")])])

    def test_lists_and_arrays_nest(self):
        [form] = dlp_lud.parse('(aliases {"A" "B"} (x {(y 1)}))')
        self.assertEqual(form[1], Group("{", [Str("A"), Str("B")]))
        self.assertEqual(form[2][1][0], Group("(", [Atom("y"), Atom("1")]))

    def test_named_arguments_take_a_word_a_string_a_list_or_a_parameter(self):
        [form] = dlp_lud.parse('(m 2 6 store:None cols:"Columns" to:(sites Board) count:<Row:size>)')
        self.assertEqual(form[3], Named("store", Atom("None")))
        self.assertEqual(form[4], Named("cols", Str("Columns")))
        self.assertEqual(form[5], Named("to", Group("(", [Atom("sites"), Atom("Board")])))
        self.assertEqual(form[6], Named("count", Param("Row:size")))

    def test_less_than_at_the_head_of_a_list_is_a_ludeme_not_a_parameter(self):
        [form] = dlp_lud.parse("(if (< 1 (count at:(to))) (<= 2 3))")
        self.assertEqual(form[1][0], Atom("<"))
        self.assertEqual(form[2][0], Atom("<="))

    def test_an_item_value_may_start_on_the_next_line_and_hold_comparisons(self):
        [form] = dlp_lud.parse('(item "x" <\n (merge {(rectangle 4 3)})\n > <(< 1 (count))> "d")')
        self.assertEqual(form[2], Param("\n (merge {(rectangle 4 3)})\n "))
        self.assertEqual(form[3], Param("(< 1 (count))"))

    def test_open_values_of_a_reconstruction_are_kept_as_written(self):
        [form] = dlp_lud.parse("(mancalaBoard 2 [3..40] (start [#]) [3 | #])")
        self.assertEqual(form[2], Open("3..40"))
        self.assertEqual(form[3][1], Open("#"))
        self.assertEqual(form[4], Open("3 | #"))

    def test_an_unclosed_string_names_the_line_it_began_on(self):
        with self.assertRaisesRegex(LudError, r"^line 2: string not closed$"):
            dlp_lud.parse('(a)\n(rules "never closed\n)')

    def test_a_mismatched_bracket_is_refused(self):
        with self.assertRaisesRegex(LudError, r"^line 1: '\}' closes '\(' opened on line 1$"):
            dlp_lud.parse("(a b}")
        with self.assertRaisesRegex(LudError, r"^line 3: '\(' not closed$"):
            dlp_lud.parse("(a)\n\n(b (c)")
        with self.assertRaisesRegex(LudError, r"without an opening mark"):
            dlp_lud.parse("(a))")


class ExpansionTest(unittest.TestCase):
    def test_a_define_gives_the_board_its_columns(self):
        # Otep.lud: (define "Columns" 8) ... (mancalaBoard 4 "Columns" store:None ...)
        lud = dlp_lud.read_lud(game('(mancalaBoard 4 "Columns" store:None)',
                                    '(start (set Count 2 to:(sites Board)))',
                                    '(define "Columns" 8)'))
        self.assertEqual(lud.board, {"rows": 4, "holes_per_row": 8, "stores": 0,
                                     "counters_per_hole": 2, "start": "2 in each hole",
                                     "from": "code"})

    def test_a_define_with_arguments_is_filled_and_arithmetic_evaluated(self):
        lud = dlp_lud.read_lud(game('(mancalaBoard ("Rows" 2) (* "Half" 2))',
                                    '(start (set Count (- (* 4 "Half") 2) to:(sites Track)))',
                                    '(define "Half" 3) (define "Rows" (+ #1 0))'))
        self.assertEqual((lud.board["rows"], lud.board["holes_per_row"]), (2, 6))
        self.assertEqual(lud.board["counters_per_hole"], 10)
        self.assertEqual(lud.board["stores"], 2)  # no store:None: Ludii's two stores

    def test_a_define_using_itself_is_refused_not_looped(self):
        with self.assertRaisesRegex(LudError, "nested too deep"):
            dlp_lud.read_lud(game('(mancalaBoard 2 "X")', "", '(define "X" (+ 1 "X"))'))

    def test_the_option_item_marked_with_a_star_is_the_default(self):
        options = '(option "Board Size" <Board> args:{ <size>} {\n' \
                  '  (item "8" <8> "Each Row has 8 holes.")\n' \
                  '  (item "9" <9> "Each Row has 9 holes.")*\n' \
                  '  (item "10" <10> "Each Row has 10 holes.") })'
        lud = dlp_lud.read_lud(game("(mancalaBoard 2 <Board:size> store:None)",
                                    "(start (set Count 3 to:(sites Track)))", options))
        self.assertEqual(lud.board["holes_per_row"], 9)

    def test_a_double_star_marks_the_default_too_and_without_a_star_the_first_item_is(self):
        starred = '(option "S" <Sow> args:{<n>} {(item "1" <1> "a") (item "4" <4> "b")**})'
        first = '(option "S" <Sow> args:{<n>} {(item "1" <1> "a") (item "4" <4> "b")})'
        for options, counters in ((starred, 4), (first, 1)):
            lud = dlp_lud.read_lud(game("(mancalaBoard 2 6)",
                                        "(start (set Count <Sow:n> to:(sites Track)))", options))
            self.assertEqual(lud.board["counters_per_hole"], counters)

    def test_an_option_may_give_the_whole_board_and_start_code(self):
        # Quendo.lud: <Board:board> and <Board:start> are whole forms, over several lines.
        options = '(option "Board" <Board> args:{<board> <start>} {\n' \
                  '  (item "4x8" <\n (mancalaBoard 4 8 store:None)\n >\n' \
                  '   <(start (set Count 2 to:(sites Board)))> "The board is a 4x8.")** })'
        text = options + '\n(game "Q" (players 2) (equipment { <Board:board> })' \
                         ' (rules <Board:start> (play (forEach Piece))))'
        lud = dlp_lud.read_lud(text)
        self.assertEqual((lud.board["rows"], lud.board["holes_per_row"],
                          lud.board["counters_per_hole"]), (4, 8, 2))


class BoardTest(unittest.TestCase):
    def test_named_rows_and_columns(self):
        # Muvalavala B.lud: (mancalaBoard rows:4 cols:"Columns" {...})
        lud = dlp_lud.read_lud(game('(mancalaBoard rows:4 cols:"Columns" {(track "T" "0,E")})',
                                    "(start (set Count 2 to:(sites Board)))",
                                    '(define "Columns" 6)'))
        self.assertEqual((lud.board["rows"], lud.board["holes_per_row"]), (4, 6))

    def test_uneven_starts_list_the_counts_and_give_no_single_count(self):
        lud = dlp_lud.read_lud(game("(mancalaBoard 2 20 store:None)",
                                    "(start { (set Count 5 to:(sites {0 1})) "
                                    "(set Count 1 to:(sites {7 8})) (set Count 2 to:(sites {10})) })"))
        self.assertNotIn("counters_per_hole", lud.board)
        self.assertEqual(lud.board["start"], "uneven: 5, 1, 2 counters in the holes")

    def test_counters_held_in_hand_leave_the_holes_empty(self):
        lud = dlp_lud.read_lud(game("(mancalaBoard 2 6 store:None)",
                                    "(start { (set Count 36 at:(handSite P1)) "
                                    "(set Count 36 at:(handSite P2)) })"))
        self.assertEqual(lud.board["counters_per_hole"], 0)
        self.assertEqual(lud.board["start"], "holes empty; 36 each in hand")

    def test_place_with_counts_sets_the_counters_per_hole(self):
        lud = dlp_lud.read_lud(game("(mancalaBoard 2 6 store:None)",
                                    '(start { (place "Seed1" (sites Bottom) counts:{4}) '
                                    '(place "Seed2" (sites Top) counts:{4}) })'))
        self.assertEqual(lud.board["counters_per_hole"], 4)

    def test_what_a_reconstruction_leaves_open_is_said_and_not_guessed(self):
        # Mangala (Greek).lud
        lud = dlp_lud.read_lud(game("(mancalaBoard 2 [3..40] store:None)",
                                    "(start (set Count [2..16] to:(sites Board)))"))
        self.assertEqual(lud.board, {"rows": 2, "stores": 0, "from": "code",
                                     "open": "holes per row [3..40]; counters [2..16]"})

    def test_a_board_the_code_draws_otherwise_is_read_from_the_rules_paraphrase(self):
        # Khiam.lud: (board (merge {(rectangle 1 4) ...})); its rules begin "2x4 board".
        text = '(game "K" (players 2) (equipment { (board (merge {(rectangle 1 4)})) })' \
               ' (rules (start (set Count 6 to:(sites Track))) (play (forEach Piece))))' \
               '(metadata (info { (rules "2x4 board, with a store in the center.") }))'
        lud = dlp_lud.read_lud(text)
        self.assertEqual(lud.board["rows"], 2)
        self.assertEqual(lud.board["holes_per_row"], 4)
        self.assertEqual(lud.board["counters_per_hole"], 6)
        self.assertEqual(lud.board["from"], "code; rules paraphrase for the rows and holes")

    def test_counters_missing_from_the_code_are_read_from_the_rules_paraphrase(self):
        # Ngola.lud has no (start ...); its rules say "Two counters in each hole."
        text = game("(mancalaBoard 4 8 store:None)") + \
            '(metadata (info { (rules "4x8 board. Two counters in each hole.") }))'
        lud = dlp_lud.read_lud(text)
        self.assertEqual(lud.board["counters_per_hole"], 2)
        self.assertEqual(lud.board["from"], "code; rules paraphrase for the counters")

    def test_a_file_without_a_game_is_refused(self):
        with self.assertRaisesRegex(LudError, "no \\(game"):
            dlp_lud.read_lud('(define "X" 1)')


class MetadataTest(unittest.TestCase):
    TEXT = game("(mancalaBoard 2 5)") + '''
(metadata (info {
    (description "Ako Okwe is a \\"game\\".")
    (aliases {"Okwe" "Akwa Nsa"})
    (useFor "Ruleset/Murray (Observed)" (rules "The first capture must be of one counter."))
    (useFor "Ruleset/Murray (Observed)" (source "Murray 1951: 192."))
    (useFor "Ruleset/Murray (Observed)" (id "23"))
    (source "DLP evidence.")
    (source "Egharevba 1951: 7.")
    (id "30")
    (classification "board/sow/two rows")
    (credit "Eric Piette")
    (origin  "This game was played in West Africa, around 1951.")
}) (graphics { (board Style Mancala) }))'''

    def test_every_metadata_entry_is_read(self):
        info = dlp_lud.read_lud(self.TEXT).info
        self.assertEqual(info["description"], 'Ako Okwe is a "game".')
        self.assertEqual(info["aliases"], ["Okwe", "Akwa Nsa"])
        self.assertEqual(info["sources"], ["DLP evidence.", "Egharevba 1951: 7."])
        self.assertEqual(info["id"], "30")
        self.assertEqual(info["classification"], "board/sow/two rows")
        self.assertEqual(info["credit"], "Eric Piette")
        self.assertEqual(info["origin"], "This game was played in West Africa, around 1951.")

    def test_a_rulesets_own_rules_sources_and_id_are_gathered(self):
        info = dlp_lud.read_lud(self.TEXT).info
        self.assertEqual(info["variants"], [{"name": "Ruleset/Murray (Observed)", "id": "23",
                                             "rules": "The first capture must be of one counter.",
                                             "sources": ["Murray 1951: 192."]}])

    def test_missing_entries_are_missing_not_empty(self):
        info = dlp_lud.read_lud(game("(mancalaBoard 2 5)")).info
        self.assertEqual(info, {"sources": [], "aliases": [], "variants": []})


if __name__ == "__main__":
    unittest.main()
