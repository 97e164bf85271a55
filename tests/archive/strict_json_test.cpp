// The one strict JSON reader (common/strict_json.h): a key given twice, a number out of range and
// nesting deeper than kMaxJsonDepth are refused with where they are (issue 41, item 1: "a nesting
// bound well above any real file, refusing deeper input with the file and the depth").
#include "common/strict_json.h"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <string>

#include "../test_support.h"

namespace mancala {
namespace {

using nlohmann::json;
using test_support::TempDir;
using test_support::write_text;

// `depth` arrays, one inside the other, around `inner`.
std::string nested_arrays(size_t depth, const std::string& inner = "1") {
  return std::string(depth, '[') + inner + std::string(depth, ']');
}

std::string strict_error(const std::string& text) {
  return test_support::thrown_message<StrictJsonError>([&] { parse_strict<json>(text); },
                                                       "(no error)");
}

// "a depth bound well above any real file": 512 levels read, as deep as the bound allows.
TEST(StrictJsonNesting, TheBoundItselfIsRead) {
  const json j = parse_strict<json>(nested_arrays(kMaxJsonDepth));
  const json* inner = &j;
  for (size_t i = 0; i < kMaxJsonDepth; ++i) inner = &inner->at(0);
  EXPECT_EQ(*inner, 1);
  const json copy = j;  // nlohmann copies recursively: at the bound this is still safe
  EXPECT_EQ(copy, j);
}

// "refusing deeper input ... with the depth": one level more is refused, naming the bound.
TEST(StrictJsonNesting, OneLevelBeyondTheBoundIsRefused) {
  EXPECT_EQ(strict_error(nested_arrays(kMaxJsonDepth + 1)),
            "arrays and objects nested deeper than 512 levels");
  EXPECT_EQ(strict_error(nested_arrays(kMaxJsonDepth + 1, "{}")),
            "arrays and objects nested deeper than 512 levels");
}

// The crash of the audit: 100,000 levels (nlohmann's copy recursed once a level and overflowed
// the stack) are refused while parsing, arrays and objects alike, the path shown in its first
// eight steps.
TEST(StrictJsonNesting, HundredThousandLevelsAreRefusedWithTheStartOfThePath) {
  try {
    parse_strict<json>(nested_arrays(100000));
    FAIL() << "not refused";
  } catch (const NestingError& e) {
    EXPECT_EQ(e.location(), "[0][0][0][0][0][0][0][0]...");
  }
  std::string objects = "{\"records\": [{\"sources\": [{\"csl\": {\"author\": [";
  for (int i = 0; i < 100000; ++i) objects += "{\"family\":";
  objects += "1" + std::string(100000, '}') + "]}}]}]}";
  try {
    parse_strict<nlohmann::ordered_json>(objects);
    FAIL() << "not refused";
  } catch (const NestingError& e) {
    EXPECT_EQ(e.location(), "records[0].sources[0].csl.author[0].family...");
    EXPECT_EQ(std::string(e.what()), "arrays and objects nested deeper than 512 levels");
  }
}

// read_json_file names the file, the place and the depth.
TEST(StrictJsonNesting, ReadJsonFileNamesTheFileAndTheDepth) {
  TempDir dir("strict-json");
  write_text(dir / "deep.json", "{\"rules\": {\"sow\": " + nested_arrays(100000) + "}}");
  EXPECT_EQ(test_support::error_of([&] { read_json_file(dir / "deep.json"); }),
            dir / "deep.json" +
                ": rules.sow[0][0][0][0][0][0]...: arrays and objects nested deeper than 512 "
                "levels");
}

// The other refusals keep their messages (issue 19's duplicate keys, issue 12's 1e999).
TEST(StrictJsonNesting, DuplicateKeysAndHugeNumbersAreStillRefused) {
  EXPECT_EQ(strict_error("{\"a\": [{\"b\": 1, \"b\": 2}]}"), "duplicate key 'b'");
  EXPECT_EQ(strict_error("{\"a\": [1, 1e999]}"), "number out of range '1e999'");
}

}  // namespace
}  // namespace mancala
