#include "server/http.h"

#include <array>
#include <atomic>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/signal_set.hpp>
#include <boost/asio/thread_pool.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <iostream>
#include <memory>
#include <optional>

#include "common/error.h"
#include "server/request.h"

namespace mancala::server {

namespace beast = boost::beast;
namespace http = boost::beast::http;
namespace net = boost::asio;
using tcp = boost::asio::ip::tcp;

namespace {

constexpr size_t kHeaderLimit = 16 * 1024;

// What every response says besides its body: no caching of live games, no sniffing, and a page
// that runs only its own script and loads nothing from elsewhere.
void add_headers(http::response<http::string_body>& res, const Response& r) {
  res.set(http::field::server, "mancala");
  res.set(http::field::content_type, r.content_type);
  res.set(http::field::cache_control, "no-store");
  res.set("X-Content-Type-Options", "nosniff");
  res.set("Content-Security-Policy",
          "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; "
          "frame-ancestors 'none'");
  for (const auto& [name, value] : r.headers) res.set(name, value);
}

// What every connection shares: the App, the options, the request threads and the counts.
struct Shared {
  Shared(App& a, const ServeOptions& o) : app(a), options(o) {}
  App& app;
  const ServeOptions& options;
  net::thread_pool* pool = nullptr;  // set by serve_http once the pool exists
  std::atomic<int> live{0};          // connections open
  std::atomic<int> refusing{0};      // connections past max_connections being answered 503
  std::atomic<int> queued{0};        // requests handed to the pool and not answered yet
  ServeStats own_stats;
  ServeStats& stats() { return options.stats ? *options.stats : own_stats; }
};

// "Retry-After: 1": the answer to a request the server has no room for now.
Response busy_response(const std::string& message) {
  Response r = error_response(503, message);
  r.headers.emplace_back("Retry-After", "1");
  return r;
}

class Session : public std::enable_shared_from_this<Session> {
 public:
  // `refuse`: a connection past max_connections, answered 503 as soon as its header is read
  // (it was once closed unanswered).
  Session(tcp::socket socket, Shared& shared, bool refuse = false)
      : stream_(std::move(socket)), shared_(shared), refuse_(refuse) {
    ++(refuse_ ? shared_.refusing : shared_.live);
  }
  ~Session() { --(refuse_ ? shared_.refusing : shared_.live); }

  void read() {
    parser_.emplace();
    parser_->header_limit(kHeaderLimit);
    // The parser checks a Content-Length against its body limit as soon as the header is read,
    // before the target is known: it reads with the largest limit, and on_header applies the
    // target's own.
    parser_->body_limit(shared_.app.largest_body_limit());
    // A short deadline for the header: a connection that sends nothing (or a byte at a time)
    // holds its slot for no longer.
    stream_.expires_after(refuse_ ? std::min<std::chrono::milliseconds>(
                                        shared_.options.header_timeout, std::chrono::seconds(1))
                                  : shared_.options.header_timeout);
    reading_header_ = true;
    http::async_read_header(
        stream_, buffer_, *parser_,
        [self = shared_from_this()](beast::error_code ec, size_t) { self->on_header(ec); });
  }

 private:
  void on_header(beast::error_code ec) {
    if (ec) return fail(ec);
    reading_header_ = false;
    stream_.expires_after(shared_.options.timeout);
    const auto& req = parser_->get();
    if (refuse_) {
      return write(busy_response("the server has too many connections open; try again in a second"),
                   req.version(), false);
    }
    const size_t limit = shared_.app.body_limit(std::string(req.target()));
    if (const auto length = parser_->content_length(); length && *length > limit)
      return refuse_body(limit);
    parser_->body_limit(limit);  // a chunked body is counted as it is read
    // A client that waits for leave to send its body (curl, for a large one) is given it now.
    if (req.version() >= 11 && beast::iequals(req[http::field::expect], "100-continue")) {
      auto res = std::make_shared<http::response<http::empty_body>>(http::status::continue_,
                                                                    req.version());
      return http::async_write(stream_, *res,
                               [self = shared_from_this(), res](beast::error_code e, size_t) {
                                 if (e) return self->fail(e);
                                 self->read_body();
                               });
    }
    read_body();
  }

