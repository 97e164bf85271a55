// The pieces of a request the API reads (the path, its query, a JSON body) and the responses it
// writes, kept apart from the routes so that each is checked on its own.
#pragma once

#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "server/app.h"

namespace mancala::server {

// A request the API refuses: status and message ({"error": message}). A 405 names the methods the
// target allows, sent as its Allow header (RFC 9110, 15.5.6: a 405 must carry one).
struct HttpError {
  int status = 400;
  std::string message;
  std::string allow = {};
};

// A request target taken apart: the path ("/api/evidence/DLP.Evidence.1"), its segments
// percent-decoded ("api", "evidence", "DLP.Evidence.1"), the query's values percent-decoded
// ('+' is a space). A segment "." or "..", or one holding '/' or NUL once decoded, is refused
// (HttpError 400): no route takes a path, but a name that looks like one is never passed on.
struct Target {
  std::string path;
  std::vector<std::string> segments;
  std::map<std::string, std::string> query;
};
Target split_target(const std::string& target);

// Decodes %XX and, when `plus_is_space`, '+'; throws HttpError 400 on a bad escape.
std::string percent_decode(const std::string& text, bool plus_is_space);

// A JSON object from a request body (strict: a key given twice is refused); HttpError 400 with
// the reason otherwise.
nlohmann::json parse_body(const std::string& body);
// Refuses a key that is not one of `known` (HttpError 400 naming it and the known keys).
void check_keys(const nlohmann::json& object, const std::vector<std::string>& known);
// A whole number >= 0 from a query value; HttpError 400 "<name>: ..." otherwise.
int parse_count(const std::string& text, const std::string& name);

// The host part of a Host header or an Origin: "127.0.0.1:8080" gives "127.0.0.1", "[::1]:8080"
// gives "[::1]", "http://localhost:8080" gives "localhost".
std::string host_name(const std::string& authority_or_origin);
// True when a request naming this Host may be answered: no Host (HTTP/1.0, tests), or a loopback
// name (127.0.0.1, localhost, [::1]) or the address the server was told to bind. Another name
// pointing at this machine (DNS rebinding: a page of another site reaching the server through
// its own name) is refused.
bool allowed_host(const std::string& host, const std::string& bind_host);
// True when a request with this Origin header may change something: no Origin (a script, curl),
// or a page whose origin is this server (its authority equals the Host header, or, without one,
// an allowed host).
bool same_origin(const std::string& origin, const std::string& host, const std::string& bind_host);

// True for an address only this machine reaches: "localhost", 127.0.0.0/8, "::1".
bool loopback_host(const std::string& host);
// `bytes` random bytes from the system's source (std::random_device), as lowercase hex: game ids
// (16 bytes) and the server's token (24) are unguessable, and differ from one run to the next.
std::string random_hex(size_t bytes);
// Whether `request` carries `token` (AppOptions::token): `Authorization: Bearer TOKEN`, the query
// parameter `token` (the value in `query`) or a cookie `mancala_token=TOKEN`. Compared in a time
// that does not depend on where the two first differ.
bool carries_token(const Request& request, const std::map<std::string, std::string>& query,
                   const std::string& token);
// What `mancala serve` tells its user about who can reach it: for a loopback address nothing; for
// any other, a warning that whoever reaches the machine there reaches the pages and that the API
// asks for the token printed with the address.
std::string reach_warning(const std::string& host);

// Whether an archive error is SQLite's "busy": another process kept the file locked past the
// busy timeout (archive/sqlite.cpp words it "the archive is busy").
bool archive_busy(const std::exception& e);

Response json_response(int status, const nlohmann::json& body);
Response error_response(int status, const std::string& message);

}  // namespace mancala::server
