#include "simulator/agents.h"

#include <charconv>

#include "common/error.h"
#include "simulator/alphabeta.h"
#if __has_include("simulator/mcts.h")
#include "simulator/mcts.h"
#define MANCALA_HAS_MCTS 1
#endif

namespace mancala::sim {

#ifndef MANCALA_HAS_MCTS
class Mcts {};  // until simulator/mcts.h lands: mcts:N is refused when a player is made
#endif

namespace {

const char* const kAgentList =
    "random, greedy, alphabeta:D with 1 <= D <= 64, mcts:N with 1 <= N <= 10000000";

// The whole of `text` as a number in [low, high], or false.
bool parse_bounded(const std::string& text, int low, int high, int& out) {
  const char* end = text.data() + text.size();
  const auto [ptr, ec] = std::from_chars(text.data(), end, out);
  return ec == std::errc() && ptr == end && out >= low && out <= high;
}

}  // namespace

std::string AgentSpec::name() const {
  switch (kind) {
    case Agent::kRandom:
      return "random";
    case Agent::kGreedy:
      return "greedy";
    case Agent::kAlphaBeta:
      return "alphabeta:" + std::to_string(param);
    case Agent::kMcts:
      return "mcts:" + std::to_string(param);
  }
  return "random";
}

std::string agent_name(const AgentSpec& spec) { return spec.name(); }

bool try_parse_agent(const std::string& text, AgentSpec& out) {
  if (text == "random" || text == "greedy") {
    out = AgentSpec(text == "random" ? Agent::kRandom : Agent::kGreedy);
    return true;
  }
  const auto colon = text.find(':');
  if (colon == std::string::npos) return false;
  const std::string kind = text.substr(0, colon), number = text.substr(colon + 1);
  int n = 0;
  if (kind == "alphabeta" && parse_bounded(number, 1, kMaxAlphaBetaDepth, n)) {
    out = AgentSpec(Agent::kAlphaBeta, n);
    return true;
  }
  if (kind == "mcts" && parse_bounded(number, 1, kMaxMctsSimulations, n)) {
    out = AgentSpec(Agent::kMcts, n);
    return true;
  }
  return false;
}

AgentSpec parse_agent(const std::string& text) {
  AgentSpec spec;
  if (!try_parse_agent(text, spec))
    throw UsageError("--agent: '" + text + "' is not an agent (" + kAgentList + ")");
  return spec;
}

bool try_parse_agent_pair(const std::string& text, AgentPair& out) {
  const auto comma = text.find(',');
  if (comma == std::string::npos) {
    AgentSpec both;
    if (!try_parse_agent(text, both)) return false;
    out = AgentPair(both);
    return true;
  }
  return text.find(',', comma + 1) == std::string::npos &&
         try_parse_agent(text.substr(0, comma), out.seat[0]) &&
         try_parse_agent(text.substr(comma + 1), out.seat[1]);
}

std::string AgentPair::label() const {
  return same() ? seat[0].name() : seat[0].name() + "," + seat[1].name();
}

AgentPair parse_agent_pair(const std::string& text, const std::string& option) {
  const auto comma = text.find(',');
  if (comma == std::string::npos || text.find(',', comma + 1) != std::string::npos) {
    throw UsageError(option + ": expected SPEC1,SPEC2 (player 1, player 2), got '" + text + "'");
  }
  AgentPair pair;
  for (int p = 0; p < 2; ++p) {
    const std::string spec = p == 0 ? text.substr(0, comma) : text.substr(comma + 1);
    if (!try_parse_agent(spec, pair.seat[p]))
      throw UsageError(option + ": '" + spec + "' is not an agent (" + kAgentList + ")");
  }
  return pair;
}

AgentPair agents_from_options(const std::string* agent, const std::string* agents) {
  if (agent && agents) throw UsageError("--agent and --agents: give one of them");
  if (agents) return parse_agent_pair(*agents, "--agents");
  if (agent) return AgentPair(parse_agent(*agent));
  return AgentPair();
}

Move greedy_move(const Game& game, const State& s, int player, const MoveList& moves, Rng& rng) {
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

Player::Player(const Game& game, AgentSpec spec) : game_(&game), spec_(spec) {
  if (spec_.kind == Agent::kAlphaBeta) {
    alphabeta_ = std::make_unique<AlphaBeta>(game, spec_.param);
  } else if (spec_.kind == Agent::kMcts) {
#ifdef MANCALA_HAS_MCTS
    mcts_ = std::make_unique<Mcts>(game, spec_.param);
#else
    throw Error("--agent: mcts: not in this build");
#endif
  }
}

Player::~Player() = default;
Player::Player(Player&&) noexcept = default;
Player& Player::operator=(Player&&) noexcept = default;

void Player::new_game() {
  if (alphabeta_) alphabeta_->new_game();
}

uint64_t Player::work() const {
  if (alphabeta_) return alphabeta_->nodes();
#ifdef MANCALA_HAS_MCTS
  if (mcts_) return mcts_->simulations_run();
#endif
  return 0;
}

Move Player::choose_searching(const MatchState& match, const State& s, int player,
                              const MoveList& moves, Rng& rng) {
  const bool joint = game_->joint_turn(s);
  switch (spec_.kind) {
    case Agent::kRandom:
      break;
    case Agent::kGreedy:
      return greedy_move(*game_, s, player, moves, rng);
    case Agent::kAlphaBeta:
      return joint ? alphabeta_->choose_joint(match, s, player, moves, rng)
                   : alphabeta_->choose(match, s, moves, rng);
    case Agent::kMcts:
#ifdef MANCALA_HAS_MCTS
      return joint ? mcts_->choose_joint(s, player, rng) : mcts_->choose(s, moves, rng);
#else
      break;
#endif
  }
  return moves[static_cast<int>(rng.below(static_cast<uint32_t>(moves.size)))];
}

}  // namespace mancala::sim
