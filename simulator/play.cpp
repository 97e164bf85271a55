#include "simulator/play.h"

#include "common/error.h"

namespace mancala::sim {

Agent parse_agent(const std::string& name) {
  if (name == "random") return Agent::kRandom;
  if (name == "greedy") return Agent::kGreedy;
  throw UsageError("--agent: '" + name + "' is not an agent (random|greedy)");
}

std::string agent_name(Agent agent) { return agent == Agent::kRandom ? "random" : "greedy"; }

Move choose_move(Agent agent, const Game& game, const State& s, const MoveList& moves, Rng& rng) {
  return choose_move(agent, game, s, s.to_move, moves, rng);
}

Move choose_move(Agent agent, const Game& game, const State& s, int player, const MoveList& moves,
                 Rng& rng) {
  switch (agent) {
    case Agent::kRandom:
      return moves[static_cast<int>(rng.below(static_cast<uint32_t>(moves.size)))];
    case Agent::kGreedy: {
      int best = -1;
      MoveList best_moves;
      for (const Move& m : moves) {
        State copy = s;
        const int gain = game.try_move(copy, player, m).captured;
        if (gain > best) {
          best = gain;
          best_moves.size = 0;
        }
        if (gain == best) best_moves.push(m);
      }
      return best_moves[static_cast<int>(rng.below(static_cast<uint32_t>(best_moves.size)))];
    }
  }
  return moves[0];
}

GameResult play_game(const Game& game, Agent first, Agent second, Rng& rng,
                     GameObserver* observer) {
  GameResult result;
  MatchState match;
  State s = start_match(game, match);
  if (observer) observer->on_start(s);
  MoveList moves;
  for (;;) {  // rounds: one unless the rules play a match
    while (!s.over) {
      if (game.joint_turn(s)) {
        // Both choose from the same position, neither seeing the other's choice.
        JointMove jm;
        for (int p = 0; p < 2; ++p) {
          game.legal_moves(s, p, moves);
          if (moves.size == 0) continue;
          jm.plays[p] = true;
          jm.move[p] = choose_move(p == 0 ? first : second, game, s, p, moves, rng);
        }
        if (game.draws_order() && jm.plays[0] && jm.plays[1])
          jm.first = static_cast<uint8_t>(rng.below(2));
        if (observer) {
          const State before = s;
          const JointEffect fx = game.apply_joint(s, jm);
          observer->on_joint_move(before, jm, fx, s);
        } else {
          game.apply_joint(s, jm);
        }
        continue;
      }
      game.legal_moves(s, moves);
      const Move m = choose_move(s.to_move == 0 ? first : second, game, s, moves, rng);
      if (observer) {
        const State before = s;
        const MoveEffect fx = game.apply(s, m);
        observer->on_move(before, m, fx, s);
      } else {
        game.apply(s, m);
      }
    }
    result.plies += s.ply;
    result.relay_bound_hits += s.relay_bound_hits;
    const RoundRecord record = finish_round(game, match, s);
    if (result.rounds < kMaxRounds) result.round[result.rounds] = record;
    ++result.rounds;
    if (!game.rules().match) {
      next_round(game, match, s, rng);
      break;
    }
    if (observer) {
      const State ended = s;
      const bool more = next_round(game, match, s, rng);
      observer->on_round_end(ended, record, more ? &s : nullptr, match);
      if (!more) break;
    } else if (!next_round(game, match, s, rng)) {
      break;
    }
  }
  if (observer) observer->on_end(s);
  result.winner = match.winner;
  result.reason = match.reason;
  result.store = match.holdings;
  return result;
}

}  // namespace mancala::sim
