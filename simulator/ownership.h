// Issue 38, branch ownership: holes that change owner between the rounds of a match (the
// Ethiopian and Eritrean matches of the DLP: Rio Kadalis, Mewelad, Gabata (Adegrat)...).
//
// A hole's owner is part of the position: State::ceded has a bit for each hole owned, for the
// round, by the player opposite its row's. Game::owner_in(s, pos) reads it (who sows from a hole,
// whose row it is for the rules of one's own row, who takes what is left in it); a player's moves
// are the holes he owns, numbered by Game::move_origin (his row's k, then the opponent's holes
// counted on along the board as holes_per_player + k). Where no hole has changed owner
// (ceded == 0, every ruleset without hole_ownership) everything reads as before.
//
// Which holes: a player who owns more than his row owns his row and the opponent's holes that
// come next after it along his sowing path (Whyo: "the six in his row and the next hole in the
// opponent's row"), so each player's holes are one run of the circle and a count says which
// (ceded_holes).
#pragma once

#include <array>

#include "simulator/engine.h"

namespace mancala::sim {

// hole_ownership by_holdings: the holes player 0 owns in a round dealt from `holdings`: each
// player as many as his holdings fill with counters_per_hole each, the hole both remainders fill
// going to the larger remainder; equal remainders (odd_hole_tie keep): to its owner in the round
// before, player 0 having owned `previous0` holes (-1: unknown; the hole then goes to a player who
// would otherwise own none, so that a match is not ended on a guess).
// winner_gains_hole: player 0's `previous0` (-1: his row), one more when he held more (won the
// round), one fewer when he held less. lots: `lot` (0, 1) is the player who drew the hole (-1: no
// lot drawn yet: as unknown).
int holes_owned(const RuleSet& r, std::array<int, 2> holdings, int previous0, int lot = -1);

// Whether dealing from `holdings` draws a lot (odd_hole_tie lots, equal remainders).
bool draws_lot(const RuleSet& r, std::array<int, 2> holdings);

// The holes that change owner (State::ceded) when player 0 owns `owned0` of the board's holes.
HoleBits ceded_holes(const Game& game, int owned0);

// The holes player 0 owns in `s`.
int owned_by_first(const Game& game, const State& s);

// Deals a round of hole_ownership by_holdings into `s`: every hole in play with counters_per_hole,
// player 0 owning `owned0` holes; nothing in the stores or set aside.
void deal_owned(const Game& game, State& s, int owned0);

}  // namespace mancala::sim
