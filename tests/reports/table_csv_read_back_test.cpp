// Issue 21, item 7: what Table::to_csv writes is read back as a spreadsheet reads it
// (table_read_back_util.h, shared with fuzz/writers_fuzzer.cpp): no formula runs, every text comes
// back as it was given (moved from tests/archive/writers_test.cpp, issue 22: the Table is the
// reports').
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "table_read_back_util.h"

namespace mancala::archive {
namespace {

using test_support::kHostile;
using test_support::table_csv_round_trip_error;

TEST(CsvGuard, EveryTableCsvReadsBackAsItsTextWithNoFormula) {
  const std::vector<std::vector<std::string>> rows = {
      {kHostile.begin(), kHostile.begin() + 14}, {kHostile.begin() + 14, kHostile.begin() + 28}};
  std::vector<std::string> header;
  for (size_t i = 0; i < 14; ++i) header.push_back(i == 0 ? "=cmd|' /C calc'!A0" : kHostile[i]);
  EXPECT_EQ(table_csv_round_trip_error(header, rows), "");
}

}  // namespace
}  // namespace mancala::archive
