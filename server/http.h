// The sockets of `mancala serve`: Boost.Beast reads each HTTP request (the header first, then a
// body no larger than App::body_limit allows for its target), hands it to App::handle and writes
// the response back. One thread runs every connection (a request's work is short: agents think on
// the App's workers); a connection idle for the timeout is closed, and past max_connections a new
// one is closed at once. SIGINT and SIGTERM stop the server.
#pragma once

#include <chrono>
#include <functional>
#include <mutex>
#include <string>

#include "server/app.h"

namespace mancala::server {

// Stops a running serve_http from another thread (tests; the command stops on a signal).
class ServeStopper {
 public:
  // Ends serve_http (at once if it is running, else as soon as it starts).
  void stop();
  // serve_http's side: what stop() calls.
  void arm(std::function<void()> stop);

 private:
  std::mutex mutex_;
  std::function<void()> stop_;
  bool stopped_ = false;
};

struct ServeOptions {
  std::string host = "127.0.0.1";    // loopback: reachable from this machine only
  unsigned short port = 8080;        // 0: any free port
  std::chrono::seconds timeout{30};  // to read a request or write a response
  int max_connections = 64;
  ServeStopper* stopper = nullptr;  // when given, its stop() ends serve_http
};

// Serves `app` until SIGINT or SIGTERM. Calls `on_listening` with the address once it listens
// ("http://127.0.0.1:8080/"). Throws mancala::Error "<host>:<port>: <reason>" when it cannot
// listen there (a port in use, an address not of this machine).
void serve_http(App& app, const ServeOptions& options,
                const std::function<void(const std::string& address)>& on_listening);

}  // namespace mancala::server
