// LiveGame: one game (or match) being played in `mancala serve`, a person or an agent at each
// seat. It is the engine's game driven one move at a time from outside: a person's move arrives
// as a request, an agent's is computed by the server's worker threads (AgentJob), and every move,
// whoever made it, goes through one function (play_recorded) that applies it with the engine's
// step events, records it as `mancala trace --format json` records a move (reports/trace.h) with
// its steps, and deals the next round of a match.
//
// Determinism: the agents draw from Rng(seed, 0), a simultaneous turn's order (lockstep_random,
// sequential_random) from Rng(seed, 2); a round is dealt as `mancala replay` deals it (a choice
// the rules leave to a player, the Bhadar's end, with Rng(0, 0)), so the moves a game records
// replay to the same position with `mancala replay RULESET --moves "..."`.
//
// Simultaneous turns (simulator/simultaneous.h): each seat with a move chooses from the same
// position; a choice is kept hidden (the game says who has chosen, never what) until both are in,
// then the turn is resolved and shown. Undo takes back a person's last action (a move, or his
// hidden choice) with every agent move made after it.
//
// Not thread-safe: the server holds a LiveGame under its own mutex (server/app.h).
#pragma once

#include <array>
#include <atomic>
#include <cstdint>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "simulator/agents.h"
#include "simulator/match.h"
#include "simulator/rng.h"
#include "simulator/steps.h"

namespace mancala::server {

// A request the game refuses: the HTTP status and a message for people ("illegal move ...").
struct GameError {
  int status = 400;
  std::string message;
};

// A ruleset's words for its players (sim::seat_words, docs/terms.md "Seats"), as the pages read
// them: {"simultaneous": true, "players": ["seat 1 (P1)", "seat 2 (P2)"], "advantage": "seat
// advantage"} where every turn is simultaneous (nobody moves first), else the first player's.
nlohmann::json seat_words_json(const sim::RuleSet& rules);

// A seat: a person ("human") or an agent spec.
struct Seat {
  bool human = true;
  sim::AgentSpec agent{};
  std::string label() const { return human ? "human" : agent.name(); }
};

// The agent moves a game is waiting for, computed outside the game's lock: a copy of what the
// search needs, and the Players (owned by the game, used by one job at a time).
struct AgentJob {
  uint64_t version = 0;         // the game's version when the job was made
  sim::State state;             // the position to choose in
  sim::MatchState match;        // its match
  std::array<bool, 2> seats{};  // the seats to choose for
  std::array<sim::Player*, 2> players{};
  sim::Rng rng{0};                    // the agents' stream, advanced by the job
  std::array<sim::Move, 2> chosen{};  // the result
};

class LiveGame {
 public:
  // `replay`: a recorded game played again move by move (play_label); its agents never move.
  LiveGame(std::shared_ptr<const sim::Game> game, std::array<Seat, 2> seats, uint64_t seed,
           bool replay = false);
  ~LiveGame();
  LiveGame(const LiveGame&) = delete;
  LiveGame& operator=(const LiveGame&) = delete;

  const sim::Game& game() const { return *game_; }
  const std::array<Seat, 2>& seats() const { return seats_; }
  uint64_t seed() const { return seed_; }
  uint64_t version() const { return version_; }
  // The game (or the whole match) is over.
  bool over() const;
  bool thinking() const { return thinking_; }
  int move_count() const { return static_cast<int>(records_.size()); }
  // Rounds finished (a one-round game: 0 until it ends).
  int rounds_finished() const { return match_.rounds; }
  // The position after the last move as recorded (its "state"); the game must have one.
  nlohmann::json last_state() const {
    return nlohmann::json::parse(records_.back().json).at("state");
  }
  // The bytes the game holds (its move log, rounds and snapshots for undo), as the server counts
  // them against its budget (docs/serve.md, "Safety and limits").
  size_t bytes() const { return bytes_; }

  // A person's move in the project's notation ("3", "o7", "5<"): for `seat` (1 or 2), or, when
  // seat is 0, for the one person who is to move. In a simultaneous turn the choice is kept until
  // every seat with a move has chosen; a joint move "3/4" (both seats people) plays both. Returns
  // the number of moves played (0 when a simultaneous choice was only recorded). Throws
  // GameError: 409 for a move out of turn or in a game that is over, 422 for an illegal move.
  int play_person(int seat, const std::string& move);
  // Takes back the last person's action and every agent move after it; throws GameError 409 when
  // there is none.
  void undo();
  bool can_undo() const { return !history_.empty(); }
  // Every undo so far, in words, for the play-test ("undo after ply 4: took back 2/3, P2's
  // choice (greedy) shown and chosen again"); empty without one.
  const std::vector<std::string>& undos() const { return undos_; }

