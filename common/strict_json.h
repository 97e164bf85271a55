// JSON parsing that refuses a key repeated in one object. nlohmann/json keeps the last of two
// equal keys without a word; in an evidence record or a ruleset that would silently drop a value
// the author wrote, so every reader of the project's input files parses through here.
#pragma once

#include <nlohmann/json.hpp>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

namespace mancala {

// Thrown for a repeated key: `path` locates the object ("records[0]", "rules"; "" for the top
// level) and `key` is the repeated key. parse_strict's other errors are nlohmann's parse_error.
struct DuplicateKeyError : std::runtime_error {
  DuplicateKeyError(std::string path_, std::string key_)
      : std::runtime_error("duplicate key '" + key_ + "'"),
        path(std::move(path_)),
        key(std::move(key_)) {}
  std::string path, key;
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
  return Json::parse(text, callback);
}

}  // namespace mancala
