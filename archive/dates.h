// Historical dates as the evidence gives them: a year, optionally a month and a day, in either
// era. Years are numbered historically (no year 0): 1925 is AD 1925 and -2592 is 2592 BCE.
//
// A date stands for a span of days (a year alone is January 1 to December 31), so comparisons
// and searches work on day numbers: days since 1970-01-01 in the proleptic Gregorian calendar,
// which sort correctly across the eras.
#pragma once

#include <compare>
#include <cstdint>
#include <string>
#include <string_view>

namespace mancala::archive {

// One date of the evidence, at year, month or day precision.
struct HistoricalDate {
  int year = 1;   // historical numbering: never 0, negative = BCE
  int month = 0;  // 1..12, or 0 when only the year is known
  int day = 0;    // 1..31, or 0 when the day is not known

  auto operator<=>(const HistoricalDate&) const = default;

  // Day numbers of the first and last day the date covers.
  int64_t first_day() const;
  int64_t last_day() const;
};

// The widest year the archive accepts either side of the epoch.
inline constexpr int kMaxYear = 999999;

// Days since 1970-01-01 of a proleptic Gregorian date given with an astronomical year
// (year 0 = 1 BCE, -1 = 2 BCE).
int64_t days_from_civil(int64_t astronomical_year, int month, int day);

// The number of days in `month` of the historical year `year`.
int days_in_month(int year, int month);

// Reads "YYYY", "YYYY-MM" or "YYYY-MM-DD" (1 to 6 year digits) with an optional era, written
// with or without a space: "AD", "CE", "BCE", "BC" (also "A.D.", "B.C.", "B.C.E."; any case).
// Throws ArchiveError saying what is wrong, e.g. "month 13 is not 1-12".
HistoricalDate parse_date(std::string_view text);

// Writes a date back in the archive's form: "1925-10-01", "1939", "2592-01-01 BCE"
// (years padded to four digits). parse_date(format_date(d)) == d.
std::string format_date(const HistoricalDate& date);
// The same date for a reader: the year as written, not padded ("800", "500 BCE", "1925-10-01").
std::string display_date(const HistoricalDate& date);

// The first and last day of year `year` (historical numbering; 0 is rejected by callers).
int64_t first_day_of_year(int year);
int64_t last_day_of_year(int year);
// The year (historical numbering) that holds day number `day`.
int year_of_day(int64_t day);
// The years from year `a` to year `b` as a reader counts them (b - a, with no year 0 between 1
// BCE and 1 CE: from 1 BCE to 1 CE is one year).
int years_between(int a, int b);

// A date range "FROM - TO" (also with "–", "—" or " to " between), or a single date meaning
// both ends. Throws ArchiveError when a date is malformed or the range is reversed.
struct DateRange {
  HistoricalDate from;
  HistoricalDate to;
};
DateRange parse_date_range(std::string_view text);

// Throws ArchiveError "date range reversed: FROM is after TO" when `from` starts after `to` ends.
void check_date_order(const HistoricalDate& from, const HistoricalDate& to);

}  // namespace mancala::archive
