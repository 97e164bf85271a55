// Games kept and shown again: a live game as the play-test the archive stores, a stored play-test
// or a trace (`mancala trace --format json`) played again move by move with the engine's steps,
// for the page's replay.
#pragma once

#include <memory>
#include <nlohmann/json.hpp>
#include <string>

#include "archive/playtests.h"
#include "server/live_game.h"

namespace mancala::server {

// The play-test of `game` as it stands (finished or not), with the player's notes.
archive::PlaytestRecord playtest_record(const LiveGame& game, const std::string& notes);

// A stored play-test played again from its moves: the game as GET /api/games/{id} shows it,
// every move with its steps. Throws GameError 422 naming the move that is not legal (a ruleset
// edited since: the rules hash differs).
nlohmann::json replay_playtest(std::shared_ptr<const sim::Game> game,
                               const archive::PlaytestRecord& playtest);

// A trace played again: its moves in order (a match's rounds dealt as the trace dealt them),
// each position checked against the trace's. Throws GameError 422 naming the first move that is
// not legal or whose position differs from the trace's.
nlohmann::json replay_trace(std::shared_ptr<const sim::Game> game, const nlohmann::json& trace);

}  // namespace mancala::server
