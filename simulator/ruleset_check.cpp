// Checking rulesets: finalize's contradictions between rule keys, and `rules check` over files
// and folders (evidence records and phrases found, one default per game).
#include <algorithm>
#include <cctype>
#include <map>
#include <optional>
#include <set>

#include "common/file_write.h"
#include "common/paths.h"
#include "simulator/plays_as.h"
#include "simulator/ruleset_internal.h"
#include "simulator/ruleset_io.h"
#include "simulator/state.h"
#include "simulator/witness.h"

namespace mancala::sim {

using nlohmann::json;

namespace {

// Bao's keys (issue 38): capture occupied_inner_facing is played by Game's Bao moves
// (bao_moves.cpp), which play only the keys listed here; the others must keep their defaults.
template <class Bad>
void finalize_bao_keys(const RuleSet& r, Bad&& bad) {
  const bool bao = r.capture == Capture::kOccupiedInnerFacing;
  if (!bao) {
    const char* need = "only has a meaning with capture occupied_inner_facing";
    if (r.capture_resow == CaptureResow::kEndHole)
      bad("capture_resow", std::string("end_hole ") + need);
    if (r.in_hand > 0) bad("in_hand", need);
    if (r.must_capture) bad("must_capture", need);
    if (r.end_on_empty_inner_row) bad("end_on_empty_inner_row", need);
    return;
  }
  if (r.rows_per_player != 2) bad("capture", "occupied_inner_facing needs two rows a player");
  if (r.circuit != Circuit::kOwnRows)
    bad("capture", "occupied_inner_facing needs each player sowing round his own rows (own_rows)");
  if (r.relay != Relay::kLandingHole)
    bad("capture", "occupied_inner_facing is made instead of a relay: it needs relay landing_hole");
  if (r.capture_resow != CaptureResow::kEndHole)
    bad("capture",
        "occupied_inner_facing sows its captures again: it needs capture_resow end_hole");
  if (r.direction != Direction::kEither)
    bad("capture",
        "occupied_inner_facing sows its captures from either end of the inner row: it needs "
        "direction either");
  if (r.no_move == NoMove::kPass)
    bad("no_move", "pass is not played with capture occupied_inner_facing (Bao's moves)");
  const RuleSet defaults;
  for (const FieldInfo& f : rule_fields()) {
    if (!bao_played_keys().contains(f.key) && f.get(r) != f.get(defaults) &&
        key_acts_by_condition(r, f.key))
      bad(f.key,
          "is not played with capture occupied_inner_facing (Bao's moves): keep its "
          "default " +
              f.get(defaults).dump());
  }
}

// Issue 38: the relays that look at the landing hole before relaying from the next one.
bool conditional_relay(const RuleSet& r) {
  return r.relay == Relay::kNextAfterOccupiedLanding || r.relay == Relay::kNextAfterEmptyLanding;
}

// The contradictions of the keys the DLP's family of games added (issue 25).
template <class Bad>
void finalize_new_keys(const RuleSet& r, Bad&& bad) {
  if (r.direction == Direction::kByHalf) {
    if (r.rows_per_player != 1) bad("direction", "by_half needs one row a player");
    if (r.reverse_privilege != ReversePrivilege::kNone)
      bad("direction", "by_half already sows some moves clockwise: no reverse_privilege with it");
  }
  if (r.direction == Direction::kEither && r.reverse_privilege != ReversePrivilege::kNone)
    bad("direction", "either already sows every move both ways: no reverse_privilege with it");
  if ((r.singletons_last_resort || r.single_into_empty_only) && r.min_counters_to_sow > 1) {
    bad(r.singletons_last_resort ? "singletons_last_resort" : "single_into_empty_only",
        "a hole holding one counter cannot be played at all (min_counters_to_sow " +
            std::to_string(r.min_counters_to_sow) + ")");
  }
  if (r.capture_extra_move && r.capture == Capture::kNone)
    bad("capture_extra_move", "needs a capture rule");
  const bool empty_capture =
      r.capture == Capture::kEmptyOwnHole || r.capture == Capture::kEmptyHole;
  if (!r.capture_takes_last && !empty_capture)
    bad("capture_takes_last", "false only has a meaning with capture empty_own_hole or empty_hole");
  if (r.capture_empty_facing && !r.capture_takes_last)
    bad("capture_empty_facing", "takes the last counter alone: it needs capture_takes_last");
  const bool counting = r.capture == Capture::kCount || r.capture == Capture::kCountSownHoles;
  if (counting && r.capture_counts.empty())
    bad("capture_counts", "capture count and count_sown_holes need the counts that capture");
  if (!counting) {
    if (!r.capture_counts.empty())
      bad("capture_counts", "only has a meaning with capture count or count_sown_holes");
    if (r.capture_rows != CaptureRows::kOpponent)
      bad("capture_rows", "only has a meaning with capture count or count_sown_holes");
    if (r.capture_taker != CaptureTaker::kMover)
      bad("capture_taker", "only has a meaning with capture count or count_sown_holes");
  }
  if (r.capture_chain != CaptureChain::kNone && r.capture != Capture::kCount)
    bad("capture_chain", "only has a meaning with capture count");
  if (r.capture_with_facing && r.capture != Capture::kCount)
    bad("capture_with_facing", "only has a meaning with capture count");
  if (r.capture_outer != CaptureOuter::kNone && r.capture != Capture::kInnerFacing)
    bad("capture_outer", "only has a meaning with capture inner_facing");
  if (r.resow_pair_from != ResowPairFrom::kFirstSown && r.capture != Capture::kResowOppositePair)
    bad("resow_pair_from", "only has a meaning with capture resow_opposite_pair");
  if (r.resow_pair_ends_move && r.capture != Capture::kResowOppositePair)
    bad("resow_pair_ends_move", "only has a meaning with capture resow_opposite_pair");
  if (r.capture_resow == CaptureResow::kAfterLast && r.capture != Capture::kInnerFacing)
    bad("capture_resow", "after_last only has a meaning with capture inner_facing");
  if (r.capture_resow == CaptureResow::kWithLandingHole && r.capture != Capture::kInnerFacing)
    bad("capture_resow", "with_landing_hole only has a meaning with capture inner_facing");
  if (r.capture_resow == CaptureResow::kWithLandingHole && r.relay != Relay::kLandingHole)
    bad("capture_resow",
        "with_landing_hole captures instead of relaying from an occupied landing hole: it needs "
        "relay landing_hole");
  finalize_bao_keys(r, bad);
  finalize_bao2_keys(r, bad);
  if (r.opening_for != OpeningFor::kBoth && r.opening_hole == 0 && r.opening_holes.empty())
    bad("opening_for", "only has a meaning with opening_hole or opening_holes");
  if (r.single_into_empty_only &&
      (r.direction == Direction::kByHalf || r.direction == Direction::kEither))
    bad("single_into_empty_only",
        "the next hole depends on the direction of each move: not with "
        "direction " +
            std::string(r.direction == Direction::kByHalf ? "by_half" : "either"));
  if (r.must_feed != MustFeed::kNone && (r.store_extra_move || r.capture_extra_move))
    bad("must_feed",
        "the duty to feed is judged once a turn: not with another move "
        "(store_extra_move, capture_extra_move)");
  switch (r.capture) {
    case Capture::kCount:
      if (r.rows_per_player != 1) bad("capture", "count needs one row a player");
      if (r.relay != Relay::kNone && r.relay != Relay::kLandingHole && !conditional_relay(r))
        bad("capture",
            "count is judged where the last counter falls: it needs relay none, landing_hole, "
            "next_after_occupied_landing or next_after_empty_landing");
      break;
    case Capture::kCountSownHoles:
      if (r.rows_per_player != 1) bad("capture", "count_sown_holes needs one row a player");
      if (r.relay != Relay::kNone)
        bad("capture", "count_sown_holes looks at the holes of one sowing: it needs relay none");
      break;
    case Capture::kEmptyHole:
      if (r.rows_per_player != 1) bad("capture", "empty_hole needs one row a player");
      break;
    case Capture::kInnerFacing:
      if (r.rows_per_player != 2) bad("capture", "inner_facing needs two rows a player");
      break;
    case Capture::kNextAfterEmpty:
      if (r.relay != Relay::kNone && r.relay != Relay::kLandingHole &&
          r.relay != Relay::kNextAfterOccupiedLanding)
        bad("capture",
            "next_after_empty ends a move in an empty hole: it needs relay none, landing_hole "
            "or next_after_occupied_landing");
      break;
    case Capture::kNone:                 // the other captures: finalize checks them
    case Capture::kOccupiedInnerFacing:  // finalize_bao_keys
    case Capture::kEvenInOpponentRow:
    case Capture::kAfterEmptyNext:
    case Capture::kOppositeEmptyNext:
    case Capture::kOppositeLastInOwnRow:
    case Capture::kResowOppositePair:
    case Capture::kEmptyOwnHole:
      break;
  }
  if (r.fours_last_to_mover && r.capture_fours != Fours::kInstant)
    bad("fours_last_to_mover", "needs capture_fours instant");
  if (r.fours_scope != FoursScope::kBothRows && r.capture_fours == Fours::kNone)
    bad("fours_scope", "only has a meaning with capture_fours");
  if (r.turns != Turns::kAlternating) {
    if (r.must_feed != MustFeed::kNone) bad("must_feed", "needs alternating turns");
    if (r.grand_slam != GrandSlam::kAllowed) bad("grand_slam", "needs alternating turns");
    if (r.end_when_left > 0) bad("end_when_left", "needs alternating turns");
  }
  if (r.grand_slam != GrandSlam::kAllowed && r.capture == Capture::kNone)
    bad("grand_slam", "needs a capture rule");
  if (r.empty_side_wins && !r.end_on_empty_side)
    bad("empty_side_wins", "only has a meaning with end_on_empty_side");
  if (r.singletons_end != SingletonsEnd::kBoard && !r.end_on_singletons)
    bad("singletons_end", "only has a meaning with end_on_singletons");
}

// The contradictions of the keys of issue 38 (the family's later features).
template <class Bad>
void finalize_issue38_keys(const RuleSet& r, Bad&& bad) {
  if (r.resow_pair_takes != ResowPairTakes::kBothOccupied &&
      r.capture != Capture::kResowOppositePair)
    bad("resow_pair_takes", "only has a meaning with capture resow_opposite_pair");
  if (r.extra_holes > 0) {
    if (r.capture != Capture::kInnerFacing)
      bad("extra_holes",
          "are taken after a capture of the facing holes: needs capture inner_facing");
    if (r.capture_resow != CaptureResow::kNone)
      bad("extra_holes",
          "are the capturer's: not with capture_resow, which sows the captures again");
    if (r.extra_holes_after == ExtraHolesAfter::kDoubleCapture &&
        r.capture_outer == CaptureOuter::kNone)
      bad("extra_holes_after",
          "double_capture needs the outer hole taken too (capture_outer after_inner or always)");
  } else if (r.extra_holes_after != ExtraHolesAfter::kAnyCapture) {
    bad("extra_holes_after", "only has a meaning with extra_holes");
  }
  if (r.after_joint_opening == AfterJointOpening::kFirstToFinish) {
    if (r.turns != Turns::kSimultaneousOpening)
      bad("after_joint_opening", "only has a meaning with turns simultaneous_opening");
    else if (r.resolution == Resolution::kSequentialRandom)
      bad("after_joint_opening",
          "first_to_finish is a race of moves sown at once: it needs resolution lockstep or "
          "lockstep_random");
  }
}

}  // namespace

void finalize(RuleSet& r, const std::string& file) {
  std::vector<std::string> problems;  // every contradiction, in the order of the checks
  auto bad = [&](const std::string& key, const std::string& what) {
    problems.push_back(file + ": rules." + key + ": " + what);
  };
  if (r.rows_per_player == 2 && r.circuit != Circuit::kOwnRows) {
    bad("circuit",
        "a board with two rows per player is sown round the player's own rows (own_rows)");
  }
  if (r.rows_per_player == 1 && r.circuit != Circuit::kWholeBoard) {
    bad("circuit", "a board with one row per player is sown round the whole board (whole_board)");
  }
  if (r.single_counter_moves_on && !r.first_into_origin) {
    bad("single_counter_moves_on", "only has a meaning with first_into_origin");
  }
  if (r.tuzdyk && r.rows_per_player != 1) bad("tuzdyk", "needs a board with one row per player");
  if (r.tuzdyk && r.capture != Capture::kEvenInOpponentRow) {
    bad("tuzdyk",
        "is made by the last counter of a move that ends without relay (capture "
        "even_in_opponent_row)");
  }
  if (r.stores == StoreMode::kSown && r.circuit != Circuit::kWholeBoard) {
    bad("stores", "sown stores need a whole-board circuit");
  }
  // after_row says where a store on the path would be, so it stands without one (a ruleset
  // extending Kalah with stores none inherits it); left places a store that must be there.
  if (r.store_side == StoreSide::kLeft && r.stores != StoreMode::kSown)
    bad("store_side", "left only has a meaning with stores sown");
  if (r.store_side == StoreSide::kAfterRow && r.stores == StoreMode::kSown &&
      (r.direction == Direction::kByHalf || r.direction == Direction::kEither))
    bad("store_side", "after_row needs one direction of sowing: not with direction " +
                          std::string(r.direction == Direction::kByHalf ? "by_half" : "either"));
  // Where the stores are: after_row follows the direction (issue 37: a clockwise game reaches
  // the store on the player's right only after the whole opponent's row).
  r.store_at = r.store_side != StoreSide::kAfterRow   ? r.store_side
               : r.direction == Direction::kClockwise ? StoreSide::kLeft
                                                      : StoreSide::kRight;
  switch (r.capture) {
    case Capture::kNone:
    case Capture::kOppositeLastInOwnRow:  // judged on the last counter's hole: any relay
    case Capture::kEmptyOwnHole:          // idem
      break;
    case Capture::kEmptyHole:  // the DLP's captures: finalize_new_keys checks them
    case Capture::kCount:
    case Capture::kCountSownHoles:
    case Capture::kInnerFacing:
    case Capture::kNextAfterEmpty:
    case Capture::kOccupiedInnerFacing:
      break;
    case Capture::kAfterEmptyNext:
      if (r.relay != Relay::kNextHole && r.relay != Relay::kFacingHole && !conditional_relay(r))
        bad("capture",
            "this capture looks at the next hole: it needs relay next_hole, facing_hole, "
            "next_after_occupied_landing or next_after_empty_landing");
      break;
    case Capture::kOppositeEmptyNext:
      if (r.relay != Relay::kNextHole && !conditional_relay(r))
        bad("capture",
            "this capture looks at the next hole: it needs relay next_hole, "
            "next_after_occupied_landing or next_after_empty_landing");
      break;
    case Capture::kResowOppositePair:
      if (r.rows_per_player != 2) bad("capture", "resow_opposite_pair needs two rows per player");
      if (r.relay != Relay::kLandingHole)
        bad("capture", "resow_opposite_pair needs relay landing_hole");
      break;
    case Capture::kEvenInOpponentRow:
      if (r.relay != Relay::kNone)
        bad("capture", "even_in_opponent_row is judged on the last counter: it needs relay none");
      break;
  }
  if (r.capture_empty_facing && r.capture != Capture::kEmptyOwnHole &&
      r.capture != Capture::kEmptyHole) {
    bad("capture_empty_facing", "only has a meaning with capture empty_own_hole or empty_hole");
  }
  if (!r.relay_skips_store && (r.relay != Relay::kNextHole || r.stores != StoreMode::kSown)) {
    bad("relay_skips_store", "false only has a meaning with relay next_hole and stores sown");
  }
  if (r.store_extra_move && r.stores != StoreMode::kSown) {
    bad("store_extra_move", "needs stores on the sowing path (stores: sown)");
  }
  if (r.capture_facing == CaptureFacing::kOriginHole &&
      r.capture != Capture::kOppositeLastInOwnRow && r.capture != Capture::kResowOppositePair) {
    bad("capture_facing",
        "origin_hole only has a meaning for opposite_last_in_own_row or resow_opposite_pair");
  }
  if (r.reverse_privilege == ReversePrivilege::kEndHolesWithCapture &&
      r.capture == Capture::kNone) {
    bad("reverse_privilege", "end_holes_with_capture needs a capture rule");
  }
  if (conditional_relay(r) && r.stores == StoreMode::kSown) {
    // Issue 38: no game of the family needs both; a store after the last counter is not a hole.
    bad("relay",
        "next_after_occupied_landing and next_after_empty_landing relay from the next hole: not "
        "with stores on the sowing path (stores sown)");
  }
  if (r.relay == Relay::kFacingHole && r.circuit != Circuit::kWholeBoard) {
    // Issue 12 (found by the combinations test): the facing hole is the opponent's, off a sowing
    // path round the mover's own rows, so it cannot be picked up and sown on.
    bad("relay",
        "facing_hole picks up the opponent's facing hole and sows on from it: it needs a "
        "whole-board circuit (the opponent's holes are not on an own_rows path)");
  }
  const int side = r.rows_per_player * r.holes_per_row;
  if (!r.start_layout.empty()) {
    const int n = static_cast<int>(r.start_layout.size());
    if (n != side && n != 2 * side) {
      bad("start_layout", std::to_string(n) + " counts: a player's side has " +
                              std::to_string(side) + " holes (give " + std::to_string(side) +
                              " counts, or " + std::to_string(2 * side) + " for both sides)");
    }
    if (r.match) bad("start_layout", "a match deals its rounds counters_per_hole a hole");
    const int most = *std::max_element(r.start_layout.begin(), r.start_layout.end());
    if (r.min_counters_to_sow > most) {
      bad("min_counters_to_sow", "no hole can be played at the start: none holds " +
                                     std::to_string(r.min_counters_to_sow) +
                                     " counters (start_layout)");
    }
  } else if (r.min_counters_to_sow > r.counters_per_hole) {
    // Issue 12: nobody could make the first move.
    bad("min_counters_to_sow",
        "no hole can be played at the start: each holds " + std::to_string(r.counters_per_hole) +
            " (counters_per_hole), fewer than " + std::to_string(r.min_counters_to_sow));
  }
  if (r.opening_hole > side) {
    bad("opening_hole",
        "there is no hole " + std::to_string(r.opening_hole) + " on a player's side");
  }
  for (int h : r.opening_holes) {
    if (h > side)
      bad("opening_holes", "there is no hole " + std::to_string(h) + " on a player's side");
  }
  if (r.opening_hole > 0 && !r.opening_holes.empty())
    bad("opening_holes", "give either opening_hole or opening_holes, not both");
  finalize_new_keys(r, bad);
  finalize_issue38_keys(r, bad);
  finalize_fourrow2_keys(r, bad);
  finalize_ethiopia_keys(r, bad);
  finalize_fourrow1_keys(r, bad);
  finalize_tworow_keys(r, bad);
  finalize_ownership_keys(r, bad);
  finalize_weg_keys(r, bad);  // issue 38, branch weg
  if (!r.match) {
    if (r.remainder != Remainder::kSetAside)
      bad("remainder", "only has a meaning in a match (match: true)");
    if (r.tribute != Tribute::kNone) bad("tribute", "only has a meaning in a match (match: true)");
    if (r.extra_number != ExtraNumber::kNone)
      bad("extra_number", "only has a meaning in a match (match: true)");
    if (r.toll_hole != TollHole::kNone)
      bad("toll_hole", "only has a meaning in a match (match: true)");
    if (r.winner_takes_remainder_hole)
      bad("winner_takes_remainder_hole", "only has a meaning in a match (match: true)");
    if (r.holes_out != HolesOut::kUnfilled)
      bad("holes_out", "only has a meaning in a match (match: true)");
  }
  if (r.holes_out == HolesOut::kPerFiveOfDifference && r.remainder != Remainder::kSettleFives &&
      r.remainder != Remainder::kSetAside) {
    bad("holes_out",
        "per_five_of_difference sets aside what the weaker holds beyond his holes: it needs "
        "remainder "
        "settle_fives or set_aside");
  }
  if (r.stop_after_rounds > 0 && (!r.match || r.stop_after_rounds >= r.max_rounds)) {
    bad("stop_after_rounds", "needs a match (match: true) and fewer rounds than max_rounds");
  }
  if (r.tribute != Tribute::kNone && r.remainder != Remainder::kSettleFives) {
    bad("tribute", "is the 1-4 settlement of remainder settle_fives");
  }
  if (r.remainder == Remainder::kSettleFives && r.counters_per_hole != 5) {
    bad("remainder",
        "settle_fives settles remainders of five counters a hole (counters_per_hole 5)");
  }
  if ((r.toll_hole == TollHole::kLoserRemainderHole || r.winner_takes_remainder_hole) &&
      r.remainder != Remainder::kNextHole && r.remainder != Remainder::kFirstHole) {
    bad(r.winner_takes_remainder_hole ? "winner_takes_remainder_hole" : "toll_hole",
        "needs a hole dealt the loser's remainder (remainder next_hole or first_hole)");
  }
  r.holes_per_player = r.rows_per_player * r.holes_per_row;
  r.total_holes = 2 * r.holes_per_player;
  // Issue 37: the family's largest boards are 4x16 (64 holes) and En Gehe's 2x40 (80).
  if (r.total_holes > kMaxHoles) {
    bad("holes_per_row", std::to_string(2 * r.rows_per_player) + "x" +
                             std::to_string(r.holes_per_row) + " is " +
                             std::to_string(r.total_holes) + " holes: a board has at most " +
                             std::to_string(kMaxHoles) + " (2x40, or 4x20)");
  }
  // The masks of the whole board (a match's holes out of play and toll holes, the holes a turn
  // sowed) name 64 holes (HoleBits, state.h): a larger board has none of the rules that mark them.
  if (r.total_holes > kMaskHoles) {
    if (r.match) {
      bad("match", "a board of more than " + std::to_string(kMaskHoles) + " holes (" +
                       std::to_string(r.total_holes) + ") plays no match of rounds");
    }
    if (r.capture_fours == Fours::kEndOfTurnSown) {
      bad("capture_fours", "end_of_turn_sown needs a board of at most " +
                               std::to_string(kMaskHoles) + " holes (" +
                               std::to_string(r.total_holes) + ")");
    }
  }
  r.total_counters = r.total_holes * r.counters_per_hole;
  if (!r.start_layout.empty()) {
    r.total_counters = 0;
    for (int c : r.start_layout) r.total_counters += c;
    if (static_cast<int>(r.start_layout.size()) == r.holes_per_player) r.total_counters *= 2;
    if (r.total_counters == 0) bad("start_layout", "no counters on the board");
  }
  r.total_counters += 2 * r.in_hand;
  // Issues 21 and 37: every counter could gather in one hole, which holds at most kMaxCounters
  // (docs/rules-format.md), so a ruleset with more counters in all is refused.
  if (r.total_counters > kMaxCounters) {
    bad(r.start_layout.empty() ? "counters_per_hole" : "start_layout",
        std::to_string(r.total_counters) + " counters in all: a hole holds at most " +
            std::to_string(kMaxCounters) + ", so at most " + std::to_string(kMaxCounters) +
            " counters in all");
  }
  if (r.end_on_captures > r.total_counters) {
    bad("end_on_captures", "no player can capture " + std::to_string(r.end_on_captures) +
                               " of the " + std::to_string(r.total_counters) + " counters");
  }
  if (r.end_when_left >= r.total_counters) {
    bad("end_when_left",
        "the board holds only " + std::to_string(r.total_counters) + " counters at the start");
  }
  if (problems.empty()) return;
  std::string all;
  for (const std::string& p : problems) all += (all.empty() ? "" : "\n") + p;
  throw RuleError(all);
}

namespace {

// One problem per line of an error message (finalize reports every contradiction, one a line).
void append_lines(std::vector<std::string>& problems, const std::string& message) {
  size_t from = 0;
  while (from <= message.size()) {
    const size_t end = std::min(message.find('\n', from), message.size());
    problems.push_back(message.substr(from, end - from));
    from = end + 1;
  }
}

}  // namespace

std::vector<std::string> ruleset_problems(const RuleSet& r, const std::string& file,
                                          const std::set<std::string>& ruleset_ids) {
  std::vector<std::string> problems;
  const auto& texts = project_evidence();
  for (const auto& id : r.evidence) {
    if (!texts.empty() && !texts.count(id)) {
      problems.push_back(file + ": evidence: no evidence record '" + id + "' in " +
                         (data_dir() / "evidence").string());
    }
  }
  for (const auto& [key, entry] : r.provenance) {
    const std::optional<Witness> w = witness_from_entry(entry);
    if (!w) continue;  // the loader refuses an entry without a witness
    const std::string problem = witness_problem(*w, file + ": provenance." + key, ruleset_ids);
    if (!problem.empty()) problems.push_back(problem);
  }
  // A described or reconstructed ruleset traces every key that can change its play.
  if (r.status == "described" || r.status == "reconstructed") {
    for (const std::string& key : acting_keys(r)) {
      if (r.provenance.count(key)) continue;
      problems.push_back(file + ": provenance." + key + ": missing: the key acts in " + "this " +
                         r.status +
                         " ruleset, so it needs its witness: a quoted phrase (source, "
                         "paraphrase), a reading or an assumption with its reason");
    }
  }
  for (std::string& problem : plays_as_problems(r, file, ruleset_ids))
    problems.push_back(std::move(problem));
  return problems;
}

std::vector<std::string> ruleset_problems(const RuleSet& r, const std::string& file) {
  const std::vector<std::string> listed = list_ruleset_ids();
  return ruleset_problems(r, file, std::set<std::string>(listed.begin(), listed.end()));
}

std::vector<std::string> check_rulesets(const std::vector<std::string>& paths) {
  std::vector<std::string> problems;
  const auto root = rulesets_dir();
  std::vector<std::filesystem::path> files;
  std::set<std::filesystem::path>
      from_folders;  // files found in a folder given (not named one by one)
  for (const auto& p : paths) {
    if (std::filesystem::is_directory(p)) {
      for (const auto& e : std::filesystem::recursive_directory_iterator(p)) {
        if (e.is_regular_file() && e.path().extension() == ".json") {
          files.push_back(e.path());
          from_folders.insert(e.path());
        }
      }
    } else if (std::filesystem::is_regular_file(p)) {
      files.push_back(p);
    } else {
      std::error_code ec;
      const auto status = std::filesystem::status(p, ec);
      problems.push_back(p + (std::filesystem::exists(status) ? ": not a ruleset file or folder (" +
                                                                    files::file_kind(status) + ")"
                                                              : ": no such file or folder"));
    }
  }
  std::sort(files.begin(), files.end());
  if (files.empty() && problems.empty()) {
    std::string given;
    for (const auto& p : paths) given += (given.empty() ? "" : ", ") + p;
    problems.push_back(given + ": no ruleset files (*.json) found");
    return problems;
  }
  const std::vector<std::string> listed = list_ruleset_ids();
  const std::set<std::string> ruleset_ids(listed.begin(), listed.end());
  const auto canonical = [](const std::filesystem::path& p) {
    return std::filesystem::weakly_canonical(p).string();
  };
  std::map<std::string, std::set<std::string>> defaults;  // game -> files marked "default": true
  std::set<std::string> checked;                          // the files given, canonical
  std::set<std::string> games, project_games;
  for (const auto& file : files) {
    checked.insert(canonical(file));
    try {
      const bool inside = canonical(file).rfind(canonical(root), 0) == 0;
      const RuleSet r = load_ruleset_file(file, inside ? root : file.parent_path().parent_path());
      // A game's defaults are counted for the project's rulesets and for whole folders given; a
      // single file kept elsewhere (a user's own alternative) is no game folder of its own.
      if (inside || from_folders.count(file)) games.insert(r.game);
      if (inside) project_games.insert(r.game);
      if (read_json_file(file).value("default", false)) defaults[r.game].insert(canonical(file));
      for (std::string& problem : ruleset_problems(r, file.string(), ruleset_ids))
        problems.push_back(std::move(problem));
    } catch (const RuleError& e) {
      append_lines(problems, e.what());
    }
  }
  // Exactly one default per game, counting the game's rulesets in the project that were not given.
  for (const auto& g : games) {
    if (project_games.count(g) && std::filesystem::is_directory(root / g)) {
      for (const auto& e : std::filesystem::directory_iterator(root / g)) {
        if (e.path().extension() != ".json" || checked.count(canonical(e.path()))) continue;
        try {
          if (read_json_file(e.path()).value("default", false))
            defaults[g].insert(canonical(e.path()));
        } catch (const RuleError&) {
          // not given: its own check reports it
        }
      }
    }
    if (defaults[g].size() != 1) {
      problems.push_back(g + ": " + std::to_string(defaults[g].size()) +
                         " rulesets are marked \"default\": true (exactly one is needed)");
    }
  }
  return problems;
}

}  // namespace mancala::sim
