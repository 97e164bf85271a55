// Matches: games of several rounds, where what a player holds at the end of one round is what he
// plays the next with (Khutka Boia, Mawkar Katiya; Sonka reuses the same layer).
//
// A round is an ordinary game of the engine (State, Game::apply). Between rounds the match layer
// closes the round (end-of-round returns such as Khutka Boia's bha, the round's winner by the
// counters each player holds), then deals the next one from the players' holdings:
//   - each fills holes of his row with counters_per_hole counters, from the end refill_from names;
//   - counters beyond a full row are set aside to his credit (State::aside, still his);
//   - counters short of a full hole follow the `remainder` rule (set aside, into the next or the
//     first hole, or Khutka Boia's 1-4 / 2-3 settlement with the opponent's remainder);
//   - holes leave play (State::out_of_play: sowing skips them) by holes_out: the holes a player
//     cannot fill, or (Khutka Boia, DLP) one hole of the weaker for each five of the difference,
//     from the end opposite refill_from, what he holds beyond the holes left to him set aside;
//   - handicap perks of the rules are set in the State (tribute_to, sinks for a bha, a toll hole
//     or the loser's remainder hole, closed_to, extra_number);
//   - next_starter names who moves first.
// The match ends by match_end (one player holds every counter; or a player cannot fill a hole),
// when holes_out per_five_of_difference leaves a player no hole (the other wins),
// by the reconstruction's stopping rule stop_after_rounds (the holder of more wins; reported as
// EndReason::kStopAfterRounds), or at max_rounds, which is reported as the safety bound. A round
// stopped by max_plies also stops the match as unfinished.
//
// Contract: counters are conserved through every step: Game::counters_total() of the dealt state
// equals the ruleset's total_counters. Nothing here allocates.
#pragma once

#include <array>
#include <cstdint>

#include "simulator/engine.h"
#include "simulator/rng.h"

namespace mancala::sim {

// The handicap state a round was dealt with: what the settlement before it made. Positions are
// global hole indices (-1: none); players are 0/1 (kNobody: none).
//
// RoundSetup and RoundRecord have no member initialisers on purpose: GameResult holds kMaxRounds
// records and a one-round game must not pay for initialising them. Start from RoundSetup::none()
// (deal_round and start_match do); a RoundRecord is written whole by finish_round.
struct RoundSetup {
  int8_t starter;                   // who moved first
  std::array<int16_t, 2> holdings;  // what each held when the round was dealt, before transfers
  std::array<int8_t, 2> gave;       // counters each handed the other (Khutka 1-4: 1; 2-3: 2)
  std::array<uint8_t, 2> holes_in_play;  // holes of each row not out of play
  std::array<uint8_t, 2> holes_out;      // holes of each row out of play (eliminated, burned)
  std::array<int16_t, 2> aside;          // counters each set aside beside the board
  int8_t favoured;                       // the previous round's winner when perks follow from it
  int8_t tribute_to;                     // Khutka 1-4: the Kungidar
  int8_t bha_owner;                      // Khutka 2-3: the Bhadar
  int8_t bha_hole;                       // his bha
  int8_t bha_owed;                       // counters he returns when the round ends
  int8_t toll_hole;                      // Mawkar (b): the favoured player's toll hole
  int8_t remainder_hole;                 // the hole dealt a player's remainder (Mawkar (c))
  std::array<uint8_t, 2> extra_number;   // Mawkar (a): each player's extra number (0: none)
  int8_t passed;  // the player named to start who had nothing to sow, so the other moved first

