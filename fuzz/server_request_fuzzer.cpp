// Fuzzes the request handler of `mancala serve` (server/app.h), as the sockets hand it requests:
// the input is "METHOD TARGET\n" then the body. The target's body limit (App::body_limit, asked
// for by the sockets as soon as the header is read, before handle) is asked for first. Each input
// runs against one App that lives for the whole run, so a sequence of inputs builds games, plays
// moves, saves play-tests (into a throwaway archive) and replays them. Neither may throw: handle()
// must answer every request with a status of 200-599, and a 5xx only for a failure of the
// machine (no archive, out of memory).
#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>

#include "server/app.h"

namespace {

// The throwaway archive, removed at exit. Its path is a plain array (no destructor): the exit
// handler runs after the App and every static object built after its registration are destroyed.
char g_db_path[4096];

const char* db_path() {
  static const bool registered = [] {
    const std::string p = (std::filesystem::temp_directory_path() /
                           ("mancala-fuzz-" + std::to_string(::getpid()) + ".db"))
                              .string();
    std::snprintf(g_db_path, sizeof g_db_path, "%s", p.c_str());
    std::atexit([] {
      std::error_code ec;
      for (const char* suffix : {"", "-wal", "-shm"})
        std::filesystem::remove(std::string(g_db_path) + suffix, ec);
    });
    return true;
  }();
  (void)registered;
  return g_db_path;
}

mancala::server::App& app() {
  static std::unique_ptr<mancala::server::App> instance = [] {
    mancala::server::AppOptions options;
    options.db = db_path();
    options.limits.max_games = 8;
    options.limits.max_alphabeta_depth = 2;  // agents' replies stay quick
    options.limits.max_mcts_simulations = 50;
    options.limits.max_alphabeta_millis = 20;
    options.limits.max_alphabeta_nodes = 2'000;
    options.limits.workers = 1;
    return std::make_unique<mancala::server::App>(options);
  }();
  return *instance;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  const size_t line = text.find('\n');
  const std::string first = text.substr(0, line);
  const size_t space = first.find(' ');
  mancala::server::Request request;
  request.method = first.substr(0, space);
  request.target = space == std::string::npos ? "/" : first.substr(space + 1);
  request.body = line == std::string::npos ? "" : text.substr(line + 1);
  // Game ids are random (16 bytes): the corpus names a game "g1", meaning the last one started.
  static std::string last_game;
  if (const size_t at = request.target.find("/api/games/g1");
      at != std::string::npos && !last_game.empty())
    request.target.replace(at, 13, "/api/games/" + last_game);
  // The sockets ask for the target's body limit as soon as the header is read, before handle():
  // it must answer every target, even one handle() refuses.
  const size_t limit = app().body_limit(request.target);
  if (limit != app().options().limits.max_body && limit != app().options().limits.max_replay_body)
    std::abort();
  const mancala::server::Response r = app().handle(request);
  if (r.status < 200 || r.status > 599) std::abort();
  if (r.status == 201 && request.method == "POST" && request.target == "/api/games")
    last_game = nlohmann::json::parse(r.body).at("id").get<std::string>();
  // A 500 is a defect of the handler (503 is the machine: no archive yet, out of memory).
  if (r.status == 500) std::abort();
  app().wait_idle();
  return 0;
}
