// The sockets of `mancala serve` (server/http.h): requests sent as bytes over TCP to a server on a
// free port of 127.0.0.1. A request too large, malformed or cut off gets its 4xx (or is dropped)
// and the server goes on answering.
#include "server/http.h"

#include <gtest/gtest.h>
#include <sqlite3.h>

#include <atomic>
#include <boost/asio/connect.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/read.hpp>
#include <boost/asio/read_until.hpp>
#include <boost/asio/write.hpp>
#include <future>
#include <map>
#include <sstream>
#include <thread>

#include "server_test_util.h"

namespace mancala::server::testing {
namespace {

namespace net = boost::asio;
using tcp = net::ip::tcp;

// A server on a free port, stopped at the end of the test.
class HttpTest : public ServerTest {
 protected:
  void SetUp() override {
    ServerTest::SetUp();
    std::promise<std::string> listening;
    auto address = listening.get_future();
    options_.port = 0;
    options_.stopper = &stopper_;
    thread_ = std::thread([&] {
      serve_http(app(), options_, [&](const std::string& a) { listening.set_value(a); });
    });
    const std::string a = address.get();  // "http://127.0.0.1:PORT/"
    port_ = a.substr(a.rfind(':') + 1, a.size() - a.rfind(':') - 2);
  }
  void TearDown() override {
    stopper_.stop();
    thread_.join();
  }

  // Sends `bytes` and reads until the server closes the connection.
  std::string exchange(const std::string& bytes) { return http_exchange(port_, bytes); }
  static std::string status_line(const std::string& reply) {
    return reply.substr(0, reply.find("\r\n"));
  }

  // Sends `bytes` and reads the answer, on a connection kept open for the next exchange.
  static std::string ask(tcp::socket& socket, const std::string& bytes) {
    net::write(socket, net::buffer(bytes));
    std::string reply;
    net::read_until(socket, net::dynamic_buffer(reply), "\r\n\r\n");
    return reply;
  }
  // A request with `body` and its Content-Length.
  static std::string post(const std::string& target, const std::string& body) {
    return "POST " + target +
           " HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: " + std::to_string(body.size()) +
           "\r\nConnection: close\r\n\r\n" + body;
  }

