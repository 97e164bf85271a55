// Showing positions and moves to people and machines: the board drawn as text, state JSON
// (with a round trip), move labels and the parsing of move lists.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "simulator/engine.h"

namespace mancala::sim {

// The board as text: player 2 on top, player 1 below, holes numbered from each owner's left,
// stores and special holes marked (T: tuzdyk, B: a hole whose inflow goes to one player,
// x: out of play).
std::string draw_board(const Game& game, const State& s);

// {"holes": [[p1 from his left], [p2 from his left]], "stores", "tuzdyk", "to_move" (1|2),
//  "status" ("ongoing"|"over"), "winner" (1|2|0|null), "end" (...), plus the fields needed
//  to restore the state exactly}.
nlohmann::json state_to_json(const Game& game, const State& s);
// Inverse of state_to_json; throws mancala::Error on a malformed or inconsistent object.
State state_from_json(const Game& game, const nlohmann::json& j);

std::string end_reason_name(EndReason reason);

// A move as people write it (docs/rules-format.md, "Move notation"): the hole label from the
// mover's side ("7", or "o3"/"i5" on a 4-row board), with "<" appended for a sowing clockwise
// where the rules let a move go either way (Otep's privilege, direction by_half or either), and
// ".k" after both for a move that ends at its k-th optional stop (issue 38: "i5.2", "i5<.1").
std::string move_label(const Game& game, int player, Move m);
// The same, in the position `before` the move: "+" in front of a move that enters a counter
// from the hand (Bao's namua: Game::enters_from_hand), "+i5" or "+i5<".
std::string move_label(const Game& game, const State& before, int player, Move m);
// Parses one move label for `player`; throws mancala::Error naming `where` when it is no hole.
// A leading "+" (an entry from the hand) is accepted and dropped: the position decides; a
// trailing ".k" (k 1..127) is the move's optional stop (Move::stop).
Move parse_move(const Game& game, int player, const std::string& text, const std::string& where);
// The same in the position `s`: a "+" where `player` holds no counters in hand throws
// "<where>: '+' enters a counter from the hand, and P1 holds none"; without the "+" an entry is
// read as one, the position saying that his moves enter a counter.
Move parse_move(const Game& game, const State& s, int player, const std::string& text,
                const std::string& where);

}  // namespace mancala::sim