  // The agents' moves due now, if any (and marks the game as thinking); nullopt when none is
  // due or a job is already out.
  std::optional<AgentJob> agent_job();
  // Computes the job's moves (outside any lock: the search may take seconds).
  void run_job(AgentJob& job) const;
  // Plays the job's moves unless the game changed since it was made (undo). Returns whether it
  // was used.
  bool finish_job(const AgentJob& job);
  // Clears the thinking mark after a job that failed or was stopped.
  void abandon_job() { thinking_ = false; }
  // Every later search of the game's agents returns soon after *stop becomes true (a few thousand
  // nodes, one simulation); run_job then throws sim::SearchInterrupted.
  void set_stop(const std::atomic<bool>* stop);

  // The game as the API shows it (docs/serve.md): moves from index `since` on (with their steps).
  // At most `limit` moves: "more" says whether the ones after them are left out (asked for with
  // since = since + limit).
  nlohmann::json to_json(int since, size_t limit = SIZE_MAX) const;
  // Every move so far in the project's notation, space-separated: `mancala replay --moves`.
  std::string moves_text() const;
  // Winner (1, 2, 0 for a draw, null), end ("rule", "no_progress", ...), final holdings, rounds,
  // plies, in words too: the result as a play-test stores it.
  nlohmann::json result_json() const;

  // Replays. The next move as recorded ("3", "5<", "2/2:2"), whoever's seat it is; throws
  // GameError 422 when it is not legal.
  void play_label(const std::string& label);
  // The position after the last move, as state_to_json writes it (to check against a trace).
  nlohmann::json state_json() const;
  // The bha of the next deal as a recorded match dealt it ({"owner": 1, "hole": "9"}, the
  // Bhadar's choice of end), or null: as `mancala replay` deals it.
  void set_next_bha(nlohmann::json bha) { next_bha_ = std::move(bha); }

 private:
  struct Snapshot {
    sim::State state;
    sim::MatchState match;
    sim::Rng agent_rng{0}, order_rng{0};
    std::array<std::optional<sim::Move>, 2> pending;
    std::array<std::string, 2> pending_by;
    size_t records = 0, rounds = 0, labels = 0;
  };
  // A move as recorded, compact: its JSON without the steps (trace --format json's fields, text,
  // round_end), as text, and the steps as the engine made them (8 bytes each: a long Sungka move
  // makes hundreds); record_json makes the move the API shows from both.
  struct Record {
    std::string json;
    std::vector<sim::Step> steps;
  };
  nlohmann::json record_json(const Record& record) const;
  void add_record(nlohmann::json j, std::vector<sim::Step> steps);
  // What a record, a round and a snapshot hold (bytes_).
  static size_t record_bytes(const Record& record);
  bool joint_turn() const;
  // The seats (0/1) that must choose now: the player to move, or every player with a move in a
  // simultaneous turn who has not chosen yet.
  std::array<bool, 2> due() const;
  sim::MoveList legal(int player) const;
  sim::Move parse_legal(int player, const std::string& text) const;
  void remember();
  // Plays a move (or a joint move) with its steps, records it, deals the next round when one
  // ends. The one path every move takes.
  void play_recorded(int player, sim::Move m, const std::string& by);
  void play_joint_recorded(const sim::JointMove& jm);
  void after_move();
  void resolve_if_complete();
  // The Bhadar's end (0, 1) that deals next_bha_; -1 without one.
  int bha_side() const;

  std::shared_ptr<const sim::Game> game_;
  std::array<Seat, 2> seats_;
  uint64_t seed_;
  std::array<std::unique_ptr<sim::Player>, 2> players_;
  sim::State state_;
  sim::MatchState match_;
  sim::Rng agent_rng_, order_rng_;
  std::array<std::optional<sim::Move>, 2> pending_;  // hidden choices of a simultaneous turn
  std::array<std::string, 2> pending_by_{"human", "human"};  // who chose each (a seat's label)
  nlohmann::json start_;                                     // the first round's position
  std::vector<Record> records_;
  nlohmann::json rounds_ = nlohmann::json::array();
  std::vector<std::string> labels_;  // the moves in notation
  std::vector<Snapshot> history_;    // before each person's action
  std::vector<std::string> undos_;   // undos(), in words
  uint64_t version_ = 0;
  // records_, rounds_ and history_, as record_bytes and sizeof count them; read without the
  // game's lock (the server adds every game's).
  std::atomic<size_t> bytes_{0};
  bool thinking_ = false;
  nlohmann::json next_bha_;
};

}  // namespace mancala::server
