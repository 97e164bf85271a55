// Fuzzes the nesting bound of the one strict JSON reader (common/strict_json.h, issue 41): each
// input is turned into deeply nested JSON and read by parse_strict and by the evidence reader.
//
// The input's first two bytes give the depth (0 to 65,535 levels, times 4: up to 262,140), the
// third where the nesting goes (the top level, a record's field, a CSL author's family name), and
// the rest, cycled, which container opens at each level (even byte: an array, odd: an object
// with a key made from the byte). A nesting within kMaxJsonDepth must parse and copy; one
// deeper must be refused with NestingError (and by the evidence reader with mancala::Error),
// never a crash: nlohmann copies a value recursively, and 100,000 levels overflowed the stack.
#include <cstddef>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>

#include "archive/record.h"
#include "common/error.h"
#include "common/strict_json.h"

namespace {

// `depth` containers opened as `pattern` says, around 1, closed again.
std::string nest(size_t depth, const uint8_t* pattern, size_t pattern_size) {
  std::string open, close;
  for (size_t i = 0; i < depth; ++i) {
    const uint8_t b = pattern_size == 0 ? 0 : pattern[i % pattern_size];
    if (b % 2 == 0) {
      open += '[';
      close += ']';
    } else {
      open += "{\"k" + std::to_string(b) + "\":";
      close += '}';
    }
  }
  return open + "1" + std::string(close.rbegin(), close.rend());
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size < 3) return 0;
  const size_t depth = (size_t{data[0]} << 8 | data[1]) * 4;
  const uint8_t where = data[2] % 3;
  const std::string inner = nest(depth, data + 3, size - 3);
  // The levels above the nesting: none, a record's field (records, [0], rules is a string
  // there: the nesting is a type error once parsed), a CSL author's family name.
  std::string text;
  size_t above = 0;
  if (where == 0) {
    text = inner;
  } else if (where == 1) {
    text =
        "{\"records\": [{\"id\": \"X.1\", \"game\": \"g\", \"type\": \"t\", \"rules\": " + inner +
        "}]}";
    above = 3;
  } else {
    text =
        "{\"records\": [{\"id\": \"X.1\", \"game\": \"g\", \"type\": \"t\", \"sources\": "
        "[{\"citation\": \"c\", \"csl\": {\"type\": \"book\", \"author\": [{\"family\": " +
        inner + "}]}}]}]}";
    above = 8;
  }
  const bool too_deep = depth + above > mancala::kMaxJsonDepth;
  try {
    const nlohmann::json j = mancala::parse_strict<nlohmann::json>(text);
    if (too_deep) __builtin_trap();  // the bound let a deeper value through
    const nlohmann::json copy = j;
    if (copy != j) __builtin_trap();
  } catch (const mancala::NestingError&) {
    if (!too_deep) __builtin_trap();  // refused within the bound
  } catch (const mancala::StrictJsonError&) {
    __builtin_trap();  // no key is repeated, no number out of range: only the nesting may fail
  }
  mancala::archive::ImportBatch batch;
  try {
    mancala::archive::read_evidence_text(text, "fuzz.json", batch);
  } catch (const mancala::Error&) {
  }
  return 0;
}
