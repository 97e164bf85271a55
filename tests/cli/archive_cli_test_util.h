// What the tests of the `evidence` and `runs` commands share on top of
// tests/archive/archive_test_util.h (a temporary folder, the fixtures, plain SQL on a store): a
// command run in-process, its exit code, stdout and stderr.
#pragma once

#include <gtest/gtest.h>

#include <sstream>
#include <string>
#include <vector>

#include "../archive/archive_test_util.h"
#include "cli/cli.h"

namespace mancala::archive::testing {

// The result of one in-process "mancala ..." run.
struct CliResult {
  int code = 0;
  std::string out, err;
};

inline CliResult run_cli(const std::vector<std::string>& args) {
  std::ostringstream out, err;
  const int code = mancala::cli::run(args, out, err);
  return {code, out.str(), err.str()};
}

// A suite over one archive of the whole of data/evidence (the seed records and the DLP's 249
// games), imported once for the suite since importing is the slow part; run() and out_of() add
// its --db.
class WholeArchiveSuite : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    dir_ = new TempDir;
    db_ = new std::string(*dir_ / "archive.db");
    const CliResult r = run_cli({"evidence", "import", evidence_data_dir(), "--db", *db_});
    ASSERT_EQ(r.code, 0) << r.err;
  }
  static void TearDownTestSuite() {
    delete db_;
    delete dir_;
    db_ = nullptr;
    dir_ = nullptr;
  }
  static CliResult run(std::vector<std::string> args) {
    args.insert(args.end(), {"--db", *db_});
    return run_cli(args);
  }
  // What the command prints on stdout, checking that it succeeds.
  static std::string out_of(std::vector<std::string> args) {
    const CliResult r = run(std::move(args));
    EXPECT_EQ(r.code, 0) << r.err;
    return r.out;
  }
  static inline TempDir* dir_ = nullptr;
  static inline std::string* db_ = nullptr;
};

}  // namespace mancala::archive::testing
