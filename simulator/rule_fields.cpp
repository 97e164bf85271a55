// The field table: one FieldInfo per rule key, built group by group (board, sowing, relay,
// capture, special holes, turn model, end of round, match, dealing, handicaps), and what reads
// it to say a key or a value in words.
#include <algorithm>

#include "simulator/ruleset_internal.h"
#include "simulator/ruleset_io.h"

namespace mancala::sim {
namespace {

using nlohmann::json;

std::string type_name(const json& v) {
  if (v.is_boolean()) return "a boolean";
  if (v.is_number_integer()) return "an integer";
  if (v.is_number()) return "a number";
  if (v.is_string()) return "a string";
  if (v.is_array()) return "an array";
  if (v.is_object()) return "an object";
  return "null";
}

// An enum value as the field table spells it: its name in ruleset files and its phrase.
template <class E>
struct EnumValue {
  E value;
  const char* name;
  const char* phrase;
};

FieldInfo field(std::string key, std::string group, FieldInfo::Kind kind, std::string doc) {
  FieldInfo f;
  f.key = std::move(key);
  f.group = std::move(group);
  f.kind = kind;
  f.doc = std::move(doc);
  return f;
}

// An int key; `pattern` ("a tuzdyk made at {}") and `phrases` (for values said otherwise, as
// {"0", "no no-progress rule"}) are how comparisons say its values.
FieldInfo int_field(std::string key, std::string group, int RuleSet::*member, int low, int high,
                    std::string doc, std::string pattern = "",
                    std::vector<FieldValue> phrases = {}) {
  FieldInfo f = field(std::move(key), std::move(group), FieldInfo::Kind::kInt, std::move(doc));
  f.type = "int " + std::to_string(low) + ".." + std::to_string(high);
  f.low = low;
  f.high = high;
  f.values = std::move(phrases);
  f.phrase_pattern = std::move(pattern);
  f.set = [member, low, high](RuleSet& r, const json& v, const std::string& where) {
    if (!v.is_number_integer())
      throw RuleError(where + ": expected an integer, got " + type_name(v));
    const auto x = v.get<long long>();
    if (x < low || x > high) {
      throw RuleError(where + ": " + std::to_string(x) + " is out of range " + std::to_string(low) +
                      ".." + std::to_string(high));
    }
    r.*member = static_cast<int>(x);
  };
  f.get = [member](const RuleSet& r) { return json(r.*member); };
  return f;
}

// A bool key; `if_true` and `if_false` are its phrases (none: "<key in words>: true").
FieldInfo bool_field(std::string key, std::string group, bool RuleSet::*member, std::string doc,
                     const char* if_true = nullptr, const char* if_false = nullptr) {
  FieldInfo f = field(std::move(key), std::move(group), FieldInfo::Kind::kBool, std::move(doc));
  f.type = "bool";
  if (if_true) f.values = {{"true", if_true}, {"false", if_false}};
  f.set = [member](RuleSet& r, const json& v, const std::string& where) {
    if (!v.is_boolean()) throw RuleError(where + ": expected true or false, got " + type_name(v));
    r.*member = v.get<bool>();
  };
  f.get = [member](const RuleSet& r) { return json(r.*member); };
  return f;
}

// An enum key: every value of E in declaration order, each with its name and its phrase.
template <class E>
FieldInfo enum_field(std::string key, std::string group, E RuleSet::*member, std::string doc,
                     std::vector<EnumValue<E>> values) {
  FieldInfo f = field(std::move(key), std::move(group), FieldInfo::Kind::kEnum, std::move(doc));
  std::string names;
  for (const auto& v : values) {
    names += (names.empty() ? "" : "|") + std::string(v.name);
    f.values.push_back({v.name, v.phrase});
  }
  f.type = "one of: " + names;
  f.set = [member, names, values](RuleSet& r, const json& v, const std::string& where) {
    if (!v.is_string())
      throw RuleError(where + ": expected one of " + names + ", got " + type_name(v));
    const std::string name = v.get<std::string>();
    const auto it = std::find_if(values.begin(), values.end(),
                                 [&](const EnumValue<E>& e) { return e.name == name; });
    if (it == values.end()) throw RuleError(where + ": '" + name + "' is not one of " + names);
    r.*member = it->value;
  };
  f.get = [member, values](const RuleSet& r) {
    const auto it = std::find_if(values.begin(), values.end(),
                                 [&](const EnumValue<E>& e) { return e.value == r.*member; });
    return json(it == values.end() ? "?" : it->name);
  };
  return f;
}

void add_board_fields(std::vector<FieldInfo>& f) {
  const std::string b = "board";
  f.push_back(int_field("rows_per_player", b, &RuleSet::rows_per_player, 1, 2,
                        "rows of holes each player owns (1: a 2xN board; 2: a 4xN board)"));
  f.push_back(int_field("holes_per_row", b, &RuleSet::holes_per_row, 2, 16, "holes in each row"));
  f.push_back(int_field("counters_per_hole", b, &RuleSet::counters_per_hole, 1, 20,
                        "counters in each hole at the start"));
  f.push_back(enum_field("stores", b, &RuleSet::stores,
                         "where captures go: none (kept aside), beside (a store not sown into), "
                         "sown (each player's store is on his own sowing path)",
                         {{StoreMode::kNone, "none", "captures set aside"},
                          {StoreMode::kBeside, "beside", "a store beside the board"},
                          {StoreMode::kSown, "sown", "stores on the sowing path"}}));
}

void add_sowing_fields(std::vector<FieldInfo>& f) {
  const std::string s = "sowing";
  f.push_back(
      enum_field("direction", s, &RuleSet::direction,
                 "sowing direction seen from above; anticlockwise runs along the mover's row "
                 "from his left to his right",
                 {{Direction::kAnticlockwise, "anticlockwise", "sowing anticlockwise"},
                  {Direction::kClockwise, "clockwise", "sowing clockwise"}}));
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
                 "in a store ends the move)",
                 {{Relay::kNone, "none", "no relay"},
                  {Relay::kNextHole, "next_hole", "relay from the next hole"},
                  {Relay::kLandingHole, "landing_hole", "relay from the landing hole"},
                  {Relay::kFacingHole, "facing_hole", "relay from the hole facing the last one"}}));
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
        "capture the last counter in an empty own hole and the hole opposite"}}));
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
                 "a hole holding exactly four is taken by the owner of its row: none; instant "
                 "(the moment a counter makes it four, during the sowing); end_of_turn (every "
                 "hole holding four when the move is over)",
                 {{Fours::kNone, "none", "no capture of fours"},
                  {Fours::kInstant, "instant", "fours captured the instant a hole reaches four"},
                  {Fours::kEndOfTurn, "end_of_turn", "fours captured at the end of the turn"}}));
  f.push_back(enum_field(
      "fours_scope", c, &RuleSet::fours_scope,
      "whose fours are taken: both_rows (each player his own row's, whoever moves) "
      "or mover_row (only the mover, in his own row)",
      {{FoursScope::kBothRows, "both_rows", "fours taken by each player in his own row"},
       {FoursScope::kMoverRow, "mover_row", "fours taken only by the mover, in his row"}}));
  f.push_back(
      bool_field("capture_empty_facing", c, &RuleSet::capture_empty_facing,
                 "with capture empty_own_hole: the capture is made even when the facing hole is "
                 "empty, the last counter alone being taken (Kalah as solved by Irving, Donkers "
                 "and Uiterwijk); false: an empty facing hole means no capture"));
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
  f.push_back(int_field("no_progress_turns", e, &RuleSet::no_progress_turns, 0, 100000,
                        "0: off; else the round ends after this many turns without a capture and "
                        "each player takes the counters in his own rows",
                        "a round ended after {} turns without capture",
                        {{"0", "no no-progress rule"}}));
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
                "counters wins: the reconstruction's stopping rule for matches that go on "
                "without end, reported as ended by the no-progress rule",
                "a match stopped after {} rounds", {{"0", "no stopping rule"}}));
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
                 "(skipped by both players' sowing); false: they stay in play, empty"));
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
                 "is dealt; cannot_fill_hole: a player who cannot fill one hole has lost",
                 {{MatchEnd::kAllCounters, "all_counters", "a match won by holding every counter"},
                  {MatchEnd::kCannotFillHole, "cannot_fill_hole",
                   "a match lost by a player who cannot fill a hole"}}));
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
  add_turn_fields(f);
  add_end_of_round_fields(f);
  add_match_fields(f);
  add_dealing_fields(f);
  add_handicap_fields(f);
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

std::string describe_rule_value(const std::string& key, const json& value) {
  const std::string text = value.is_string() ? value.get<std::string>() : value.dump();
  std::string words = key;
  std::replace(words.begin(), words.end(), '_', ' ');
  if (const FieldInfo* f = find_field(key)) {
    for (const FieldValue& v : f->values) {
      if (v.name == text) return v.phrase;
    }
    if (const auto at = f->phrase_pattern.find("{}"); at != std::string::npos)
      return std::string(f->phrase_pattern).replace(at, 2, text);
  }
  return words + (value.is_number_integer() ? " " : ": ") + text;
}

const FieldInfo* find_field(const std::string& key) {
  const auto& fields = rule_fields();
  const auto it =
      std::find_if(fields.begin(), fields.end(), [&](const FieldInfo& f) { return f.key == key; });
  return it == fields.end() ? nullptr : &*it;
}

}  // namespace mancala::sim
