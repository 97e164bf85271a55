// Which rule keys act in a ruleset: the field table's conditions ("with capture count or
// count_sown_holes", `rules keys`), as predicates over the resolved rules. A key no condition names
// acts in every ruleset. tests/simulator/rule_acts_test.cpp plays every shipped ruleset with each
// key it calls inactive changed, and finds no move changed.
#include <functional>
#include <map>
#include <set>

#include "simulator/ruleset_internal.h"
#include "simulator/ruleset_io.h"

namespace mancala::sim {
namespace {

using Acts = std::function<bool(const RuleSet&)>;

bool sown(const RuleSet& r) { return r.stores == StoreMode::kSown; }
bool count_capture(const RuleSet& r) {
  return r.capture == Capture::kCount || r.capture == Capture::kCountSownHoles;
}
bool empty_capture(const RuleSet& r) {
  return r.capture == Capture::kEmptyOwnHole || r.capture == Capture::kEmptyHole;
}
bool fives_settled(const RuleSet& r) { return r.match && r.remainder == Remainder::kSettleFives; }
bool bao_moves(const RuleSet& r) { return r.capture == Capture::kOccupiedInnerFacing; }
// A match whose rounds fill each player's row from his holdings (with hole_ownership every hole is
// dealt counters_per_hole instead: issue 38, branch ownership).
bool dealt_rows(const RuleSet& r) { return r.match && r.hole_ownership == HoleOwnership::kNone; }

// Each conditional key and when it acts, in the words of its documentation line.
const std::map<std::string, Acts>& conditions() {
  static const std::map<std::string, Acts> table = {
      {"store_side", Acts(sown)},  // "with stores sown"
      {"single_counter_moves_on", [](const RuleSet& r) { return r.first_into_origin; }},
      // A chain of sowings: relays, and the captures sown again.
      {"max_sowings_per_move",
       [](const RuleSet& r) {
         return r.relay != Relay::kNone || r.capture == Capture::kResowOppositePair ||
                r.capture_resow != CaptureResow::kNone;
       }},
      {"store_extra_move", Acts(sown)},
      {"relay_skips_store",
       [](const RuleSet& r) { return r.relay == Relay::kNextHole && sown(r); }},
      {"capture_facing",
       [](const RuleSet& r) {
         return r.capture == Capture::kOppositeLastInOwnRow ||
                r.capture == Capture::kResowOppositePair;
       }},
      {"fours_scope", [](const RuleSet& r) { return r.capture_fours != Fours::kNone; }},
      {"fours_last_to_mover", [](const RuleSet& r) { return r.capture_fours == Fours::kInstant; }},
      {"capture_empty_facing", Acts(empty_capture)},
      {"capture_takes_last", Acts(empty_capture)},
      {"capture_counts", Acts(count_capture)},
      {"capture_rows", Acts(count_capture)},
      {"capture_taker", Acts(count_capture)},
      {"capture_chain", [](const RuleSet& r) { return r.capture == Capture::kCount; }},
      {"capture_with_facing", [](const RuleSet& r) { return r.capture == Capture::kCount; }},
      {"capture_outer", [](const RuleSet& r) { return r.capture == Capture::kInnerFacing; }},
      {"capture_resow",
       [](const RuleSet& r) {
         return r.capture == Capture::kInnerFacing || r.capture == Capture::kOccupiedInnerFacing;
       }},
      // Bao's keys act only in Bao's moves (bao_moves.cpp).
      {"in_hand", Acts(bao_moves)},
      {"must_capture", Acts(bao_moves)},
      {"end_on_empty_inner_row", Acts(bao_moves)},
      // Issue 38, bao2: the rest of Bao's rules.
      {"house", [](const RuleSet& r) { return bao_moves(r) && r.in_hand > 0; }},
      {"house_stop", [](const RuleSet& r) { return bao_moves(r) && r.in_hand > 0 && r.house > 0; }},
      {"kichwa_inward", Acts(bao_moves)},
      {"inner_row_first", Acts(bao_moves)},
      {"later_captures_need_first", Acts(bao_moves)},
      {"enter_empty", [](const RuleSet& r) { return bao_moves(r) && r.in_hand > 0; }},
      {"big_hole", [](const RuleSet& r) { return bao_moves(r) && r.in_hand > 0; }},
      {"no_capture_duty", Acts(bao_moves)},
      {"takasa", Acts(bao_moves)},
      {"end_mid_sowing", [](const RuleSet& r) { return bao_moves(r) && r.end_on_empty_inner_row; }},
      {"resow_pair_from",
       [](const RuleSet& r) { return r.capture == Capture::kResowOppositePair; }},
      {"resow_pair_ends_move",
       [](const RuleSet& r) { return r.capture == Capture::kResowOppositePair; }},
      // Issue 38.
      {"resow_pair_takes",
       [](const RuleSet& r) { return r.capture == Capture::kResowOppositePair; }},
      {"extra_holes", [](const RuleSet& r) { return r.capture == Capture::kInnerFacing; }},
      {"after_joint_opening",
       [](const RuleSet& r) { return r.turns == Turns::kSimultaneousOpening; }},
      {"extra_holes_after",
       [](const RuleSet& r) { return r.capture == Capture::kInnerFacing && r.extra_holes > 0; }},
      {"tuzdyk_count", [](const RuleSet& r) { return r.tuzdyk; }},
      {"tuzdyk_forbid_last_hole", [](const RuleSet& r) { return r.tuzdyk; }},
      {"tuzdyk_symmetry", [](const RuleSet& r) { return r.tuzdyk; }},
      {"resolution", [](const RuleSet& r) { return r.turns != Turns::kAlternating; }},
      {"opening_for",
       [](const RuleSet& r) { return r.opening_hole != 0 || !r.opening_holes.empty(); }},
      {"empty_side_wins", [](const RuleSet& r) { return r.end_on_empty_side; }},
      {"singletons_end", [](const RuleSet& r) { return r.end_on_singletons; }},
      // Issue 38, fourrow2.
      {"optional_stop_holes", [](const RuleSet& r) { return r.relay == Relay::kLandingHole; }},
      {"locked_end_holes", [](const RuleSet& r) { return r.rows_per_player == 2; }},
      {"extra_holes_spare_stops",
       [](const RuleSet& r) {
         return r.capture == Capture::kInnerFacing && r.extra_holes > 0 &&
                !r.optional_stop_holes.empty();
       }},
      // Issue 38, ethiopia.
      {"stylised_opening", [](const RuleSet& r) { return r.opening_hole != 0; }},
      {"opening_lift",
       [](const RuleSet& r) { return r.stylised_opening == StylisedOpening::kRowIntoOpponentRow; }},
      {"fours_last_relays", [](const RuleSet& r) { return r.capture_fours == Fours::kInstant; }},
      {"left_to", [](const RuleSet& r) { return r.end_when_left > 0; }},
      {"fours_extra_move", [](const RuleSet& r) { return r.capture_fours != Fours::kNone; }},
      // Issue 38, fourrow1: the four-row games' keys.
      {"start_holes", [](const RuleSet& r) { return r.circuit == Circuit::kOwnRows; }},
      {"direction_chosen_once",
       [](const RuleSet& r) {
         return r.circuit == Circuit::kOwnRows && r.direction == Direction::kAnticlockwise;
       }},
      {"inner_facing_when", [](const RuleSet& r) { return r.capture == Capture::kInnerFacing; }},
      // Issue 38, tworow: single games' captures.
      {"after_empty_chain", [](const RuleSet& r) { return r.capture == Capture::kAfterEmptyNext; }},
      {"empty_opponent_hole_to_opponent",
       [](const RuleSet& r) { return r.capture == Capture::kEmptyOwnHole; }},
      {"facing_counts",
       [](const RuleSet& r) { return r.capture == Capture::kOppositeLastInOwnRow; }},
      {"sown_capture_last", [](const RuleSet& r) { return r.capture == Capture::kCountSownHoles; }},
      {"short_holes_locked", [](const RuleSet& r) { return r.match && !r.burn_unfilled; }},
      // Issue 38, branch weg: wegs where a relay from the landing hole and no capture rule,
      // fours or sown store is played on a one-row board (finalize refuses them elsewhere); the
      // tolls only where there are wegs.
      {"weg_count",
       [](const RuleSet& r) {
         return r.relay == Relay::kLandingHole && r.capture == Capture::kNone &&
                r.capture_fours == Fours::kNone && r.rows_per_player == 1 &&
                r.stores != StoreMode::kSown;
       }},
      {"weg_toll", [](const RuleSet& r) { return r.weg_count > 0; }},
      {"weg_toll_spares_first", [](const RuleSet& r) { return r.weg_count > 0; }},
      {"weg_toll_extra_move", [](const RuleSet& r) { return r.weg_count > 0; }},
      // The match's keys act only in a match; the settlement's handicaps only where the
      // remainders are settled as fives.
      {"max_rounds", [](const RuleSet& r) { return r.match; }},
      {"stop_after_rounds", [](const RuleSet& r) { return r.match; }},
      {"stop_winner", [](const RuleSet& r) { return r.match && r.stop_after_rounds > 0; }},
      {"refill_from", Acts(dealt_rows)},
      {"burn_unfilled", Acts(dealt_rows)},
      {"holes_out", Acts(dealt_rows)},
      {"remainder", Acts(dealt_rows)},
      {"next_starter", [](const RuleSet& r) { return r.match; }},
      {"match_end", [](const RuleSet& r) { return r.match; }},
      {"tribute", Acts(fives_settled)},
      {"bha_hole", Acts(fives_settled)},
      {"extra_number", Acts(dealt_rows)},
      {"toll_hole", Acts(dealt_rows)},
      {"winner_takes_remainder_hole", Acts(dealt_rows)},
      // Issue 38, branch ownership.
      // hole_ownership and match_end all_holes go together (finalize).
      {"hole_ownership",
       [](const RuleSet& r) { return r.match && r.match_end == MatchEnd::kAllHoles; }},
      {"odd_hole_tie",
       [](const RuleSet& r) {
         return r.match && r.hole_ownership == HoleOwnership::kByHoldings &&
                r.counters_per_hole % 2 == 0;
       }},
  };
  return table;
}

}  // namespace

const std::set<std::string>& bao_played_keys() {
  static const std::set<std::string> keys = {"rows_per_player",
                                             "holes_per_row",
                                             "counters_per_hole",
                                             "start_layout",
                                             "stores",
                                             "direction",
                                             "circuit",
                                             "min_counters_to_sow",
                                             "relay",
                                             "max_sowings_per_move",
                                             "capture",
                                             "capture_resow",
                                             "no_move",
                                             "no_progress_turns",
                                             "max_plies",
                                             "in_hand",
                                             "must_capture",
                                             "end_on_empty_inner_row",
                                             "house",
                                             "house_stop",
                                             "kichwa_inward",
                                             "big_hole",
                                             "no_capture_duty",
                                             "takasa",
                                             "end_mid_sowing",
                                             "inner_row_first",
                                             "later_captures_need_first",
                                             "enter_empty"};
  return keys;
}

bool key_acts_by_condition(const RuleSet& rules, const std::string& key) {
  const auto it = conditions().find(key);
  return it == conditions().end() || it->second(rules);
}

bool key_acts(const RuleSet& rules, const std::string& key) {
  // Bao's moves play only their own keys (finalize refuses the others where they would act).
  if (bao_moves(rules) && !bao_played_keys().contains(key)) return false;
  return key_acts_by_condition(rules, key);
}

std::vector<std::string> acting_keys(const RuleSet& rules) {
  std::vector<std::string> keys;
  for (const FieldInfo& f : rule_fields())
    if (key_acts(rules, f.key)) keys.push_back(f.key);
  return keys;
}

bool key_has_condition(const std::string& key) { return conditions().count(key) > 0; }

}  // namespace mancala::sim