  void read_body() {
    http::async_read(
        stream_, buffer_, *parser_,
        [self = shared_from_this()](beast::error_code e, size_t) { self->on_read(e); });
  }

  void on_read(beast::error_code ec) {
    if (ec) return fail(ec);
    const auto& req = parser_->get();
    const unsigned version = req.version();
    const bool keep_alive = req.keep_alive(), head = req.method() == http::verb::head;
    if (shared_.queued >= shared_.options.max_queued) {
      ++shared_.stats().refused_queue;
      return write(busy_response("the server is busy: too many requests are waiting; try again in "
                                 "a second"),
                   version, keep_alive, head);
    }
    Request request{std::string(req.method_string()),
                    std::string(req.target()),
                    req.body(),
                    std::string(req[http::field::host]),
                    std::string(req[http::field::origin]),
                    std::string(req[http::field::authorization]),
                    std::string(req[http::field::cookie])};
    ++shared_.queued;
    ++shared_.stats().requests;
    // Answered on a request thread; written back on the sockets' thread (the session's
    // executor), which never waits for a search, a save or a replay.
    net::post(*shared_.pool, [self = shared_from_this(), request = std::move(request), version,
                              keep_alive, head]() mutable {
      Response r = self->shared_.app.handle(request);
      --self->shared_.queued;
      net::post(self->stream_.get_executor(), [self, r = std::move(r), version, keep_alive, head] {
        self->write(r, version, keep_alive, head);
      });
    });
  }

  void refuse_body(size_t limit) {
    write(error_response(413, "the request body is larger than the limit (" +
                                  std::to_string(limit) + " bytes)"),
          11, false);
  }

  // A request that did not read: too large, malformed or cut off. Answered when it can be.
  void fail(beast::error_code ec) {
    if (ec == beast::error::timeout && reading_header_) ++shared_.stats().header_timeouts;
    if (ec == http::error::end_of_stream || ec == net::error::eof || ec == beast::error::timeout ||
        ec == net::error::operation_aborted || ec == net::error::connection_reset)
      return close();
    // A chunked body past the target's limit (a Content-Length past it is refused in on_header).
    if (ec == http::error::body_limit)
      return refuse_body(shared_.app.body_limit(std::string(parser_->get().target())));
    if (ec == http::error::header_limit)
      return write(error_response(431, "the request's header is larger than 16 KiB"), 11, false);
    write(error_response(400, "malformed HTTP request: " + ec.message()), 11, false);
  }

  // Writes `r`; for a HEAD request the header alone, with the Content-Length GET would have.
  void write(const Response& r, unsigned version, bool keep_alive, bool head = false) {
    auto res = std::make_shared<http::response<http::string_body>>(
        static_cast<http::status>(r.status), version);
    add_headers(*res, r);
    res->keep_alive(keep_alive);
    if (head) {
      res->content_length(r.body.size());
    } else {
      res->body() = r.body;
      res->prepare_payload();
    }
    stream_.expires_after(shared_.options.timeout);
    http::async_write(stream_, *res,
                      [self = shared_from_this(), res, keep_alive](beast::error_code ec, size_t) {
                        if (!ec && keep_alive) return self->read();
                        self->close(!ec);
                      });
  }

  // Closes the connection. After an answer (`linger`), the client may still be sending what was
  // not read (a body refused on its length): that is read and dropped, for at most a second,
  // so that closing does not reset the connection before the client has read the answer.
  void close(bool linger = false) {
    beast::error_code ignored;
    if (linger) {
      stream_.socket().shutdown(tcp::socket::shutdown_send, ignored);
      stream_.expires_after(std::chrono::seconds(1));
      return drain();
    }
    stream_.socket().shutdown(tcp::socket::shutdown_both, ignored);
    stream_.socket().close(ignored);
  }

  void drain() {
    stream_.async_read_some(net::buffer(scratch_),
                            [self = shared_from_this()](beast::error_code ec, size_t) {
                              if (ec) return self->close();
                              self->drain();
                            });
  }

  beast::tcp_stream stream_;
  beast::flat_buffer buffer_;
  std::array<char, 16 * 1024> scratch_{};
  std::optional<http::request_parser<http::string_body>> parser_;
  Shared& shared_;
  const bool refuse_;
  bool reading_header_ = false;
};

class Listener {
 public:
  Listener(net::io_context& io, Shared& shared, const ServeOptions& options)
      : io_(io), acceptor_(io), shared_(shared), options_(options) {}

