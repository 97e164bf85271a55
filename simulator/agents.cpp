#include "simulator/agents.h"

#include <cctype>
#include <charconv>

#include "common/error.h"
#include "simulator/alphabeta.h"
#include "simulator/mcts.h"

namespace mancala::sim {

namespace {

// The whole of `text` as a number in [low, high], or false.
bool parse_bounded(std::string_view text, int low, int high, int& out) {
  const char* end = text.data() + text.size();
  const auto [ptr, ec] = std::from_chars(text.data(), end, out);
  return ec == std::errc() && ptr == end && out >= low && out <= high;
}

// ---- the agents' searchers ---------------------------------------------------------------------

class Greedy : public Searcher {
 public:
  explicit Greedy(const Game& game) : game_(game) {}
  Move choose(const MatchState&, const State& s, int player, const MoveList& moves, Rng& rng,
              bool) override {
    return greedy_move(game_, s, player, moves, rng);
  }

 private:
  const Game& game_;
};

// alphabeta:D and its budgeted forms: the same search (alphabeta.h).
class AlphaBetaAgent : public Searcher {
 public:
  // depth: plies of the last iteration; a budget (nodes, milliseconds) may end it earlier.
  AlphaBetaAgent(const Game& game, int depth, uint64_t nodes = 0, int millis = 0)
      : search_(game, depth) {
    search_.set_move_budget(nodes, millis);
  }
  void new_game() override { search_.new_game(); }
  Move choose(const MatchState& match, const State& s, int player, const MoveList& moves, Rng& rng,
              bool joint) override {
    return joint ? search_.choose_joint(match, s, player, moves, rng)
                 : search_.choose(match, s, moves, rng);
  }
  uint64_t work() const override { return search_.nodes(); }
  void set_stop(const std::atomic<bool>* stop) override { search_.set_stop(stop); }
  bool interrupted() const override { return search_.interrupted(); }

 private:
  AlphaBeta search_;
};

class MctsAgent : public Searcher {
 public:
  MctsAgent(const Game& game, int simulations) : search_(game, simulations) {}
  Move choose(const MatchState&, const State& s, int player, const MoveList& moves, Rng& rng,
              bool joint) override {
    return joint ? search_.choose_joint(s, player, rng) : search_.choose(s, moves, rng);
  }
  uint64_t work() const override { return search_.simulations_run(); }
  void set_stop(const std::atomic<bool>* stop) override { search_.set_stop(stop); }
  bool interrupted() const override { return search_.interrupted(); }

