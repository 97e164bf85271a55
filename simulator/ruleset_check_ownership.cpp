// finalize's contradictions of hole_ownership (issue 38, branch ownership; simulator/ownership.h):
// the holes a player owns are read through State::ceded by the rules listed in ownership.h (moves,
// fours, what is left in the holes at a round's end); the rules that still read a row as its
// player's are refused with it.
#include "simulator/ruleset_internal.h"

namespace mancala::sim {

void finalize_ownership_keys(const RuleSet& r, const OwnershipBad& bad) {
  const bool owned = r.hole_ownership != HoleOwnership::kNone;
  if (!owned) {
    if (r.match_end == MatchEnd::kAllHoles)
      bad("match_end", "all_holes needs holes that change owner (hole_ownership)");
    if (r.odd_hole_tie != OddHoleTie::kKeep)
      bad("odd_hole_tie", "only has a meaning with hole_ownership by_holdings");
    return;
  }
  if (r.odd_hole_tie != OddHoleTie::kKeep && r.hole_ownership != HoleOwnership::kByHoldings)
    bad("odd_hole_tie", "only has a meaning with hole_ownership by_holdings");
  const std::string why = "reads each row as its player's: not with hole_ownership";
  if (!r.match) bad("hole_ownership", "changes owners between rounds: it needs match");
  if (r.rows_per_player != 1) bad("hole_ownership", "needs a board of one row a player");
  if (r.rows_per_player * r.holes_per_row > 8)
    bad("hole_ownership", "a player's moves are 16 bits at most: a row of 8 holes at most");
  if (r.stores == StoreMode::kSown) bad("stores", "sown " + why);
  if (r.direction != Direction::kAnticlockwise && r.direction != Direction::kClockwise)
    bad("direction", "needs one direction of sowing with hole_ownership");
  if (r.reverse_privilege != ReversePrivilege::kNone) bad("reverse_privilege", why);
  if (r.match_end != MatchEnd::kAllHoles)
    bad("match_end",
        "with hole_ownership the match ends when one player owns every hole (all_holes)");
  if (r.must_feed != MustFeed::kNone) bad("must_feed", why);
  if (r.grand_slam != GrandSlam::kAllowed) bad("grand_slam", why);
  if (r.end_on_empty_side) bad("end_on_empty_side", why);
  if (r.end_on_singletons && r.singletons_end != SingletonsEnd::kBoard) bad("singletons_end", why);
  if (r.opening_hole > 0 || !r.opening_holes.empty()) bad("opening_hole", why);
  if (r.singletons_last_resort || r.single_into_empty_only) bad("singletons_last_resort", why);
  if (r.tuzdyk) bad("tuzdyk", why);
  if (!r.start_layout.empty())
    bad("start_layout", "a match deals its rounds counters_per_hole a hole");
  if (r.remainder != Remainder::kSetAside || r.holes_out != HolesOut::kUnfilled)
    bad("remainder",
        "with hole_ownership every hole is dealt counters_per_hole: no remainder rule");
  if (r.extra_number != ExtraNumber::kNone || r.toll_hole != TollHole::kNone ||
      r.winner_takes_remainder_hole)
    bad("extra_number", "the handicaps of Mawkar Katiya are not played with hole_ownership");
  switch (r.capture) {
    case Capture::kNone:
    case Capture::kAfterEmptyNext:
    case Capture::kNextAfterEmpty:
      break;
    case Capture::kCount:
      if (r.capture_rows != CaptureRows::kAny || r.capture_taker != CaptureTaker::kMover)
        bad("capture_rows", "count in one player's rows, or taken by a row's owner, " + why);
      break;
    case Capture::kEvenInOpponentRow:
    case Capture::kOppositeEmptyNext:
    case Capture::kOppositeLastInOwnRow:
    case Capture::kResowOppositePair:
    case Capture::kEmptyOwnHole:
    case Capture::kEmptyHole:
    case Capture::kCountSownHoles:
    case Capture::kInnerFacing:
    case Capture::kOccupiedInnerFacing:
      bad("capture", "this capture " + why);
      break;
  }
}

}  // namespace mancala::sim
