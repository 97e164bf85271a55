// Agents: who chooses the moves. A closed set of kinds named by a spec, the same in every command,
// all listed in one registry (agent_kinds(), agents.cpp): each entry gives a kind's name, its
// parameter and the parameter's bounds, the line that documents it and the function that makes
// it. Parsing, names, error messages, every command's --agent help and docs/agents.md's table
// (a test keeps it equal) read the registry; adding a kind is one entry there plus its code and
// its test. The kinds today:
//
//   random         uniformly among the legal moves
//   greedy         the move capturing most at once; ties at random
//   alphabeta:D    alpha-beta search D plies deep, alphabeta.h
//   mcts:N         UCT with N simulations per move, mcts.h
//   abnodes:N      alpha-beta deepening until N nodes per move (reproducible), alphabeta.h
//   abtime:MS      alpha-beta deepening until MS milliseconds per move (not reproducible)
//
// A run names one spec for both players ("--agent SPEC") or one per seat ("--agents P1,P2"); the
// pair is written back the same way (AgentPair::label), so a run's "agent" is "random" or
// "alphabeta:3,random". docs/agents.md describes each agent.
//
// A Player is one agent at work: it holds the agent's search state (transposition table, tree),
// so it belongs to one thread and is reused from game to game (new_game() forgets the last game,
// which keeps every game a function of its own random stream). Random play is decided inline:
// no virtual call and no allocation per move on the playout path.
#pragma once

#include <array>
#include <atomic>
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>

#include "simulator/engine.h"
#include "simulator/interrupt.h"
#include "simulator/match.h"
#include "simulator/rng.h"

namespace mancala::sim {

// The kinds of agent, in the registry's order (agent_kinds()[k].id is Agent(k)).
enum class Agent : uint8_t {
  kRandom,          // uniformly among the legal moves
  kGreedy,          // the move capturing most at once; ties at random
  kAlphaBeta,       // alpha-beta search to a fixed depth (alphabeta.h)
  kMcts,            // UCT with a fixed number of simulations per move (mcts.h)
  kAlphaBetaNodes,  // alpha-beta deepening within a node budget per move (alphabeta.h)
  kAlphaBetaTime,   // alpha-beta deepening within a time budget per move (alphabeta.h)
};

constexpr int kMaxAlphaBetaDepth = 64;
constexpr int kMaxMctsSimulations = 10'000'000;
constexpr int kMaxAlphaBetaNodes = 1'000'000'000;
constexpr int kMaxAlphaBetaMillis = 600'000;

// One agent with its parameter (0 for a kind that takes none).
struct AgentSpec {
  Agent kind = Agent::kRandom;
  int param = 0;
  AgentSpec() = default;
  AgentSpec(Agent k, int p = 0) : kind(k), param(p) {}  // NOLINT: Agent::kRandom is a spec
  // "random", "greedy", "alphabeta:3", "mcts:300".
  std::string name() const;
  friend bool operator==(const AgentSpec&, const AgentSpec&) = default;
};

// What a searching agent does, for a Player (every kind but random). Made by its registry entry;
// one object per thread.
class Searcher {
 public:
  virtual ~Searcher() = default;
  // Before each game: forget the previous one.
  virtual void new_game() {}
  // The move of `player` among `moves`, his legal moves: s.to_move's in an alternating or solo
  // turn (joint false), either player's in a joint turn (joint true, simultaneous.h).
  virtual Move choose(const MatchState& match, const State& s, int player, const MoveList& moves,
                      Rng& rng, bool joint) = 0;
  // Nodes (alpha-beta) or simulations (mcts) since construction: for benchmarks.
  virtual uint64_t work() const { return 0; }
  // Every later search checks *stop (cheaply: every few thousand nodes, every simulation) and
  // returns at once when it is set; interrupted() is then true and the move means nothing.
  virtual void set_stop(const std::atomic<bool>* /*stop*/) {}
  virtual bool interrupted() const { return false; }
};

// One kind of agent: the registry's entry (see above). Its texts are views of string literals
// (the registry is a static table), so they live as long as the program.
struct AgentKind {
  Agent id;
  std::string_view name;   // "alphabeta": the spec is the name, then ":" and the parameter if any
  std::string_view param;  // the parameter's letter in docs ("D"); empty: the kind takes none
  int min = 0, max = 0;    // the parameter's bounds
  std::string_view doc;    // one line: what the agent does (help, docs/agents.md)
  // False when the moves depend on the machine's speed: a run is then not reproducible.
  bool deterministic = true;
  // Makes the agent's Searcher for a game; null for random, which Player decides inline.
  std::unique_ptr<Searcher> (*make)(const Game& game, int param) = nullptr;