 private:
  Mcts search_;
};

// ---- the registry ------------------------------------------------------------------------------

const AgentKind kKinds[] = {
    {.id = Agent::kRandom,
     .name = "random",
     .param = "",
     .doc = "uniformly among the legal moves (the default)"},
    {.id = Agent::kGreedy,
     .name = "greedy",
     .param = "",
     .doc = "the move that captures most at once; ties at random",
     .make = [](const Game& game, int) -> std::unique_ptr<Searcher> {
       return std::make_unique<Greedy>(game);
     }},
    {.id = Agent::kAlphaBeta,
     .name = "alphabeta",
     .param = "D",
     .min = 1,
     .max = kMaxAlphaBetaDepth,
     .doc = "alpha-beta search D plies deep",
     .make = [](const Game& game, int depth) -> std::unique_ptr<Searcher> {
       return std::make_unique<AlphaBetaAgent>(game, depth);
     }},
    {.id = Agent::kMcts,
     .name = "mcts",
     .param = "N",
     .min = 1,
     .max = kMaxMctsSimulations,
     .doc = "UCT with N simulations per move",
     .make = [](const Game& game, int simulations) -> std::unique_ptr<Searcher> {
       return std::make_unique<MctsAgent>(game, simulations);
     }},
    {.id = Agent::kAlphaBetaNodes,
     .name = "abnodes",
     .param = "N",
     .min = 1,
     .max = kMaxAlphaBetaNodes,
     .doc = "alpha-beta deepening 1, 2, ... plies while a move's search has visited fewer than N "
            "nodes; the last finished depth chooses",
     .make = [](const Game& game, int nodes) -> std::unique_ptr<Searcher> {
       return std::make_unique<AlphaBetaAgent>(game, kMaxAlphaBetaDepth,
                                               static_cast<uint64_t>(nodes));
     }},
    {.id = Agent::kAlphaBetaTime,
     .name = "abtime",
     .param = "MS",
     .min = 1,
     .max = kMaxAlphaBetaMillis,
     .doc = "alpha-beta deepening 1, 2, ... plies for MS milliseconds a move; the last finished "
            "depth chooses",
     .deterministic = false,
     .make = [](const Game& game, int millis) -> std::unique_ptr<Searcher> {
       return std::make_unique<AlphaBetaAgent>(game, kMaxAlphaBetaDepth, 0, millis);
     }},
};

}  // namespace

std::span<const AgentKind> agent_kinds() { return kKinds; }

const AgentKind& agent_kind(Agent id) {
  const size_t k = static_cast<size_t>(id);
  if (k >= std::size(kKinds) || kKinds[k].id != id)
    throw Error("agents: no kind " + std::to_string(k));
  return kKinds[k];
}

std::string AgentKind::syntax() const {
  return param.empty() ? std::string(name) : std::string(name) + ":" + std::string(param);
}

std::string AgentKind::syntax_with_bounds() const {
  if (param.empty()) return syntax();
  const std::string p(param);
  return syntax() + " with " + std::to_string(min) + " <= " + p + " <= " + std::to_string(max);
}

std::string agent_list() {
  std::string text;
  for (const AgentKind& k : kKinds) text += (text.empty() ? "" : ", ") + k.syntax_with_bounds();
  return text;
}

std::string agent_help() {
  std::string text;
  for (const AgentKind& k : kKinds) {
    text += (text.empty() ? "" : ", ") + k.syntax();
    if (k.id == Agent::kRandom) text += " (default)";
  }
  return text + " (docs/agents.md)";
}

std::string agent_table_markdown() {
  std::string text = "| spec | agent | bounds | reproducible |\n|---|---|---|---|\n";
  for (const AgentKind& k : kKinds) {
    const std::string p(k.param);
    text += "| `" + k.syntax() + "` | " + std::string(k.doc) + " | " +
            (p.empty() ? "" : std::to_string(k.min) + " <= " + p + " <= " + std::to_string(k.max)) +
            " | " + (k.deterministic ? "yes" : "no: depends on the machine's speed") + " |\n";
  }
  return text;
}

std::string AgentSpec::name() const {
  const AgentKind& k = agent_kind(kind);
  return k.param.empty() ? std::string(k.name) : std::string(k.name) + ":" + std::to_string(param);
}

std::string agent_name(const AgentSpec& spec) { return spec.name(); }

std::string agent_in_words(const AgentSpec& spec) {
  const AgentKind& k = agent_kind(spec.kind);
  std::string doc(k.doc);
  if (k.param.empty()) return doc;
  const std::string letter(k.param), number = std::to_string(spec.param);
  const auto word_at = [&](size_t at, size_t size) {
    const bool starts = at == 0 || !std::isalnum(static_cast<unsigned char>(doc[at - 1]));
    const size_t end = at + size;
    return starts && (end == doc.size() || !std::isalnum(static_cast<unsigned char>(doc[end])));
  };
  for (size_t at = doc.find(letter); at != std::string::npos; at = doc.find(letter, at + 1)) {
    if (word_at(at, letter.size())) doc.replace(at, letter.size(), number);
  }
  // One of them: the noun after the number in the singular ("1 ply", "1 simulation").
  if (spec.param == 1) {
    for (const auto& [many, one] : {std::pair<const char*, const char*>{"1 plies", "1 ply"},
                                    {"1 simulations", "1 simulation"},
                                    {"1 milliseconds", "1 millisecond"}}) {
      const size_t at = doc.find(many);
      if (at != std::string::npos && word_at(at, std::string(many).size()))
        doc.replace(at, std::string(many).size(), one);
    }
  }
  return doc;
}

bool try_parse_agent(const std::string& text, AgentSpec& out) {
  const auto colon = text.find(':');
  const std::string_view name = std::string_view(text).substr(0, colon);
  for (const AgentKind& k : kKinds) {
    if (k.name != name) continue;
    if (k.param.empty()) {
      if (colon != std::string::npos) return false;
      out = AgentSpec(k.id);
      return true;
    }
    int n = 0;
    if (colon == std::string::npos ||
        !parse_bounded(std::string_view(text).substr(colon + 1), k.min, k.max, n))
      return false;
    out = AgentSpec(k.id, n);
    return true;
  }
  return false;
}

AgentSpec parse_agent(const std::string& text) {
  AgentSpec spec;
  if (!try_parse_agent(text, spec))
    throw UsageError("--agent: '" + text + "' is not an agent (" + agent_list() + ")");
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

bool AgentPair::deterministic() const {
  return agent_kind(seat[0].kind).deterministic && agent_kind(seat[1].kind).deterministic;
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
      throw UsageError(option + ": '" + spec + "' is not an agent (" + agent_list() + ")");
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
  const AgentKind& kind = agent_kind(spec_.kind);
  if (kind.make) searcher_ = kind.make(game, spec_.param);
}

Player::~Player() = default;
Player::Player(Player&&) noexcept = default;
Player& Player::operator=(Player&&) noexcept = default;

Move Player::choose_searching(const MatchState& match, const State& s, int player,
                              const MoveList& moves, Rng& rng) {
  const Move m = searcher_->choose(match, s, player, moves, rng, game_->joint_turn(s));
  if (searcher_->interrupted()) throw SearchInterrupted{};
  return m;
}

}  // namespace mancala::sim
