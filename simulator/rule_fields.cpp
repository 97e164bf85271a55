// The field table: one FieldInfo per rule key, built group by group (board, sowing, relay,
// capture, special holes, turn model, end of round, match, dealing, handicaps), and what reads
// it to say a key or a value in words.
#include <algorithm>
#include <optional>

#include "common/strict_json.h"
#include "simulator/rule_field_makers.h"
#include "simulator/ruleset_internal.h"
#include "simulator/ruleset_io.h"

namespace mancala::sim {
namespace {

using nlohmann::json;
using namespace field_makers;

void add_board_fields(std::vector<FieldInfo>& f) {
  const std::string b = "board";
  f.push_back(int_field("rows_per_player", b, &RuleSet::rows_per_player, 1, 2,
                        "rows of holes each player owns (1: a 2xN board; 2: a 4xN board)"));
  f.push_back(int_field("holes_per_row", b, &RuleSet::holes_per_row, 2, kMaxSideHoles,
                        "holes in each row"));
  f.push_back(int_field("counters_per_hole", b, &RuleSet::counters_per_hole, 1, 20,
                        "counters in each hole at the start"));
  f.push_back(int_list_field(
      "start_layout", b, &RuleSet::start_layout, 0, 20, 2 * kMaxHoles,
      "an uneven start: the counters of each hole at the start, numbered along a player's sowing "
      "path as opening_hole numbers them: one count per hole of a player's side (both players "
      "alike), or twice as many (player 1's holes, then player 2's); [] (off): "
      "counters_per_hole in every hole",
      "a start of {}"));
  f.push_back(enum_field("stores", b, &RuleSet::stores,
                         "where captures go: none (kept aside), beside (a store not sown into), "
                         "sown (each player's store is on his own sowing path)",
                         {{StoreMode::kNone, "none", "captures set aside"},
                          {StoreMode::kBeside, "beside", "a store beside the board"},
                          {StoreMode::kSown, "sown", "stores on the sowing path"}}));
  f.push_back(enum_field(
      "store_side", b, &RuleSet::store_side,
      "with stores sown: where each player's store lies as he faces the board: right (at the "
      "right-hand end of his row: sowing anticlockwise reaches it after his own row, clockwise "
      "only after the opponent's), left (at the left-hand end), after_row (after the last hole "
      "of his row in the direction of sowing: right when sowing anticlockwise, left when "
      "clockwise)",
      {{StoreSide::kRight, "right", "each store at its owner's right"},
       {StoreSide::kLeft, "left", "each store at its owner's left"},
       {StoreSide::kAfterRow, "after_row",
        "each store after its owner's row in the direction of sowing"}}));
}

void add_sowing_fields(std::vector<FieldInfo>& f) {
  const std::string s = "sowing";
  f.push_back(
      enum_field("direction", s, &RuleSet::direction,
                 "sowing direction seen from above; anticlockwise runs along the mover's row "
                 "from his left to his right; by_half (one row a player): a move from a hole "
                 "left of the row's centre is sown clockwise, one from a hole right of it "
                 "anticlockwise, one from the centre hole of an odd row either way (two "
                 "moves; the clockwise one written with '<'); either: the mover chooses the "
                 "direction of each move (every hole two moves, the clockwise one written "
                 "with '<'); the whole move, relays included, keeps its direction",
                 {{Direction::kAnticlockwise, "anticlockwise", "sowing anticlockwise"},
                  {Direction::kClockwise, "clockwise", "sowing clockwise"},
                  {Direction::kByHalf, "by_half",
                   "sowing clockwise from the left half of the row, anticlockwise from the "
                   "right half"},
                  {Direction::kEither, "either", "sowing either way, as the mover chooses"}}));
  f.push_back(enum_field("circuit", s, &RuleSet::circuit,
                         "the holes sown round: the whole board, or only the mover's own rows",
                         {{Circuit::kWholeBoard, "whole_board", "sowing round the whole board"},
                          {Circuit::kOwnRows, "own_rows", "sowing round the mover's own rows"}}));
  f.push_back(bool_field("first_into_origin", s, &RuleSet::first_into_origin,
                         "the first counter goes back into the hole just emptied",
                         "the first counter back into the emptied hole",
                         "the first counter into the next hole"));
  f.push_back(bool_field("single_counter_moves_on", s, &RuleSet::single_counter_moves_on,
                         "with first_into_origin: a hole holding one counter sows it into the next "
                         "hole",
                         "a lone counter moves on", "a lone counter goes back into its hole"));
  f.push_back(bool_field("skip_origin_on_laps", s, &RuleSet::skip_origin_on_laps,
                         "a sowing that goes all the way round skips the hole it started from",
                         "laps skip the emptied hole", "laps sow into the emptied hole"));
  f.push_back(int_field("min_counters_to_sow", s, &RuleSet::min_counters_to_sow, 1, 4,
                        "a hole must hold at least this many counters to be played"));
  f.push_back(bool_field("singletons_last_resort", s, &RuleSet::singletons_last_resort,
                         "a hole holding one counter may be played only when none of the mover's "
                         "holes holds more",
                         "a lone counter sown only when no hole holds more",
                         "a lone counter sown like any other"));
  f.push_back(bool_field("single_into_empty_only", s, &RuleSet::single_into_empty_only,
                         "a hole holding one counter may be played only when the next hole of "
                         "the mover's path is an empty hole (not a store)",
                         "a lone counter sown only into an empty hole",
                         "a lone counter sown into any hole"));
  f.push_back(
      enum_field("reverse_privilege", s, &RuleSet::reverse_privilege,
                 "none; end_holes_with_capture: a move may sow its first sowing against the "
                 "direction when that sowing ends in one of the two holes at either end of one "
                 "of the mover's rows and the move then makes a capture; the rest of the move "
                 "goes in the usual direction (a reversed move is written with '<')",
                 {{ReversePrivilege::kNone, "none", "no sowing against the direction"},
                  {ReversePrivilege::kEndHolesWithCapture, "end_holes_with_capture",
                   "a capturing first sowing allowed against the direction"}}));
}

void add_relay_fields(std::vector<FieldInfo>& f) {
  const std::string re = "relay";
  f.push_back(
      enum_field("relay", re, &RuleSet::relay,
                 "after the last counter: none (the move ends), next_hole (pick up the next "
                 "hole if occupied), landing_hole (pick up the hole the last counter fell "
                 "into if it was occupied), facing_hole (pick up the hole facing the last one "
                 "across the board if occupied; one out of play counts as empty; a last counter "
                 "in a store ends the move); next_after_occupied_landing, next_after_empty_landing "
                 "(next_hole after a last counter in an occupied, or an empty, hole only)",
                 {{Relay::kNone, "none", "no relay"},
                  {Relay::kNextHole, "next_hole", "relay from the next hole"},
                  {Relay::kLandingHole, "landing_hole", "relay from the landing hole"},
                  {Relay::kFacingHole, "facing_hole", "relay from the hole facing the last one"},
                  {Relay::kNextAfterOccupiedLanding, "next_after_occupied_landing",
                   "relay from the next hole after an occupied landing"},
                  {Relay::kNextAfterEmptyLanding, "next_after_empty_landing",
                   "relay from the next hole after an empty landing"}}));
  f.push_back(int_field("max_sowings_per_move", re, &RuleSet::max_sowings_per_move, 1, 100000,
                        "bound on the sowings of one relay chain; a chain that reaches it ends the "
                        "move where it stands, without capture, and is counted"));
  f.push_back(
      bool_field("store_extra_move", re, &RuleSet::store_extra_move,
                 "with stores sown: a sowing whose last counter falls into the mover's own store "
                 "ends the move there (no relay, no capture) and he moves again (in simultaneous "
                 "turns, alone, once both moves are over)",
                 "another move after ending in one's own store",
                 "no extra move after ending in one's own store"));
  f.push_back(
      bool_field("relay_skips_store", re, &RuleSet::relay_skips_store,
                 "with relay next_hole and stores sown: when the mover's own store follows the "
                 "last counter, the next hole is the one after the store (true), or the store "
                 "counts as an empty next hole and the move ends (false)",
                 "one's own store passed over when finding the next hole",
                 "one's own store ending the relay as an empty hole"));
  f.push_back(bool_field("capture_extra_move", re, &RuleSet::capture_extra_move,
                         "a move that captures by the capture rule gives the mover another move",
                         "another move after a capture", "no extra move after a capture"));
}

void add_capture_fields(std::vector<FieldInfo>& f) {
  const std::string c = "capture";
  f.push_back(enum_field(
      "capture", c, &RuleSet::capture,
      "the capture made when a move ends (see the table of captures below)",
      {{Capture::kNone, "none", "no capture"},
       {Capture::kEvenInOpponentRow, "even_in_opponent_row",
        "capture an opponent's hole made even"},
       {Capture::kAfterEmptyNext, "after_empty_next", "capture the hole after the empty hole"},
       {Capture::kOppositeEmptyNext, "opposite_empty_next",
        "capture the hole opposite the empty hole"},
       {Capture::kOppositeLastInOwnRow, "opposite_last_in_own_row",
        "capture the hole opposite a last counter in the mover's row"},
       {Capture::kResowOppositePair, "resow_opposite_pair",
        "capture and re-sow the two opposite holes"},
       {Capture::kEmptyOwnHole, "empty_own_hole",
        "capture the last counter in an empty own hole and the hole opposite"},
       {Capture::kEmptyHole, "empty_hole",
        "capture the hole opposite a last counter in an empty hole of either row"},
       {Capture::kCount, "count", "capture a hole the last counter makes hold a capturing count"},
       {Capture::kCountSownHoles, "count_sown_holes",
        "capture every sown hole holding a capturing count"},
       {Capture::kInnerFacing, "inner_facing",
        "capture the holes facing a last counter in the mover's inner row"},
       {Capture::kNextAfterEmpty, "next_after_empty",
        "capture the hole after a last counter in an empty hole"},
       {Capture::kOccupiedInnerFacing, "occupied_inner_facing",
        "capture the inner hole facing a last counter in an occupied inner hole"}}));
  f.push_back(
      enum_field("capture_facing", c, &RuleSet::capture_facing,
                 "for opposite_last_in_own_row and resow_opposite_pair: the holes taken face "
                 "last_hole (where the last counter fell) or origin_hole (the hole the capturing "
                 "sowing started from)",
                 {{CaptureFacing::kLastHole, "last_hole", "captures facing the last hole"},
                  {CaptureFacing::kOriginHole, "origin_hole",
                   "captures facing the hole sowing started from"}}));
  f.push_back(
      enum_field("capture_fours", c, &RuleSet::capture_fours,
                 "a hole holding exactly four is taken (by whom: fours_scope): none; instant "
                 "(the moment a counter makes it four, during the sowing); end_of_turn (every "
                 "hole holding four when the move is over); end_of_turn_sown (every hole the "
                 "move sowed into that holds four when it is over)",
                 {{Fours::kNone, "none", "no capture of fours"},
                  {Fours::kInstant, "instant", "fours captured the instant a hole reaches four"},
                  {Fours::kEndOfTurn, "end_of_turn", "fours captured at the end of the turn"},
                  {Fours::kEndOfTurnSown, "end_of_turn_sown",
                   "fours of the sown holes captured at the end of the turn"}}));
  f.push_back(
      enum_field("fours_scope", c, &RuleSet::fours_scope,
                 "whose fours are taken: both_rows (each player his own row's, whoever moves), "
                 "mover_row (only the mover, in his own row), mover (the mover, in either row) or "
                 "mover_opponent_row (the mover, in his opponent's row only)",
                 {{FoursScope::kBothRows, "both_rows", "fours taken by each player in his own row"},
                  {FoursScope::kMoverRow, "mover_row", "fours taken only by the mover, in his row"},
                  {FoursScope::kMover, "mover", "fours taken by the mover in either row"},
                  {FoursScope::kMoverOpponentRow, "mover_opponent_row",
                   "fours taken by the mover in his opponent's row"}}));
  f.push_back(bool_field("fours_last_to_mover", c, &RuleSet::fours_last_to_mover,
                         "with capture_fours instant: a four the last counter of the move makes "
                         "goes to the mover, whichever row it is in (the others as fours_scope "
                         "says)",
                         "the last counter's four the mover's",
                         "the last counter's four taken as any other"));
  f.push_back(bool_field(
      "capture_empty_facing", c, &RuleSet::capture_empty_facing,
      "with capture empty_own_hole or empty_hole: the capture is made even when the facing hole is "
      "empty, the last counter alone being taken (Kalah as solved by Irving, Donkers "
      "and Uiterwijk); false: an empty facing hole means no capture",
      "a capture even when the facing hole is empty", "no capture when the facing hole is empty"));
  f.push_back(bool_field(
      "capture_takes_last", c, &RuleSet::capture_takes_last,
      "with capture empty_own_hole or empty_hole: the last counter is taken with the facing "
      "hole's counters (true), or only the facing hole's counters are taken and the last counter "
      "stays (false)",
      "the last counter taken with the facing hole", "only the facing hole taken"));
  f.push_back(count_set_field(
      "capture_counts", c, &RuleSet::capture_counts,
      "with capture count or count_sown_holes: the counts a hole must hold, the last counter "
      "included, to be taken: counts and the words \"even\" (every even count) and \"odd\""));
  f.push_back(enum_field(
      "capture_rows", c, &RuleSet::capture_rows,
      "with capture count or count_sown_holes: the rows where a hole may be taken: opponent, own "
      "(the mover's), any",
      {{CaptureRows::kOpponent, "opponent", "count captures in the opponent's row"},
       {CaptureRows::kOwn, "own", "count captures in the mover's own row"},
       {CaptureRows::kAny, "any", "count captures in either row"}}));
  f.push_back(enum_field(
      "capture_taker", c, &RuleSet::capture_taker,
      "with capture count or count_sown_holes: who takes a hole: mover, owner (the owner of the "
      "hole's row, whoever moves)",
      {{CaptureTaker::kMover, "mover", "count captures taken by the mover"},
       {CaptureTaker::kOwner, "owner", "count captures taken by the hole's owner"}}));
  f.push_back(enum_field(
      "capture_chain", c, &RuleSet::capture_chain,
      "with capture count: further holes taken with the one the last counter made: none; back "
      "(the holes before it along the sowing, one after another while each holds a capturing "
      "count and lies in capture_rows); forward (the holes after it, likewise); both",
      {{CaptureChain::kNone, "none", "a count capture of one hole"},
       {CaptureChain::kBack, "back", "count captures chained back along the sowing"},
       {CaptureChain::kForward, "forward", "count captures chained forward along the sowing"},
       {CaptureChain::kBoth, "both", "count captures chained both ways"}}));
  f.push_back(enum_field(
      "capture_outer", c, &RuleSet::capture_outer,
      "with capture inner_facing: the opponent's outer hole behind the facing inner one: none "
      "(not taken), after_inner (taken when the inner hole held counters), always, "
      "when_inner_empty (the outer hole alone, taken only when the inner one is empty), "
      "both_required (both taken, and only when both hold counters)",
      {{CaptureOuter::kNone, "none", "only the facing inner hole taken"},
       {CaptureOuter::kAfterInner, "after_inner",
        "the outer hole taken after a capture from the inner one"},
       {CaptureOuter::kAlways, "always", "the facing inner and outer holes taken"},
       {CaptureOuter::kWhenInnerEmpty, "when_inner_empty",
        "the outer hole taken when the facing inner one is empty"},
       {CaptureOuter::kBothRequired, "both_required",
        "both facing holes taken, only when both hold counters"}}));
  f.push_back(enum_field(
      "capture_resow", c, &RuleSet::capture_resow,
      "with capture inner_facing: none (the captured counters are the mover's); after_last (they "
      "are sown again at once on the mover's path, from the hole after the one the last counter "
      "fell into, and the move goes on by the same rules); with_landing_hole (with relay "
      "landing_hole: the capture is made when the last counter falls into an occupied hole of "
      "the mover's inner row, the captured counters lifted with that hole's and sown on from it; "
      "a move ending in an empty hole captures nothing); with capture occupied_inner_facing: "
      "end_hole (they are sown again into the mover's inner row from one of its end holes, the "
      "first counter into it: see docs/rules-format.md, 'Bao')",
      {{CaptureResow::kNone, "none", "captured counters kept"},
       {CaptureResow::kAfterLast, "after_last",
        "captured counters sown again from the hole after the last"},
       {CaptureResow::kEndHole, "end_hole",
        "captured counters sown again from an end hole of the inner row"},
       {CaptureResow::kWithLandingHole, "with_landing_hole",
        "captured counters sown on with the landing hole's"}}));
  f.push_back(enum_field(
      "resow_pair_from", c, &RuleSet::resow_pair_from,
      "with capture resow_opposite_pair: the hole the captured counters are sown again from, "
      "the first of them into it: first_sown (the first hole the capturing sowing dropped "
      "into), origin (the hole the capturing sowing started from); after_last: from the hole the "
      "last counter fell into, the first of them into the hole after it",
      {{ResowPairFrom::kFirstSown, "first_sown",
        "captures sown again from the first hole the capturing sowing reached"},
       {ResowPairFrom::kOrigin, "origin",
        "captures sown again from the hole the capturing sowing started from"},
       {ResowPairFrom::kAfterLast, "after_last",
        "captures sown again from the hole after the capturing one"}}));
  f.push_back(bool_field(
      "resow_pair_ends_move", c, &RuleSet::resow_pair_ends_move,
      "with capture resow_opposite_pair: the sowing of the captured counters ends the move (no "
      "relay and no capture from where its last counter falls)",
      "the sowing of captures ends the move", "the sowing of captures goes on by the same rules"));
  // Issue 38 (greedy steps 1 and 3): the extra holes of Nsolo, Msuwa and Mefuvha; the inner hole
  // alone required of Owela (Benguela) and Muvalavala (Quioco).
  f.push_back(enum_field(
      "resow_pair_takes", c, &RuleSet::resow_pair_takes,
      "with capture resow_opposite_pair: both_occupied (both facing holes must hold counters), "
      "inner_occupied (the facing inner hole must; the outer one is taken with it when it holds "
      "any)",
      {{ResowPairTakes::kBothOccupied, "both_occupied",
        "a re-sown capture only when both facing holes hold counters"},
       {ResowPairTakes::kInnerOccupied, "inner_occupied",
        "a re-sown capture when the facing inner hole holds counters"}}));
  f.push_back(int_field(
      "extra_holes", c, &RuleSet::extra_holes, 0, 3,
      "with capture inner_facing: 0: off; else after a capture (extra_holes_after) the mover also "
      "takes this many other holes of the opponent's side, each the fullest left (ties: the first "
      "along the opponent's path from his o1): the choice the evidence gives the player, read as "
      "the fullest hole",
      "{} extra holes taken after a capture", {{"0", "no extra holes taken"}}));
  f.push_back(enum_field(
      "extra_holes_after", c, &RuleSet::extra_holes_after,
      "with extra_holes: which captures give the extra holes: any_capture, double_capture (one "
      "that took both facing holes, inner and outer)",
      {{ExtraHolesAfter::kAnyCapture, "any_capture", "extra holes after any capture"},
       {ExtraHolesAfter::kDoubleCapture, "double_capture",
        "extra holes only after a capture from both facing holes"}}));
  f.push_back(bool_field("capture_with_facing", c, &RuleSet::capture_with_facing,
                         "with capture count: each hole a count capture takes (the chain's "
                         "included), the hole facing it across the board is taken with it",
                         "count captures taken with their facing holes",
                         "count captures without their facing holes"));
}

void add_special_hole_fields(std::vector<FieldInfo>& f) {
  const std::string sp = "special holes";
  f.push_back(
      bool_field("tuzdyk", sp, &RuleSet::tuzdyk,
                 "a last counter that makes an opponent's hole hold tuzdyk_count makes it "
                 "the mover's tuzdyk: everything later sown into it is his (one per player)",
                 "tuzdyk", "no tuzdyk"));
  f.push_back(int_field("tuzdyk_count", sp, &RuleSet::tuzdyk_count, 1, 20,
                        "the count that makes a tuzdyk", "a tuzdyk made at {}"));
  f.push_back(bool_field("tuzdyk_forbid_last_hole", sp, &RuleSet::tuzdyk_forbid_last_hole,
                         "no tuzdyk in the opponent's last (rightmost) hole",
                         "no tuzdyk in the opponent's last hole",
                         "a tuzdyk allowed in the opponent's last hole"));
  f.push_back(enum_field(
      "tuzdyk_symmetry", sp, &RuleSet::tuzdyk_symmetry,
      "none; same_number: not the hole with the number of the opponent's tuzdyk; "
      "opposite: not the hole facing it across the board",
      {{TuzdykSymmetry::kNone, "none", "no ban on a symmetric tuzdyk"},
       {TuzdykSymmetry::kSameNumber, "same_number", "no tuzdyk with the number of the opponent's"},
       {TuzdykSymmetry::kOpposite, "opposite", "no tuzdyk facing the opponent's"}}));
}

void add_turn_fields(std::vector<FieldInfo>& f) {
  const std::string t = "turn model";
  f.push_back(enum_field(
      "turns", t, &RuleSet::turns,
      "alternating; simultaneous (both choose from the same position every turn); "
      "simultaneous_opening (only the first turn)",
      {{Turns::kAlternating, "alternating", "alternating turns"},
       {Turns::kSimultaneous, "simultaneous", "simultaneous turns"},
       {Turns::kSimultaneousOpening, "simultaneous_opening", "a simultaneous opening turn"}}));
  f.push_back(
      enum_field("resolution", t, &RuleSet::resolution,
                 "how a simultaneous turn is played out: lockstep (one counter each per "
                 "tick, player 1's first in every tick), lockstep_random (the same, whose "
                 "counter comes first in the ticks of a turn drawn at random each turn) or "
                 "sequential_random (whole moves one after the other in random order); see "
                 "simulator/simultaneous.h",
                 {{Resolution::kLockstep, "lockstep", "simultaneous moves played in lockstep"},
                  {Resolution::kSequentialRandom, "sequential_random",
                   "simultaneous moves played in random order"},
                  {Resolution::kLockstepRandom, "lockstep_random",
                   "simultaneous moves played in lockstep with a random lead each turn"}}));
  f.push_back(int_field("opening_hole", t, &RuleSet::opening_hole, 0, 32,
                        "0: the first move is free; else each player's first move must start from "
                        "this hole, numbered 1.. along his sowing path (4-row board: o1..oN are "
                        "1..N, iN..i1 are N+1..2N)",
                        "a first move from hole {}", {{"0", "a free first move"}}));
  f.push_back(int_field("opening_captures", t, &RuleSet::opening_captures, -1, 100,
                        "-1: the first turn captures as later turns do; else the most captures a "
                        "move of the first turn may make",
                        "at most {} captures in the first turn",
                        {{"-1", "first-turn captures as usual"}}));
  f.push_back(int_list_field(
      "opening_holes", t, &RuleSet::opening_holes, 1, kMaxSideHoles, kMaxSideHoles,
      "each player's first move must start from one of these holes, numbered as opening_hole "
      "numbers them (4-row board: the inner row is N+1..2N); when none of them can be played the "
      "rule lapses; [] (off): no such rule",
      "a first move from one of holes {}"));
  f.push_back(enum_field(
      "opening_for", t, &RuleSet::opening_for,
      "whose first move opening_hole or opening_holes names: both (each player's), first_player "
      "(only the first move of the round)",
      {{OpeningFor::kBoth, "both", "the opening rule for both players"},
       {OpeningFor::kFirstPlayer, "first_player", "the opening rule for the first player only"}}));
  // Issue 38 (greedy step 9): Mewelad's racing opening.
  f.push_back(enum_field(
      "after_joint_opening", t, &RuleSet::after_joint_opening,
      "with turns simultaneous_opening: who moves first once turns alternate: first_player (the "
      "round's starter), first_to_finish (the player whose opening move, relays included, ended "
      "first in the lockstep; the same tick: the round's starter)",
      {{AfterJointOpening::kFirstPlayer, "first_player",
        "the round's starter first after the opening"},
       {AfterJointOpening::kFirstToFinish, "first_to_finish",
        "the first to finish the opening moves first after it"}}));
}

void add_move_fields(std::vector<FieldInfo>& f) {
  const std::string m = "moves";
  f.push_back(enum_field(
      "must_feed", m, &RuleSet::must_feed,
      "a move must leave the opponent a move: none; when_empty (when the opponent's holes are "
      "all empty, only moves that leave him a move are legal; when none does, the round ends and "
      "each player takes the counters in his own rows); always (every move must leave him a move "
      "when some move does; when none does, any move)",
      {{MustFeed::kNone, "none", "no duty to feed the opponent"},
       {MustFeed::kWhenEmpty, "when_empty", "an opponent with empty holes must be fed"},
       {MustFeed::kAlways, "always", "every move must leave the opponent a move"}}));
  f.push_back(enum_field(
      "grand_slam", m, &RuleSet::grand_slam,
      "a move whose capture would take every counter left in the opponent's holes: allowed; "
      "forbidden (not a legal move, unless every legal move is one: then they are all allowed)",
      {{GrandSlam::kAllowed, "allowed", "a capture of all the opponent's counters allowed"},
       {GrandSlam::kForbidden, "forbidden",
        "a capture of all the opponent's counters forbidden"}}));
}

void add_end_of_round_fields(std::vector<FieldInfo>& f) {
  const std::string e = "end of round";
  f.push_back(
      enum_field("no_move", e, &RuleSet::no_move,
                 "when the player to move has no legal move: end_owners_take_rows (the round "
                 "ends, each takes what is in his own rows), end_mover_loses, pass",
                 {{NoMove::kEndOwnersTakeRows, "end_owners_take_rows",
                   "no move ends the round, each taking his rows"},
                  {NoMove::kEndMoverLoses, "end_mover_loses", "no move loses the round"},
                  {NoMove::kPass, "pass", "no move passes the turn"}}));
  f.push_back(bool_field("end_on_majority", e, &RuleSet::end_on_majority,
                         "the round ends as soon as one player has captured more than half of all "
                         "counters",
                         "stopping at a majority of captures",
                         "playing on past a majority of captures"));
  f.push_back(
      bool_field("end_on_empty_side", e, &RuleSet::end_on_empty_side,
                 "the round ends as soon as one player's holes are all empty (he has lost every "
                 "counter); each player takes what is in his own rows",
                 "a round ended as soon as one side is empty", "play on with one side empty"));
  f.push_back(bool_field("empty_side_wins", e, &RuleSet::empty_side_wins,
                         "with end_on_empty_side: the player whose holes are all empty wins the "
                         "round (the mover, when both sides are)",
                         "the player with the empty side winning",
                         "an empty side ending the round by counting"));
  f.push_back(int_field("end_on_captures", e, &RuleSet::end_on_captures, 0, 255,
                        "0: off; else the round ends as soon as a player has captured at least "
                        "this many counters, and he wins",
                        "a round won by the first to capture {}", {{"0", "no capture target"}}));
  f.push_back(bool_field("end_on_singletons", e, &RuleSet::end_on_singletons,
                         "the round ends as soon as no hole holds more than one counter; each "
                         "player takes what is in his own rows",
                         "a round ended when only single counters are left",
                         "play on with only single counters"));
  f.push_back(enum_field(
      "singletons_end", e, &RuleSet::singletons_end,
      "with end_on_singletons: board (no hole of the board holds more than one counter), "
      "side_loses (no hole of one player's does: he loses; both at once, each takes his rows)",
      {{SingletonsEnd::kBoard, "board", "single counters judged on the whole board"},
       {SingletonsEnd::kSideLoses, "side_loses", "a player with single counters only loses"}}));
  f.push_back(int_field("end_when_left", e, &RuleSet::end_when_left, 0, 255,
                        "0: off; else once at most this many counters are left on the board at "
                        "the start of a turn, the next capture ends the round, the capturer "
                        "taking every counter left",
                        "the last {} counters to the next capturer",
                        {{"0", "no sweep of the last counters"}}));
  f.push_back(int_field("no_progress_turns", e, &RuleSet::no_progress_turns, 0, 100000,
                        "0: off; else the round ends after this many turns without a capture and "
                        "each player takes the counters in his own rows",
                        "a round ended after {} turns without capture",
                        {{"0", "no limit on turns without capture"}}));
  f.push_back(int_field("max_plies", e, &RuleSet::max_plies, 1, 60000,
                        "safety bound on plies per round: a round still going is stopped and the "
                        "game counted as unfinished",
                        "a safety bound of {} plies"));
}

void add_match_fields(std::vector<FieldInfo>& f) {
  const std::string m = "match";
  f.push_back(
      bool_field("match", m, &RuleSet::match,
                 "rounds follow one another, each dealt from what the players held at the end "
                 "of the previous one, until the match ends (see simulator/match.h)",
                 "a match of rounds", "single rounds"));
  f.push_back(int_field("max_rounds", m, &RuleSet::max_rounds, 1, kMaxRounds,
                        "safety bound on the rounds of a match: a match still going is stopped and "
                        "counted as unfinished",
                        "a safety bound of {} rounds"));
  f.push_back(
      int_field("stop_after_rounds", m, &RuleSet::stop_after_rounds, 0, kMaxRounds,
                "0: off; else the players stop after this many rounds and the one holding more "
                "counters wins (stop_winner): the reconstruction's stopping rule for matches "
                "that go on without end, reported as stopped by a stopping rule",
                "a match stopped after {} rounds", {{"0", "no stopping rule"}}));
  f.push_back(enum_field(
      "stop_winner", m, &RuleSet::stop_winner,
      "with stop_after_rounds: who has won a match the players stop: more_counters (the "
      "player holding more counters then; equal holdings draw), draw (nobody: the end the "
      "text gives was not reached)",
      {{StopWinner::kMoreCounters, "more_counters", "a stopped match won by the holder of more"},
       {StopWinner::kDraw, "draw", "a stopped match drawn"}}));
  f.push_back(
      enum_field("refill_from", m, &RuleSet::refill_from,
                 "the end of his row from which a player fills his holes with counters_per_hole "
                 "each when a round is dealt; the holes that leave play (holes_out) are at the "
                 "other end",
                 {{RefillFrom::kLeft, "left", "refilling from the left"},
                  {RefillFrom::kRight, "right", "refilling from the right"}}));
  f.push_back(
      bool_field("burn_unfilled", m, &RuleSet::burn_unfilled,
                 "the holes a player cannot fill when a round is dealt leave play for the round "
                 "(skipped by both players' sowing); false: they stay in play, empty",
                 "unfilled holes out of play for the round", "unfilled holes left in play, empty"));
  f.push_back(enum_field(
      "holes_out", m, &RuleSet::holes_out,
      "which holes of a row leave play when a round is dealt: unfilled (those its "
      "owner cannot fill), per_five_of_difference (the player who held fewer at the "
      "end of the round loses one hole, from the end opposite refill_from, for each "
      "whole counters_per_hole in the difference, and sets aside what he holds "
      "beyond the holes left to him; one left no hole cannot play and loses the "
      "match)",
      {{HolesOut::kUnfilled, "unfilled", "only the holes a player cannot fill out of play"},
       {HolesOut::kPerFiveOfDifference, "per_five_of_difference",
        "a hole of the weaker out of play per five of difference"}}));
}

void add_dealing_fields(std::vector<FieldInfo>& f) {
  const std::string m = "match";
  f.push_back(enum_field(
      "remainder", m, &RuleSet::remainder,
      "counters short of a full hole when a round is dealt: set_aside (kept to his "
      "credit), next_hole (into the next hole in filling order, which stays in play), "
      "first_hole (into the first hole, the full holes after it), settle_fives (the "
      "two players' remainders make one hole's worth: 1-4 gives the tribute, 2-3 the "
      "bha); counters beyond a full row are always set aside",
      {{Remainder::kSetAside, "set_aside", "the remainder set aside"},
       {Remainder::kNextHole, "next_hole", "the remainder in the next hole"},
       {Remainder::kFirstHole, "first_hole", "the remainder in the first hole"},
       {Remainder::kSettleFives, "settle_fives", "the remainders settled as 1-4 or 2-3"}}));
  f.push_back(enum_field(
      "next_starter", m, &RuleSet::next_starter,
      "who starts the next round: alternate, previous_winner, previous_loser, same "
      "(the first round's starter again)",
      {{Starter::kAlternate, "alternate", "the next round started by the other player"},
       {Starter::kPreviousWinner, "previous_winner",
        "the next round started by its previous winner"},
       {Starter::kPreviousLoser, "previous_loser", "the next round started by its previous loser"},
       {Starter::kSame, "same", "every round started by the same player"}}));
  f.push_back(
      enum_field("match_end", m, &RuleSet::match_end,
                 "all_counters: the match ends when one player holds every counter once a round "
                 "is dealt; cannot_fill_hole: a player who cannot fill one hole has lost; "
                 "all_holes (hole_ownership): one who owns every hole has won",
                 {{MatchEnd::kAllCounters, "all_counters", "a match won by holding every counter"},
                  {MatchEnd::kCannotFillHole, "cannot_fill_hole",
                   "a match lost by a player who cannot fill a hole"},
                  {MatchEnd::kAllHoles, "all_holes", "a match won by owning every hole"}}));
}

void add_handicap_fields(std::vector<FieldInfo>& f) {
  const std::string h = "handicaps";
  f.push_back(enum_field(
      "tribute", h, &RuleSet::tribute,
      "settle_fives 1-4: the player left with one (the Kungidar) receives one counter "
      "from the hole each sowing starts from (if it holds two or more): none, "
      "every_turn (both players' sowings), own_turns (his own only), each_round (only "
      "the round's first sowing, whoever makes it)",
      {{Tribute::kNone, "none", "no 1-4 tribute"},
       {Tribute::kEveryTurn, "every_turn", "the 1-4 tribute taken at every turn"},
       {Tribute::kOwnTurns, "own_turns", "the 1-4 tribute taken at the receiver's own turns"},
       {Tribute::kEachRound, "each_round",
        "the 1-4 tribute taken once a round, at its first sowing"}}));
  f.push_back(
      enum_field("bha_hole", h, &RuleSet::bha_hole,
                 "settle_fives 2-3: the extremity of his holes in play the Bhadar makes his bha "
                 "(everything dropped into it is his, its counters are his at once; he returns "
                 "the counters given him when the round ends): either (his choice, at random), "
                 "leftmost, rightmost",
                 {{BhaHole::kEither, "either", "the bha at either end"},
                  {BhaHole::kLeftmost, "leftmost", "the bha at the leftmost hole"},
                  {BhaHole::kRightmost, "rightmost", "the bha at the rightmost hole"}}));
  f.push_back(enum_field(
      "extra_number", h, &RuleSet::extra_number,
      "each player's extra number is what he had beyond his holes when the round was "
      "dealt (set aside, or his remainder); a hole a sowing makes hold it is taken at "
      "once: none, holder (by the player whose number it is, in his opponent's turn), "
      "mover (by the sower, when it is his opponent's number)",
      {{ExtraNumber::kNone, "none", "no extra-number captures"},
       {ExtraNumber::kHolder, "holder", "an extra-number hole taken by the number's holder"},
       {ExtraNumber::kMover, "mover", "an extra-number hole taken by the sower"}}));
  f.push_back(enum_field(
      "toll_hole", h, &RuleSet::toll_hole,
      "the previous round's winner gains each counter he sows into this hole and the "
      "loser's sowing skips it: none, winner_leftmost (the winner's leftmost hole, "
      "its counters his at once), loser_remainder_hole (the hole dealt the loser's "
      "remainder)",
      {{TollHole::kNone, "none", "no toll hole"},
       {TollHole::kWinnerLeftmost, "winner_leftmost", "the toll at the winner's leftmost hole"},
       {TollHole::kLoserRemainderHole, "loser_remainder_hole",
        "the toll at the loser's remainder hole"}}));
  f.push_back(
      bool_field("winner_takes_remainder_hole", h, &RuleSet::winner_takes_remainder_hole,
                 "every counter dropped into the hole dealt the loser's remainder goes to the "
                 "previous round's winner (the remainder dealt there stays the loser's to sow)",
                 "the winner taking what falls into the loser's remainder hole",
                 "the loser's remainder hole not the winner's"));
}

std::vector<FieldInfo> make_fields() {
  std::vector<FieldInfo> f;
  add_board_fields(f);
  add_sowing_fields(f);
  add_relay_fields(f);
  add_capture_fields(f);
  add_special_hole_fields(f);
  add_weg_fields(f);  // issue 38, branch weg
  add_turn_fields(f);
  add_move_fields(f);
  add_end_of_round_fields(f);
  add_match_fields(f);
  add_dealing_fields(f);
  add_handicap_fields(f);
  add_bao_fields(f);
  add_bao2_fields(f);
  add_fourrow2_fields(f);
  add_ethiopia_fields(f);
  add_fourrow1_fields(f);
  add_tworow_fields(f);
  add_ownership_fields(f);
  const RuleSet defaults;
  for (FieldInfo& field : f) field.default_value = field.get(defaults);
  return f;
}

}  // namespace

const std::vector<FieldInfo>& rule_fields() {
  static const std::vector<FieldInfo> fields = make_fields();
  return fields;
}

json rule_value(const RuleSet& rules, const std::string& key) {
  const FieldInfo* f = find_field(key);
  return f ? f->get(rules) : json();
}

std::string rule_keys_doc() {
  std::string out, group;
  for (const auto& f : rule_fields()) {
    if (f.group != group) {
      group = f.group;
      out += "\n### " + group + "\n\n";
    }
    out += "- `" + f.key + ": " + f.doc + " [" + f.type + "] (" + f.default_value.dump() + ")`\n";
  }
  return out;
}

namespace {

// The field table's phrase for a value of `key` written as `text`, if it has one.
std::optional<std::string> phrase_of(const std::string& key, const std::string& text) {
  const FieldInfo* f = find_field(key);
  if (!f) return std::nullopt;
  for (const FieldValue& v : f->values) {
    if (v.name == text) return v.phrase;
  }
  if (const auto at = f->phrase_pattern.find("{}"); at != std::string::npos)
    return std::string(f->phrase_pattern).replace(at, 2, text);
  return std::nullopt;
}

std::string written(const json& value) {
  return value.is_string() ? value.get<std::string>() : value.dump();
}

}  // namespace

std::string describe_rule_value(const std::string& key, const json& value) {
  const std::string text = written(value);
  if (std::optional<std::string> phrase = phrase_of(key, text)) return *phrase;
  std::string words = key;
  std::replace(words.begin(), words.end(), '_', ' ');
  return words + (value.is_number_integer() ? " " : ": ") + text;
}

std::string rule_value_in_words(const std::string& key, const json& value) {
  const std::string text = written(value);
  return phrase_of(key, text).value_or(text);
}

const FieldInfo* find_field(const std::string& key) {
  const auto& fields = rule_fields();
  const auto it =
      std::find_if(fields.begin(), fields.end(), [&](const FieldInfo& f) { return f.key == key; });
  return it == fields.end() ? nullptr : &*it;
}

void apply_rule_keys(RuleSet& rules, const nlohmann::json& keys, const std::string& at) {
  for (const auto& [key, value] : keys.items()) {
    const FieldInfo* field = find_field(key);
    if (!field)
      throw Error(where(at, "rules." + key, "unknown rule key (see 'mancala rules keys')"));
    field->set(rules, value, where(at, "rules." + key, ""));
  }
}

}  // namespace mancala::sim
