#include "archive/dates.h"

#include <array>
#include <cctype>
#include <cmath>

#include "archive/error.h"
#include "common/text.h"

namespace mancala::archive {
namespace {

int astronomical(int year) { return year < 0 ? year + 1 : year; }

bool is_leap(int64_t astronomical_year) {
  return (astronomical_year % 4 == 0 && astronomical_year % 100 != 0) ||
         astronomical_year % 400 == 0;
}

// Reads 1..max_digits decimal digits at `pos`; nullopt-like -1 when there are none.
int read_number(std::string_view text, size_t& pos, size_t max_digits, const char* what) {
  const size_t start = pos;
  int value = 0;
  while (pos < text.size() && std::isdigit(static_cast<unsigned char>(text[pos]))) {
    if (pos - start == max_digits) throw ArchiveError(std::string(what) + " has too many digits");
    value = value * 10 + (text[pos] - '0');
    ++pos;
  }
  if (pos == start) return -1;
  return value;
}

// Strips an era marker from the end (or an "AD" from the front); returns -1 for BCE, +1 otherwise.
int strip_era(std::string& core) {
  static const std::array<std::pair<const char*, int>, 7> kSuffixes = {{
      {"b.c.e.", -1},
      {"bce", -1},
      {"b.c.", -1},
      {"bc", -1},
      {"a.d.", 1},
      {"ad", 1},
      {"ce", 1},
  }};
  const std::string lower = ascii_lower(core);
  for (const auto& [suffix, sign] : kSuffixes) {
    const std::string_view s(suffix);
    if (lower.size() > s.size() && lower.ends_with(s)) {
      core = trim(core.substr(0, core.size() - s.size()));
      return sign;
    }
  }
  for (std::string_view prefix : {"a.d.", "ad"}) {
    if (lower.size() > prefix.size() && lower.starts_with(prefix) &&
        !std::isalpha(static_cast<unsigned char>(lower[prefix.size()]))) {
      core = trim(core.substr(prefix.size()));
      return 1;
    }
  }
  return 1;
}

}  // namespace

int64_t days_from_civil(int64_t y, int m, int d) {
  // Howard Hinnant's civil-from-days inverse: exact for all years, negative ones included.
  y -= m <= 2;
  const int64_t era = (y >= 0 ? y : y - 399) / 400;
  const int64_t yoe = y - era * 400;
  const int64_t doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
  const int64_t doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
  return era * 146097 + doe - 719468;
}

int days_in_month(int year, int month) {
  static constexpr std::array<int, 12> kDays = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
  if (month == 2 && is_leap(astronomical(year))) return 29;
  return kDays[static_cast<size_t>(month - 1)];
}

int64_t HistoricalDate::first_day() const {
  return days_from_civil(astronomical(year), month == 0 ? 1 : month, day == 0 ? 1 : day);
}

int64_t HistoricalDate::last_day() const {
  const int m = month == 0 ? 12 : month;
  return days_from_civil(astronomical(year), m, day == 0 ? days_in_month(year, m) : day);
}

int64_t first_day_of_year(int year) { return HistoricalDate{year, 0, 0}.first_day(); }
int64_t last_day_of_year(int year) { return HistoricalDate{year, 0, 0}.last_day(); }

HistoricalDate parse_date(std::string_view text) {
  std::string core = trim(text);
  if (core.empty()) throw ArchiveError("empty date");
  const std::string original = core;
  const int sign = strip_era(core);
  if (!core.empty() && core[0] == '-') {
    throw ArchiveError("date '" + original + "': write years before AD 1 with 'BCE', not '-'");
  }
  size_t pos = 0;
  HistoricalDate date;
  const int year = read_number(core, pos, 6, "year");
  if (year < 0) throw ArchiveError("date '" + original + "' does not start with a year");
  if (year == 0)
    throw ArchiveError("date '" + original + "': there is no year 0 (1 BCE is followed by AD 1)");
  date.year = sign * year;
  if (pos < core.size() && core[pos] == '-') {
    ++pos;
    date.month = read_number(core, pos, 2, "month");
    if (date.month < 1 || date.month > 12) {
      throw ArchiveError("date '" + original + "': month is not 1-12");
    }
    if (pos < core.size() && core[pos] == '-') {
      ++pos;
      date.day = read_number(core, pos, 2, "day");
      if (date.day < 1 || date.day > days_in_month(date.year, date.month)) {
        throw ArchiveError("date '" + original + "': day is not in 1-" +
                           std::to_string(days_in_month(date.year, date.month)));
      }
    }
  }
  if (pos != core.size()) {
    throw ArchiveError("date '" + original +
                       "' is not YYYY[-MM[-DD]] with an optional era (AD, BCE, BC)");
  }
  return date;
}

namespace {

std::string date_text(const HistoricalDate& date, size_t year_width) {
  auto pad = [](int value, size_t width) {
    std::string s = std::to_string(value);
    return std::string(s.size() < width ? width - s.size() : 0, '0') + s;
  };
  std::string out = pad(date.year < 0 ? -date.year : date.year, year_width);
  if (date.month != 0) out += "-" + pad(date.month, 2);
  if (date.day != 0) out += "-" + pad(date.day, 2);
  if (date.year < 0) out += " BCE";
  return out;
}

}  // namespace

std::string format_date(const HistoricalDate& date) { return date_text(date, 4); }

std::string display_date(const HistoricalDate& date) { return date_text(date, 1); }

void check_date_order(const HistoricalDate& from, const HistoricalDate& to) {
  if (from.first_day() > to.last_day()) {
    throw ArchiveError("date range reversed: " + format_date(from) + " is after " +
                       format_date(to));
  }
}

DateRange parse_date_range(std::string_view text) {
  const std::string whole = trim(text);
  for (std::string_view separator : {" - ", " \u2013 ", " \u2014 ", " to ", "\u2013", "\u2014"}) {
    const size_t at = whole.find(separator);
    if (at == std::string::npos) continue;
    DateRange range{parse_date(whole.substr(0, at)),
                    parse_date(whole.substr(at + separator.size()))};
    check_date_order(range.from, range.to);
    return range;
  }
  const HistoricalDate single = parse_date(whole);
  return {single, single};
}

int year_of_day(int64_t day) {
  // Astronomical year first (year 0 = 1 BCE), then the historical number.
  int64_t y = 1970 + static_cast<int64_t>(std::floor(static_cast<double>(day) / 365.2425));
  const auto historical = [](int64_t astronomical) {
    return static_cast<int>(astronomical <= 0 ? astronomical - 1 : astronomical);
  };
  while (first_day_of_year(historical(y)) > day) --y;
  while (last_day_of_year(historical(y)) < day) ++y;
  return historical(y);
}

int years_between(int a, int b) {
  const auto astronomical = [](int year) { return year < 0 ? year + 1 : year; };
  return astronomical(b) - astronomical(a);
}

}  // namespace mancala::archive