  // Binds and listens; returns the port (the one the system chose for port 0).
  unsigned short open() {
    const std::string where = options_.host + ":" + std::to_string(options_.port);
    beast::error_code ec;
    // "localhost" is the loopback's IPv4 address (the one every system names so).
    const std::string ip = options_.host == "localhost" ? "127.0.0.1" : options_.host;
    const net::ip::address address = net::ip::make_address(ip, ec);
    if (ec) throw Error(where + ": not an IP address nor localhost (" + ec.message() + ")");
    const tcp::endpoint endpoint(address, options_.port);
    acceptor_.open(endpoint.protocol(), ec);
    if (!ec) acceptor_.set_option(net::socket_base::reuse_address(true), ec);
    if (!ec) acceptor_.bind(endpoint, ec);
    if (!ec) acceptor_.listen(net::socket_base::max_listen_connections, ec);
    if (ec) throw Error(where + ": cannot listen there (" + ec.message() + ")");
    return acceptor_.local_endpoint().port();
  }

  void accept() {
    acceptor_.async_accept(io_, [this](beast::error_code ec, tcp::socket s) {
      if (ec == net::error::operation_aborted) return;
      if (!ec) {
        if (shared_.live >= options_.max_connections) {
          // Too many at once: told so, and to come back; past as many again, closed at once.
          ++shared_.stats().refused_full;
          if (shared_.refusing < options_.max_connections) {
            std::make_shared<Session>(std::move(s), shared_, true)->read();
          } else {
            beast::error_code ignored;
            s.close(ignored);
          }
        } else {
          std::make_shared<Session>(std::move(s), shared_)->read();
        }
      }
      accept();
    });
  }

  void stop() {
    beast::error_code ignored;
    acceptor_.close(ignored);
  }

 private:
  net::io_context& io_;
  tcp::acceptor acceptor_;
  Shared& shared_;
  const ServeOptions& options_;
};

}  // namespace

void ServeStopper::stop() {
  std::lock_guard lock(mutex_);
  stopped_ = true;
  if (stop_) stop_();
}

void ServeStopper::arm(std::function<void()> stop) {
  std::lock_guard lock(mutex_);
  stop_ = std::move(stop);
  if (stopped_ && stop_) stop_();
}

void serve_http(App& app, const ServeOptions& options,
                const std::function<void(const std::string& address)>& on_listening) {
  // Declared in this order so that each outlives what refers to it: the shared counts first
  // (a session's destructor counts itself out, and the io_context's destructor destroys the
  // sessions its pending operations hold), then the io_context, then the request threads, which,
  // destroyed first, finish the request running on each (its answer then goes nowhere) and drop
  // the ones waiting, whose sessions close their sockets while the io_context still exists.
  Shared shared(app, options);
  net::io_context io(1);
  net::thread_pool pool(static_cast<size_t>(std::max(1, options.request_threads)));
  shared.pool = &pool;
  Listener listener(io, shared, options);
  const unsigned short port = listener.open();
  auto stop = [&] {
    listener.stop();
    pool.stop();  // requests waiting are not started
    io.stop();
  };
  net::signal_set signals(io, SIGINT, SIGTERM);
  signals.async_wait([&](beast::error_code, int) { stop(); });
  if (options.stopper) {
    options.stopper->arm([&] { net::post(io, stop); });
  }
  listener.accept();
  const bool v6 = options.host.find(':') != std::string::npos;
  if (on_listening)
    on_listening("http://" + (v6 ? "[" + options.host + "]" : options.host) + ":" +
                 std::to_string(port) + "/");
  // A connection's handlers do not throw (App::handle never does); should one, that connection
  // is dropped and the others are served on.
  for (;;) {
    try {
      io.run();
      break;
    } catch (const std::exception& e) {
      std::cerr << "mancala serve: a connection failed: " << e.what() << "\n";
    } catch (...) {
      std::cerr << "mancala serve: a connection failed\n";
    }
  }
  if (options.stopper) options.stopper->arm(nullptr);
  pool.join();
}

}  // namespace mancala::server
