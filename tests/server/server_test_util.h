// What the server tests share, on top of tests/test_support.h: an archive made from the project's
// evidence (by `mancala evidence import data/evidence`, the built executable run as a process:
// the server tests do not link the command line), an App over it, and requests made in-process
// (App::handle, no socket) with their JSON answers.
#pragma once

#include <gtest/gtest.h>
#include <stdlib.h>

#include <boost/asio/connect.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/read.hpp>
#include <boost/asio/write.hpp>
#include <memory>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "../test_binary.h"
#include "../test_support.h"
#include "common/paths.h"
#include "server/app.h"

namespace mancala::server::testing {

using nlohmann::json;
using test_support::ScopedEnv;
using test_support::TempDir;

// The project's evidence imported into `db` (`mancala evidence import`, run as a process); fails
// the test if the import does not succeed.
inline void import_evidence(const std::string& db) {
  const test_support::ProcessResult r = test_support::run_binary(
      {"evidence", "import", (data_dir() / "evidence").string(), "--db", db});
  ASSERT_EQ(r.code, 0) << r.err;
}

// Sends `bytes` to 127.0.0.1:`port` and reads until the server closes the connection (the
// server may answer and close before all is sent: that is no error).
inline std::string http_exchange(const std::string& port, const std::string& bytes) {
  namespace net = boost::asio;
  net::io_context io;
  net::ip::tcp::socket socket(io);
  net::connect(socket, net::ip::tcp::resolver(io).resolve("127.0.0.1", port));
  boost::system::error_code write_error;
  net::write(socket, net::buffer(bytes), write_error);
  std::string reply;
  boost::system::error_code ec;
  net::read(socket, net::dynamic_buffer(reply), ec);
  return reply;
}

// What `mancala ARGS...` prints (run as a process), checking that it succeeds.
inline std::string output_of(const std::vector<std::string>& args) {
  const test_support::ProcessResult r = test_support::run_binary(args);
  EXPECT_EQ(r.code, 0) << r.err;
  return r.out;
}

// An App over a fresh archive holding the project's evidence.
class ServerTest : public ::testing::Test {
 public:  // play_out (app_test.cpp) drives a game through expect()
  void SetUp() override {
    import_evidence(db());
    app_ = std::make_unique<App>(options());
  }
  virtual AppOptions options() {
    AppOptions o;
    o.db = db();
    return o;
  }
  std::string db() const { return dir_ / "archive.db"; }
  App& app() { return *app_; }

  Response call(const std::string& method, const std::string& target, const std::string& body = "",
                const std::string& origin = "", const std::string& host = "") {
    return app_->handle(Request{method, target, body, host, origin});
  }
  // The JSON of a response that must have `status`.
  json expect(int status, const std::string& method, const std::string& target,
              const std::string& body = "") {
    const Response r = call(method, target, body);
    EXPECT_EQ(r.status, status) << method << " " << target << ": " << r.body;
    EXPECT_EQ(r.content_type, "application/json") << method << " " << target;
    return json::parse(r.body);
  }
  // The "error" message of a refused request, checking its status.
  std::string error(int status, const std::string& method, const std::string& target,
                    const std::string& body = "") {
    const json j = expect(status, method, target, body);
    return j.value("error", std::string("(no error)"));
  }
  // A new game; its id.
  std::string new_game(const std::string& ruleset, const std::string& p1, const std::string& p2,
                       int seed = 1) {
    const json j = expect(201, "POST", "/api/games",
                          json{{"ruleset", ruleset}, {"agents", {p1, p2}}, {"seed", seed}}.dump());
    return j.value("id", std::string());
  }
  json game(const std::string& id, int since = 0) {
    return expect(200, "GET", "/api/games/" + id + "?since=" + std::to_string(since));
  }
  Response move(const std::string& id, const std::string& move, int seat = 0) {
    json body = {{"move", move}};
    if (seat) body["seat"] = seat;
    return call("POST", "/api/games/" + id + "/moves", body.dump());
  }

  TempDir dir_{"server"};
  std::unique_ptr<App> app_;
};

}  // namespace mancala::server::testing
