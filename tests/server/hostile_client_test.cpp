// Issue 40: `mancala serve` under attack. One client must not crash, freeze or exhaust the
// server, nor reach another person's game (docs/serve.md, "Safety and limits"). Each test names
// the item of the issue and the rule it checks; each failed on the code before its fix.
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>

#include <algorithm>
#include <cctype>
#include <chrono>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "../test_binary.h"
#include "server/request.h"
#include "server_test_util.h"
#include "simulator/agents.h"

namespace mancala::server::testing {
namespace {

// `depth` arrays, one inside the other: "[[[...]]]".
std::string nested(size_t depth) { return std::string(depth, '[') + std::string(depth, ']'); }

// `mancala serve ARGS...` run as a user runs it, in its own process, stopped by a signal.
class ServeProcess {
 public:
  explicit ServeProcess(const std::vector<std::string>& args) {
    pid_ = test_support::start_binary(args, {}, out(), err());
  }
  ~ServeProcess() {
    if (pid_ > 0) {
      ::kill(pid_, SIGKILL);
      ::waitpid(pid_, nullptr, 0);
    }
  }
  ServeProcess(const ServeProcess&) = delete;
  ServeProcess& operator=(const ServeProcess&) = delete;
  // The first line it printed (the address), waited for up to 60 s; "" if none came.
  std::string first_line() {
    for (int i = 0; i < 600; ++i) {
      const std::string text = test_support::read_text(out());
      if (const size_t end = text.find('\n'); end != std::string::npos) return text.substr(0, end);
      std::this_thread::sleep_for(std::chrono::milliseconds(100));
    }
    return "";
  }
  // Sends `signal` and waits for the process to end.
  test_support::ProcessResult stop(int signal = SIGTERM) {
    ::kill(pid_, signal);
    const test_support::ProcessResult r = test_support::finish_binary(pid_, out(), err());
    pid_ = -1;
    return r;
  }