  // Nothing dealt: player 1 starts, no holes, no perks.
  static constexpr RoundSetup none() {
    return RoundSetup{0,       {0, 0}, {0, 0}, {0, 0}, {0, 0}, {0, 0}, kNobody, kNobody,
                      kNobody, -1,     0,      -1,     -1,     {0, 0}, kNobody};
  }
  friend bool operator==(const RoundSetup&, const RoundSetup&) = default;
};

// One finished round of a match.
struct RoundRecord {
  RoundSetup setup;       // the handicap state it started with
  int8_t winner;          // by holdings at its end: 0, 1, kDraw; kNobody if unfinished
  EndReason reason;       // rule, no-progress rule or safety bound (max_plies)
  RuleEnd rule_end;       // with reason kRule: the rule of the game that ended it
  Completion completion;  // its class (ending.h); counted only with a rule_end
  uint16_t plies;
  std::array<int16_t, 2> captured;  // counters each captured while it was played
  std::array<int16_t, 2>
      holdings;  // what each held at its end: captured and set aside, after returns
  friend bool operator==(const RoundRecord&, const RoundRecord&) = default;
};

// What the match layer keeps between rounds (the rest is in State).
struct MatchState {
  int rounds = 0;                         // rounds finished
  RoundSetup setup = RoundSetup::none();  // of the round being played
  std::array<int16_t, 2>
      start_store{};                  // stores when it was dealt (a bha's or toll hole's content)
  std::array<int16_t, 2> holdings{};  // after the last finished round
  bool over = false;
  int8_t winner = kNobody;  // of the match: 0, 1, kDraw; kNobody while going or unfinished
  // How the match itself ended: kRule when match_end was reached; kStopAfterRounds when stopped
  // by stop_after_rounds; kSafetyBound when stopped by max_rounds or a round's max_plies. (How
  // each round ended is in its RoundRecord.)
  EndReason reason = EndReason::kNone;
  RuleEnd rule_end = RuleEnd::kNone;  // with reason kRule: match_end or holes_out (a round's in a
                                      // one-round game)
};

// The first round: the ruleset's initial position (P1 moves first, every hole in play).
State start_match(const Game& game, MatchState& match);

// Closes the round `s` has ended (s.over): the Bhadar returns what he owes, the round's winner is
// set by holdings (also in s.winner), and the round is recorded. For a one-round game (match
// off) it records the game and ends the match with the round's result.
RoundRecord finish_round(const Game& game, MatchState& match, State& s);

// After finish_round: ends the match (match.over) or deals the next round into `s`. Returns true
// when a round was dealt. `rng` settles the choices the rules leave to a player (which end of his
// row the Bhadar makes his bha, with bha_hole "either"): agents make no such choice yet. A replay
// of a recorded match gives that choice as `bha_side` (0: leftmost, 1: rightmost) instead.
bool next_round(const Game& game, MatchState& match, State& s, Rng& rng, int bha_side = -1);

// Deals one round from `holdings` (summing to the ruleset's total): the position and its setup.
// `previous_winner` (0, 1, kDraw) gives Mawkar's perks, `previous_starter` the next starter,
// `bha_side` (0: the leftmost of the Bhadar's holes in play, 1: the rightmost) his choice when
// bha_hole is "either". Pure: the match loop and tests use it alike.
// With hole_ownership, `owned0` is how many holes player 0 owns in the round (ownership.h:
// holes_owned; -1: as the holdings say, equal remainders unresolved).
State deal_round(const Game& game, std::array<int, 2> holdings, int8_t previous_winner,
                 int8_t previous_starter, int bha_side, RoundSetup& setup, int owned0 = -1);

// True when the match is over with these holdings (before a round is dealt from them): by
// match_end, or because holes_out per_five_of_difference leaves a player no hole; `winner` is
// then set.
// match_end all_holes (hole_ownership) reads `previous0`, the holes player 0 owned in the round
// just played (ownership.h: holes_owned; -1: unknown).
bool match_end_reached(const Game& game, std::array<int, 2> holdings, int8_t& winner,
                       RuleEnd* by = nullptr, int previous0 = -1);

// Who has won a match stopped by stop_after_rounds with these holdings (0, 1, kDraw), as
// stop_winner says: the holder of more (equal holdings draw), or nobody.
int8_t stop_winner(const RuleSet& rules, std::array<int, 2> holdings);

}  // namespace mancala::sim
