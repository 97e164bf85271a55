// A game as it is played, move by move (mancala trace, replay): the board after every move for
// people, or JSON for machines.
#pragma once

#include <array>
#include <nlohmann/json.hpp>
#include <ostream>
#include <string>

#include "simulator/play.h"

namespace mancala::reports {

// "P1", "P2" for player 0, 1.
std::string player_name(int p);

// How a finished game (one round) ended, in words: "P1 wins 50-40 (rule)" and the like.
std::string describe_end(const sim::State& s);

// The counters still in each player's holes in `s` (a round stopped by the safety bound leaves
// them there; a round that ended by a rule has none).
std::array<int, 2> counters_in_holes(const sim::Game& game, const sim::State& s);

// How a match ended and why, in words (trace's "Match:" line, after "Match: "): "P1 wins 61-19
// after 4 rounds: P2 holds 19 counters, too few to fill a hole (9 each), the match's end rule";
// "unfinished after 3 rounds: round 3 stopped by the safety bound (max_plies 5000); holdings
// 40-41 with 12-9 still in holes". `in_holes` are the counters left in holes at the end
// (counters_in_holes of the last round), counted in the holdings.
std::string describe_match_end(const sim::Game& game, const sim::GameResult& result,
                               const std::array<int, 2>& in_holes);

// Writes the text trace to `out` as the game is played (as_json false), or collects the JSON trace
// in start_, moves_ and rounds_ (as_json true).
class TraceObserver : public sim::GameObserver {
 public:
  TraceObserver(const sim::Game& game, bool as_json, std::ostream& out);
  void on_start(const sim::State& s) override;
  void on_move(const sim::State& before, sim::Move m, const sim::MoveEffect& fx,
               const sim::State& after) override;
  void on_joint_move(const sim::State& before, const sim::JointMove& jm, const sim::JointEffect& fx,
                     const sim::State& after) override;
  // A match (rules.match): how the round ended and how the next one is dealt.
  void on_round_end(const sim::State& ended, const sim::RoundRecord& record, const sim::State* next,
                    const sim::MatchState& match) override;
  void on_end(const sim::State& s) override;

  nlohmann::json start_;  // the position before the first move
  nlohmann::json moves_ = nlohmann::json::array();
  nlohmann::json rounds_ = nlohmann::json::array();
  std::array<int, 2> in_holes_{};  // counters_in_holes of the last round as it ended

 private:
  const sim::Game& game_;
  bool json_;
  std::ostream& out_;
  int ply_ = 0;
};

}  // namespace mancala::reports
