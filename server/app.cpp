#include "server/app.h"

#include <algorithm>
#include <cctype>
#include <iomanip>
#include <nlohmann/json.hpp>
#include <sstream>

#include "archive/error.h"
#include "common/error.h"
#include "common/paths.h"
#include "common/strict_json.h"
#include "common/text.h"
#include "reports/rules_text.h"
#include "server/assets.h"
#include "server/live_game.h"
#include "server/request.h"
#include "simulator/engine.h"
#include "simulator/interrupt.h"
#include "simulator/ruleset_io.h"

namespace mancala::server {

using nlohmann::json;

App::App(AppOptions options) : options_(std::move(options)) {
  ruleset_ids_ = sim::list_ruleset_ids();
  for (int i = 0; i < std::max(1, options_.limits.workers); ++i)
    workers_.emplace_back([this] { work(false); });
  // Random and greedy agents reply at once even while searches hold every worker above.
  workers_.emplace_back([this] { work(true); });
}

App::~App() {
  {
    // The searches running stop at once: Ctrl-C does not wait for an agent's move.
    std::lock_guard lock(games_mutex_);
    for (auto& [id, e] : games_) end(*e);
  }
  {
    std::lock_guard lock(work_mutex_);
    stopping_ = true;
  }
  work_ready_.notify_all();
  for (std::thread& t : workers_) t.join();
}

size_t App::body_limit(std::string_view target) const noexcept {
  try {
    // As route() reads it: the decoded segments ("/api/%72eplays" is the same route).
    if (split_target(std::string(target)).segments == std::vector<std::string>{"api", "replays"})
      return options_.limits.max_replay_body;
  } catch (...) {
    // A target handle() refuses (400): its body is never used.
  }
  return options_.limits.max_body;
}

size_t App::largest_body_limit() const noexcept {
  return std::max(options_.limits.max_body, options_.limits.max_replay_body);
}

Response App::handle(const Request& request) {
  try {
    if (request.body.size() > body_limit(request.target)) {
      throw HttpError{413, "the request body is " + std::to_string(request.body.size()) +
                               " bytes; the limit is " +
                               std::to_string(body_limit(request.target))};
    }
    return route(request);
  } catch (const HttpError& e) {
    Response r = error_response(e.status, without_paths(e.message));
    if (!e.allow.empty()) r.headers.emplace_back("Allow", e.allow);
    // RFC 9110, 11.6.1: a 401 names the scheme that would be accepted.
    if (e.status == 401) r.headers.emplace_back("WWW-Authenticate", "Bearer realm=\"mancala\"");
    return r;
  } catch (const GameError& e) {
    return error_response(e.status, without_paths(e.message));
  } catch (const UsageError& e) {
    return error_response(400, without_paths(e.what()));
  } catch (const archive::ArchiveError& e) {
    // Busy, while another process writes to it (a `report` storing its runs), is 503 with
    // Retry-After; anything else the archive refuses 422, as before (a search's own mistakes
    // are 400, in app_archive.cpp).
    if (archive_busy(e)) {
      Response r = error_response(503,
                                  "the archive is busy: another process is writing to it; try "
                                  "again in a few seconds");
      r.headers.emplace_back("Retry-After", "5");
      return r;
    }
    return error_response(422, without_paths(e.what()));
  } catch (const Error& e) {
    return error_response(422, without_paths(e.what()));
  } catch (const json::exception& e) {
    return error_response(400, std::string("malformed JSON: ") + e.what());
  } catch (const std::bad_alloc&) {
    return error_response(503, "out of memory");
  } catch (const std::exception& e) {
    return error_response(500, std::string("internal error: ") + e.what());
  } catch (...) {
    return error_response(500, "internal error");
  }
}

Response App::route(const Request& request) {
  if (!allowed_host(request.host, options_.host))
    throw HttpError{421, "this server answers to " + options_.host + " and localhost, not " +
                             host_name(request.host)};
  Target t = split_target(request.target);
  const std::vector<std::string>& s = t.segments;
  const std::string& m = request.method;
  const bool has_token = carries_token(request, t.query, options_.token);
  const bool token_in_query = t.query.erase("token") > 0;  // never a search parameter
  // Pages: the embedded assets only (they hold nothing of anyone's: no token needed).
  if (s.empty() || s[0] != "api") {
    if (m != "GET" && m != "HEAD") throw HttpError{405, "pages are read with GET", "GET, HEAD"};
    const Asset* asset = find_asset(t.path == "/" ? "/index.html" : t.path);
    if (!asset) throw HttpError{404, "no such page: " + t.path};
    Response r;
    r.content_type = std::string(asset->content_type);
    r.body = std::string(asset->body);
    // The address printed at start (".../?token=..."): the page's own requests carry the cookie.
    if (!options_.token.empty() && token_in_query && has_token) {
      r.headers.emplace_back(
          "Set-Cookie", "mancala_token=" + options_.token + "; Path=/; HttpOnly; SameSite=Strict");
    }
    return r;
  }
  if (!has_token) {
    throw HttpError{401,
                    "this server asks for its token: open the address `mancala serve` printed "
                    "(it ends in ?token=...), or send the header `Authorization: Bearer TOKEN`"};
  }
  // A page elsewhere must not drive this server through a visitor's browser.
  if (m != "GET" && m != "HEAD" && !same_origin(request.origin, request.host, options_.host))
    throw HttpError{
        403, "requests from another site's pages are refused (Origin " + request.origin + ")"};
  // HEAD is answered wherever GET is (the sockets send the header alone). `others`: methods the
  // target takes besides `method`, already answered by the caller (POST, DELETE).
  auto only = [&](const std::string& method, const std::string& others = "") {
    if (m == method || (method == "GET" && m == "HEAD")) return;
    std::vector<std::string> allowed{method};
    if (method == "GET") allowed.emplace_back("HEAD");
    if (!others.empty()) allowed.push_back(others);
    std::string list;
    for (const std::string& a : allowed) list += (list.empty() ? "" : ", ") + a;
    throw HttpError{405, t.path + ": use " + or_list(allowed), list};
  };
  const size_t n = s.size();
  if (n == 2 && s[1] == "rulesets") return only("GET"), api_rulesets();
  if ((n == 3 || n == 4) && s[1] == "rulesets") {
    only("GET");
    return api_ruleset(n == 3 ? s[2] : s[2] + "/" + s[3]);
  }
  if (n == 2 && s[1] == "archive") return only("GET"), api_archive();
  if (n == 2 && s[1] == "agents") return only("GET"), api_agents();
  if (n == 2 && s[1] == "evidence") return only("GET"), api_evidence_search(t.query);
  if (n == 3 && s[1] == "evidence") return only("GET"), api_evidence(s[2]);
  if (n == 4 && s[1] == "evidence" && s[3] == "map") return only("GET"), api_map(t.query, s[2]);
  if (n == 2 && s[1] == "map") return only("GET"), api_map(t.query, "");
  if (n == 2 && s[1] == "games") {
    if (m == "POST") return api_new_game(request.body);
    return only("GET", "POST"), api_games();
  }
  if (n == 3 && s[1] == "games") {
    if (m == "DELETE") return api_delete(s[2]);
    return only("GET", "DELETE"), api_game(s[2], t.query);
  }
  if (n == 4 && s[1] == "games") {
    only("POST");
    if (s[3] == "moves") return api_move(s[2], request.body);
    if (s[3] == "undo") return api_undo(s[2]);
    if (s[3] == "save") return api_save(s[2], request.body);
  }
  if (n == 2 && s[1] == "playtests") return only("GET"), api_playtests(t.query);
  if (n == 3 && s[1] == "playtests") return only("GET"), api_playtest(s[2], false);
  if (n == 4 && s[1] == "playtests" && s[3] == "replay")
    return only("GET"), api_playtest(s[2], true);
  if (n == 2 && s[1] == "replays") return only("POST"), api_replay_trace(request.body);
  throw HttpError{404, "no such API route: " + t.path + " (docs/serve.md lists them)"};
}

// ---- rulesets ----

std::shared_ptr<const sim::Game> App::game_for(const std::string& name) {
  std::lock_guard lock(rulesets_mutex_);
  std::string id = name;
  if (std::find(ruleset_ids_.begin(), ruleset_ids_.end(), id) == ruleset_ids_.end()) {
    // A game's name stands for its default reconstruction, as on the command line.
    const bool game = std::any_of(ruleset_ids_.begin(), ruleset_ids_.end(), [&](auto& x) {
      return x.compare(0, name.size() + 1, name + "/") == 0;
    });
    if (!game || name.empty()) {
      throw HttpError{404, "unknown ruleset '" + name + "' (GET /api/rulesets lists them)"};
    }
    id = sim::load_ruleset(name).id;  // a folder of data/rulesets: its default
  }
  auto it = rulesets_.find(id);
  if (it == rulesets_.end())
    it = rulesets_.emplace(id, std::make_shared<const sim::Game>(sim::load_ruleset(id))).first;
  return it->second;
}

std::vector<std::string> App::check_rulesets() {
  std::vector<std::string> ids;
  {
    std::lock_guard lock(rulesets_mutex_);
    ids = ruleset_ids_;
  }
  std::vector<std::string> lines;
  for (const std::string& id : ids) {
    try {
      game_for(id);
    } catch (const std::exception& e) {
      lines.push_back(id + ": " + e.what());  // for the terminal: the file's whole path
    }
  }
  return lines;
}

std::string App::without_paths(const std::string& message) const {
  std::string out = message;
  const auto replace = [&](const std::string& path, const std::string& by) {
    if (path.empty()) return;
    if (out.starts_with(path + ": ")) out = by + out.substr(path.size());
    for (size_t at = out.find(path); at != std::string::npos; at = out.find(path, at + by.size()))
      out.replace(at, path.size(), by);
  };
  replace(default_db_path(options_.db), "the archive");
  replace(data_dir().string(), "data");
  return out;
}

Response App::api_rulesets() {
  json out = json::array();
  std::vector<std::string> ids;
  {
    std::lock_guard lock(rulesets_mutex_);
    ids = ruleset_ids_;
  }
  std::map<std::string, std::string> defaults;
  for (const std::string& id : ids) {
    const std::string game = id.substr(0, id.find('/'));
    // A ruleset that does not load is listed, marked, with why; the others are served on.
    try {
      if (!defaults.contains(game)) defaults[game] = game_for(game)->rules().id;
    } catch (const std::exception&) {
      defaults[game] = "";
    }
    std::shared_ptr<const sim::Game> loaded;
    try {
      loaded = game_for(id);
    } catch (const std::exception& e) {
      out.push_back({{"id", id}, {"game", game}, {"broken", without_paths(e.what())}});
      continue;
    }
    const sim::RuleSet& r = loaded->rules();
    out.push_back({{"id", r.id},
                   {"game", r.game},
                   {"name", r.name},
                   {"status", r.status},
                   {"default", defaults[game] == r.id},
                   {"extends", r.extends},
                   {"evidence", r.evidence},
                   {"summary", r.summary},
                   {"rows", 2 * r.rows_per_player},
                   {"holes_per_row", r.holes_per_row},
                   {"turns", sim::rule_value(r, "turns")},
                   {"match", r.match},
                   {"plays_exactly_as", reports::plays_exactly_as_json(r)}});
  }
  return json_response(200, json{{"rulesets", out}});
}

// ---- live games ----

namespace {

// "120 minutes", "30 s", "200 ms": the idle time in the 429 message.
std::string duration_text(std::chrono::milliseconds d) {
  const auto ms = d.count();
  if (ms % 60000 == 0) return std::to_string(ms / 60000) + (ms == 60000 ? " minute" : " minutes");
  if (ms % 1000 == 0) return std::to_string(ms / 1000) + " s";
  return std::to_string(ms) + " ms";
}

}  // namespace

std::shared_ptr<App::Entry> App::entry(const std::string& id) {
  std::lock_guard lock(games_mutex_);
  auto it = games_.find(id);
  if (it == games_.end())
    throw HttpError{404, "no live game '" + id + "' (it may have ended with the server)"};
  it->second->touched = std::chrono::steady_clock::now();
  return it->second;
}

void App::end(Entry& e) {
  std::lock_guard lock(e.mutex);
  e.ended = true;
  e.stop = true;
}

size_t App::bytes_held_locked() const {
  size_t total = 0;
  for (const auto& [id, e] : games_) total += e->game->bytes();
  return total;
}

AppStats App::stats() const {
  std::lock_guard lock(games_mutex_);
  return AppStats{agent_moves_.load(), searches_stopped_.load(), games_.size(),
                  bytes_held_locked()};
}

namespace {

// "1.5 MiB": a budget in the messages.
std::string mib_text(size_t bytes) {
  std::ostringstream out;
  out << std::fixed << std::setprecision(1) << static_cast<double>(bytes) / (1 << 20) << " MiB";
  return out.str();
}

// A game past the server's budget for one: no more moves.
void check_game_budget(const LiveGame& game, const Limits& limits) {
  if (game.bytes() < limits.max_game_bytes) return;
  throw GameError{409, "this game holds " + mib_text(game.bytes()) +
                           " of moves, the most this server keeps for one game (" +
                           mib_text(limits.max_game_bytes) +
                           "): save it as a play-test (its moves replay) and start another"};
}

}  // namespace

namespace {

// The server's budget for each kind of agent that takes a parameter (docs/serve.md, "Safety and
// limits"): the bound in Limits and the words of the refusal, "this server plays <kind>" +
// `before` + the bound + `after`.
struct Budget {
  sim::Agent kind;
  int Limits::*bound;
  const char* before;
  const char* after;
};
constexpr Budget kBudgets[] = {
    {sim::Agent::kAlphaBeta, &Limits::max_alphabeta_depth, " to depth ",
     " at most (a deeper search takes minutes a move)"},
    {sim::Agent::kMcts, &Limits::max_mcts_simulations, " with ", " simulations at most"},
    {sim::Agent::kAlphaBetaTime, &Limits::max_alphabeta_millis, " with ",
     " milliseconds a move at most"},
    {sim::Agent::kAlphaBetaNodes, &Limits::max_alphabeta_nodes, " with ", " nodes a move at most"},
};

Seat seat_from(const json& v, const Limits& limits, int index) {
  const std::string where = "agents[" + std::to_string(index) + "]";
  if (!v.is_string()) throw HttpError{400, where + ": expected a string (\"human\" or an agent)"};
  const std::string text = v.get<std::string>();
  if (text == "human" || text == "person") return Seat{};
  sim::AgentSpec spec;
  if (!sim::try_parse_agent(text, spec)) {
    std::string kinds;
    for (const sim::AgentKind& k : sim::agent_kinds())
      kinds += (kinds.empty() ? "" : ", ") + k.syntax();
    throw HttpError{400,
                    where + ": '" + text + "' is neither \"human\" nor an agent (" + kinds + ")"};
  }
  for (const Budget& b : kBudgets) {
    if (spec.kind != b.kind || spec.param <= limits.*b.bound) continue;
    throw HttpError{400, where + ": this server plays " +
                             std::string(sim::agent_kind(b.kind).name) + b.before +
                             std::to_string(limits.*b.bound) + b.after};
  }
  return Seat{false, spec};
}

// The specs the seat pickers offer for an agent kind that takes a parameter (GET /api/agents);
// any other spec within the server's bounds is taken too.
std::vector<int> offered_params(sim::Agent kind) {
  switch (kind) {
    case sim::Agent::kAlphaBeta:
      return {2, 3, 4, 6};
    case sim::Agent::kMcts:
      return {300, 2000};
    case sim::Agent::kAlphaBetaNodes:
      return {100000};
    case sim::Agent::kAlphaBetaTime:
      return {1000};
    case sim::Agent::kRandom:
    case sim::Agent::kGreedy:
      return {};
  }
  return {};
}

}  // namespace

Response App::api_agents() {
  json choices = json::array({{{"spec", "human"}, {"name", "a person at this screen"}}});
  json kinds = json::array();
  for (const sim::AgentKind& k : sim::agent_kinds()) {
    int max = k.max;
    for (const Budget& b : kBudgets)
      if (b.kind == k.id) max = std::min(max, options_.limits.*b.bound);
    if (k.param.empty()) {
      choices.push_back(
          {{"spec", std::string(k.name)}, {"name", sim::agent_in_words(sim::AgentSpec(k.id))}});
    } else {
      for (int v : offered_params(k.id)) {
        if (v < k.min || v > max) continue;
        choices.push_back({{"spec", std::string(k.name) + ":" + std::to_string(v)},
                           {"name", sim::agent_in_words(sim::AgentSpec(k.id, v))}});
      }
    }
    json kind = {{"name", std::string(k.name)},
                 {"syntax", k.syntax()},
                 {"doc", std::string(k.doc)},
                 {"reproducible", k.deterministic}};
    if (!k.param.empty()) kind["bounds"] = {k.min, max};
    kinds.push_back(kind);
  }
  return json_response(200, json{{"agents", choices}, {"kinds", kinds}});
}

Response App::api_new_game(const std::string& body) {
  const json j = parse_body(body);
  check_keys(j, {"ruleset", "agents", "seed"});
  if (!j.contains("ruleset") || !j["ruleset"].is_string())
    throw HttpError{400, "ruleset: expected a ruleset id or a game (GET /api/rulesets)"};
  std::array<Seat, 2> seats{};
  if (j.contains("agents")) {
    const json& a = j["agents"];
    if (!a.is_array() || a.size() != 2)
      throw HttpError{400, "agents: expected two seats, e.g. [\"human\", \"greedy\"]"};
    for (int p = 0; p < 2; ++p) seats[p] = seat_from(a[p], options_.limits, p);
  }
  uint64_t seed = 1;
  if (j.contains("seed")) {
    if (!j["seed"].is_number_unsigned()) throw HttpError{400, "seed: expected a whole number >= 0"};
    seed = j["seed"].get<uint64_t>();
  }
  auto game = game_for(j["ruleset"].get<std::string>());
  auto e = std::make_shared<Entry>();
  e->quick = std::all_of(seats.begin(), seats.end(), [](const Seat& s) {
    return s.human || s.agent.kind == sim::Agent::kRandom || s.agent.kind == sim::Agent::kGreedy;
  });
  e->game = std::make_unique<LiveGame>(game, seats, seed);
  e->game->set_stop(&e->stop);
  std::string id;
  {
    std::lock_guard lock(games_mutex_);
    // Over the server's budget of bytes: the finished games are ended, first started first.
    while (bytes_held_locked() >= options_.limits.max_server_bytes) {
      auto first = games_.end();
      for (auto it = games_.begin(); it != games_.end(); ++it) {
        if (first != games_.end() && it->second->number > first->second->number) continue;
        std::lock_guard game_lock(it->second->mutex);
        if (it->second->game->over()) first = it;
      }
      if (first == games_.end()) {
        throw HttpError{429, "this server holds " + mib_text(bytes_held_locked()) +
                                 " of games going on, its bound (" +
                                 mib_text(options_.limits.max_server_bytes) +
                                 "): end one (DELETE /api/games/{id}) first"};
      }
      end(*first->second);
      games_.erase(first);
    }
    if (static_cast<int>(games_.size()) >= options_.limits.max_games) {
      // Room is made by ending the finished game started first; else the game going on that has
      // been left alone longest, if for longer than idle_after; a game played in is never ended.
      auto oldest = games_.end();
      for (auto it = games_.begin(); it != games_.end(); ++it) {
        if (oldest != games_.end() && it->second->number > oldest->second->number) continue;
        std::lock_guard game_lock(it->second->mutex);
        if (it->second->game->over()) oldest = it;
      }
      const auto idle_after = options_.limits.idle_after;
      if (oldest == games_.end() && idle_after.count() > 0) {
        const auto now = std::chrono::steady_clock::now();
        for (auto it = games_.begin(); it != games_.end(); ++it) {
          if (now - it->second->touched < idle_after) continue;
          if (oldest == games_.end() || it->second->touched < oldest->second->touched) oldest = it;
        }
      }
      if (oldest == games_.end()) {
        throw HttpError{429, "this server keeps " + std::to_string(options_.limits.max_games) +
                                 " games at most and every one is going on" +
                                 (idle_after.count() > 0
                                      ? " (none left alone for " + duration_text(idle_after) + ")"
                                      : std::string()) +
                                 ": end one (DELETE /api/games/{id}) first"};
      }
      end(*oldest->second);  // its search, if one runs, stops
      games_.erase(oldest);
    }
    e->number = next_game_++;
    // Unguessable, and never one a tab kept from an earlier run of the server would name.
    do id = random_hex(16);
    while (games_.contains(id));
    games_[id] = e;
  }
  json out;
  {
    std::lock_guard lock(e->mutex);
    out = e->game->to_json(0);
  }
  out["id"] = id;
  schedule(id, e);
  Response r = json_response(201, out);
  r.headers.emplace_back("Location", "/api/games/" + id);
  return r;
}

Response App::api_games() {
  json out = json::array();
  std::vector<std::pair<std::string, std::shared_ptr<Entry>>> all;
  {
    std::lock_guard lock(games_mutex_);
    all.assign(games_.begin(), games_.end());
  }
  // In the order they were started.
  std::sort(all.begin(), all.end(),
            [](const auto& a, const auto& b) { return a.second->number < b.second->number; });
  for (auto& [id, e] : all) {
    std::lock_guard lock(e->mutex);
    json seats = json::array();
    for (const Seat& s : e->game->seats()) seats.push_back(s.label());
    out.push_back({{"id", id},
                   {"ruleset", e->game->game().rules().id},
                   {"seats", seats},
                   {"moves", e->game->move_count()},
                   {"bytes", e->game->bytes()},
                   {"over", e->game->over()}});
  }
  const AppStats now = stats();
  return json_response(200, json{{"games", out},
                                 {"limit", options_.limits.max_games},
                                 {"bytes", now.bytes_held},
                                 {"byte_limit", options_.limits.max_server_bytes}});
}

Response App::api_game(const std::string& id, const std::map<std::string, std::string>& query) {
  int since = 0;
  if (auto it = query.find("since"); it != query.end()) since = parse_count(it->second, "since");
  auto e = entry(id);
  std::lock_guard lock(e->mutex);
  json out = e->game->to_json(since, options_.limits.max_moves_per_answer);
  out["id"] = id;
  return json_response(200, out);
}

Response App::api_move(const std::string& id, const std::string& body) {
  const json j = parse_body(body);
  check_keys(j, {"move", "seat"});
  if (!j.contains("move") || !j["move"].is_string())
    throw HttpError{400, "move: expected the move in the project's notation, e.g. \"3\" or \"5<\""};
  int seat = 0;
  if (j.contains("seat")) {
    if (!j["seat"].is_number_integer()) throw HttpError{400, "seat: expected 1 or 2"};
    seat = j["seat"].get<int>();
    if (seat != 1 && seat != 2) throw HttpError{400, "seat: expected 1 or 2"};
  }
  auto e = entry(id);
  json out;
  int played = 0;
  {
    std::lock_guard lock(e->mutex);
    const int before = e->game->move_count();
    check_game_budget(*e->game, options_.limits);
    played = e->game->play_person(seat, j["move"].get<std::string>());
    out = e->game->to_json(before, options_.limits.max_moves_per_answer);
  }
  out["id"] = id;
  out["played"] = played;
  schedule(id, e);
  // A simultaneous choice only recorded: accepted, the turn resolves when both are in.
  return json_response(played > 0 ? 200 : 202, out);
}

Response App::api_undo(const std::string& id) {
  auto e = entry(id);
  json out;
  {
    std::lock_guard lock(e->mutex);
    e->game->undo();
    if (e->game->thinking()) e->stop = true;  // a search from the position taken back
    out = e->game->to_json(0, options_.limits.max_moves_per_answer);
  }
  out["id"] = id;
  schedule(id, e);
  return json_response(200, out);
}

Response App::api_delete(const std::string& id) {
  std::shared_ptr<Entry> e;
  {
    std::lock_guard lock(games_mutex_);
    auto it = games_.find(id);
    if (it == games_.end()) throw HttpError{404, "no live game '" + id + "'"};
    e = it->second;
    games_.erase(it);
  }
  end(*e);  // its search, if one runs, stops
  return json_response(200, json{{"deleted", id}});
}

// ---- agents ----

void App::schedule(const std::string& id, const std::shared_ptr<Entry>& e) {
  {
    std::lock_guard lock(e->mutex);
    if (e->game->thinking() || e->game->over()) return;
  }
  std::lock_guard lock(work_mutex_);
  queue_.emplace_back(id, e->quick);
  work_ready_.notify_all();  // the quick worker, or any other
}

void App::work(bool quick_only) {
  const auto mine = [&](const std::pair<std::string, bool>& item) {
    return !quick_only || item.second;
  };
  for (;;) {
    std::string id;
    bool quick = false;
    {
      std::unique_lock lock(work_mutex_);
      work_ready_.wait(
          lock, [&] { return stopping_ || std::any_of(queue_.begin(), queue_.end(), mine); });
      if (stopping_) return;
      const auto it = std::find_if(queue_.begin(), queue_.end(), mine);
      id = it->first;
      quick = it->second;
      queue_.erase(it);
      ++busy_;
    }
    std::shared_ptr<Entry> e;
    {
      std::lock_guard lock(games_mutex_);
      if (auto it = games_.find(id); it != games_.end()) {
        e = it->second;
        e->touched = std::chrono::steady_clock::now();  // an agent's move is play too
      }
    }
    bool more = false;
    if (e) {
      std::optional<AgentJob> job;
      {
        std::lock_guard lock(e->mutex);
        // Past its budget a game's agents stop: a person's move is refused saying so.
        if (!e->ended && e->game->bytes() < options_.limits.max_game_bytes)
          job = e->game->agent_job();
        if (job) e->stop = false;
      }
      if (job) {
        try {
          e->game->run_job(*job);  // no lock held: requests go on while the agent searches
          std::lock_guard lock(e->mutex);
          if (e->game->finish_job(*job)) ++agent_moves_;
          more = true;  // the next move may be an agent's too (or the position changed: undo)
        } catch (const sim::SearchInterrupted&) {
          std::lock_guard lock(e->mutex);
          e->game->abandon_job();
          ++searches_stopped_;
          more = !e->ended;  // taken back (undo): the position now may want a move
        } catch (...) {
          std::lock_guard lock(e->mutex);
          e->game->abandon_job();
        }
      }
    }
    {
      std::lock_guard lock(work_mutex_);
      if (more) queue_.emplace_back(id, quick);
      --busy_;
      if (more) work_ready_.notify_all();
      if (busy_ == 0 && queue_.empty()) work_done_.notify_all();
    }
  }
}

void App::wait_idle() {
  std::unique_lock lock(work_mutex_);
  work_done_.wait(lock, [&] { return busy_ == 0 && queue_.empty(); });
}

}  // namespace mancala::server