  ServeOptions options_;
  ServeStopper stopper_;
  std::thread thread_;
  std::string port_;
};

TEST_F(HttpTest, ARequestIsAnsweredOverTcp) {
  const std::string reply =
      exchange("GET /api/rulesets HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n");
  EXPECT_EQ(status_line(reply), "HTTP/1.1 200 OK");
  EXPECT_NE(reply.find("Content-Type: application/json"), std::string::npos);
  EXPECT_NE(reply.find("Content-Security-Policy: default-src 'self'"), std::string::npos);
  EXPECT_NE(reply.find("\"kalah/standard\""), std::string::npos);
}

TEST_F(HttpTest, ABadTargetGetsA400AndTheServerGoesOn) {
  // Each was once refused by an exception outside the handler, which stopped the server.
  const std::map<std::string, std::string> refused = {
      {"/../../etc/passwd", "a path segment may not be '.', '..' or hold '/'"},
      {"/api/./rulesets", "a path segment may not be '.', '..' or hold '/'"},
      {"/api/%2e%2e/replays", "a path segment may not be '.', '..' or hold '/'"},
      {"/api/evidence?q=%zz", "bad percent escape in '%zz'"},
      {"*", "the request target must be a path beginning with '/', not '*'"},
      {"http://127.0.0.1/api/rulesets", "the request target must be a path beginning with '/'"},
  };
  for (const auto& [target, message] : refused) {
    for (const char* method : {"GET", "POST", "OPTIONS"}) {
      const std::string reply = exchange(std::string(method) + " " + target +
                                         " HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: "
                                         "2\r\nConnection: close\r\n\r\n{}");
      EXPECT_EQ(status_line(reply), "HTTP/1.1 400 Bad Request") << method << " " << target;
      EXPECT_NE(reply.find(message), std::string::npos) << target << ": " << reply;
    }
  }
  const std::string reply =
      exchange("GET /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n");
  EXPECT_EQ(status_line(reply), "HTTP/1.1 200 OK");
}

TEST_F(HttpTest, ATraceOverOneMebibyteIsReplayed) {
  // Beast's parser refuses a body over 1 MiB unless told otherwise; a replay may take 16 MiB.
  const test_support::ProcessResult trace =
      test_support::run_binary({"trace", "mawkar_katiya", "--seed", "4", "--format", "json"});
  ASSERT_EQ(trace.code, 0) << trace.err;
  ASSERT_GT(trace.out.size(), 2u << 20);
  const std::string reply = exchange(post("/api/replays", trace.out));
  EXPECT_EQ(status_line(reply), "HTTP/1.1 200 OK") << reply.substr(0, 500);
  EXPECT_NE(reply.find("\"replay\":true"), std::string::npos);
}

TEST_F(HttpTest, ABodyOverTheTargetsLimitIsRefusedOnItsLengthWithThatLimit) {
  // 17 MiB to /api/replays, 100 kB to /api/games: refused on the Content-Length alone (the body
  // is not sent here), each with its own limit.
  std::string reply =
      exchange("POST /api/replays HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 17825792\r\n\r\n");
  EXPECT_EQ(status_line(reply), "HTTP/1.1 413 Payload Too Large");
  EXPECT_NE(reply.find("larger than the limit (16777216 bytes)"), std::string::npos) << reply;
  reply = exchange("POST /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 100000\r\n\r\n");
  EXPECT_EQ(status_line(reply), "HTTP/1.1 413 Payload Too Large");
  EXPECT_NE(reply.find("larger than the limit (65536 bytes)"), std::string::npos) << reply;
}

TEST_F(HttpTest, ARefusedBodySentWholeStillGetsItsAnswer) {
  // The client sends all 17 MiB before reading: the server reads and drops what it refused
  // rather than resetting the connection under the answer.
  const std::string reply = exchange(post("/api/replays", std::string(17u << 20, ' ')));
  EXPECT_EQ(status_line(reply), "HTTP/1.1 413 Payload Too Large");
  EXPECT_NE(reply.find("larger than the limit (16777216 bytes)"), std::string::npos);
}

TEST_F(HttpTest, AChunkedBodyOverTheLimitIsRefused) {
  std::string request =
      "POST /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: chunked\r\n\r\n";
  for (int i = 0; i < 20; ++i) request += "1000\r\n" + std::string(0x1000, ' ') + "\r\n";
  const std::string reply = exchange(request + "0\r\n\r\n");
  EXPECT_EQ(status_line(reply), "HTTP/1.1 413 Payload Too Large");
  EXPECT_NE(reply.find("larger than the limit (65536 bytes)"), std::string::npos) << reply;
}

TEST_F(HttpTest, AClientExpectingContinueIsToldToSendItsBody) {
  net::io_context io;
  tcp::socket socket(io);
  net::connect(socket, tcp::resolver(io).resolve("127.0.0.1", port_));
  const std::string body = R"({"ruleset": "kalah"})";
  const std::string header = "POST /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: " +
                             std::to_string(body.size()) +
                             "\r\nExpect: 100-continue\r\nConnection: close\r\n\r\n";
  EXPECT_EQ(status_line(ask(socket, header)), "HTTP/1.1 100 Continue");
  net::write(socket, net::buffer(body));
  std::string reply;
  boost::system::error_code ec;
  net::read(socket, net::dynamic_buffer(reply), ec);
  EXPECT_EQ(status_line(reply), "HTTP/1.1 201 Created");
}

TEST_F(HttpTest, HeadIsAnsweredWithGetsHeaderAndNoBody) {
  const std::string get =
      exchange("GET /api/rulesets HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n");
  const std::string head =
      exchange("HEAD /api/rulesets HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n");
  EXPECT_EQ(status_line(head), "HTTP/1.1 200 OK");
  const size_t body_at = get.find("\r\n\r\n") + 4;
  EXPECT_NE(head.find("Content-Length: " + std::to_string(get.size() - body_at)), std::string::npos)
      << head;
  EXPECT_EQ(head.size(), head.find("\r\n\r\n") + 4);  // the header alone
}

TEST_F(HttpTest, AnOversizedBodyIsRefusedBeforeItIsRead) {
  // Refused on its Content-Length: the body is never read (nor sent here).
  const std::string reply =
      exchange("POST /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 10000000\r\n\r\n");
  EXPECT_EQ(status_line(reply), "HTTP/1.1 413 Payload Too Large");
  EXPECT_NE(reply.find("larger than the limit (65536 bytes)"), std::string::npos);
}

TEST_F(HttpTest, MalformedAndCutOffRequestsDoNotStopTheServer) {
  EXPECT_EQ(status_line(exchange("HELLO\r\n\r\n")), "HTTP/1.1 400 Bad Request");
  EXPECT_EQ(status_line(exchange("GET / HTTP/1.1\r\nHost: x\r\n" + std::string(20000, 'a') +
                                 ": b\r\n\r\n")),
            "HTTP/1.1 431 Request Header Fields Too Large");
  {
    // Cut off: the connection closes in the middle of a body.
    net::io_context io;
    tcp::socket socket(io);
    net::connect(socket, tcp::resolver(io).resolve("127.0.0.1", port_));
    net::write(socket,
               net::buffer(std::string(
                   "POST /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 50\r\n\r\n{")));
  }
  const std::string reply = exchange(
      "POST /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 20\r\nConnection: "
      "close\r\n\r\n{\"ruleset\": \"kalah\"}");
  EXPECT_EQ(status_line(reply), "HTTP/1.1 201 Created");
}

TEST_F(HttpTest, AConnectionIsKeptAliveForSeveralRequests) {
  const std::string one = "GET /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n";
  const std::string reply = exchange(
      one + one + "GET /style.css HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n");
  size_t answers = 0;
  for (size_t at = reply.find("HTTP/1.1 200 OK"); at != std::string::npos;
       at = reply.find("HTTP/1.1 200 OK", at + 1))
    ++answers;
  EXPECT_EQ(answers, 3u);
  EXPECT_NE(reply.find("Content-Type: text/css"), std::string::npos);
}

// Issue 40 item 5: "`--host localhost` accepted" (it was refused: "not an IP address"). It is
// the loopback's IPv4 address.
class LocalhostHttpTest : public HttpTest {
 protected:
  void SetUp() override {
    options_.host = "localhost";
    HttpTest::SetUp();
  }
};

TEST_F(LocalhostHttpTest, LocalhostIsListenedOnAsTheLoopback) {
  const std::string reply = exchange("GET /api/games HTTP/1.1\r\nHost: localhost:" + port_ +
                                     "\r\nConnection: close\r\n\r\n");
  EXPECT_EQ(status_line(reply), "HTTP/1.1 200 OK") << reply;
}

// Issue 40 item 5: the token a server bound to the network asks for reaches it over the sockets,
// in an Authorization header or the page's cookie; without it, 401 with its WWW-Authenticate.
class TokenHttpTest : public HttpTest {
 protected:
  AppOptions options() override {
    AppOptions o = HttpTest::options();
    o.token = "5ecret";
    return o;
  }
};

TEST_F(TokenHttpTest, TheTokenIsReadFromTheHeaderOrTheCookie) {
  const std::string get = "GET /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n";
  const std::string refused = exchange(get + "\r\n");
  EXPECT_EQ(status_line(refused), "HTTP/1.1 401 Unauthorized");
  EXPECT_NE(refused.find("WWW-Authenticate: Bearer realm=\"mancala\""), std::string::npos)
      << refused;
  EXPECT_EQ(status_line(exchange(get + "Authorization: Bearer 5ecret\r\n\r\n")), "HTTP/1.1 200 OK");
  EXPECT_EQ(status_line(exchange(get + "Cookie: mancala_token=5ecret\r\n\r\n")), "HTTP/1.1 200 OK");
  const std::string page =
      exchange("GET /?token=5ecret HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n");
  EXPECT_NE(page.find("Set-Cookie: mancala_token=5ecret; Path=/; HttpOnly; SameSite=Strict"),
            std::string::npos);
}

// ---- issue 40 item 2: responsive under a hostile client ----

// A server whose two request threads and short deadlines a test can fill: a header within
// 500 ms, 8 connections, 2 requests waiting at most, every count kept.
class HostileHttpTest : public HttpTest {
 protected:
  void SetUp() override {
    options_.header_timeout = std::chrono::milliseconds(500);
    options_.max_connections = 8;
    options_.request_threads = 2;
    options_.max_queued = 2;
    options_.stats = &stats_;
    HttpTest::SetUp();
  }
  // A connection that sends `bytes` and then nothing (half-open: no whole request).
  tcp::socket silent(const std::string& bytes = "") {
    tcp::socket socket(io_);
    net::connect(socket, tcp::resolver(io_).resolve("127.0.0.1", port_));
    if (!bytes.empty()) net::write(socket, net::buffer(bytes));
    return socket;
  }
  // Waits (up to 30 s) until `count` holds at least `n`.
  static bool reaches(const std::atomic<uint64_t>& count, uint64_t n) {
    for (int i = 0; i < 3000 && count < n; ++i)
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
    return count >= n;
  }
  static std::string retry_after(const std::string& reply) {
    const size_t at = reply.find("Retry-After: ");
    return at == std::string::npos ? "(none)"
                                   : reply.substr(at + 13, reply.find("\r\n", at) - at - 13);
  }

