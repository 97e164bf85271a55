// Rule profiles (issue 37): no game pays for another's rules.
//
// Every rule feature of the move loop has a bit (the `feature` constants below). A ruleset's
// features are the bits of the keys it uses (features_of). The move loop (Game's move steps,
// the end of a turn, random play) is compiled once for each profile of kProfiles, a set of
// features, and the code of each feature stands inside `if constexpr` on its bit, so the loop of a
// profile without a feature has none of that feature's code: not even the test that would skip
// it. A Game plays under the first profile of kProfiles that holds all of its ruleset's features
// (profile_of; the last profile, kAllFeatures, holds every feature), chosen once, when the Game is
// built. Inside a profile's loop each feature it holds is still tested at run time where the rule
// has several values, so a ruleset may play under any profile that holds its features, and plays
// the same games under every one of them (tests/simulator/profile_test.cpp checks it for every
// shipped ruleset).
//
// Adding a rule feature (docs/architecture.md, "A new rule feature"): give it a bit here, set the
// bit in features_of when its key acts, put its code inside `if constexpr (has(F, feature::kNew))`
// (F the profile's features: W::kFeatures in a move step), and leave kProfiles alone: only
// kAllFeatures holds a new bit, so no shipped ruleset that does not use the feature plays a single
// instruction more (the instruction budget, bench/instructions.tsv, checks that in every run of
// scripts/test.sh). A profile for the games that use the feature is added to kProfiles only when
// their speed matters, with the table's figures to show it.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "simulator/rules.h"

