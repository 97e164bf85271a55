// App: everything `mancala serve` answers, as one function from a request to a response
// (handle), so that the API tests and the fuzz target call it without sockets; server/http.h only
// wires sockets to it. docs/serve.md documents every route.
//
// It serves its own pages (embedded in the binary, server/assets.h) and the JSON API: the archive
// (rulesets, evidence search, records, maps), live games (server/live_game.h) and play-tests
// (archive/playtests.h). It never takes a file name from a request: a ruleset is one of the ids
// listed under data/rulesets, a record an id the archive finds, a page one of the embedded assets.
// A bad request gets a 4xx with {"error": "..."} and changes nothing; nothing a request holds can
// stop the server (handle never throws).
//
// Agents' moves are computed on worker threads owned by the App: a request never waits for a
// search; the page polls GET /api/games/{id} to see the reply.
#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <thread>
#include <utility>
#include <vector>

namespace mancala::sim {
class Game;
}

namespace mancala::server {

class LiveGame;

// The bounds a server keeps (docs/serve.md, "Limits").
struct Limits {
  size_t max_body = 64 * 1024;         // bytes of a request body (every route but a replay)
  size_t max_replay_body = 16u << 20;  // bytes of POST /api/replays (a whole trace)
  int max_games = 32;                  // games kept at once (a finished one makes room)
  // A game going on that no request and no move has touched for this long makes room too, when
  // the server is full (0: never; `mancala serve --idle-minutes`).
  std::chrono::milliseconds idle_after = std::chrono::hours(2);
  int max_alphabeta_depth = 12;  // agents the server plays (a deeper search takes minutes)
  int max_mcts_simulations = 200'000;
  int max_alphabeta_millis = 10'000;     // abtime:MS, milliseconds a move
  int max_alphabeta_nodes = 10'000'000;  // abnodes:N, nodes a move
  size_t max_notes = 20'000;             // characters of a play-test's notes
  size_t max_moves_per_answer = 500;     // moves in one answer about a live game ("more")
  int workers = 2;                       // threads computing agents' moves
  // Bytes of moves kept (LiveGame::bytes): for one game (a long Sungka game holds about 2 MiB;
  // past the bound no move is played, the game can be saved), and for every game together (past
  // it, finished games are ended first, then a new game is refused). --max-games is at most
  // max_server_bytes / max_game_bytes.
  size_t max_game_bytes = size_t{16} << 20;
  size_t max_server_bytes = size_t{1} << 30;
};

// What the server has done, counted by itself (the load-and-abuse test reads these rather than
// the clock): agents' moves made, and searches stopped before their end because their game ended
// (DELETE, ended to make room, the server stopping) or was taken back (undo).
struct AppStats {
  uint64_t agent_moves = 0;
  uint64_t searches_stopped = 0;
  size_t games = 0;       // kept now
  size_t bytes_held = 0;  // by them, LiveGame::bytes added
};

struct AppOptions {
  std::string db;  // the archive (play-tests are saved there); empty: $MANCALA_DB or ./mancala.db
  std::string host = "127.0.0.1";  // the address served: a Host header naming it is answered
  // When not empty, every API request must carry it (docs/serve.md, "Safety and limits"): as
  // `Authorization: Bearer TOKEN`, a `token` query parameter or the cookie a page opened with
  // `?token=TOKEN` is given. `mancala serve` sets one for any address but the loopback.
  std::string token;
  Limits limits{};
};

struct Request {
  std::string method;  // "GET", "POST", "DELETE"...
  std::string target;  // path and query, as sent: "/api/evidence?q=four"
  std::string body;
  std::string host;                // the Host header, if any
  std::string origin;              // the Origin header, if any
  std::string authorization = {};  // the Authorization header, if any
  std::string cookie = {};         // the Cookie header, if any
};

struct Response {
  int status = 200;
  std::string content_type = "application/json";
  std::string body;
  std::vector<std::pair<std::string, std::string>> headers;
};

class App {
 public:
  explicit App(AppOptions options);
  ~App();
  App(const App&) = delete;
  App& operator=(const App&) = delete;

