// Reading the files a user feeds (evidence, rulesets, portal pages, run JSON) and parsing their
// JSON. read_input_file refuses a file over kMaxInputBytes before it can exhaust memory (a
// mistaken /dev/zero, a huge log). parse_strict refuses a key repeated in one object (nlohmann/json
// keeps the last of two equal keys without a word, silently dropping a value the author wrote),
// a number out of range (1e999), a NUL character in a string and arrays and objects nested deeper
// than kMaxJsonDepth, naming where each is; every reader of the project's input (files, stdin,
// the server's requests) goes through here. docs/archive.md documents the limits.
#pragma once

#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <optional>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

#include "common/error.h"
#include "common/text.h"

namespace mancala {

// The largest input file read: 32 MiB, far above any evidence file or ruleset (a few KB each).
inline constexpr size_t kMaxInputBytes = size_t{32} << 20;

// The whole of `path` as bytes. Throws Error "<path>: <what is wrong>" for an empty name ('' then),
// a folder, a file that cannot be read, or one larger than kMaxInputBytes (checked while reading,
// so a device such as /dev/zero is refused too).
inline std::string read_input_file(const std::string& path) {
  if (path.empty()) throw Error("'': cannot read: the file name is empty");
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec))
    throw Error(where(path, "", "cannot read: is a folder"));
  std::FILE* f = std::fopen(path.c_str(), "rb");
  if (f == nullptr)
    throw Error(where(path, "", std::string("cannot read: ") + std::strerror(errno)));
  std::string text;
  char buffer[65536];
  size_t n = 0;
  bool too_large = false;
  while ((n = std::fread(buffer, 1, sizeof buffer, f)) > 0) {
    if (text.size() + n > kMaxInputBytes) {
      too_large = true;
      break;
    }
    text.append(buffer, n);
  }
  const bool failed = std::ferror(f) != 0;
  const int error = errno;
  std::fclose(f);
  if (too_large) {
    throw Error(where(path, "",
                      "larger than the " + std::to_string(kMaxInputBytes >> 20) +
                          " MiB limit for an input file"));
  }
  if (failed) throw Error(where(path, "", std::string("cannot read: ") + std::strerror(error)));
  return text;
}

// The deepest nesting of arrays and objects parse_strict accepts: 512 levels, far above any file
// the project reads (an evidence file nests 9 levels, a readings file 6, a ruleset 3).
// nlohmann/json copies and compares a value recursively, one stack frame a level, so a file nested
// 100,000 deep would overflow the stack wherever it is copied; parse_strict refuses it while
// parsing, before the 513th level is built. SQLite's JSON functions refuse 1,000.
inline constexpr size_t kMaxJsonDepth = 512;

// Thrown by parse_strict for valid JSON the project refuses: `path` locates the object
// ("records[0]", "rules"; "" for the top level) and `key` the member at fault.
struct StrictJsonError : std::runtime_error {
  StrictJsonError(std::string path_, std::string key_, const std::string& what)
      : std::runtime_error(what), path(std::move(path_)), key(std::move(key_)) {}
  // "records[0].confidence": the path and the key joined.
  std::string location() const {
    if (path.empty() || key.empty() || key.front() == '[') return path + key;
    return path + "." + key;
  }
  std::string path, key;
};

// A key repeated in one object.
struct DuplicateKeyError : StrictJsonError {
  DuplicateKeyError(std::string path_, std::string key_)
      : StrictJsonError(std::move(path_), key_, "duplicate key '" + key_ + "'") {}
};

// A number no double can hold (1e999): `key` is the member or "[index]" holding it.
struct NumberRangeError : StrictJsonError {
  NumberRangeError(std::string path_, std::string key_, const std::string& what)
      : StrictJsonError(std::move(path_), std::move(key_), what) {}
};

// Arrays and objects nested deeper than kMaxJsonDepth: `path` is where the nesting starts to go
// deep, its first few steps ("records[0].sources[0].csl.author[0]...").
struct NestingError : StrictJsonError {
  explicit NestingError(std::string path_)
      : StrictJsonError(
            std::move(path_), "",
            "arrays and objects nested deeper than " + std::to_string(kMaxJsonDepth) + " levels") {}
};

// A NUL character (\u0000) in a key or a string: no name, id or text of the project holds one,
// and a C string (a message, a file name, SQLite's text) would end at it. `key` is the member
// holding the string (the key itself when it is the key that holds it); the message shows the
// string with the NUL escaped ('kalah\u0000evil'), at most 60 characters of it.
struct NulError : StrictJsonError {
  NulError(std::string path_, std::string key_, const std::string& text)
      : StrictJsonError(
            std::move(path_), printable(key_),
            "a NUL character (\\u0000) in '" + printable(truncate_display(text, 60)) + "'") {}
};