  // "alphabeta:D" or "random".
  std::string syntax() const;
  // "alphabeta:D with 1 <= D <= 64" or "random".
  std::string syntax_with_bounds() const;
};

// Every kind, in the order of the Agent enum.
std::span<const AgentKind> agent_kinds();
const AgentKind& agent_kind(Agent id);
// "random, greedy, alphabeta:D with 1 <= D <= 64, mcts:N with 1 <= N <= 10000000, ...": what the
// error message of a bad spec lists.
std::string agent_list();
// "random (default), greedy, alphabeta:D, mcts:N, ... (docs/agents.md)": the --agent help.
std::string agent_help();
// docs/agents.md's table of specs, as Markdown (a test keeps the page equal to it).
std::string agent_table_markdown();

// Parses one spec; throws mancala::UsageError "--agent: '<text>' is not an agent (<agent_list>)".
AgentSpec parse_agent(const std::string& text);
// The same without exceptions: false when `text` is not a spec.
bool try_parse_agent(const std::string& text, AgentSpec& out);
// An agent in words, for pages and pickers meant for people: its kind's one-line doc with the
// parameter's letter replaced by its value ("alpha-beta search 4 plies deep" for alphabeta:4,
// "alpha-beta search 1 ply deep" for alphabeta:1, "UCT with 200 simulations per move").
std::string agent_in_words(const AgentSpec& spec);
// The old name of AgentSpec::name(), kept for callers that print one agent.
std::string agent_name(const AgentSpec& spec);

// The agents of the two seats: seat[0] plays player 1, seat[1] player 2.
struct AgentPair {
  std::array<AgentSpec, 2> seat{};
  AgentPair() = default;
  AgentPair(AgentSpec both) : seat{both, both} {}  // NOLINT: one spec plays both seats
  AgentPair(AgentSpec p1, AgentSpec p2) : seat{p1, p2} {}
  bool same() const { return seat[0] == seat[1]; }
  // True when both seats' kinds are deterministic (AgentKind::deterministic).
  bool deterministic() const;
  // "random" when both seats play the same agent, else "alphabeta:3,random" (P1, P2).
  std::string label() const;
  friend bool operator==(const AgentPair&, const AgentPair&) = default;
};

// Parses "SPEC1,SPEC2" (player 1, player 2) as --agents takes it; throws mancala::UsageError
// naming `option` ("--agents: ...") on a bad spec or a list that is not two specs.
AgentPair parse_agent_pair(const std::string& text, const std::string& option = "--agents");
// A label as AgentPair::label() writes it ("SPEC" or "SPEC1,SPEC2"); false when it is not one.
bool try_parse_agent_pair(const std::string& text, AgentPair& out);
// The two command-line options together: --agent SPEC (both seats) or --agents SPEC1,SPEC2, not
// both (UsageError "--agent and --agents: give one of them"); neither given: random.
AgentPair agents_from_options(const std::string* agent, const std::string* agents);

// One agent at work for one thread (see above). Not copyable; movable.
class Player {
 public:
  Player(const Game& game, AgentSpec spec);
  ~Player();
  Player(Player&&) noexcept;
  Player& operator=(Player&&) noexcept;

  const AgentSpec& spec() const { return spec_; }
  // Before each game: forget what the search learnt in the previous one.
  void new_game() {
    if (searcher_) searcher_->new_game();
  }
  // Searches end soon after *stop becomes true; choose() then throws SearchInterrupted
  // (interrupt.h), so that no game played with cut searches is counted.
  void set_stop(const std::atomic<bool>* stop) {
    if (searcher_) searcher_->set_stop(stop);
  }

  // The move of `player` (s.to_move in an alternating turn; either player in a joint turn, see
  // simultaneous.h) among `moves`, his legal moves. `match` is the match the state belongs to
  // (a search evaluates the end of a round by its settlement). Every random choice from `rng`.
  Move choose(const MatchState& match, const State& s, int player, const MoveList& moves,
              Rng& rng) {
    if (!searcher_) return moves[static_cast<int>(rng.below(static_cast<uint32_t>(moves.size)))];
    return choose_searching(match, s, player, moves, rng);
  }

  // Nodes (alphabeta) or simulations (mcts) since construction: for benchmarks.
  uint64_t work() const { return searcher_ ? searcher_->work() : 0; }

 private:
  Move choose_searching(const MatchState& match, const State& s, int player, const MoveList& moves,
                        Rng& rng);

  const Game* game_;
  AgentSpec spec_;
  std::unique_ptr<Searcher> searcher_;  // null for random
};

// The greedy agent's choice for `player` (exposed for tests and for other agents' playouts).
Move greedy_move(const Game& game, const State& s, int player, const MoveList& moves, Rng& rng);

}  // namespace mancala::sim
