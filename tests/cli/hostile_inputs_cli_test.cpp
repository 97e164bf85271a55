// Files and commands under attack (issue 41): every defect the hostile audit found outside the
// server, each a test that failed before the fix: deep nesting, inputs whose work grew faster than
// their size, long phases deaf to SIGTERM, files replaced without a word, untyped or unbounded
// inputs, and output unsafe to print.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <string>

#include "cli_test_util.h"

namespace mancala::cli {
namespace {

using testing::expect_error;
using testing::Result;
using testing::run_cli;
using testing::TempDir;
using testing::write_text;

// `depth` arrays, one inside the other, around 1.
std::string deep_arrays(size_t depth) {
  std::string text(depth, '[');  // appended, not added: GCC 12 warns of a + b + c here
  text += '1';
  text.append(depth, ']');
  return text;
}

// "rules check, evidence import and reconstruct refuse 100,000-deep nesting with exit 1": each
// segfaulted (nlohmann's copy of a value recursed once a level): inside a CSL author, a rule
// value, and anything in a readings file, even under left_out.
TEST(HostileNesting, HundredThousandLevelsAreRefusedWithExit1ByEveryReader) {
  TempDir dir("deep-json");
  const std::string deep = deep_arrays(100000);
  write_text(dir / "game/deep.json",
             "{\"extends\": \"kalah/standard\", \"rules\": {\"sow\": " + deep + "}}");
  expect_error({"rules", "check", dir / "game/deep.json"}, 1,
               "mancala: " + dir / "game/deep.json" +
                   ": rules.sow[0][0][0][0][0][0]...: arrays and objects nested deeper than 512 "
                   "levels\n");
  write_text(dir / "evidence.json",
             "{\"records\": [{\"id\": \"X.1\", \"game\": \"kalah\", \"type\": \"ethnography\", "
             "\"sources\": [{\"citation\": \"A 1900\", \"csl\": {\"type\": \"book\", \"author\": "
             "[{\"family\": " +
                 deep + "}]}}]}]}");
  expect_error({"evidence", "import", dir / "evidence.json", "--db", dir / "a.db"}, 1,
               "mancala: " + dir / "evidence.json" +
                   ": records[0].sources[0].csl.author[0].family...: arrays and objects "
                   "nested deeper than 512 levels\n");
  EXPECT_FALSE(std::filesystem::exists(dir / "a.db"));
  write_text(dir / "readings.json",
             "{\"game\": \"kalah\", \"base\": \"kalah/standard\", \"choices\": [], "
             "\"left_out\": " +
                 deep + "}");
  expect_error({"reconstruct", "--readings", dir / "readings.json"}, 1,
               "mancala: " + dir / "readings.json" +
                   ": left_out[0][0][0][0][0][0][0]...: arrays and objects nested deeper than 512 "
                   "levels\n");
}

}  // namespace
}  // namespace mancala::cli