 private:
  std::string out() const { return dir_ / "stdout"; }
  std::string err() const { return dir_ / "stderr"; }
  test_support::TempDir dir_{"serve"};
  pid_t pid_ = -1;
};

// ---- item 1: a nesting bound for every JSON the server reads, answered 400 ----

// "A nesting bound for every JSON the server reads ... answered 400": a trace's `rounds` or a
// move's `state.holes` nested 100,000 deep (200 KB) once crashed the server (nlohmann/json copies
// a value recursively); the strict parser refuses it at level 513, naming where.
TEST_F(ServerTest, JsonNestedTooDeepIsRefusedWith400AndTheServerGoesOn) {
  const std::string deep_rounds =
      R"({"ruleset": "kalah", "moves": [], "rounds": )" + nested(100'000) + "}";
  EXPECT_EQ(error(400, "POST", "/api/replays", deep_rounds),
            "malformed JSON: rounds[0][0][0][0][0][0][0]...: arrays and objects nested deeper "
            "than 512 levels");
  const std::string deep_state = R"({"ruleset": "kalah", "moves": [{"move": "3", "state": )"
                                 R"({"holes": )" +
                                 nested(100'000) + "}}]}";
  EXPECT_EQ(error(400, "POST", "/api/replays", deep_state),
            "malformed JSON: moves[0].state.holes[0][0][0][0]...: arrays and objects "
            "nested deeper than 512 levels");
  // A move's body, within its 64 KiB: 30,000 levels.
  const std::string id = new_game("kalah", "human", "human");
  EXPECT_EQ(
      error(400, "POST", "/api/games/" + id + "/moves", R"({"move": )" + nested(30'000) + "}"),
      "malformed JSON: move[0][0][0][0][0][0][0]...: arrays and objects nested deeper than "
      "512 levels");
  // The server goes on: the game is there, a move plays.
  EXPECT_EQ(move(id, "3").status, 200);
}

// ---- item 5: games that belong to their player ----

bool hex_id(const std::string& id) {
  return id.size() == 32 && std::all_of(id.begin(), id.end(), [](unsigned char c) {
           return std::isdigit(c) || (c >= 'a' && c <= 'f');
         });
}

// "Unguessable game ids": ids once restarted at g1 with the server, so a tab left open polled,
// and could post moves to, another person's game. Now an id is 16 random bytes, and a game of an
// earlier run of the server is not found in the next.
TEST_F(ServerTest, GameIdsAreUnguessableAndNotReusedByTheNextRunOfTheServer) {
  std::set<std::string> ids;
  for (int i = 0; i < 5; ++i) {
    const std::string id = new_game("kalah", "human", "human");
    EXPECT_TRUE(hex_id(id)) << id;
    ids.insert(id);
  }
  EXPECT_EQ(ids.size(), 5u);
  App restarted(options());
  const Response started =
      restarted.handle(Request{"POST", "/api/games", R"({"ruleset": "otep"})", "", ""});
  ASSERT_EQ(started.status, 201) << started.body;
  EXPECT_FALSE(ids.contains(json::parse(started.body)["id"].get<std::string>()));
  for (const std::string& old : ids) {
    EXPECT_EQ(restarted.handle(Request{"GET", "/api/games/" + old, "", "", ""}).status, 404);
    EXPECT_EQ(
        restarted
            .handle(Request{"POST", "/api/games/" + old + "/moves", R"({"move": "3"})", "", ""})
            .status,
        404);
  }
}

// A server bound to every network, with its token (as `mancala serve --host 0.0.0.0` makes one).
class TokenServerTest : public ServerTest {
 protected:
  AppOptions options() override {
    AppOptions o = ServerTest::options();
    o.host = "0.0.0.0";
    o.token = "5ecret";
    return o;
  }
  Response with(const std::string& method, const std::string& target,
                const std::string& authorization, const std::string& cookie = "",
                const std::string& body = "") {
    return app().handle(Request{method, target, body, "", "", authorization, cookie});
  }
  static std::string header(const Response& r, const std::string& name) {
    for (const auto& [key, value] : r.headers)
      if (key == name) return value;
    return "(none)";
  }
};

// "With any address other than the loopback, a token printed at start and required by the API
// (as a Jupyter server does)": without it every API route answers 401 and nothing changes; the
// token is taken from an `Authorization: Bearer` header, a `token` query parameter or the cookie
// the page opened with ?token= is given.
TEST_F(TokenServerTest, TheApiAsksForTheTokenAndThePagesDoNot) {
  const std::string asks =
      "this server asks for its token: open the address `mancala serve` printed (it ends in "
      "?token=...), or send the header `Authorization: Bearer TOKEN`";
  for (const char* target : {"/api/games", "/api/rulesets", "/api/archive", "/api/evidence?q=x"}) {
    const Response r = with("GET", target, "");
    EXPECT_EQ(r.status, 401) << target;
    EXPECT_EQ(json::parse(r.body)["error"], asks) << target;
    EXPECT_EQ(header(r, "WWW-Authenticate"), "Bearer realm=\"mancala\"");
  }
  EXPECT_EQ(with("POST", "/api/games", "", "", R"({"ruleset": "kalah"})").status, 401);
  EXPECT_EQ(with("GET", "/api/games", "Bearer 5ecreT").status, 401);
  EXPECT_EQ(with("GET", "/api/games?token=5ecre", "").status, 401);
  EXPECT_EQ(with("GET", "/api/games", "", "mancala_token=wrong").status, 401);
  EXPECT_EQ(with("GET", "/api/games", "", "other_token=5ecret").status, 401);
  // Nothing was started by the refused POST.
  const Response list = with("GET", "/api/games", "Bearer 5ecret");
  ASSERT_EQ(list.status, 200) << list.body;
  EXPECT_EQ(json::parse(list.body)["games"], json::array());
  EXPECT_EQ(with("POST", "/api/games", "bearer  5ecret ", "", R"({"ruleset": "kalah"})").status,
            201);
  EXPECT_EQ(with("GET", "/api/games", "", "theme=dark; mancala_token=5ecret").status, 200);
  // In the query it is no search parameter.
  EXPECT_EQ(with("GET", "/api/evidence?q=four&token=5ecret", "").status, 200);
  // The pages hold nothing of anyone's; opened with the token, the page is given the cookie.
  const Response page = with("GET", "/", "");
  EXPECT_EQ(page.status, 200);
  EXPECT_EQ(header(page, "Set-Cookie"), "(none)");
  EXPECT_EQ(header(with("GET", "/?token=wrong", ""), "Set-Cookie"), "(none)");
  const Response opened = with("GET", "/?token=5ecret", "");
  EXPECT_EQ(opened.status, 200);
  EXPECT_EQ(header(opened, "Set-Cookie"),
            "mancala_token=5ecret; Path=/; HttpOnly; SameSite=Strict");
}

// Without a token (the loopback) nothing is asked: the other tests of the API run so.
TEST_F(ServerTest, OnTheLoopbackNoTokenIsAsked) {
  EXPECT_EQ(call("GET", "/api/games").status, 200);
  EXPECT_EQ(call("GET", "/api/games?token=anything").status, 200);
}

// "A warning saying who can reach the server": nothing on the loopback (127.0.0.0/8, ::1,
// localhost), a warning for any other address.
TEST(ServerReach, OnlyTheLoopbackIsReachedFromThisMachineAlone) {
  for (const char* host : {"127.0.0.1", "127.8.9.10", "localhost", "::1", "[::1]"}) {
    EXPECT_TRUE(loopback_host(host)) << host;
    EXPECT_EQ(reach_warning(host), "") << host;
  }
  for (const char* host :
       {"0.0.0.0", "::", "192.168.1.20", "128.0.0.1", "localhost.example", "::2", ""}) {
    EXPECT_FALSE(loopback_host(host)) << host;
  }
  EXPECT_EQ(reach_warning("0.0.0.0"),
            "warning: listening on every network this machine is on (0.0.0.0): anyone who can "
            "reach this machine there can open the pages; the API answers only requests carrying "
            "the token printed with the address (give it to your group alone)");
  EXPECT_EQ(reach_warning("192.168.1.20").substr(0, 43),
            "warning: listening on 192.168.1.20: anyone ");
}

// "`--host localhost` accepted": it listens on the loopback, prints the address under that name
// and no warning (no token: only this machine reaches it).
TEST_F(ServerTest, ServeListensOnLocalhostWithoutAToken) {
  ServeProcess serve({"serve", "--host", "localhost", "--port", "0", "--db", db()});
  const std::string line = serve.first_line();
  EXPECT_TRUE(line.starts_with("mancala serve: http://localhost:")) << line;
  EXPECT_EQ(line.find("token"), std::string::npos) << line;
  const test_support::ProcessResult r = serve.stop();
  EXPECT_EQ(r.code, 0);
  EXPECT_EQ(r.err, "mancala: serve: stopped\n");
}

TEST(ServerReach, RandomIdsDiffer) {
  std::set<std::string> seen;
  for (int i = 0; i < 100; ++i) seen.insert(random_hex(16));
  EXPECT_EQ(seen.size(), 100u);
  EXPECT_EQ(random_hex(24).size(), 48u);
}

// ---- item 3: a server budget for every agent; a search stopped when its game ends ----

// "A server budget for agents, stated for every kind": each kind taking a parameter is refused at
// the command line's largest value, naming the kind (a kind added without a budget fails here);
// a spec that is no agent is answered with every kind.
TEST_F(ServerTest, EveryAgentKindTakingAParameterHasTheServersBound) {
  for (const sim::AgentKind& k : sim::agent_kinds()) {
    if (k.param.empty()) continue;
    const std::string spec = std::string(k.name) + ":" + std::to_string(k.max);
    const std::string message = error(
        400, "POST", "/api/games", json{{"ruleset", "kalah"}, {"agents", {"human", spec}}}.dump());
    EXPECT_TRUE(message.starts_with("agents[1]: this server plays " + std::string(k.name) + " "))
        << spec << ": " << message;
  }
  EXPECT_EQ(
      error(400, "POST", "/api/games", R"({"ruleset": "kalah", "agents": ["human", "deep blue"]})"),
      "agents[1]: 'deep blue' is neither \"human\" nor an agent (random, greedy, "
      "alphabeta:D, mcts:N, abnodes:N, abtime:MS)");
}

// A game of Toguz Kumalak (162 counters: no search of it ends early) whose agent, abtime:10000
// (10 s a move, the server's bound), is searching; its id once the search runs.
std::string searching_game(ServerTest& t, const std::string& p1, const std::string& p2) {
  const std::string id = t.new_game("toguz_kumalak", p1, p2);
  for (int i = 0; i < 3000; ++i) {
    if (t.game(id)["thinking"].get<bool>()) return id;
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  ADD_FAILURE() << "the agent never started searching";
  return id;
}

// "A running search is cancelled on DELETE" (it went on: 2.8 CPU-seconds in the next 10 s): the
// server's own count says the search was stopped, and no move came of it.
TEST_F(ServerTest, DeletingAGameStopsItsRunningSearch) {
  const std::string id = searching_game(*this, "abtime:10000", "human");
  expect(200, "DELETE", "/api/games/" + id);
  app().wait_idle();
  EXPECT_EQ(app().stats().searches_stopped, 1u);
  EXPECT_EQ(app().stats().agent_moves, 0u);
}

// Undo takes back the position a search started from: the search stops, no reply is played, and
// the person is to move again.
TEST_F(ServerTest, UndoStopsTheSearchOfThePositionTakenBack) {
  const std::string id = new_game("toguz_kumalak", "human", "abtime:10000");
  ASSERT_EQ(move(id, "5").status, 200);
  for (int i = 0; i < 3000 && !game(id)["thinking"].get<bool>(); ++i)
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  expect(200, "POST", "/api/games/" + id + "/undo");
  app().wait_idle();
  EXPECT_EQ(app().stats().searches_stopped, 1u);
  const json j = game(id);
  EXPECT_EQ(j["moves"], json::array());
  EXPECT_FALSE(j["thinking"].get<bool>());
  EXPECT_EQ(j["turn"]["due"], json::array({1}));
}

// One game kept, and a game left alone 200 ms makes room.
class OneGameServerTest : public ServerTest {
 protected:
  AppOptions options() override {
    AppOptions o = ServerTest::options();
    o.limits.max_games = 1;
    o.limits.idle_after = std::chrono::milliseconds(200);
    return o;
  }
};

// "... and when its game is replaced": a game ended to make room stops its search too.
TEST_F(OneGameServerTest, AGameEndedToMakeRoomStopsItsSearch) {
  const std::string old = searching_game(*this, "abtime:10000", "human");
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  const std::string id = new_game("kalah", "human", "human");
  EXPECT_EQ(call("GET", "/api/games/" + old).status, 404);
  app().wait_idle();
  EXPECT_EQ(app().stats().searches_stopped, 1u);
  EXPECT_EQ(app().stats().agent_moves, 0u);
}

// "... and on shutdown": the App ends with the searches running stopped, not waited for (Ctrl-C
// waited 20.5 s for two of them). Seconds, not milliseconds: a bound two shared cores keep.
TEST_F(ServerTest, AServerStoppedWhileAgentsSearchStopsAtOnce) {
  auto stopped_at = std::chrono::steady_clock::now();
  {
    App other(options());
    for (int i = 0; i < 2; ++i) {
      const Response r = other.handle(
          Request{"POST", "/api/games",
                  R"({"ruleset": "toguz_kumalak", "agents": ["abtime:10000", "human"]})", "", ""});
      ASSERT_EQ(r.status, 201) << r.body;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(200));  // both workers searching
    stopped_at = std::chrono::steady_clock::now();
  }
  EXPECT_LT(std::chrono::steady_clock::now() - stopped_at, std::chrono::seconds(4));
}

// "Ctrl-C or SIGTERM ends the server within about a second", with an agent searching 10 s a move.
TEST_F(ServerTest, SigtermEndsTheServerWhileAnAgentSearches) {
  ServeProcess serve({"serve", "--port", "0", "--db", db()});
  const std::string line = serve.first_line();
  const size_t colon = line.find(':', line.find("127.0.0.1"));
  ASSERT_NE(colon, std::string::npos) << line;
  const std::string port = line.substr(colon + 1, line.find('/', colon) - colon - 1);
  const std::string body = R"({"ruleset": "toguz_kumalak", "agents": ["abtime:10000", "human"]})";
  const std::string created =
      http_exchange(port, "POST /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: " +
                              std::to_string(body.size()) + "\r\nConnection: close\r\n\r\n" + body);
  ASSERT_NE(created.find("201 Created"), std::string::npos) << created;
  const std::string id = json::parse(created.substr(created.find("\r\n\r\n") + 4))["id"];
  for (int i = 0; i < 3000; ++i) {
    const std::string reply = http_exchange(
        port, "GET /api/games/" + id + " HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n");
    if (reply.find("\"thinking\":true") != std::string::npos) break;
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  const auto signalled = std::chrono::steady_clock::now();
  const test_support::ProcessResult r = serve.stop(SIGTERM);
  EXPECT_LT(std::chrono::steady_clock::now() - signalled, std::chrono::seconds(4));
  EXPECT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(r.err, "mancala: serve: stopped\n");
}

// ---- item 2: status codes as docs/serve.md lists them, no server paths in answers ----

// "A bad search text (q=NEAR(), an unknown game and a busy archive all answer 422 with the
// archive's absolute path in the message (and GET /api/archive returns the path)": a search's own
// mistakes are the request's (400), and no answer names a path of the server's.
TEST_F(ServerTest, SearchMistakesAre400AndNoAnswerNamesTheServersPaths) {
  std::string many;
  for (int i = 0; i < 1500; ++i) many += (i ? "+" : "") + std::string("the");
  const std::vector<std::string> mistakes = {"/api/evidence?q=NEAR(", "/api/map?q=NEAR(",
                                             "/api/evidence?game=chess", "/api/evidence?q=" + many,
                                             "/api/map?q=" + many};
  for (const std::string& target : mistakes) {
    const Response r = call("GET", target);
    EXPECT_EQ(r.status, 400) << target.substr(0, 40) << ": " << r.body;
    EXPECT_EQ(r.body.find(dir_.path().string()), std::string::npos) << r.body;
    EXPECT_TRUE(json::parse(r.body)["error"].get<std::string>().starts_with("the archive: "))
        << r.body;
  }
  EXPECT_EQ(error(400, "GET", "/api/evidence?q=" + many),
            "the archive: the search text has 1500 words and phrases; at most 32 are searched "
            "(keep the words that matter)");
  EXPECT_EQ(error(404, "GET", "/api/evidence/DLP.Evidence.0"),
            "no evidence record 'DLP.Evidence.0' in the archive");
  EXPECT_EQ(error(404, "GET", "/api/playtests/5"), "no play-test 5 in the archive");
  const json archive = expect(200, "GET", "/api/archive");
  EXPECT_FALSE(archive.contains("path")) << archive.dump().substr(0, 200);
  EXPECT_TRUE(archive["exists"].get<bool>());
}

// ---- item 6: a ruleset that does not load is skipped and marked ----

// "One ruleset that does not load makes /api/rulesets fail and breaks the Rulesets and Play
// pages": it is listed marked "broken" with why (no path of the server's), the others are served
// and played, and check_rulesets (the warning `mancala serve` prints at start) names it.
TEST_F(ServerTest, ARulesetThatDoesNotLoadIsMarkedAndTheOthersAreServed) {
  TempDir data("data");
  const std::filesystem::path root = data.path();
  std::filesystem::create_directories(root / "rulesets");
  std::filesystem::copy(data_dir() / "rulesets" / "kalah", root / "rulesets" / "kalah");
  test_support::write_text(root / "rulesets" / "broken" / "one.json", "{\"id\": ");
  ScopedEnv here("MANCALA_DATA", root.string());
  App app(options());
  const std::vector<std::string> warnings = app.check_rulesets();
  ASSERT_EQ(warnings.size(), 1u);
  EXPECT_TRUE(
      warnings[0].starts_with("broken/one: " + root.string() + "/rulesets/broken/one.json: "))
      << warnings[0];
  const Response r = app.handle(Request{"GET", "/api/rulesets", "", "", ""});
  ASSERT_EQ(r.status, 200) << r.body;
  const json list = json::parse(r.body)["rulesets"];
  ASSERT_EQ(list.size(), 3u);  // broken/one, kalah/empty_capture, kalah/standard
  EXPECT_EQ(list[0]["id"], "broken/one");
  // The same, with the server's path as data/.
  EXPECT_EQ(list[0]["broken"],
            "data" + warnings[0].substr(std::string("broken/one: ").size() + root.string().size()));
  EXPECT_TRUE(list[0]["broken"].get<std::string>().starts_with("data/rulesets/broken/one.json: "));
  EXPECT_FALSE(list[1].contains("broken"));
  EXPECT_EQ(list[2]["id"], "kalah/standard");
  EXPECT_EQ(r.body.find(root.string()), std::string::npos);
  const Response refused =
      app.handle(Request{"POST", "/api/games", R"({"ruleset": "broken/one"})", "", ""});
  EXPECT_EQ(refused.status, 422) << refused.body;
  EXPECT_EQ(refused.body.find(root.string()), std::string::npos) << refused.body;
  EXPECT_EQ(app.handle(Request{"POST", "/api/games", R"({"ruleset": "kalah"})", "", ""}).status,
            201);
}

// ---- item 4: a memory bound ----

// "Each move is kept as JSON with every counter step; a long Sungka game holds ~100 MB; 10 games
// took the server from 8 MB to 991 MB": the move log is compact (a move's steps 8 bytes each,
// made into JSON when a move is asked for) and counted by the server. Ten Sungka games between
// random agents (about 2,300 moves each; they held 390 MB of the server's memory) hold under
// 40 MiB by its count, and a move's steps are there when asked for.
TEST_F(ServerTest, TenLongSungkaGamesHoldAFewMebibytesByTheServersCount) {
  std::vector<std::string> ids;
  for (int seed = 1; seed <= 10; ++seed)
    ids.push_back(new_game("sungka", "random", "random", seed));
  app().wait_idle();
  const AppStats stats = app().stats();
  EXPECT_EQ(stats.games, 10u);
  int moves = 0;
  const json list = expect(200, "GET", "/api/games");
  for (const json& g : list["games"]) {
    EXPECT_TRUE(g["over"].get<bool>()) << g;
    moves += g["moves"].get<int>();
  }
  EXPECT_GT(moves, 10'000);
  EXPECT_GT(stats.bytes_held, size_t{1} << 20);  // counted, not zero
  EXPECT_LT(stats.bytes_held, size_t{40} << 20) << stats.bytes_held;
  const json last = game(ids[0], game(ids[0])["move_count"].get<int>() - 1)["moves"];
  ASSERT_EQ(last.size(), 1u);
  EXPECT_EQ(last[0]["steps"][0]["kind"], "lift");
}

// At most 64 KiB for a game and 128 KiB for the server (as --max-games, 2).
class SmallBudgetServerTest : public ServerTest {
 protected:
  AppOptions options() override {
    AppOptions o = ServerTest::options();
    o.limits.max_game_bytes = 64 << 10;
    o.limits.max_server_bytes = 128 << 10;
    o.limits.max_games = 2;
    return o;
  }
};

// "A per-game and per-server budget counted by the server itself": a game past its budget plays
// no more moves (its agents stop; a person's move is refused, saying to save it), and with the
// server's budget held by games going on, a new game is refused; a finished game is ended first.
TEST_F(SmallBudgetServerTest, AGamePastItsBudgetPlaysNoMoreAndTheServerStartsNoMore) {
  const std::string agents = new_game("sungka", "random", "random", 1);
  const std::string person = new_game("sungka", "human", "random", 2);
  bool refused = false;
  for (int i = 0; i < 2000 && !refused; ++i) {
    app().wait_idle();
    const json j = game(person, 1'000'000);
    if (j["over"].get<bool>()) break;
    // P1's first legal move; when P2's agent has stopped at the bound, any move (refused first
    // for the bound).
    const json legal = j["turn"]["legal_moves"]["1"];
    const Response r = move(person, legal.empty() ? "1" : legal[0].get<std::string>(), 1);
    if (r.status == 409) {
      refused = true;
      EXPECT_TRUE(json::parse(r.body)["error"].get<std::string>().ends_with(
          " of moves, the most this server keeps for one game (0.1 MiB): save it as a play-test "
          "(its moves replay) and start another"))
          << r.body;
    } else {
      ASSERT_LT(r.status, 300) << r.body;
    }
  }
  EXPECT_TRUE(refused);
  app().wait_idle();
  const json list = expect(200, "GET", "/api/games");
  for (const json& g : list["games"]) {
    EXPECT_FALSE(g["over"].get<bool>()) << g;  // stopped at the bound, not finished
    EXPECT_GE(g["bytes"].get<size_t>(), size_t{64} << 10) << g;
  }
  EXPECT_GE(list["bytes"].get<size_t>(), size_t{128} << 10);
  EXPECT_EQ(list["byte_limit"], 128 << 10);
  const std::string message = error(429, "POST", "/api/games", R"({"ruleset": "kalah"})");
  EXPECT_TRUE(
      message.ends_with(" of games going on, its bound (0.1 MiB): end one (DELETE "
                        "/api/games/{id}) first"))
      << message;
  EXPECT_EQ(expect(201, "POST", "/api/games/" + person + "/save", "{}")["playtest"]["plies"],
            game(person)["move_count"]);
  expect(200, "DELETE", "/api/games/" + agents);
  EXPECT_FALSE(new_game("kalah", "human", "human").empty());
}

// ---- item 6: undo in a simultaneous turn ----

// Sonka (Vanoverbergh 1927): "both players choose a hole at the same time". "Undo in a
// simultaneous turn keeps the agent's revealed choice, so the person answers a choice already
// seen, and the saved play-test does not say so": undo takes the agent's choice back too (it
// chooses again), and the play-test's result names every undo.
TEST_F(ServerTest, UndoInASimultaneousTurnTakesBackTheAgentsShownChoice) {
  const std::string id = new_game("sonka", "human", "random", 4);
  app().wait_idle();
  ASSERT_EQ(game(id)["turn"]["chosen"], json::array({2}));  // the agent's choice, hidden
  ASSERT_EQ(move(id, "1").status, 200);                     // played: the choice shown
  const std::string shown = game(id)["moves"][0]["move"];
  const json undone = expect(200, "POST", "/api/games/" + id + "/undo");
  EXPECT_EQ(undone["moves"], json::array());
  EXPECT_EQ(undone["turn"]["chosen"], json::array());  // nothing kept of what the person saw
  EXPECT_EQ(undone["turn"]["due"], json::array({1, 2}));
  app().wait_idle();
  EXPECT_EQ(game(id)["turn"]["chosen"], json::array({2}));  // chosen again
  ASSERT_EQ(move(id, "1").status, 200);
  const json saved = expect(201, "POST", "/api/games/" + id + "/save", "{}")["playtest"];
  EXPECT_TRUE(saved["result"].get<std::string>().ends_with(
      " (1 undo: undo after ply 0: took back " + shown +
      "; P2's choice (random) shown, chosen again)"))
      << saved["result"];
}

// "Two such games occupy both agent workers and other games' agents stop replying": random and
// greedy agents, whose moves take microseconds, have a worker of their own.
TEST_F(ServerTest, AGreedyAgentRepliesWhileSearchesHoldTheOtherWorkers) {
  const std::string a = searching_game(*this, "abtime:10000", "human");
  const std::string b = searching_game(*this, "abtime:10000", "human");
  const std::string id = new_game("kalah", "human", "greedy");
  ASSERT_EQ(move(id, "1").status, 200);  // 4 counters into holes 2 to 5: P2 to move
  json j;
  for (int i = 0; i < 500; ++i) {
    j = game(id);
    if (j["moves"].size() >= 2 && !j["thinking"].get<bool>()) break;
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  ASSERT_GE(j["moves"].size(), 2u);
  EXPECT_EQ(j["moves"][1]["by"], "greedy");
  // The searches were still running: the reply did not wait for them.
  EXPECT_TRUE(game(a)["thinking"].get<bool>());
  EXPECT_TRUE(game(b)["thinking"].get<bool>());
  EXPECT_EQ(app().stats().agent_moves, j["moves"].size() - 1);
  expect(200, "DELETE", "/api/games/" + a);
  expect(200, "DELETE", "/api/games/" + b);
}

// "An 11 MB GET /api/games/g1 takes 1.8 s while every other request waits": an answer about a
// live game holds 500 moves at most, and says whether more are left out; the pages join into
// the whole game.
TEST_F(ServerTest, ALongGameIsAnsweredInPagesOfFiveHundredMoves) {
  const std::string id = new_game("sungka", "random", "random", 1);
  app().wait_idle();
  const json first = game(id);
  const int count = first["move_count"].get<int>();
  ASSERT_GT(count, 1000);
  EXPECT_EQ(first["moves"].size(), 500u);
  EXPECT_TRUE(first["more"].get<bool>());
  int since = 0;
  for (json page = first;; page = game(id, since)) {
    EXPECT_EQ(page["since"], since);
    ASSERT_FALSE(page["moves"].empty());
    EXPECT_EQ(page["moves"][0]["ply"], since + 1);
    since += static_cast<int>(page["moves"].size());
    if (!page["more"].get<bool>()) break;
  }
  EXPECT_EQ(since, count);
  const json rest = game(id, count);
  EXPECT_EQ(rest["moves"], json::array());
  EXPECT_FALSE(rest["more"].get<bool>());
}

}  // namespace
}  // namespace mancala::server::testing
