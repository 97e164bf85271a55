// Reading the files a user feeds (evidence, rulesets, portal pages, run JSON) and parsing their
// JSON. read_input_file refuses a file over kMaxInputBytes before it can exhaust memory (a
// mistaken /dev/zero, a huge log). parse_strict refuses a key repeated in one object (nlohmann/json
// keeps the last of two equal keys without a word, silently dropping a value the author wrote)
// and a number out of range (1e999), naming where it is; every reader of the project's input
// files goes through here. docs/archive.md documents the limit.
#pragma once

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

#include "common/error.h"

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
  auto path = [&stack] {
    std::string out;
    for (size_t i = 0; i + 1 < stack.size(); ++i) {  // the innermost frame is the object itself
      const Frame& f = stack[i];
      out += f.object ? (out.empty() ? "" : ".") + f.key : "[" + std::to_string(f.index) + "]";
    }
    return out;
  };
  auto element_done = [&stack] {
    if (!stack.empty() && !stack.back().object) ++stack.back().index;
  };
  using Event = nlohmann::detail::parse_event_t;
  typename Json::parser_callback_t callback = [&](int /*depth*/, Event event, Json& parsed) {
    switch (event) {
      case Event::object_start:
        stack.push_back(Frame{true});
        break;
      case Event::array_start:
        stack.push_back(Frame{false});
        break;
      case Event::object_end:
      case Event::array_end:
        stack.pop_back();
        element_done();
        break;
      case Event::key: {
        Frame& f = stack.back();
        f.key = parsed.template get<std::string>();
        if (!f.keys.insert(f.key).second) throw DuplicateKeyError(path(), f.key);
        break;
      }
      case Event::value:
        element_done();
        break;
    }
    return true;
  };
  try {
    return Json::parse(text, callback);
  } catch (const nlohmann::json::out_of_range& e) {
    // Thrown while the number is read: the innermost frame holds the key (or index) it belongs to.
    std::string key;
    if (!stack.empty())
      key = stack.back().object ? stack.back().key : "[" + std::to_string(stack.back().index) + "]";
    std::string what =
        e.what();  // "[json.exception.out_of_range.406] number overflow parsing '1e999'"
    const size_t quote = what.find('\'');
    const std::string number = quote == std::string::npos ? "" : what.substr(quote);
    throw NumberRangeError(path(), key, "number out of range " + number);
  }
}

// The JSON of the file `path` (read_input_file, parse_strict). Throws Error "<path>: <where>:
// <what is wrong>", or "<path>: not JSON (byte <n>)".
inline nlohmann::json read_json_file(const std::string& path) {
  try {
    return parse_strict<nlohmann::json>(read_input_file(path));
  } catch (const StrictJsonError& e) {
    throw Error(where(path, e.location(), e.what()));
  } catch (const nlohmann::json::parse_error& e) {
    throw Error(where(path, "", "not JSON (byte " + std::to_string(e.byte) + ")"));
  }
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