namespace mancala::sim {

using Features = uint64_t;

namespace feature {
// Sowing
inline constexpr Features kFirstIntoOrigin = 1ull << 0;  // first_into_origin (and a lone counter)
inline constexpr Features kSkipOrigin = 1ull << 1;       // skip_origin_on_laps
inline constexpr Features kSkips = 1ull << 2;  // holes out of play or closed to a player (match)
inline constexpr Features kSinks = 1ull << 3;  // a position takes what falls in (store, tuzdyk)
inline constexpr Features kHoleSinks = 1ull << 4;   // a hole can become a sink (tuzdyk, bha, toll)
inline constexpr Features kReverse = 1ull << 5;     // moves sown against the direction
inline constexpr Features kWatchDrops = 1ull << 6;  // a single drop can capture (fours, numbers)
inline constexpr Features kTribute = 1ull << 7;     // Khutka Boia's tribute from the lifted hole
// After a sowing
inline constexpr Features kRelay = 1ull << 8;           // relay: a sowing may start another
inline constexpr Features kStoreExtraMove = 1ull << 9;  // store_extra_move
inline constexpr Features kResow = 1ull << 10;  // captures sown again (resow_opposite_pair, inner)
inline constexpr Features kCaptureEven = 1ull << 11;       // capture even_in_opponent_row
inline constexpr Features kTuzdyk = 1ull << 12;            // the tuzdyk
inline constexpr Features kOpeningCaptures = 1ull << 13;   // opening_captures
inline constexpr Features kCaptureExtraMove = 1ull << 14;  // capture_extra_move
inline constexpr Features kFoursAtEnd = 1ull << 15;        // fours taken when the move is over
// The end of a turn and of a round
inline constexpr Features kEndWhenLeft = 1ull << 16;      // end_when_left
inline constexpr Features kEndOnMajority = 1ull << 17;    // end_on_majority
inline constexpr Features kNoProgress = 1ull << 18;       // no_progress_turns
inline constexpr Features kEndOnEmptySide = 1ull << 19;   // end_on_empty_side
inline constexpr Features kEndOnSingletons = 1ull << 20;  // end_on_singletons
inline constexpr Features kEndOnCaptures = 1ull << 21;    // end_on_captures
inline constexpr Features kMustFeed = 1ull << 22;         // must_feed when_empty (has_move)
inline constexpr Features kJointTurns = 1ull << 23;       // simultaneous turns
// Moves
inline constexpr Features kMoveRules = 1ull << 24;  // legal moves not the playable holes
inline constexpr Features kSingles = 1ull << 25;    // singletons_last_resort, single_into_empty
inline constexpr Features kMatch = 1ull << 26;      // rounds of a match (deals, handicaps)
// The other capture rules, by family (capture_by_rule tests only its profile's)
inline constexpr Features kCaptureEmpty = 1ull << 27;     // empty_own_hole, empty_hole
inline constexpr Features kCaptureNext = 1ull << 28;      // after_empty_next, opposite_empty_next
inline constexpr Features kCaptureOpposite = 1ull << 29;  // opposite_last_in_own_row
inline constexpr Features kCaptureFamily = 1ull << 30;    // count, count_sown_holes, inner_facing,
                                                          // next_after_empty, resow_opposite_pair
// The board (issue 37)
inline constexpr Features kWideSide = 1ull << 31;  // a side of more than 16 holes (4x16, 2x40)
// Issue 38
inline constexpr Features kExtraHoles = 1ull << 32;  // extra_holes after an inner_facing capture
// Issue 38: relays on a condition (relay next_after_occupied_landing and
// next_after_empty_landing)
inline constexpr Features kRelayCondition = 1ull << 33;
// capture_with_facing: a count capture takes the facing holes too
inline constexpr Features kCaptureWithFacing = 1ull << 34;
// capture_resow with_landing_hole: the capture made at an occupied landing hole, before its relay
inline constexpr Features kLandingCapture = 1ull << 35;
// singletons_end side_loses: the end on single counters judged on each player's side
inline constexpr Features kSideSingletons = 1ull << 36;
// Issue 38, branch ownership: holes that change owner between rounds (hole_ownership): a player's
// moves and rows read State::ceded
inline constexpr Features kOwnership = 1ull << 37;
// Issue 38, branch fourrow2 (bits 51-53): optional_stop_holes, a move that may end at an
// occupied landing hole instead of relaying (Misoro Tsoro).
inline constexpr Features kOptionalStop = 1ull << 51;
// Issue 38, branch fourrow2: capture_outer when_inner_empty (Sute).
inline constexpr Features kOuterWhenInnerEmpty = 1ull << 52;
// Issue 38, branch fourrow2: locked_end_holes (Lobudok): closed_to holes not playable either.
inline constexpr Features kLockedEnds = 1ull << 53;
// Issue 38, ethiopia (bits 41-43): the stylised opening a round's first move makes
// (stylised_opening; ethiopia_opening.cpp)
inline constexpr Features kStylisedOpening = 1ull << 41;
// fours_extra_move: a four taken gives the mover another move (end_turn)
inline constexpr Features kFoursExtraMove = 1ull << 42;
// Issue 38, branch fourrow1 (bits 48-50):
// start_holes rearmost: moves start from the rear hole of a run of counters (Chiana wa Bwalo)
inline constexpr Features kStartHoles = 1ull << 48;
// direction_chosen_once: each player's way chosen on his second move and kept (Chisolo)
inline constexpr Features kChosenOnce = 1ull << 49;
// inner_facing_when, capture_outer both_required and when_inner_empty: the four-row
// captures of Chiana wa Bwalo, Lisolo, Ngolo and Namudilakunze
inline constexpr Features kFacingRules = 1ull << 50;
// Issue 38, branch tworow (bits 54-56):
// after_empty_chain: the alternating run of holes taken beyond after_empty_next's
inline constexpr Features kAlternatingChain = 1ull << 54;
// single two-row games' captures: empty_opponent_hole_to_opponent (Yovodi), facing_counts (Okwe
// (Igbo)), sown_capture_last (Kara)
inline constexpr Features kGameCaptures = 1ull << 55;
// short_holes_locked: holes dealt short, neither sown from nor captured until filled (Khrour)
inline constexpr Features kLockedHoles = 1ull << 56;
// Issue 38, branch weg (bits 44-47): holes the last counter captures for the round (weg_count):
// not sown from, a toll where the opponent's last counter falls, their counters the capturer's
inline constexpr Features kWeg = 1ull << 44;
// Any capture rule.
inline constexpr Features kCapture =
    kCaptureEven | kCaptureEmpty | kCaptureNext | kCaptureOpposite | kCaptureFamily;
}  // namespace feature

// Every feature: the profile that plays any ruleset.
inline constexpr Features kAllFeatures = ~Features{0};

constexpr bool has(Features set, Features feature) { return (set & feature) != 0; }

// The features a ruleset's keys use.
Features features_of(const RuleSet& rules);

// The profiles the move loop is compiled for, cheapest first; the last holds every feature. A
// ruleset plays under the first that holds its features. What costs is what runs for each counter
// (a sink, a hole to skip, a drop that can capture) and for each sowing (a relay): a profile adds
// tests of a move's end freely, and groups games by what their sowing needs.
namespace profile {
using namespace feature;
// Toguz Kumalak: the first counter back into the lifted hole, the tuzdyk's sink, one capture.
inline constexpr Features kToguz =
    kFirstIntoOrigin | kSinks | kHoleSinks | kCaptureEven | kTuzdyk | kEndOnMajority;
// One sowing a move, no sink: the DLP's two-row games of captures by count or by an empty hole,
// their opening, feeding and single-counter rules (Oware, Wari, Awari...).
inline constexpr Features kPlain = kFirstIntoOrigin | kSkipOrigin | kReverse | kCapture |
                                   kOpeningCaptures | kCaptureExtraMove | kEndOnMajority |
                                   kNoProgress | kEndOnEmptySide | kEndOnSingletons |
                                   kEndOnCaptures | kMustFeed | kMoveRules | kSingles;
// Stores on the sowing path, another move in one's own store (Kalah, FairKalah, Waurie).
inline constexpr Features kStores = kSinks | kStoreExtraMove | kCapture | kCaptureExtraMove |
                                    kEndOnMajority | kNoProgress | kEndOnEmptySide | kEndOnCaptures;
// kPlain with relays, and the four-row games' re-sown captures (Tsoro, Nsumbi, J'odu...).
inline constexpr Features kRelays = kPlain | kRelay | kResow;
// kStores with relays (Chongka', Chungcajon, Chonka).
inline constexpr Features kSownRelays = kStores | kRelay | kFirstIntoOrigin | kSkipOrigin;
// Matches without handicaps: holes out of play (Sungka, Main Chongkak, Galatjang, Erherhe...).
inline constexpr Features kMatches = kSownRelays | kSkips | kMatch;
// Every feature up to issue 37 (bits 0..31; issue 38's are bits 32 and up): the rulesets that
// use none of issue 38's features (Otep, the matches with handicaps, Sonka...) play the loop
// they played before it (the conditional relays' test alone moved Otep 2.4 to 3.5%).
inline constexpr Features kUpToIssue37 = (Features{1} << 32) - 1;
// Every feature of issue 38's first landings (bits 0..36: extra holes, the conditional relays,
// the facing and landing captures, the side singletons): the four-row games of those landings
// (Tshuba, Tsoro (Additional Capture), Nsolo, Mefuvha, Ngola...) play none of the code of the
// features added after them (bits 37 and up: hole ownership, wegs, optional stops...), which
// moved them 5 to 7% when they shared the last profile.
inline constexpr Features kIssue38First = (Features{1} << 37) - 1;
}  // namespace profile

inline constexpr std::array<Features, 9> kProfiles = {
    profile::kToguz,       profile::kPlain,        profile::kStores,
    profile::kRelays,      profile::kSownRelays,   profile::kMatches,
    profile::kUpToIssue37, profile::kIssue38First, kAllFeatures};

// How many feature bits there are (feature_names names each).
inline constexpr size_t kFeatureCount = 57;  // issue 38: bits 37-56 (some not yet used)

// The index in kProfiles of the first profile holding every feature of `features`.
int profile_of(Features features);

// The names of the features of a set (for tests and `rules show`-like listings), in bit order.
std::vector<std::string> feature_names(Features features);

}  // namespace mancala::sim
