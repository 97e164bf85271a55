#include "server/http.h"

#include <array>
#include <atomic>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/signal_set.hpp>
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

class Session : public std::enable_shared_from_this<Session> {
 public:
  Session(tcp::socket socket, App& app, const ServeOptions& options, std::atomic<int>& live)
      : stream_(std::move(socket)), app_(app), options_(options), live_(live) {
    ++live_;
  }
  ~Session() { --live_; }

  void read() {
    parser_.emplace();
    parser_->header_limit(kHeaderLimit);
    // The parser checks a Content-Length against its body limit as soon as the header is read,
    // before the target is known: it reads with the largest limit, and on_header applies the
    // target's own.
    parser_->body_limit(app_.largest_body_limit());
    stream_.expires_after(options_.timeout);
    http::async_read_header(
        stream_, buffer_, *parser_,
        [self = shared_from_this()](beast::error_code ec, size_t) { self->on_header(ec); });
  }

 private:
  void on_header(beast::error_code ec) {
    if (ec) return fail(ec);
    const auto& req = parser_->get();
    const size_t limit = app_.body_limit(std::string(req.target()));
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
    Request request{std::string(req.method_string()),
                    std::string(req.target()),
                    req.body(),
                    std::string(req[http::field::host]),
                    std::string(req[http::field::origin]),
                    std::string(req[http::field::authorization]),
                    std::string(req[http::field::cookie])};
    Response r = app_.handle(request);
    write(r, req.version(), req.keep_alive(), req.method() == http::verb::head);
  }

  void refuse_body(size_t limit) {
    write(error_response(413, "the request body is larger than the limit (" +
                                  std::to_string(limit) + " bytes)"),
          11, false);
  }

  // A request that did not read: too large, malformed or cut off. Answered when it can be.
  void fail(beast::error_code ec) {
    if (ec == http::error::end_of_stream || ec == net::error::eof || ec == beast::error::timeout ||
        ec == net::error::operation_aborted || ec == net::error::connection_reset)
      return close();
    // A chunked body past the target's limit (a Content-Length past it is refused in on_header).
    if (ec == http::error::body_limit)
      return refuse_body(app_.body_limit(std::string(parser_->get().target())));
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
    stream_.expires_after(options_.timeout);
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
  App& app_;
  const ServeOptions& options_;
  std::atomic<int>& live_;
};

class Listener {
 public:
  Listener(net::io_context& io, App& app, const ServeOptions& options, std::atomic<int>& live)
      : io_(io), acceptor_(io), app_(app), options_(options), live_(live) {}

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
        if (live_ >= options_.max_connections) {
          beast::error_code ignored;
          s.close(ignored);  // too many at once: this one waits for nobody
        } else {
          std::make_shared<Session>(std::move(s), app_, options_, live_)->read();
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
  App& app_;
  const ServeOptions& options_;
  std::atomic<int>& live_;
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
  // Open connections; declared before the io_context, whose destruction destroys the sessions
  // still waiting in it (each counts itself out).
  std::atomic<int> live{0};
  net::io_context io(1);
  Listener listener(io, app, options, live);
  const unsigned short port = listener.open();
  net::signal_set signals(io, SIGINT, SIGTERM);
  signals.async_wait([&](beast::error_code, int) {
    listener.stop();
    io.stop();
  });
  if (options.stopper) {
    options.stopper->arm([&] {
      net::post(io, [&] {
        listener.stop();
        io.stop();
      });
    });
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
}

}  // namespace mancala::server
