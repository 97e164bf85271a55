#include "server/request.h"

#include <arpa/inet.h>

#include <algorithm>
#include <cctype>
#include <cstring>
#include <mutex>
#include <random>

#include "common/strict_json.h"

namespace mancala::server {

using nlohmann::json;

namespace {

int hex_value(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

}  // namespace

std::string percent_decode(const std::string& text, bool plus_is_space) {
  std::string out;
  out.reserve(text.size());
  for (size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (c == '+' && plus_is_space) {
      out += ' ';
    } else if (c == '%') {
      const int hi = i + 2 < text.size() + 0 ? hex_value(text[i + 1]) : -1;
      const int lo = i + 2 < text.size() + 0 ? hex_value(text[i + 2]) : -1;
      if (i + 2 >= text.size() || hi < 0 || lo < 0)
        throw HttpError{400, "bad percent escape in '" + text + "'"};
      out += static_cast<char>(hi * 16 + lo);
      i += 2;
    } else {
      out += c;
    }
  }
  return out;
}

Target split_target(const std::string& target) {
  Target t;
  const size_t q = target.find('?');
  t.path = target.substr(0, q);
  if (t.path.empty() || t.path[0] != '/') {
    // "*" (OPTIONS) and the absolute form ("http://host/path", meant for proxies) name no page.
    throw HttpError{400, "the request target must be a path beginning with '/', not '" +
                             target.substr(0, 200) + "'"};
  }
  size_t start = 1;
  while (start <= t.path.size()) {
    size_t end = t.path.find('/', start);
    if (end == std::string::npos) end = t.path.size();
    if (end > start) {
      std::string segment = percent_decode(t.path.substr(start, end - start), false);
      if (segment == "." || segment == ".." || segment.find('/') != std::string::npos ||
          segment.find('\\') != std::string::npos || segment.find('\0') != std::string::npos)
        throw HttpError{400, "'" + t.path + "': a path segment may not be '.', '..' or hold '/'"};
      t.segments.push_back(std::move(segment));
    }
    start = end + 1;
  }
  if (q == std::string::npos) return t;
  const std::string query = target.substr(q + 1);
  size_t pos = 0;
  while (pos <= query.size()) {
    size_t amp = query.find('&', pos);
    if (amp == std::string::npos) amp = query.size();
    const std::string pair = query.substr(pos, amp - pos);
    if (!pair.empty()) {
      const size_t eq = pair.find('=');
      const std::string key = percent_decode(pair.substr(0, eq), true);
      const std::string value =
          eq == std::string::npos ? "" : percent_decode(pair.substr(eq + 1), true);
      t.query[key] = value;
    }
    pos = amp + 1;
  }
  return t;
}

json parse_body(const std::string& body) {
  if (body.empty()) throw HttpError{400, "expected a JSON object as the request body, got nothing"};
  json j;
  try {
    j = parse_strict<json>(body);
  } catch (const StrictJsonError& e) {
    throw HttpError{400, "malformed JSON: " + where(e.location(), "", e.what())};
  } catch (const json::parse_error& e) {
    throw HttpError{400, "malformed JSON (byte " + std::to_string(e.byte) + ")"};
  }
  if (!j.is_object()) throw HttpError{400, "expected a JSON object as the request body"};
  return j;
}

void check_keys(const json& object, const std::vector<std::string>& known) {
  for (const auto& [key, value] : object.items()) {
    if (std::find(known.begin(), known.end(), key) != known.end()) continue;
    std::string list;
    for (const std::string& k : known) list += (list.empty() ? "" : ", ") + k;
    throw HttpError{400, "unknown key '" + key + "' (known: " + list + ")"};
  }
}

int parse_count(const std::string& text, const std::string& name) {
  if (text.empty() || text.size() > 9 ||
      !std::all_of(text.begin(), text.end(), [](unsigned char c) { return std::isdigit(c); }))
    throw HttpError{400, name + ": expected a whole number >= 0, not '" + text + "'"};
  return std::stoi(text);
}

std::string host_name(const std::string& text) {
  std::string host = text;
  if (const size_t scheme = host.find("://"); scheme != std::string::npos)
    host = host.substr(scheme + 3);
  if (!host.empty() && host[0] == '[') return host.substr(0, host.find(']') + 1);
  return host.substr(0, host.find_first_of(":/"));
}

bool allowed_host(const std::string& host, const std::string& bind_host) {
  // Bound to every address: reached by whatever name the network gives it.
  if (host.empty() || bind_host == "0.0.0.0" || bind_host == "::") return true;
  const std::string name = host_name(host);
  return name == "127.0.0.1" || name == "localhost" || name == "[::1]" ||
         (!bind_host.empty() && (name == bind_host || name == "[" + bind_host + "]"));
}

bool same_origin(const std::string& origin, const std::string& host, const std::string& bind_host) {
  if (origin.empty()) return true;
  const size_t scheme = origin.find("://");
  if (scheme == std::string::npos) return false;
  if (!host.empty()) return origin.substr(scheme + 3) == host;
  return allowed_host(origin.substr(scheme + 3), bind_host);
}

bool loopback_host(const std::string& text) {
  std::string host = text;
  if (host.size() > 2 && host.front() == '[' && host.back() == ']')
    host = host.substr(1, host.size() - 2);
  if (host == "localhost") return true;
  in_addr v4{};
  if (::inet_pton(AF_INET, host.c_str(), &v4) == 1) return (ntohl(v4.s_addr) >> 24) == 127;
  in6_addr v6{};
  if (::inet_pton(AF_INET6, host.c_str(), &v6) == 1) {
    static const in6_addr loopback = IN6ADDR_LOOPBACK_INIT;
    return std::memcmp(&v6, &loopback, sizeof v6) == 0;
  }
  return false;
}

std::string random_hex(size_t bytes) {
  static std::mutex mutex;
  static std::random_device device;
  static const char* const digits = "0123456789abcdef";
  std::string out;
  std::lock_guard lock(mutex);
  for (size_t i = 0; i < bytes; ++i) {
    const unsigned byte = device() & 0xffu;
    out += digits[byte >> 4];
    out += digits[byte & 0xfu];
  }
  return out;
}

namespace {

// Equal strings, in a time that depends on their lengths alone.
bool same_secret(const std::string& given, const std::string& secret) {
  if (given.size() != secret.size()) return false;
  unsigned char diff = 0;
  for (size_t i = 0; i < given.size(); ++i)
    diff |= static_cast<unsigned char>(given[i] ^ secret[i]);
  return diff == 0;
}

std::string trimmed(const std::string& text) {
  const size_t begin = text.find_first_not_of(" \t");
  if (begin == std::string::npos) return "";
  return text.substr(begin, text.find_last_not_of(" \t") - begin + 1);
}

}  // namespace

bool carries_token(const Request& request, const std::map<std::string, std::string>& query,
                   const std::string& token) {
  if (token.empty()) return true;
  bool found = false;  // every place is compared, so the time does not say which one matched
  const std::string auth = trimmed(request.authorization);
  if (auth.size() > 7 && std::equal(auth.begin(), auth.begin() + 7, "bearer ", [](char a, char b) {
        return std::tolower(static_cast<unsigned char>(a)) == b;
      }))
    found |= same_secret(trimmed(auth.substr(7)), token);
  if (auto it = query.find("token"); it != query.end()) found |= same_secret(it->second, token);
  size_t pos = 0;
  while (pos <= request.cookie.size()) {
    size_t end = request.cookie.find(';', pos);
    if (end == std::string::npos) end = request.cookie.size();
    const std::string pair = trimmed(request.cookie.substr(pos, end - pos));
    const size_t eq = pair.find('=');
    if (eq != std::string::npos && trimmed(pair.substr(0, eq)) == "mancala_token")
      found |= same_secret(trimmed(pair.substr(eq + 1)), token);
    pos = end + 1;
  }
  return found;
}

std::string reach_warning(const std::string& host) {
  if (loopback_host(host)) return "";
  const std::string where =
      host == "0.0.0.0" || host == "::" ? "every network this machine is on (" + host + ")" : host;
  return "warning: listening on " + where +
         ": anyone who can reach this machine there can open the pages; the API answers only "
         "requests carrying the token printed with the address (give it to your group alone)";
}

bool archive_busy(const std::exception& e) {
  return std::string_view(e.what()).find("the archive is busy") != std::string_view::npos;
}

Response json_response(int status, const json& body) {
  Response r;
  r.status = status;
  r.body = body.dump(-1, ' ', false, json::error_handler_t::replace);
  return r;
}

Response error_response(int status, const std::string& message) {
  return json_response(status, json{{"error", message}});
}

}  // namespace mancala::server
