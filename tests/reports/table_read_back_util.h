// The reports' Table::to_csv read back as a spreadsheet would (tests/archive/read_back_util.h):
// shared by tests/reports/table_csv_read_back_test.cpp and fuzz/writers_fuzzer.cpp.
#pragma once

#include <string>
#include <vector>

#include "../archive/read_back_util.h"
#include "common/error.h"
#include "reports/table.h"

namespace mancala::test_support {

// Table::to_csv of `header` and text `rows` read back (csv_round_trip_error); a table the Table
// refuses (an empty or repeated column name) gives "".
inline std::string table_csv_round_trip_error(const std::vector<std::string>& header,
                                              const std::vector<std::vector<std::string>>& rows) {
  std::vector<reports::Column> columns;
  for (const std::string& name : header) columns.push_back({name});
  std::string csv;
  try {
    reports::Table table(columns);
    for (const auto& row : rows) table.add_row(std::vector<reports::Cell>(row.begin(), row.end()));
    csv = table.to_csv();
  } catch (const Error&) {
    return "";
  }
  std::vector<std::vector<std::string>> expected = {header};
  expected.insert(expected.end(), rows.begin(), rows.end());
  return csv_round_trip_error(csv, "\r\n", expected);
}

}  // namespace mancala::test_support
