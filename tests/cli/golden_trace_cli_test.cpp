// Golden traces (moved from tests/simulator/golden_test.cpp, issue 22: a test of a command is a cli
// test): `trace RULESET --seed 1` of every shipped ruleset, in its golden form, is unchanged.
// After an intended change, regenerate with MANCALA_UPDATE_GOLDEN=1 and review the diff.
#include <gtest/gtest.h>

#include <sstream>
#include <string>

#include "../simulator/golden_test_util.h"
#include "../simulator/play_test_util.h"
#include "../test_support.h"
#include "cli/cli.h"

namespace mancala::sim {
namespace {

using golden_testing::compare_with_golden;
using golden_testing::golden_form;
using golden_testing::golden_path;

class Golden : public ::testing::TestWithParam<std::string> {};

TEST_P(Golden, TheTraceOfSeed1IsUnchanged) {
  std::ostringstream out, err;
  ASSERT_EQ(cli::run({"trace", GetParam(), "--seed", "1"}, out, err), 0) << err.str();
  compare_with_golden(golden_path(GetParam(), ".trace.txt"), golden_form(out.str()));
}

INSTANTIATE_TEST_SUITE_P(Rulesets, Golden, ::testing::ValuesIn(play_testing::shipped_ruleset_ids()),
                         test_support::param_name);

}  // namespace
}  // namespace mancala::sim