  net::io_context io_;
  ServeStats stats_;
};

// "64 half-open connections lock everyone out for 30 s at a time ... connections past 64 are reset
// with no answer": a connection that sends no whole header is closed after the header deadline,
// and one past max_connections is answered 503 with Retry-After; once the silent ones are closed,
// requests are answered again.
TEST_F(HostileHttpTest, HalfOpenConnectionsAreClosedAtTheHeaderDeadline) {
  std::vector<tcp::socket> held;
  for (int i = 0; i < 8; ++i) held.push_back(silent(i % 2 ? "GET /api/games HTTP/1.1\r\n" : ""));
  const std::string get = "GET /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n";
  const std::string full = exchange(get);
  EXPECT_EQ(status_line(full), "HTTP/1.1 503 Service Unavailable") << full;
  EXPECT_EQ(retry_after(full), "1");
  EXPECT_NE(full.find("the server has too many connections open; try again in a second"),
            std::string::npos);
  EXPECT_GE(stats_.refused_full, 1u);
  ASSERT_TRUE(reaches(stats_.header_timeouts, 8)) << stats_.header_timeouts;
  EXPECT_EQ(status_line(exchange(get)), "HTTP/1.1 200 OK");
}

// "A save while another process holds the archive freezes the whole server for 15 s and answers
// 422": a busy archive is 503 with Retry-After, and while a save waits for it (on a request
// thread) the others are answered; with every request thread's place taken, a request is told to
// come back (503, Retry-After) rather than wait.
TEST_F(HostileHttpTest, ASaveWaitingForABusyArchiveHoldsUpNoOneAndAnswers503) {
  ScopedEnv wait("MANCALA_BUSY_TIMEOUT", "3");
  const std::string id = new_game("kalah", "human", "human");
  ASSERT_EQ(move(id, "1").status, 200);
  sqlite3* other = nullptr;
  ASSERT_EQ(sqlite3_open(db().c_str(), &other), SQLITE_OK);
  ASSERT_EQ(sqlite3_exec(other, "BEGIN IMMEDIATE", nullptr, nullptr, nullptr), SQLITE_OK);
  const std::string save = post("/api/games/" + id + "/save", R"({"notes": "x"})");
  auto first = std::async(std::launch::async, [&] { return exchange(save); });
  ASSERT_TRUE(reaches(stats_.requests, 1));
  // The save waits for the archive on one request thread; another request is answered now.
  const std::string games =
      exchange("GET /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n");
  EXPECT_EQ(status_line(games), "HTTP/1.1 200 OK");
  EXPECT_EQ(first.wait_for(std::chrono::seconds(0)), std::future_status::timeout)
      << "the save was answered before the archive was free";
  // A second save takes the second place; a third request finds no room.
  auto second = std::async(std::launch::async, [&] { return exchange(save); });
  ASSERT_TRUE(reaches(stats_.requests, 3));
  const std::string refused =
      exchange("GET /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n");
  EXPECT_EQ(status_line(refused), "HTTP/1.1 503 Service Unavailable") << refused;
  EXPECT_EQ(retry_after(refused), "1");
  EXPECT_EQ(stats_.refused_queue, 1u);
  for (auto* reply : {&first, &second}) {
    const std::string r = reply->get();
    EXPECT_EQ(status_line(r), "HTTP/1.1 503 Service Unavailable") << r;
    EXPECT_EQ(retry_after(r), "5");
    EXPECT_NE(r.find("the archive is busy: another process is writing to it; try again in a few "
                     "seconds"),
              std::string::npos)
        << r;
  }
  sqlite3_exec(other, "ROLLBACK", nullptr, nullptr, nullptr);
  sqlite3_close(other);
  EXPECT_EQ(status_line(exchange(save)), "HTTP/1.1 201 Created");
}

// ---- issue 40 item 7: the load-and-abuse test ----

// Every attack of the audit at once, against a server on 127.0.0.1 with its own limits, while
// another person plays: a body nested 100,000 deep, a 1,500-word search, 200 half-open
// connections, two agents searching 10 s a move, a save against an archive another process is
// writing to, ten long Sungka games. The person's requests are answered and the greedy agent
// replies within generous bounds (seconds: two shared cores), and the server's own counts say
// what it did: bytes held, searches stopped, requests refused. CTest runs it alone
// (Server.LoadAndAbuse, RUN_SERIAL); each part failed on the code before issue 40.
class LoadAndAbuse : public HttpTest {
 protected:
  void SetUp() override {
    options_.stats = &stats_;
    HttpTest::SetUp();
  }
  std::string get(const std::string& target) {
    return exchange("GET " + target + " HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n");
  }
  static json body_of(const std::string& reply) {
    return json::parse(reply.substr(reply.find("\r\n\r\n") + 4));
  }
  ServeStats stats_;
};

TEST_F(LoadAndAbuse, EveryAttackAtOnceAndThePersonIsStillAnswered) {
  using std::chrono::seconds;
  using clock = std::chrono::steady_clock;
  ScopedEnv wait("MANCALA_BUSY_TIMEOUT", "3");
  // The archive held by another process.
  sqlite3* other = nullptr;
  ASSERT_EQ(sqlite3_open(db().c_str(), &other), SQLITE_OK);
  ASSERT_EQ(sqlite3_exec(other, "BEGIN IMMEDIATE", nullptr, nullptr, nullptr), SQLITE_OK);
  // Expensive agents: both searching workers held for 10 s a move.
  std::vector<std::string> searching;
  for (int i = 0; i < 2; ++i) {
    const std::string reply = exchange(
        post("/api/games", R"({"ruleset": "toguz_kumalak", "agents": ["abtime:10000", "human"]})"));
    ASSERT_EQ(status_line(reply), "HTTP/1.1 201 Created") << reply;
    searching.push_back(body_of(reply)["id"]);
  }
  // Ten long Sungka games between random agents.
  for (int seed = 1; seed <= 10; ++seed) {
    const std::string reply = exchange(
        post("/api/games",
             json{{"ruleset", "sungka"}, {"agents", {"random", "random"}}, {"seed", seed}}.dump()));
    ASSERT_EQ(status_line(reply), "HTTP/1.1 201 Created") << reply;
  }
  // 200 half-open connections.
  net::io_context io;
  std::vector<tcp::socket> held;
  for (int i = 0; i < 200; ++i) {
    held.emplace_back(io);
    net::connect(held.back(), tcp::resolver(io).resolve("127.0.0.1", port_));
    if (i % 2) net::write(held.back(), net::buffer(std::string("POST /api/games HTTP/1.1\r\n")));
  }
  // A save against the busy archive, waiting on a request thread.
  const std::string sungka = body_of(get("/api/games"))["games"][2]["id"];
  auto save = std::async(std::launch::async, [&] {
    return exchange(post("/api/games/" + sungka + "/save", R"({"notes": "under attack"})"));
  });
  // Deep nesting and many words.
  const std::string deep = exchange(
      post("/api/replays", R"({"ruleset": "kalah", "moves": [], "rounds": )" +
                               std::string(100'000, '[') + std::string(100'000, ']') + "}"));
  EXPECT_EQ(status_line(deep), "HTTP/1.1 400 Bad Request") << deep.substr(0, 300);
  std::string many;
  for (int i = 0; i < 1500; ++i) many += (i ? "+" : "") + std::string("the");
  const std::string words = get("/api/evidence?q=" + many);
  EXPECT_EQ(status_line(words), "HTTP/1.1 400 Bad Request") << words.substr(0, 300);
  EXPECT_EQ(words.find(db()), std::string::npos);

  // The person: a game against greedy, a move, the reply, the rulesets page's list.
  const auto started = clock::now();
  const std::string mine = body_of(
      exchange(post("/api/games", R"({"ruleset": "kalah", "agents": ["human", "greedy"]})")))["id"];
  ASSERT_EQ(status_line(exchange(post("/api/games/" + mine + "/moves", R"({"move": "1"})"))),
            "HTTP/1.1 200 OK");
  json game;
  while (clock::now() - started < seconds(20)) {
    game = body_of(get("/api/games/" + mine));
    if (game["moves"].size() >= 2 && !game["thinking"].get<bool>()) break;
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  EXPECT_GE(game["moves"].size(), 2u) << "greedy did not reply while searches held the workers";
  EXPECT_EQ(status_line(get("/api/rulesets")), "HTTP/1.1 200 OK");
  EXPECT_LT(clock::now() - started, seconds(8));  // the searches alone take 10 s

  // The save: 503 with Retry-After once the archive has been waited for.
  const std::string saved = save.get();
  EXPECT_EQ(status_line(saved), "HTTP/1.1 503 Service Unavailable") << saved;
  EXPECT_NE(saved.find("Retry-After: 5"), std::string::npos);
  // The searches stop when their games end.
  for (const std::string& id : searching) {
    const std::string reply = exchange("DELETE /api/games/" + id +
                                       " HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n");
    EXPECT_EQ(status_line(reply), "HTTP/1.1 200 OK");
  }
  app().wait_idle();
  const AppStats done = app().stats();
  EXPECT_EQ(done.searches_stopped, 2u);
  // Memory: the ten Sungka games (over by now) and the person's, by the server's count.
  EXPECT_EQ(done.games, 11u);
  EXPECT_LT(done.bytes_held, size_t{40} << 20) << done.bytes_held;
  EXPECT_GE(stats_.requests, 20u);
  sqlite3_exec(other, "ROLLBACK", nullptr, nullptr, nullptr);
  sqlite3_close(other);
  EXPECT_EQ(status_line(exchange(post("/api/games/" + sungka + "/save", "{}"))),
            "HTTP/1.1 201 Created");
}

}  // namespace
}  // namespace mancala::server::testing
