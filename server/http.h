// The sockets of `mancala serve`: Boost.Beast reads each HTTP request (the header first, then a
// body no larger than App::body_limit allows for its target), hands it to App::handle and writes
// the response back. One thread runs every connection's reading and writing; App::handle runs on
// a small pool of request threads (a search, a save, a replay or a large answer takes one of them,
// never the sockets' thread), with at most max_queued requests waiting for one: past that, and
// past max_connections open at once, a request is answered 503 with Retry-After. A request's
// header must arrive within header_timeout (a connection that sends nothing is closed then), its
// body and the answer within timeout. SIGINT and SIGTERM stop the server.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
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

// What the sockets did, counted by themselves (the load-and-abuse test reads these).
struct ServeStats {
  std::atomic<uint64_t> requests{0};         // handed to App::handle
  std::atomic<uint64_t> refused_full{0};     // connections answered 503: max_connections open
  std::atomic<uint64_t> refused_queue{0};    // requests answered 503: max_queued waiting
  std::atomic<uint64_t> header_timeouts{0};  // connections closed: no whole header in time
};

struct ServeOptions {
  std::string host = "127.0.0.1";  // loopback: reachable from this machine only ("localhost" too)
  unsigned short port = 8080;      // 0: any free port
  std::chrono::milliseconds header_timeout{10'000};  // to read a request's header
  std::chrono::milliseconds timeout{30'000};         // to read its body, to write the answer
  int max_connections = 1024;                        // open at once; past it: 503
  int request_threads = 4;                           // threads running App::handle
  int max_queued = 256;             // requests waiting for a request thread; past it: 503
  ServeStopper* stopper = nullptr;  // when given, its stop() ends serve_http
  ServeStats* stats = nullptr;      // when given, counted there
};

// Serves `app` until SIGINT or SIGTERM. Calls `on_listening` with the address once it listens
// ("http://127.0.0.1:8080/"). Throws mancala::Error "<host>:<port>: <reason>" when it cannot
// listen there (a port in use, an address not of this machine).
void serve_http(App& app, const ServeOptions& options,
                const std::function<void(const std::string& address)>& on_listening);

}  // namespace mancala::server
