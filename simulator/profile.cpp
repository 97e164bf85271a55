// The features a ruleset's keys use (profile.h).
#include "simulator/profile.h"

#include <string>

namespace mancala::sim {

Features features_of(const RuleSet& r) {
  using namespace feature;
  Features f = 0;
  auto set = [&f](bool on, Features bit) {
    if (on) f |= bit;
  };
  set(r.first_into_origin, kFirstIntoOrigin);
  set(r.skip_origin_on_laps, kSkipOrigin);
  // Holes leave play or are closed to a player only when a match deals its rounds.
  set(r.match && r.hole_ownership == HoleOwnership::kNone &&
          (r.burn_unfilled || r.holes_out != HolesOut::kUnfilled || r.toll_hole != TollHole::kNone),
      kSkips);
  // A hole becomes a sink as a tuzdyk, or when a match deals a bha (Khutka Boia's 2-3), a toll
  // hole or a remainder hole the winner takes (Mawkar Katiya).
  const bool hole_sinks =
      r.tuzdyk || (r.match && (r.remainder == Remainder::kSettleFives ||
                               r.toll_hole != TollHole::kNone || r.winner_takes_remainder_hole));
  set(hole_sinks, kHoleSinks);
  set(hole_sinks || r.stores == StoreMode::kSown, kSinks);
  set(sows_both_ways(r), kReverse);
  set(r.capture_fours == Fours::kInstant || r.capture_fours == Fours::kEndOfTurnSown ||
          r.extra_number != ExtraNumber::kNone,
      kWatchDrops);
  set(r.tribute != Tribute::kNone, kTribute);
  set(r.relay != Relay::kNone, kRelay);
  set(r.relay == Relay::kNextAfterOccupiedLanding || r.relay == Relay::kNextAfterEmptyLanding,
      kRelayCondition);
  set(r.capture == Capture::kCount && r.capture_with_facing, kCaptureWithFacing);
  set(r.capture == Capture::kInnerFacing && r.capture_resow == CaptureResow::kWithLandingHole,
      kLandingCapture);
  set(r.end_on_singletons && r.singletons_end != SingletonsEnd::kBoard, kSideSingletons);
  // Issue 38, tworow.
  set(r.capture == Capture::kAfterEmptyNext && r.after_empty_chain, kAlternatingChain);
  set((r.capture == Capture::kEmptyOwnHole && r.empty_opponent_hole_to_opponent) ||
          (r.capture == Capture::kOppositeLastInOwnRow && !r.facing_counts.empty()) ||
          (r.capture == Capture::kCountSownHoles &&
           r.sown_capture_last != SownCaptureLast::kAnywhere),
      kGameCaptures);
  set(r.short_holes_locked, kLockedHoles);
  set(r.store_extra_move, kStoreExtraMove);
  set(r.capture == Capture::kResowOppositePair || r.capture_resow != CaptureResow::kNone, kResow);
  switch (r.capture) {
    case Capture::kNone:
      break;
    case Capture::kEvenInOpponentRow:
      f |= kCaptureEven;
      break;
    case Capture::kEmptyOwnHole:
    case Capture::kEmptyHole:
      f |= kCaptureEmpty;
      break;
    case Capture::kAfterEmptyNext:
    case Capture::kOppositeEmptyNext:
      f |= kCaptureNext;
      break;
    case Capture::kOppositeLastInOwnRow:
      f |= kCaptureOpposite;
      break;
    case Capture::kResowOppositePair:
    case Capture::kCount:
    case Capture::kCountSownHoles:
    case Capture::kInnerFacing:
    case Capture::kNextAfterEmpty:
    case Capture::kOccupiedInnerFacing:
      f |= kCaptureFamily;
      break;
  }
  set(r.tuzdyk, kTuzdyk);
  set(r.opening_captures >= 0, kOpeningCaptures);
  set(r.capture_extra_move, kCaptureExtraMove);
  set(r.capture_fours == Fours::kEndOfTurn || r.capture_fours == Fours::kEndOfTurnSown,
      kFoursAtEnd);
  set(r.end_when_left > 0, kEndWhenLeft);
  set(r.end_on_majority, kEndOnMajority);
  set(r.no_progress_turns > 0, kNoProgress);
  set(r.end_on_empty_side, kEndOnEmptySide);
  set(r.end_on_singletons, kEndOnSingletons);
  set(r.end_on_captures > 0, kEndOnCaptures);
  set(r.must_feed != MustFeed::kNone, kMustFeed);
  set(r.turns != Turns::kAlternating, kJointTurns);
  set(r.opening_hole > 0 || !r.opening_holes.empty() || sows_both_ways(r) ||
          r.must_feed != MustFeed::kNone || r.grand_slam != GrandSlam::kAllowed,
      kMoveRules);
  set(r.singletons_last_resort || r.single_into_empty_only, kSingles);
  set(r.match, kMatch);
  // A side of more than 16 holes: its playable holes are not one 16-hole compare (Game::playable).
  set(r.holes_per_player > 16, kWideSide);
  set(r.extra_holes > 0, kExtraHoles);
  // Issue 38, fourrow2: optional stops (their moves are listed with each stop: move rules).
  set(!r.optional_stop_holes.empty(), kOptionalStop | kMoveRules);
  set(r.capture == Capture::kInnerFacing && r.capture_outer == CaptureOuter::kWhenInnerEmpty,
      kOuterWhenInnerEmpty);
  set(r.locked_end_holes, kLockedEnds | kSkips);
  // Issue 38, ethiopia.
  set(r.stylised_opening != StylisedOpening::kNone, kStylisedOpening);
  set(r.fours_extra_move && r.capture_fours != Fours::kNone, kFoursExtraMove);
  // Issue 38, branch fourrow1.
  set(r.start_holes != StartHoles::kAny, kStartHoles);
  set(r.direction_chosen_once, kChosenOnce);
  set(r.capture == Capture::kInnerFacing && (r.inner_facing_when != InnerFacingWhen::kLanding ||
                                             r.capture_outer == CaptureOuter::kBothRequired ||
                                             r.capture_outer == CaptureOuter::kWhenInnerEmpty),
      kFacingRules);
  // Issue 38, branch ownership.
  set(r.match && r.hole_ownership != HoleOwnership::kNone, kOwnership);
  set(r.weg_count > 0, kWeg);  // issue 38, branch weg
  return f;
}

int profile_of(Features features) {
  for (size_t i = 0; i < kProfiles.size(); ++i) {
    if ((kProfiles[i] & features) == features) return static_cast<int>(i);
  }
  return static_cast<int>(kProfiles.size()) - 1;
}

std::vector<std::string> feature_names(Features features) {
  // The bits' names in bit order (profile.h).
  static constexpr const char* kNames =
      "first_into_origin skip_origin skips sinks hole_sinks reverse watch_drops tribute relay "
      "store_extra_move resow capture_even tuzdyk opening_captures capture_extra_move "
      "fours_at_end end_when_left end_on_majority no_progress end_on_empty_side "
      "end_on_singletons end_on_captures must_feed joint_turns move_rules singles match "
      "capture_empty capture_next capture_opposite capture_family wide_side extra_holes "
      "relay_condition capture_with_facing landing_capture side_singletons "
      // Issue 38: ownership (bits 37-40), ethiopia (41-43), weg (44-47), fourrow1 (48-50),
      // fourrow2 (51-53), tworow (54-56); a bit no feature uses yet is named unused<bit>.
      "hole_ownership unused38 unused39 unused40 stylised_opening fours_extra_move unused43 weg "
      "unused45 unused46 unused47 start_holes chosen_once facing_rules optional_stop "
      "outer_when_inner_empty locked_ends alternating_chain game_captures locked_holes";
  std::vector<std::string> out;
  std::string name;
  size_t bit = 0;
  for (const char* c = kNames;; ++c) {
    if (*c == ' ' || *c == 0) {
      if (features >> bit & 1u) out.push_back(name);
      name.clear();
      ++bit;
      if (*c == 0) break;
      continue;
    }
    name += *c;
  }
  return out;
}

}  // namespace mancala::sim