template <class Json = nlohmann::json>
Json parse_strict(const std::string& text) {
  // One frame per open object or array: the keys seen so far, or the index of the next element.
  struct Frame {
    bool object;
    std::set<std::string> keys{};
    std::string key{};
    size_t index = 0;
  };
  std::vector<Frame> stack;
  // The path of the innermost frame's object, or of its first `steps` steps then "...".
  auto path = [&stack](size_t steps = kMaxJsonDepth) {
    std::string out;
    for (size_t i = 0; i + 1 < stack.size(); ++i) {  // the innermost frame is the object itself
      if (i == steps) return out + "...";
      const Frame& f = stack[i];
      out += f.object ? (out.empty() ? "" : ".") + f.key : "[" + std::to_string(f.index) + "]";
    }
    return out;
  };
  auto open = [&stack, &path](bool object) {
    stack.push_back(Frame{object});
    if (stack.size() > kMaxJsonDepth) throw NestingError(path(8));
  };
  // The member being read in the innermost frame: its key, or "[index]" in an array.
  auto member = [&stack]() -> std::string {
    if (stack.empty()) return "";
    return stack.back().object ? stack.back().key : "[" + std::to_string(stack.back().index) + "]";
  };
  auto element_done = [&stack] {
    if (!stack.empty() && !stack.back().object) ++stack.back().index;
  };
  using Event = nlohmann::detail::parse_event_t;
  typename Json::parser_callback_t callback = [&](int /*depth*/, Event event, Json& parsed) {
    switch (event) {
      case Event::object_start:
        open(true);
        break;
      case Event::array_start:
        open(false);
        break;
      case Event::object_end:
      case Event::array_end:
        stack.pop_back();
        element_done();
        break;
      case Event::key: {
        Frame& f = stack.back();
        f.key = parsed.template get<std::string>();
        if (f.key.find('\0') != std::string::npos) throw NulError(path(), f.key, f.key);
        if (!f.keys.insert(f.key).second) throw DuplicateKeyError(path(), f.key);
        break;
      }
      case Event::value:
        if (parsed.is_string()) {
          const std::string& value = parsed.template get_ref<const std::string&>();
          if (value.find('\0') != std::string::npos) throw NulError(path(), member(), value);
        }
        element_done();
        break;
    }
    return true;
  };
  try {
    return Json::parse(text, callback);
  } catch (const nlohmann::json::out_of_range& e) {
    // Thrown while the number is read: the innermost frame holds the key (or index) it belongs to.
    const std::string key = member();
    std::string what =
        e.what();  // "[json.exception.out_of_range.406] number overflow parsing '1e999'"
    const size_t quote = what.find('\'');
    const std::string number = quote == std::string::npos ? "" : what.substr(quote);
    throw NumberRangeError(path(), key, "number out of range " + number);
  }
}

// The JSON of `text` read from `context` (a file, "FILE: line 3"). Throws Error "<context>:
// <where>: <what is wrong>", or "<context>: not JSON (byte <n>)".
inline nlohmann::json parse_json_text(const std::string& text, const std::string& context) {
  try {
    return parse_strict<nlohmann::json>(text);
  } catch (const StrictJsonError& e) {
    throw Error(where(context, e.location(), e.what()));
  } catch (const nlohmann::json::parse_error& e) {
    throw Error(where(context, "", "not JSON (byte " + std::to_string(e.byte) + ")"));
  }
}

// The JSON of the file `path` (read_input_file, parse_json_text).
inline nlohmann::json read_json_file(const std::string& path) {
  return parse_json_text(read_input_file(path), path);
}

// The integer a JSON number holds when an int64_t holds it, else nullopt (not an integer, or an
// unsigned one above INT64_MAX such as 9223372036854775808, which nlohmann's get<int64_t> would
// wrap negative). A message quotes an out-of-range number as the file gives it: value.dump().
template <class Json>
std::optional<int64_t> json_int64(const Json& value) {
  if (!value.is_number_integer()) return std::nullopt;
  if (value.is_number_unsigned()) {
    const auto u = value.template get<uint64_t>();
    if (u > static_cast<uint64_t>(INT64_MAX)) return std::nullopt;
    return static_cast<int64_t>(u);
  }
  return value.template get<int64_t>();
}

// json_int64 when it lies within [low, high], else nullopt.
template <class Json>
std::optional<int64_t> json_int_within(const Json& value, int64_t low, int64_t high) {
  const std::optional<int64_t> v = json_int64(value);
  if (!v || *v < low || *v > high) return std::nullopt;
  return v;
}

// j[key] of a JSON object read from `context` (a file or a record), or Error "<context>: <key>:
// missing" ("<context>: expected a JSON object" when j is not one).
inline const nlohmann::json& member(const nlohmann::json& j, const std::string& key,
                                    const std::string& context) {
  if (!j.is_object()) throw Error(where(context, "", "expected a JSON object"));
  const auto it = j.find(key);
  if (it == j.end()) throw Error(where(context, key, "missing"));
  return *it;
}

}  // namespace mancala
