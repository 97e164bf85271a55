// The JSON API of `mancala serve` (docs/serve.md), called in-process through App::handle: pages,
// rulesets, the archive, live games (moves, simultaneous turns, agents, undo), play-tests, replays,
// and every kind of bad request, which gets a 4xx with a clear message and changes nothing.
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <map>
#include <set>
#include <thread>

#include "archive/playtests.h"
#include "archive/store.h"
#include "server_test_util.h"
#include "simulator/describe.h"
#include "simulator/ending.h"
#include "simulator/play_moves.h"
#include "simulator/ruleset_io.h"

namespace mancala::server::testing {
namespace {

// ---- pages: only the embedded ones, never a file a request names ----

TEST_F(ServerTest, TheFrontPageAndItsScriptAndStyleAreServed) {
  const Response page = call("GET", "/");
  EXPECT_EQ(page.status, 200);
  EXPECT_EQ(page.content_type, "text/html; charset=utf-8");
  EXPECT_NE(page.body.find("<script src=\"/app.js\"></script>"), std::string::npos);
  EXPECT_EQ(call("GET", "/app.js").content_type, "text/javascript; charset=utf-8");
  EXPECT_EQ(call("GET", "/style.css").content_type, "text/css; charset=utf-8");
  EXPECT_EQ(call("GET", "/index.html").body, page.body);
}

TEST_F(ServerTest, PathTraversalAndFileNamesFindNoFile) {
  for (const char* target : {"/../README.md", "/%2e%2e/README.md", "/api/rulesets/..%2f..%2fetc",
                             "/api/evidence/..", "/web/..%2Fapp.js", "/a/%2E/b"}) {
    const Response r = call("GET", target);
    EXPECT_EQ(r.status, 400) << target << ": " << r.body;
    EXPECT_NE(r.body.find("may not be '.', '..' or hold '/'"), std::string::npos) << target;
  }
  for (const char* target : {"/README.md", "/data/rulesets/otep/beaton_1939.json", "/etc/passwd",
                             "/server/web/app.js", "/mancala.db"}) {
    EXPECT_EQ(call("GET", target).status, 404) << target;
  }
  EXPECT_EQ(error(404, "GET", "/etc/passwd"), "no such page: /etc/passwd");
  // A ruleset is one of data/rulesets' ids, never a path: load_ruleset would read a .json file.
  EXPECT_EQ(error(404, "GET", "/api/rulesets/tmp/x.json"),
            "unknown ruleset 'tmp/x.json' (GET /api/rulesets lists them)");
  EXPECT_EQ(error(400, "GET", "/bad%zzescape"), "bad percent escape in 'bad%zzescape'");
}

TEST_F(ServerTest, UnknownRoutesAndWrongMethodsAreRefused) {
  EXPECT_EQ(error(404, "GET", "/api/nothing"),
            "no such API route: /api/nothing (docs/serve.md lists them)");
  EXPECT_EQ(error(405, "DELETE", "/api/rulesets"), "/api/rulesets: use GET or HEAD");
  EXPECT_EQ(error(405, "PUT", "/api/games/g1/moves"), "/api/games/g1/moves: use POST");
  EXPECT_EQ(error(405, "HEAD", "/api/replays"), "/api/replays: use POST");
  EXPECT_EQ(error(405, "POST", "/"), "pages are read with GET");
  EXPECT_EQ(error(405, "PUT", "/api/games"), "/api/games: use GET, HEAD or POST");
  EXPECT_EQ(error(405, "POST", "/api/games/g1"), "/api/games/g1: use GET, HEAD or DELETE");
}

TEST_F(ServerTest, AWrongMethodIsAnsweredWithTheMethodsTheTargetAllows) {
  // RFC 9110, 15.5.6: "The origin server MUST generate an Allow header field in a 405 response
  // containing a list of the target resource's currently supported methods."
  const auto allow = [&](const char* method, const char* target) {
    const Response r = call(method, target);
    EXPECT_EQ(r.status, 405) << method << " " << target;
    for (const auto& [name, value] : r.headers) {
      if (name == "Allow") return value;
    }
    return std::string("(no Allow header)");
  };
  EXPECT_EQ(allow("POST", "/"), "GET, HEAD");
  EXPECT_EQ(allow("DELETE", "/api/rulesets"), "GET, HEAD");
  EXPECT_EQ(allow("GET", "/api/games/g1/moves"), "POST");
  EXPECT_EQ(allow("PUT", "/api/games"), "GET, HEAD, POST");
  EXPECT_EQ(allow("PATCH", "/api/games/g1"), "GET, HEAD, DELETE");
  EXPECT_EQ(allow("GET", "/api/replays"), "POST");
}

TEST_F(ServerTest, HeadIsAnsweredWhereverGetIs) {
  // The sockets send a HEAD answer's header alone (http_test.cpp); the handler answers as to GET.
  for (const char* target : {"/", "/api/rulesets", "/api/rulesets/otep", "/api/archive",
                             "/api/evidence?q=four", "/api/games", "/api/playtests"}) {
    const Response head = call("HEAD", target);
    const Response get = call("GET", target);
    EXPECT_EQ(head.status, 200) << target << ": " << head.body;
    EXPECT_EQ(head.body.size(), get.body.size()) << target;
  }
}

TEST_F(ServerTest, ATargetHandleRefusesHasTheSmallerBodyLimit) {
  // The sockets ask for the body limit before handle() sees the target: it must not throw.
  for (const char* target : {"*", "http://127.0.0.1/api/replays", "/../../etc/passwd",
                             "/api/./replays", "/api/evidence?q=%zz", "", "/api/replays%"})
    EXPECT_EQ(app().body_limit(target), Limits{}.max_body) << target;
  EXPECT_EQ(app().body_limit("/api/replays"), Limits{}.max_replay_body);
  EXPECT_EQ(app().body_limit("/api/%72eplays?x=1"), Limits{}.max_replay_body);  // as routed
  EXPECT_EQ(app().body_limit("/api//replays/"), Limits{}.max_replay_body);
  EXPECT_EQ(app().largest_body_limit(), Limits{}.max_replay_body);
  EXPECT_EQ(error(400, "GET", "*"),
            "the request target must be a path beginning with '/', not '*'");
  EXPECT_EQ(error(400, "GET", "http://127.0.0.1/api/rulesets"),
            "the request target must be a path beginning with '/', not "
            "'http://127.0.0.1/api/rulesets'");
  EXPECT_EQ(error(400, "GET", "/api/evidence?q=%zz"), "bad percent escape in '%zz'");
}

// ---- rulesets and the archive ----

TEST_F(ServerTest, RulesetsAreListedWithTheirDefaults) {
  const json j = expect(200, "GET", "/api/rulesets");
  ASSERT_EQ(j["rulesets"].size(), sim::list_ruleset_ids().size());
  int defaults = 0;
  for (const json& r : j["rulesets"]) defaults += r["default"].get<bool>();
  std::set<std::string> games;
  for (const std::string& id : sim::list_ruleset_ids()) games.insert(id.substr(0, id.find('/')));
  EXPECT_EQ(defaults, static_cast<int>(games.size()));  // one per game
  EXPECT_GE(games.size(), 66u);  // the seed games, Kalah and the family's (issue 25)
}

// Issue 35, item 7: the pair that plays exactly alike is named both ways, in the list and on each
// ruleset's page, with the reason its file gives.
TEST_F(ServerTest, RulesetsThatPlayExactlyAlikeAreNamedBothWays) {
  const std::string reason = sim::load_ruleset("otep/no_clockwise_privilege").plays_as.reason;
  const json otep = json::array({{{"id", "ryakati/dlp"}, {"reason", reason}}});
  const json ryakati = json::array({{{"id", "otep/no_clockwise_privilege"}, {"reason", reason}}});
  // Held: a range-for over a member of the temporary expect() returns reads freed memory (ASan).
  const json listed = expect(200, "GET", "/api/rulesets");
  for (const json& r : listed["rulesets"]) {
    if (r["id"] == "otep/no_clockwise_privilege") {
      EXPECT_EQ(r["plays_exactly_as"], otep);
    }
    if (r["id"] == "ryakati/dlp") {
      EXPECT_EQ(r["plays_exactly_as"], ryakati);
    }
    if (r["id"] == "otep/beaton_1939") {
      EXPECT_EQ(r["plays_exactly_as"], json::array());
    }
  }
  EXPECT_EQ(expect(200, "GET", "/api/rulesets/otep/no_clockwise_privilege")["plays_exactly_as"],
            otep);
  EXPECT_EQ(expect(200, "GET", "/api/rulesets/ryakati")["plays_exactly_as"], ryakati);
}

TEST_F(ServerTest, ARulesetPageCarriesEveryKeyWithItsWitness) {
  const json j = expect(200, "GET", "/api/rulesets/otep");  // the game's default
  EXPECT_EQ(j["id"], "otep/beaton_1939");
  EXPECT_EQ(j["evidence"], json::array({"DLP.Evidence.1880"}));
  EXPECT_EQ(j["rules"].size(), sim::rule_fields().size());
  for (const json& rule : j["rules"]) {
    if (rule["key"] == "min_counters_to_sow") {
      EXPECT_EQ(rule["value"], 2);
      EXPECT_EQ(rule["provenance"],
                json({{"witness", "paraphrase"},
                      {"shown_as", "DLP paraphrase (DLP.Evidence.1880)"},
                      {"phrase", "Players cannot sow from a hole containing a single counter."},
                      {"record", "DLP.Evidence.1880"},
                      {"field", "rules"}}));
    }
    if (rule["key"] == "reverse_privilege") {  // Beaton's own words, on his page
      EXPECT_EQ(rule["provenance"]["witness"], "source");
      EXPECT_EQ(rule["provenance"]["shown_as"], "Beaton 1939: 141");
      EXPECT_EQ(rule["provenance"]["field"], "content");
    }
    if (rule["key"] == "tuzdyk") {  // acts (it could be switched on), an assumption here
      EXPECT_TRUE(rule["acts"]);
      EXPECT_EQ(rule["provenance"]["witness"], "assumption");
    }
    if (rule["key"] == "tuzdyk_count") {  // no tuzdyk: cannot change Otep's play
      EXPECT_FALSE(rule["acts"]);
      EXPECT_TRUE(rule["provenance"].is_null());
    }
    // Every key that acts is traced.
    if (rule["acts"]) {
      EXPECT_FALSE(rule["provenance"].is_null()) << rule["key"];
    }
  }
  EXPECT_EQ(expect(200, "GET", "/api/rulesets/otep/no_move_loses")["extends"], "otep/beaton_1939");
  EXPECT_EQ(error(404, "GET", "/api/rulesets/chess"),
            "unknown ruleset 'chess' (GET /api/rulesets lists them)");
}

TEST_F(ServerTest, TheEvidenceSearchFindsBeatonsRecordAndItLinksToItsRulesets) {
  const json hits = expect(200, "GET", "/api/evidence?q=Beaton");
  // Beaton 1939 is also the source of the DLP's descriptions of Otep, Ryakati and Lobudok.
  std::vector<std::string> ids;
  for (const json& r : hits["records"]) ids.push_back(r["id"]);
  EXPECT_NE(std::find(ids.begin(), ids.end(), "DLP.Evidence.1880"), ids.end());
  const json record = expect(200, "GET", "/api/evidence/DLP.Evidence.1880");
  EXPECT_EQ(record["game_name"], "Otep");
  std::vector<std::string> rulesets;
  for (const json& r : record["rulesets"]) rulesets.push_back(r["id"]);
  EXPECT_EQ(rulesets.front(), "otep/beaton_1939");
  EXPECT_NE(record["cite"]["bibtex"].get<std::string>().find("Beaton"), std::string::npos);
  const Response map = call("GET", "/api/map?q=Beaton");
  EXPECT_EQ(map.content_type, "image/svg+xml");
  EXPECT_NE(map.body.find("href=\"#/record/DLP.Evidence.1880\""), std::string::npos);
  EXPECT_EQ(call("GET", "/api/evidence/DLP.Evidence.1880/map").status, 200);
}

TEST_F(ServerTest, SearchFiltersAreCheckedAsTheCommandChecksThem) {
  EXPECT_EQ(expect(200, "GET", "/api/evidence?game=sonka&from=1900&to=1950")["records"].size(), 1u);
  EXPECT_EQ(error(400, "GET", "/api/evidence?from=19x0"),
            "search: --from must be a whole year (e.g. 1939, or 500 BCE), not '19x0'");
  // The page's year fields take the command's BCE syntax (a number field could not), and a
  // place's name means the place itself, as `evidence search --near Kenya` does (not Kenya and
  // 100 km around it: 53 records instead of 3; issue 39 placed Choro (Acholi) in South Sudan and
  // Bao Kiswahili in East Africa, by their descriptions).
  EXPECT_EQ(expect(200, "GET", "/api/evidence?from=3000%20BCE&to=1%20BCE")["records"].size(), 0u);
  // A range the wrong way round is refused, not answered with no records.
  EXPECT_EQ(error(400, "GET", "/api/evidence?from=1950&to=1900"), "from 1950 is after to 1900");
  EXPECT_EQ(error(400, "GET", "/api/evidence?from=1%20BCE&to=3000%20BCE"),
            "from 1 BCE is after to 3000 BCE");
  EXPECT_EQ(expect(200, "GET", "/api/evidence?near=Kenya")["records"].size(), 3u);
  EXPECT_EQ(expect(200, "GET", "/api/evidence?near=Kenya&radius_km=100")["records"].size(), 53u);
  EXPECT_EQ(error(400, "GET", "/api/evidence?colour=red"),
            "unknown search parameter 'colour' (q, game, type, from, to, near, radius_km, "
            "min_confidence, limit, rows, holes)");
  EXPECT_EQ(error(404, "GET", "/api/evidence/DLP.Evidence.0"),
            "no evidence record 'DLP.Evidence.0' in the archive");
}

// Issue 39, item 6: the web search's board filters, as `evidence search --rows --holes` takes
// them. Beaton's Otep record (DLP.Evidence.1880) is of a board of 4 rows of 8.
TEST_F(ServerTest, TheSearchFiltersByTheBoard) {
  const auto ids = [&](const std::string& query) {
    std::vector<std::string> out;
    const json hits = expect(200, "GET", "/api/evidence?" + query);
    for (const json& r : hits["records"]) out.push_back(r["id"]);
    return out;
  };
  const auto has = [](const std::vector<std::string>& list, const char* id) {
    return std::find(list.begin(), list.end(), id) != list.end();
  };
  EXPECT_TRUE(has(ids("q=Beaton&rows=4&holes=8"), "DLP.Evidence.1880"));
  EXPECT_FALSE(has(ids("q=Beaton&rows=2"), "DLP.Evidence.1880"));
  EXPECT_FALSE(has(ids("q=Beaton&rows=4&holes=7"), "DLP.Evidence.1880"));
  EXPECT_EQ(error(400, "GET", "/api/evidence?rows=0"), "rows: must be 1 to 100, not 0");
  EXPECT_EQ(error(400, "GET", "/api/evidence?holes=x"),
            "holes: expected a whole number >= 0, not 'x'");
}

// Issue 39, item 6: the seat pickers' list, each agent by its spec and plain name, within the
// server's bounds (alphabeta to depth 12, so alphabeta:6 is offered).
TEST_F(ServerTest, TheAgentsAreListedWithTheirPlainNames) {
  const json j = expect(200, "GET", "/api/agents");
  std::map<std::string, std::string> names;
  for (const json& a : j["agents"]) names[a["spec"]] = a["name"];
  EXPECT_EQ(j["agents"][0]["spec"], "human");
  EXPECT_EQ(names["human"], "a person at this screen");
  EXPECT_EQ(names["greedy"], "the move that captures most at once; ties at random");
  EXPECT_EQ(names["alphabeta:4"], "alpha-beta search 4 plies deep");
  EXPECT_EQ(names["mcts:300"], "UCT with 300 simulations per move");
  ASSERT_EQ(j["kinds"].size(), sim::agent_kinds().size());
  EXPECT_EQ(j["kinds"][2]["name"], "alphabeta");
  EXPECT_EQ(j["kinds"][2]["bounds"], json::array({1, 12}));
  // Every spec offered starts a game.
  for (const auto& [spec, name] : names)
    EXPECT_EQ(
        call("POST", "/api/games", json{{"ruleset", "kalah"}, {"agents", {spec, "human"}}}.dump())
            .status,
        201)
        << spec;
}

// ---- live games ----

TEST_F(ServerTest, AGameStartsWithItsBoardTurnAndLegalMoves) {
  const json j = expect(201, "POST", "/api/games",
                        R"({"ruleset": "kalah", "agents": ["human", "human"], "seed": 3})");
  EXPECT_EQ(j["id"].get<std::string>().size(), 32u);  // unguessable: 16 random bytes in hex
  EXPECT_EQ(j["ruleset"], "kalah/standard");
  EXPECT_EQ(j["seats"], json::array({"human", "human"}));
  EXPECT_EQ(j["board"]["labels"], json::array({"1", "2", "3", "4", "5", "6"}));
  EXPECT_EQ(j["state"]["holes"], json::array({{4, 4, 4, 4, 4, 4}, {4, 4, 4, 4, 4, 4}}));
  EXPECT_EQ(j["turn"]["due"], json::array({1}));
  EXPECT_EQ(j["turn"]["legal_moves"]["1"], json::array({"1", "2", "3", "4", "5", "6"}));
  EXPECT_EQ(j["turn"]["legal_moves"]["2"], json::array());
  EXPECT_EQ(j["moves"], json::array());
  EXPECT_FALSE(j["over"].get<bool>());
  EXPECT_EQ(j["board"]["store_side"], "right");
}

TEST_F(ServerTest, ABoardSaysWhichSideOfItsOwnerEachStoreIsDrawnOn) {
  // Sungka: "Each player owns the store to their left" (store_side left, issue 37).
  const json j = expect(201, "POST", "/api/games",
                        R"({"ruleset": "sungka", "agents": ["human", "human"], "seed": 3})");
  EXPECT_EQ(j["board"]["stores"], "sown");
  EXPECT_EQ(j["board"]["store_side"], "left");
}

// Kalah: hole 3's four counters go into 4, 5, 6 and the store; "a last counter in one's own
// store gives another move": P1 is to move again. The response carries the steps to animate.
TEST_F(ServerTest, AMoveAnswersWithItsStepsAndTheNewPosition) {
  const std::string id = new_game("kalah", "human", "human");
  const Response r = move(id, "3");
  ASSERT_EQ(r.status, 200) << r.body;
  const json j = json::parse(r.body);
  ASSERT_EQ(j["moves"].size(), 1u);
  const json& m = j["moves"][0];
  EXPECT_EQ(m["move"], "3");
  EXPECT_EQ(m["by"], "human");
  EXPECT_EQ(m["text"],
            "P1 sows 3 (4), last in P1's store, 1 into his store, ends in his store: "
            "moves again");
  EXPECT_EQ(m["steps"][0], json({{"kind", "lift"},
                                 {"player", 1},
                                 {"owner", 1},
                                 {"hole", "3"},
                                 {"index", 2},
                                 {"count", 4}}));
  EXPECT_EQ(m["steps"][4], json({{"kind", "drop"}, {"player", 1}, {"count", 1}, {"store", 1}}));
  EXPECT_EQ(j["state"]["holes"][0], json::array({4, 4, 0, 5, 5, 5}));
  EXPECT_EQ(j["state"]["stores"], json::array({1, 0}));
  EXPECT_EQ(j["turn"]["due"], json::array({1}));
  EXPECT_EQ(j["notation"], "3");
}

TEST_F(ServerTest, IllegalAndMalformedMovesAreRefusedAndChangeNothing) {
  const std::string id = new_game("kalah", "human", "greedy");
  ASSERT_EQ(move(id, "3").status, 200);  // P1 moves again (his store)
  const json before = game(id);
  auto refused = [&](const std::string& body, int status, const std::string& message) {
    EXPECT_EQ(error(status, "POST", "/api/games/" + id + "/moves", body), message) << body;
  };
  refused(R"({"move": "3"})", 422,
          "move '3': illegal for P1 in this position (legal: 1, 2, 4, 5, 6)");
  refused(R"({"move": "9"})", 422, "move '9': '9' is not a hole (1..6)");
  refused(R"({"move": "3<"})", 422,
          "move '3<': illegal for P1 in this position (legal: 1, 2, 4, 5, 6)");
  refused(R"({"move": "1", "seat": 2})", 409, "P2 is played by greedy, not by a person");
  refused(R"({"move": "1", "seat": 3})", 400, "seat: expected 1 or 2");
  refused(R"({"move": 1})", 400,
          "move: expected the move in the project's notation, e.g. \"3\" or \"5<\"");
  refused(R"({"move": "1", "colour": "red"})", 400, "unknown key 'colour' (known: move, seat)");
  refused(R"({"move": "1", "move": "2"})", 400, "malformed JSON: move: duplicate key 'move'");
  refused(R"({"move": "1")", 400, "malformed JSON (byte 13)");
  refused(R"(["1"])", 400, "expected a JSON object as the request body");
  refused("", 400, "expected a JSON object as the request body, got nothing");
  refused(R"({"move": "1/2"})", 422, "move '1/2': this turn is not simultaneous");
  EXPECT_EQ(game(id), before);
  EXPECT_EQ(error(404, "POST", "/api/games/g99/moves", R"({"move": "1"})"),
            "no live game 'g99' (it may have ended with the server)");
}

TEST_F(ServerTest, BadNewGamesAreRefused) {
  auto refused = [&](const std::string& body, int status, const std::string& message) {
    EXPECT_EQ(error(status, "POST", "/api/games", body), message) << body;
  };
  refused(R"({"ruleset": "chess"})", 404, "unknown ruleset 'chess' (GET /api/rulesets lists them)");
  refused(R"({"ruleset": "../../etc/passwd"})", 404,
          "unknown ruleset '../../etc/passwd' (GET /api/rulesets lists them)");
  refused(R"({"ruleset": "kalah", "agents": ["human"]})", 400,
          "agents: expected two seats, e.g. [\"human\", \"greedy\"]");
  refused(R"({"ruleset": "kalah", "agents": ["human", "deep blue"]})", 400,
          "agents[1]: 'deep blue' is neither \"human\" nor an agent (random, greedy, alphabeta:D, "
          "mcts:N, abnodes:N, abtime:MS)");
  refused(R"({"ruleset": "kalah", "agents": ["alphabeta:40", "human"]})", 400,
          "agents[0]: this server plays alphabeta to depth 12 at most (a deeper search takes "
          "minutes a move)");
  refused(R"({"ruleset": "kalah", "seed": -1})", 400, "seed: expected a whole number >= 0");
  refused(R"({"agents": ["human", "human"]})", 400,
          "ruleset: expected a ruleset id or a game (GET /api/rulesets)");
  EXPECT_EQ(expect(200, "GET", "/api/games")["games"], json::array());
}

// Issue 40 item 3: a budget for every kind of agent the server plays (docs/serve.md, "Limits"):
// abtime and abnodes past the server's bound are refused naming the agent and the bound, though
// the command line accepts them (abtime:600000, abnodes:1000000000); within it they start.
TEST_F(ServerTest, EveryAgentKindHasAServerBudget) {
  auto refused = [&](const std::string& agents, const std::string& message) {
    EXPECT_EQ(error(400, "POST", "/api/games", R"({"ruleset": "kalah", "agents": )" + agents + "}"),
              message)
        << agents;
  };
  refused(R"(["human", "abtime:600000"])",
          "agents[1]: this server plays abtime with 10000 milliseconds a move at most");
  refused(R"(["abtime:10001", "human"])",
          "agents[0]: this server plays abtime with 10000 milliseconds a move at most");
  refused(R"(["human", "abnodes:1000000000"])",
          "agents[1]: this server plays abnodes with 10000000 nodes a move at most");
  refused(R"(["abnodes:10000001", "human"])",
          "agents[0]: this server plays abnodes with 10000000 nodes a move at most");
  refused(R"(["human", "mcts:200001"])",
          "agents[1]: this server plays mcts with 200000 simulations at most");
  EXPECT_EQ(expect(200, "GET", "/api/games")["games"], json::array());
  // At the bounds: started (the person moves first, so no search runs).
  for (const std::string agent :
       {"abtime:10000", "abnodes:10000000", "alphabeta:12", "mcts:200000"}) {
    const std::string id = new_game("kalah", "human", agent);
    EXPECT_EQ(game(id)["seats"], json::array({"human", agent})) << agent;
    expect(200, "DELETE", "/api/games/" + id);
  }
}

// "a person or any agent spec": the agent's reply is computed in the background; the request
// that played the person's move returns at once, and the reply shows in the game afterwards.
TEST_F(ServerTest, AnAgentRepliesInTheBackground) {
  const std::string id = new_game("toguz_kumalak", "human", "greedy", 5);
  ASSERT_EQ(move(id, "7").status, 200);
  app().wait_idle();
  const json j = game(id);
  ASSERT_EQ(j["moves"].size(), 2u);
  EXPECT_EQ(j["moves"][1]["player"], 2);
  EXPECT_EQ(j["moves"][1]["by"], "greedy");
  EXPECT_FALSE(j["thinking"].get<bool>());
  EXPECT_EQ(j["turn"]["due"], json::array({1}));
  // The same seed and moves give the same reply.
  App other(options());
  const std::string other_id = json::parse(other
                                               .handle(Request{"POST", "/api/games",
                                                               R"({"ruleset": "toguz_kumalak", )"
                                                               R"("agents": ["human", "greedy"], )"
                                                               R"("seed": 5})",
                                                               "", ""})
                                               .body)["id"];
  other.handle(Request{"POST", "/api/games/" + other_id + "/moves", R"({"move": "7"})", "", ""});
  other.wait_idle();
  const json k =
      json::parse(other.handle(Request{"GET", "/api/games/" + other_id, "", "", ""}).body);
  EXPECT_EQ(k["notation"], j["notation"]);
}

// Agents at both seats play the game to its end by themselves; the moves recorded replay with
// `mancala replay` to the same last position.
TEST_F(ServerTest, AgentsPlayAWholeGameWhoseMovesReplay) {
  for (const char* ruleset : {"kalah", "sonka", "khutka_boia"}) {
    const std::string id = new_game(ruleset, "greedy", "random", 2);
    app().wait_idle();
    const json j = game(id);
    ASSERT_TRUE(j["over"].get<bool>()) << ruleset;
    EXPECT_FALSE(j["result"]["text"].get<std::string>().empty());
    const sim::Game g(sim::load_ruleset(ruleset));
    const sim::State s = sim::play_moves(g, j["notation"].get<std::string>(), "replay");
    const json last = j["moves"].back()["state"];
    EXPECT_EQ(sim::state_to_json(g, s)["holes"], last["holes"]) << ruleset;
  }
}

// Issue 35, item 3 (docs/terms.md, "Endings"): a match the players stop is a stop "whose winner
// rule has a witness of its own, shown beside it": the result of a Khutka Boia match stopped after
// ten rounds (Das-Gupta's ending) names its winner rule and Das-Gupta's words, as the pages do.
TEST_F(ServerTest, AStoppedMatchsResultNamesItsWinnerRuleAndWitness) {
  const std::string sentence =
      sim::stop_winner_sentence(sim::load_ruleset("khutka_boia/das_gupta_ending"));
  ASSERT_NE(sentence.find("whose winner rule the source states: the player holding more counters "
                          "then wins (Das-Gupta 1926"),
            std::string::npos)
      << sentence;
  int stopped = 0;
  for (int seed = 1; seed <= 12 && stopped == 0; ++seed) {
    const std::string id = new_game("khutka_boia/das_gupta_ending", "random", "random", seed);
    app().wait_idle();
    const json result = game(id)["result"];
    ASSERT_TRUE(result.is_object()) << seed;
    if (result["end"] == "rule") {
      EXPECT_EQ(result["winner_rule"], "") << seed;  // ended by a rule of the game: no stop
      continue;
    }
    ++stopped;
    EXPECT_EQ(result["end"], "stop_after_rounds") << seed;
    EXPECT_EQ(result["rounds"], 10) << seed;
    EXPECT_EQ(result["winner_rule"], sentence);
    const std::string text = result["text"];
    EXPECT_TRUE(
        text.ends_with(", stopped by a stopping rule (the reconstruction's stop after a "
                       "number of rounds). " +
                       sentence))
        << text;
  }
  EXPECT_EQ(stopped, 1) << "no match of 12 was stopped";
}

// Sonka (Vanoverbergh 1927): "both players choose a hole at the same time". Each seat posts its
// choice; the first is accepted (202) and kept hidden; the turn resolves when both are in.
TEST_F(ServerTest, ASimultaneousTurnResolvesWhenBothSeatsHaveChosen) {
  const std::string id = new_game("sonka", "human", "human", 4);
  const json start = game(id);
  EXPECT_TRUE(start["turn"]["simultaneous"].get<bool>());
  EXPECT_EQ(start["turn"]["due"], json::array({1, 2}));
  EXPECT_EQ(error(400, "POST", "/api/games/" + id + "/moves", R"({"move": "2"})"),
            "this turn is simultaneous: give the seat (1 or 2) of the move");
  const Response first = move(id, "2", 1);
  ASSERT_EQ(first.status, 202) << first.body;
  const json waiting = json::parse(first.body);
  EXPECT_EQ(waiting["played"], 0);
  EXPECT_EQ(waiting["turn"]["chosen"], json::array({1}));
  EXPECT_EQ(waiting["turn"]["due"], json::array({2}));
  EXPECT_EQ(waiting["turn"]["legal_moves"]["1"], json::array());  // nothing shows P1's choice
  EXPECT_EQ(waiting["state"], start["state"]);
  EXPECT_EQ(error(409, "POST", "/api/games/" + id + "/moves", R"({"move": "3", "seat": 1})"),
            "P1 has already chosen this turn");
  const Response second = move(id, "3", 2);
  ASSERT_EQ(second.status, 200) << second.body;
  const json m = json::parse(second.body)["moves"][0];
  EXPECT_TRUE(m["simultaneous"].get<bool>());
  EXPECT_TRUE(m["move"] == "2/3" || m["move"] == "2/3:2") << m["move"];
  // Lockstep: the hands are lifted, then the players' counters alternate tick by tick.
  EXPECT_EQ(m["steps"][0]["kind"], "lift");
  EXPECT_EQ(m["steps"][1]["kind"], "lift");
  EXPECT_NE(m["steps"][2]["player"], m["steps"][3]["player"]);
  EXPECT_EQ(m["by"], json::array({"human", "human"}));
}

TEST_F(ServerTest, AnAgentsSimultaneousChoiceWaitsHiddenForThePersons) {
  const std::string id = new_game("sonka", "human", "greedy", 4);
  app().wait_idle();
  const json j = game(id);
  EXPECT_EQ(j["turn"]["chosen"], json::array({2}));
  EXPECT_EQ(j["turn"]["legal_moves"]["2"], json::array());
  ASSERT_EQ(move(id, "1").status, 200);  // the one person to choose: no seat needed
  const json after = game(id);
  EXPECT_EQ(after["moves"][0]["by"], json::array({"human", "greedy"}));
}

// Otep (Beaton 1939): "Players may sow in a clockwise direction if the first sowing of the turn
// ends in one of the two leftmost or rightmost holes ... and only if a capture can be made": the
// reversed move is written "5<" and played as such.
TEST_F(ServerTest, AReversedMoveIsPlayedInTheNotation) {
  for (int seed = 1; seed < 40; ++seed) {
    const std::string id = new_game("otep", "human", "human", seed);
    ASSERT_EQ(move(id, "o7/o7").status, 200);  // the opening, both at once
    for (int ply = 0; ply < 60; ++ply) {
      const json j = game(id);
      if (j["over"].get<bool>()) break;
      const int p = j["turn"]["due"][0].get<int>();
      const json legal = j["turn"]["legal_moves"][std::to_string(p)];
      for (const json& label : legal) {
        const std::string text = label.get<std::string>();
        if (text.back() != '<') continue;
        const Response r = move(id, text);
        ASSERT_EQ(r.status, 200) << r.body;
        EXPECT_EQ(json::parse(r.body)["moves"][0]["move"], text);
        return;
      }
      // Otherwise a legal move that differs from game to game.
      const size_t pick = static_cast<size_t>(seed * 7 + ply * 13) % legal.size();
      ASSERT_EQ(move(id, legal[pick].get<std::string>()).status, 200);
    }
    call("DELETE", "/api/games/" + id);
  }
  FAIL() << "no reversed move came up in 40 games";
}

// "Undo for a person's move": the person's move and the agent's reply after it are taken back.
TEST_F(ServerTest, UndoTakesBackThePersonsMoveAndTheReplies) {
  const std::string id = new_game("toguz_kumalak", "human", "greedy");
  const json start = game(id);
  EXPECT_EQ(error(409, "POST", "/api/games/" + id + "/undo"),
            "there is no person's move to take back");
  ASSERT_EQ(move(id, "5").status, 200);
  app().wait_idle();
  ASSERT_EQ(game(id)["moves"].size(), 2u);
  const json undone = expect(200, "POST", "/api/games/" + id + "/undo");
  EXPECT_EQ(undone["moves"], json::array());
  EXPECT_EQ(undone["state"], start["state"]);
  EXPECT_FALSE(undone["can_undo"].get<bool>());
  app().wait_idle();
  EXPECT_EQ(game(id)["moves"].size(), 0u);  // the agent does not move for P1
}

// ---- play-tests ----

// Plays the person's seat of a game with the first legal move each time, to the end.
void play_out(ServerTest& t, App& app, const std::string& id) {
  for (int i = 0; i < 2000; ++i) {
    app.wait_idle();
    const json j = t.expect(200, "GET", "/api/games/" + id);
    if (j["over"].get<bool>()) return;
    const int p = j["turn"]["due"][0].get<int>();
    const Response r = app.handle(
        Request{"POST", "/api/games/" + id + "/moves",
                json{{"move", j["turn"]["legal_moves"][std::to_string(p)][0]}}.dump(), "", ""});
    ASSERT_LT(r.status, 300) << r.body;
  }
  FAIL() << "the game did not end";
}

TEST_F(ServerTest, ASavedPlayTestIsListedAndReplaysToItsResult) {
  const std::string id = new_game("kalah", "human", "greedy", 7);
  EXPECT_EQ(error(409, "POST", "/api/games/" + id + "/save", "{}"),
            "nothing to save: no move has been played");
  play_out(*this, app(), id);
  const json finished = game(id);
  const json saved = expect(201, "POST", "/api/games/" + id + "/save",
                            R"({"notes": "greedy never misses a capture"})")["playtest"];
  EXPECT_EQ(saved["id"], 1);
  EXPECT_EQ(saved["ruleset"], "kalah/standard");
  EXPECT_EQ(saved["seats"], json::array({"human", "greedy"}));
  EXPECT_EQ(saved["seed"], 7);
  EXPECT_EQ(saved["moves"], finished["notation"]);
  EXPECT_EQ(saved["result"], finished["result"]["text"]);
  EXPECT_EQ(saved["end"], "rule");
  EXPECT_EQ(saved["notes"], "greedy never misses a capture");
  EXPECT_EQ(saved["rules_hash"], sim::rules_hash(sim::load_ruleset("kalah")));
  const json list = expect(200, "GET", "/api/playtests?ruleset=kalah")["playtests"];
  ASSERT_EQ(list.size(), 1u);
  EXPECT_EQ(list[0], saved);
  EXPECT_EQ(expect(200, "GET", "/api/playtests?ruleset=otep")["playtests"], json::array());
  const json replay = expect(200, "GET", "/api/playtests/1/replay");
  EXPECT_EQ(replay["moves"].size(), finished["moves"].size());
  EXPECT_EQ(replay["state"], finished["state"]);
  EXPECT_EQ(replay["result"], finished["result"]);
  EXPECT_EQ(error(404, "GET", "/api/playtests/5"), "no play-test 5 in the archive");
  // The Play-tests page's export buttons (issue 39, item 6): what `mancala playtests export`
  // writes, as a named download.
  const Response csv = call("GET", "/api/playtests?format=csv");
  EXPECT_EQ(csv.status, 200);
  EXPECT_EQ(csv.content_type, "text/csv; charset=utf-8");
  EXPECT_EQ(csv.body,
            archive::playtests_csv(
                archive::Store::open(db(), archive::Store::Mode::kExisting).list_playtests("")));
  const Response whole = call("GET", "/api/playtests?format=json");
  EXPECT_EQ(json::parse(whole.body)["playtests"], json::array({saved}));
  const auto disposition = [](const Response& r) {
    for (const auto& [name, value] : r.headers)
      if (name == "Content-Disposition") return value;
    return std::string();
  };
  EXPECT_EQ(disposition(csv), "attachment; filename=\"playtests.csv\"");
  EXPECT_EQ(disposition(whole), "attachment; filename=\"playtests.json\"");
  EXPECT_EQ(disposition(call("GET", "/api/playtests")), "");
  EXPECT_EQ(error(400, "GET", "/api/playtests?format=xml"),
            "format: expected json or csv, not 'xml'");
  EXPECT_EQ(error(400, "GET", "/api/playtests/x"),
            "play-test id: expected a whole number >= 0, not 'x'");
}

TEST_F(ServerTest, AnUnfinishedGameSavesAsUnfinished) {
  const std::string id = new_game("otep", "human", "human");
  ASSERT_EQ(move(id, "o7/o7").status, 200);
  const json saved = expect(201, "POST", "/api/games/" + id + "/save", "{}")["playtest"];
  EXPECT_TRUE(saved["winner"].is_null());
  EXPECT_EQ(saved["end"], "none");
  EXPECT_EQ(saved["moves"], "o7/o7");
  // Holdings counted whole (issue 39, item 6): Otep has no stores, and after the opening o7/o7
  // all 64 counters are still in the holes (4 x 8 holes of 2).
  EXPECT_EQ(saved["result"],
            "Unfinished: saved after 1 ply, holding 0-0 with 64 still in the holes");
}

// ---- replays of traces ----

json trace_of(const std::string& args) {
  std::vector<std::string> words;
  std::istringstream in(args);
  for (std::string w; in >> w;) words.push_back(w);
  return json::parse(output_of(words));
}

// A stored trace replays, rounds dealt as the trace dealt them (Khutka Boia's bha is the
// Bhadar's choice: drawn in the trace) and each position checked against the trace's.
TEST_F(ServerTest, ATraceReplaysMoveByMove) {
  for (const char* args :
       {"trace khutka_boia --seed 2 --format json", "trace sonka --seed 1 --format json",
        "trace otep --seed 3 --agents greedy,random --format json"}) {
    const json trace = trace_of(args);
    const json j = expect(200, "POST", "/api/replays", trace.dump());
    ASSERT_EQ(j["moves"].size(), trace["moves"].size()) << args;
    EXPECT_EQ(j["moves"].back()["state"]["holes"], trace["moves"].back()["state"]["holes"]);
    EXPECT_TRUE(j["over"].get<bool>()) << args;
  }
}

TEST_F(ServerTest, ATraceThatDoesNotReplayIsRefusedNamingTheMove) {
  json trace = trace_of("trace kalah --seed 1 --format json");
  trace["moves"][3]["state"]["stores"] = {99, 0};
  const std::string label = trace["moves"][3]["move"];
  EXPECT_EQ(error(422, "POST", "/api/replays", trace.dump()),
            "trace: move 4 '" + label +
                "': the position after it differs from the trace's (made with other rules or "
                "another version of the engine?)");
  EXPECT_EQ(error(400, "POST", "/api/replays", R"({"moves": []})"),
            "expected a trace as `mancala trace RULESET --format json` writes it (with "
            "\"ruleset\" and \"moves\")");
}

// ---- limits and safety ----

class LimitedServerTest : public ServerTest {
 protected:
  AppOptions options() override {
    AppOptions o = ServerTest::options();
    o.limits.max_games = 2;
    o.limits.max_body = 1000;
    o.limits.max_notes = 10;
    return o;
  }
};

TEST_F(LimitedServerTest, TheNumberOfLiveGamesIsBounded) {
  const std::string first = new_game("kalah", "human", "human");
  new_game("kalah", "human", "human");
  EXPECT_EQ(error(429, "POST", "/api/games", R"({"ruleset": "kalah"})"),
            "this server keeps 2 games at most and every one is going on (none left alone for 120 "
            "minutes): end one (DELETE /api/games/{id}) first");
  EXPECT_EQ(expect(200, "DELETE", "/api/games/" + first)["deleted"], first);
  EXPECT_EQ(error(404, "GET", "/api/games/" + first),
            "no live game '" + first + "' (it may have ended with the server)");
  EXPECT_FALSE(new_game("kalah", "human", "human").empty());
}

TEST_F(LimitedServerTest, AFinishedGameMakesRoomForANewOne) {
  // Two agents play the first game to its end; the second is going on.
  const std::string finished = new_game("kalah", "random", "random");
  app().wait_idle();
  ASSERT_TRUE(game(finished)["over"].get<bool>());
  const std::string going_on = new_game("kalah", "human", "human");
  // The server is full: the finished game, and only it, is ended to make room.
  const std::string third = new_game("kalah", "human", "human");
  ASSERT_FALSE(third.empty());
  EXPECT_EQ(call("GET", "/api/games/" + finished).status, 404);
  EXPECT_EQ(game(going_on)["over"], false);
  const json list = expect(200, "GET", "/api/games");
  ASSERT_EQ(list["games"].size(), 2u);
  EXPECT_EQ(list["games"][0]["id"], going_on);
  EXPECT_EQ(list["games"][1]["id"], third);
  // Both going on: no room until one is ended.
  EXPECT_EQ(call("POST", "/api/games", R"({"ruleset": "kalah"})").status, 429);
  expect(200, "DELETE", "/api/games/" + going_on);
  EXPECT_FALSE(new_game("kalah", "human", "human").empty());
}

class IdleServerTest : public LimitedServerTest {
 protected:
  AppOptions options() override {
    AppOptions o = LimitedServerTest::options();
    o.limits.idle_after = std::chrono::milliseconds(500);
    return o;
  }
};

TEST_F(IdleServerTest, AGameLeftAloneLongestMakesRoomWhenNoneIsFinished) {
  const std::string left = new_game("kalah", "human", "human");
  const std::string played = new_game("kalah", "human", "human");
  std::this_thread::sleep_for(std::chrono::milliseconds(600));
  game(played);  // a request touches it: only `left` has been alone for 500 ms
  const std::string third = new_game("kalah", "human", "human");
  EXPECT_EQ(call("GET", "/api/games/" + left).status, 404);
  EXPECT_EQ(game(played)["over"], false);
  // Both touched just now: refused, saying how long a game must be left alone.
  EXPECT_EQ(error(429, "POST", "/api/games", R"({"ruleset": "kalah"})"),
            "this server keeps 2 games at most and every one is going on (none left alone for "
            "500 ms): end one (DELETE /api/games/{id}) first");
  EXPECT_EQ(call("GET", "/api/games/" + third).status, 200);
}

TEST_F(LimitedServerTest, TheFinishedGameStartedFirstIsEndedFirst) {
  const std::string first = new_game("kalah", "random", "random", 1);
  const std::string second = new_game("kalah", "random", "random", 2);
  app().wait_idle();
  ASSERT_TRUE(game(first)["over"].get<bool>());
  ASSERT_TRUE(game(second)["over"].get<bool>());
  new_game("kalah", "human", "human");
  EXPECT_EQ(call("GET", "/api/games/" + first).status, 404);
  EXPECT_EQ(call("GET", "/api/games/" + second).status, 200);
}

TEST_F(LimitedServerTest, AnOversizedBodyOrNoteIsRefused) {
  const std::string id = new_game("kalah", "human", "human");
  const std::string big = R"({"move": ")" + std::string(2000, '1') + "\"}";
  EXPECT_EQ(error(413, "POST", "/api/games/" + id + "/moves", big),
            "the request body is 2012 bytes; the limit is 1000");
  ASSERT_EQ(move(id, "1").status, 200);
  EXPECT_EQ(error(413, "POST", "/api/games/" + id + "/save", R"({"notes": "far too long a note"})"),
            "notes: 19 bytes; the limit is 10");
  EXPECT_EQ(app().body_limit("/api/replays"), Limits{}.max_replay_body);
}

TEST_F(ServerTest, RequestsFromAnotherSitesPagesAreRefused) {
  const std::string body = R"({"ruleset": "kalah"})";
  Response r = call("POST", "/api/games", body, "http://evil.example", "127.0.0.1:8080");
  EXPECT_EQ(r.status, 403) << r.body;
  r = call("POST", "/api/games", body, "http://127.0.0.1:8080", "127.0.0.1:8080");
  EXPECT_EQ(r.status, 201) << r.body;
  // A name of another site resolving to this machine (DNS rebinding).
  r = call("GET", "/api/rulesets", "", "", "evil.example:8080");
  EXPECT_EQ(r.status, 421);
  EXPECT_EQ(json::parse(r.body)["error"],
            "this server answers to 127.0.0.1 and localhost, not evil.example");
  EXPECT_EQ(call("GET", "/api/rulesets", "", "", "localhost:8080").status, 200);
}

TEST_F(ServerTest, WithoutAnArchiveTheSearchSaysHowToMakeOne) {
  AppOptions o;
  o.db = dir_ / "none.db";
  App empty(o);
  const Response r = empty.handle(Request{"GET", "/api/evidence?q=x", "", "", ""});
  EXPECT_EQ(r.status, 503);
  EXPECT_EQ(json::parse(r.body)["error"],
            "the server's archive does not exist yet: run `mancala evidence import data/evidence` "
            "(scripts/run.sh does)");
  EXPECT_EQ(json::parse(empty.handle(Request{"GET", "/api/archive", "", "", ""}).body)["exists"],
            false);
}

// Issue 35, item 8: serve says seat 1 and seat 2 for a ruleset whose every turn is simultaneous
// (Sonka after Vanoverbergh: nobody moves first), on its ruleset page and its games, while
// sonka/alternating and sonka/simultaneous_first_move keep their first player.
TEST_F(ServerTest, ASimultaneousRulesetsSeatsAreSeatOneAndSeatTwo) {
  const json seats = {{"simultaneous", true},
                      {"players", {"seat 1 (P1)", "seat 2 (P2)"}},
                      {"advantage", "seat advantage"}};
  const json first = {{"simultaneous", false},
                      {"players", {"first player (P1)", "second player (P2)"}},
                      {"advantage", "first-player advantage"}};
  EXPECT_EQ(expect(200, "GET", "/api/rulesets/sonka/vanoverbergh_1927")["seat_words"], seats);
  EXPECT_EQ(expect(200, "GET", "/api/rulesets/sonka/alternating")["seat_words"], first);
  EXPECT_EQ(expect(200, "GET", "/api/rulesets/sonka/simultaneous_first_move")["seat_words"], first);
  EXPECT_EQ(
      expect(201, "POST", "/api/games",
             R"({"ruleset": "sonka", "agents": ["human", "human"], "seed": 1})")["seat_words"],
      seats);
  EXPECT_EQ(
      expect(201, "POST", "/api/games",
             R"({"ruleset": "kalah", "agents": ["human", "human"], "seed": 1})")["seat_words"],
      first);
}

}  // namespace
}  // namespace mancala::server::testing