  // Answers one request. Never throws: a failure is a response with its status and message.
  Response handle(const Request& request);
  // The largest body accepted for `target` (a replay of a trace is larger than anything else).
  // Never throws: a target handle() refuses gets the smaller limit.
  size_t body_limit(std::string_view target) const noexcept;
  // The largest body accepted for any target (the limit a request's header is read with, before
  // its target is known).
  size_t largest_body_limit() const noexcept;
  // Loads every ruleset under data/rulesets; returns one line for each that does not load ("otep/x:
  // <file>: <why>"), which GET /api/rulesets lists marked "broken" (`mancala serve` warns at
  // start).
  std::vector<std::string> check_rulesets();
  // `message` without the server's paths: the archive's ("the archive") and data/'s ("data").
  std::string without_paths(const std::string& message) const;
  // Blocks until no agent move is being computed or waiting to be (for tests).
  void wait_idle();
  AppStats stats() const;
  const AppOptions& options() const { return options_; }

 private:
  struct Entry {
    std::mutex mutex;
    std::unique_ptr<LiveGame> game;
    uint64_t number = 0;  // the game's place in the order games were started (not its id)
    // When a request or a move last touched the game (under games_mutex_).
    std::chrono::steady_clock::time_point touched = std::chrono::steady_clock::now();
    // Stops the search running for the game (LiveGame::set_stop): set when the game ends or its
    // position is taken back; cleared when the next search starts. `ended` (under mutex): the
    // game is no longer kept, and no search starts for it again.
    std::atomic<bool> stop{false};
    bool ended = false;
    // Every agent of the game random or greedy: a move takes microseconds, and the quick worker
    // makes it even while searches hold every other worker.
    bool quick = false;
  };
  // Ends a game taken out of games_: its search, if one runs, stops.
  static void end(Entry& e);
  // Every game's bytes together (under games_mutex_).
  size_t bytes_held_locked() const;
  Response route(const Request& request);
  std::shared_ptr<const sim::Game> game_for(const std::string& ruleset_id);
  std::shared_ptr<Entry> entry(const std::string& id);
  // Queues the game's agent moves, if any are due.
  void schedule(const std::string& id, const std::shared_ptr<Entry>& e);
  // A worker's loop; `quick_only`: the quick worker, which takes quick games' moves alone.
  void work(bool quick_only);

  // Routes (app.cpp, app_archive.cpp).
  Response api_rulesets();
  Response api_ruleset(const std::string& id);
  Response api_archive();
  Response api_agents();
  Response api_evidence_search(const std::map<std::string, std::string>& query);
  Response api_evidence(const std::string& id);
  Response api_map(const std::map<std::string, std::string>& query, const std::string& record);
  Response api_new_game(const std::string& body);
  Response api_games();
  Response api_game(const std::string& id, const std::map<std::string, std::string>& query);
  Response api_move(const std::string& id, const std::string& body);
  Response api_undo(const std::string& id);
  Response api_delete(const std::string& id);
  Response api_save(const std::string& id, const std::string& body);
  Response api_playtests(const std::map<std::string, std::string>& query);
  Response api_playtest(const std::string& id, bool replay);
  Response api_replay_trace(const std::string& body);

  AppOptions options_;
  std::mutex rulesets_mutex_;
  std::vector<std::string> ruleset_ids_;
  std::map<std::string, std::shared_ptr<const sim::Game>> rulesets_;
  std::map<std::string, std::string> broken_;  // rulesets that do not load: why (without paths)
  mutable std::mutex games_mutex_;
  std::map<std::string, std::shared_ptr<Entry>> games_;
  uint64_t next_game_ = 1;
  // Agents' work: ids of games with a job due; workers take them in order.
  std::mutex work_mutex_;
  std::condition_variable work_ready_, work_done_;
  std::deque<std::pair<std::string, bool>> queue_;  // (game id, Entry::quick)
  int busy_ = 0;
  bool stopping_ = false;
  std::atomic<uint64_t> agent_moves_{0}, searches_stopped_{0};
  std::vector<std::thread> workers_;
};

}  // namespace mancala::server
