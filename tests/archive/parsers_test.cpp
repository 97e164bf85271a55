// The archive's text parsers: historical dates with eras, degrees-minutes-seconds coordinates,
// great-circle distance, UTF-8 checks and the folding of game names.
#include <gtest/gtest.h>

#include <cmath>
#include <sstream>

#include "../test_support.h"
#include "archive/coords.h"
#include "archive/dates.h"
#include "archive/error.h"
#include "archive/listing.h"
#include "common/printable_stream.h"
#include "common/text.h"

namespace mancala::archive {
namespace {

std::string date_error(const std::string& text) {
  return test_support::thrown_message<ArchiveError>([&] { parse_date(text); }, "(no error)");
}

std::string range_error(const std::string& text) {
  return test_support::thrown_message<ArchiveError>([&] { parse_date_range(text); }, "(no error)");
}

std::string coordinates_error(const std::string& text) {
  return test_support::thrown_message<ArchiveError>([&] { parse_coordinates(text); }, "(no error)");
}

// Khutka Boia's coordinates on the portal: 32°34'58.69"N, 71°32'16.52"E.
constexpr double kKhutkaLat = 32 + 34 / 60.0 + 58.69 / 3600.0;
constexpr double kKhutkaLon = 71 + 32 / 60.0 + 16.52 / 3600.0;

TEST(Dates, DayNumbersCountFromTheUnixEpoch) {
  EXPECT_EQ(days_from_civil(1970, 1, 1), 0);
  EXPECT_EQ(days_from_civil(1925, 10, 1), -16163);
  EXPECT_EQ(days_from_civil(1, 1, 1), -719162);
  EXPECT_EQ(days_from_civil(2000, 3, 1), 11017);
}

TEST(Dates, ADateWithoutEraIsAnno) {
  EXPECT_EQ(parse_date("1925-10-01"), (HistoricalDate{1925, 10, 1}));
  EXPECT_EQ(parse_date("1939"), (HistoricalDate{1939, 0, 0}));
  EXPECT_EQ(parse_date("1923-06"), (HistoricalDate{1923, 6, 0}));
}

// Issue 39, item 6: a record page's dates as a historian writes them: Beaton's
// 1939-01-01 - 1939-12-31 is "1939"; a span of whole years is "800-1099" with an en dash; a
// date within a year stays a date.
TEST(Dates, ARecordsWholeYearsReadAsYears) {
  EvidenceRecord r;
  EXPECT_EQ(years_text(r), "");
  const auto dated = [&](const char* from, const char* to) {
    r.date_from = parse_date(from);
    r.date_to = parse_date(to);
    return years_text(r);
  };
  EXPECT_EQ(dated("1939-01-01", "1939-12-31"), "1939");
  EXPECT_EQ(dated("1939", "1939"), "1939");
  EXPECT_EQ(dated("0800", "1099"),
            "800\xE2\x80\x93"
            "1099");
  EXPECT_EQ(dated("500 BCE", "300"),
            "500 BCE\xE2\x80\x93"
            "300");
  EXPECT_EQ(dated("1925-10-01", "1925-10-01"), "1925-10-01");
  EXPECT_EQ(dated("1925-10", "1926-03"), "1925-10 - 1926-03");
}

TEST(Dates, EraSuffixesWithOrWithoutSpace) {
  EXPECT_EQ(parse_date("1927-01-01AD"), (HistoricalDate{1927, 1, 1}));
  EXPECT_EQ(parse_date("1927-01-01 CE"), (HistoricalDate{1927, 1, 1}));
  EXPECT_EQ(parse_date("AD 1927"), (HistoricalDate{1927, 0, 0}));
  EXPECT_EQ(parse_date("2592-01-01BCE"), (HistoricalDate{-2592, 1, 1}));
  EXPECT_EQ(parse_date("2592-01-01 BCE"), (HistoricalDate{-2592, 1, 1}));
  EXPECT_EQ(parse_date("1400 BC"), (HistoricalDate{-1400, 0, 0}));
  EXPECT_EQ(parse_date("1400BC"), (HistoricalDate{-1400, 0, 0}));
  EXPECT_EQ(parse_date("1400 b.c."), (HistoricalDate{-1400, 0, 0}));
  EXPECT_EQ(parse_date("0500-06-15 bce"), (HistoricalDate{-500, 6, 15}));
}

TEST(Dates, OneBceIsFollowedByAdOneWithNoYearZero) {
  EXPECT_EQ(parse_date("1 BCE").last_day() + 1, parse_date("1").first_day());
  EXPECT_EQ(parse_date("1 BCE").first_day(), -719162 - 366);  // 1 BCE is a leap year
  EXPECT_EQ(date_error("0"), "date '0': there is no year 0 (1 BCE is followed by AD 1)");
  EXPECT_EQ(date_error("0 BCE"), "date '0 BCE': there is no year 0 (1 BCE is followed by AD 1)");
}

TEST(Dates, BceLeapYearsFollowTheProlepticGregorianCalendar) {
  EXPECT_EQ(parse_date("0001-02-29 BCE"), (HistoricalDate{-1, 2, 29}));  // astronomical year 0
  EXPECT_EQ(parse_date("0005-02-29 BCE"), (HistoricalDate{-5, 2, 29}));  // astronomical -4
  EXPECT_EQ(date_error("0002-02-29 BCE"), "date '0002-02-29 BCE': day is not in 1-28");
}

TEST(Dates, DatesSortAcrossTheEras) {
  EXPECT_LT(parse_date("2592-01-01BCE"), parse_date("2591 BCE"));
  EXPECT_LT(parse_date("2 BCE"), parse_date("1 BCE"));
  EXPECT_LT(parse_date("1 BCE"), parse_date("1"));
  EXPECT_LT(parse_date("1925-10-01"), parse_date("1925-10-31"));
  EXPECT_LT(parse_date("2592 BCE").first_day(), parse_date("1 BCE").first_day());
  EXPECT_LT(parse_date("2592-12-31 BCE").last_day(), parse_date("2591-01-01 BCE").first_day());
}

TEST(Dates, APartialDateCoversItsWholeMonthOrYear) {
  EXPECT_EQ(parse_date("1925").first_day(), days_from_civil(1925, 1, 1));
  EXPECT_EQ(parse_date("1925").last_day(), days_from_civil(1925, 12, 31));
  EXPECT_EQ(parse_date("1924-02").last_day(), days_from_civil(1924, 2, 29));
  EXPECT_EQ(parse_date("1925-02").last_day(), days_from_civil(1925, 2, 28));
}

TEST(Dates, FormatRoundTrips) {
  for (const char* text :
       {"1925-10-01", "1939", "1923-06", "2592-01-01 BCE", "0001 BCE", "0500-06 BCE"}) {
    EXPECT_EQ(format_date(parse_date(text)), text);
  }
  EXPECT_EQ(format_date(parse_date("2592-01-01BCE")), "2592-01-01 BCE");
  EXPECT_EQ(format_date(parse_date("1927-01-01AD")), "1927-01-01");
  // For a reader the year is not padded: "800 - 1099", not "0800 - 1099".
  EXPECT_EQ(display_date(parse_date("0800")), "800");
  EXPECT_EQ(display_date(parse_date("0500-06-15 bce")), "500-06-15 BCE");
  EXPECT_EQ(display_date(parse_date("1939")), "1939");
}

TEST(Dates, MalformedDatesAreRejectedWithTheReason) {
  EXPECT_EQ(date_error("1925-13-01"), "date '1925-13-01': month is not 1-12");
  EXPECT_EQ(date_error("1925-02-30"), "date '1925-02-30': day is not in 1-28");
  EXPECT_EQ(date_error("-500"), "date '-500': write years before AD 1 with 'BCE', not '-'");
  EXPECT_EQ(date_error("c. 1925"), "date 'c. 1925' does not start with a year");
  EXPECT_EQ(date_error("1925/10/01"),
            "date '1925/10/01' is not YYYY[-MM[-DD]] with an optional era (AD, BCE, BC)");
  EXPECT_EQ(date_error(""), "empty date");
}

TEST(DateRanges, PortalRangesWithAndWithoutEras) {
  DateRange r = parse_date_range("1925-10-01 - 1925-10-31");
  EXPECT_EQ(r.from, (HistoricalDate{1925, 10, 1}));
  EXPECT_EQ(r.to, (HistoricalDate{1925, 10, 31}));
  r = parse_date_range("1927-01-01AD - 1927-12-31AD");
  EXPECT_EQ(r.from, (HistoricalDate{1927, 1, 1}));
  EXPECT_EQ(r.to, (HistoricalDate{1927, 12, 31}));
  r = parse_date_range("2592-01-01BCE - 2500-12-31BCE");
  EXPECT_EQ(r.from, (HistoricalDate{-2592, 1, 1}));
  EXPECT_EQ(r.to, (HistoricalDate{-2500, 12, 31}));
  r = parse_date_range("100 BC \u2013 AD 50");
  EXPECT_EQ(r.from, (HistoricalDate{-100, 0, 0}));
  EXPECT_EQ(r.to, (HistoricalDate{50, 0, 0}));
  r = parse_date_range("1939");
  EXPECT_EQ(r.from, r.to);
}

TEST(DateRanges, AReversedRangeIsAnError) {
  EXPECT_EQ(range_error("1925-10-31 - 1925-10-01"),
            "date range reversed: 1925-10-31 is after 1925-10-01");
  EXPECT_EQ(range_error("2500 BCE - 2592 BCE"), "date range reversed: 2500 BCE is after 2592 BCE");
  EXPECT_EQ(range_error("1925-10 - 1925"), "(no error)");  // October lies within 1925
}

TEST(Coordinates, PortalDegreesMinutesSeconds) {
  const auto p = parse_coordinates("32°34'58.69\"N, 71°32'16.52\"E");
  ASSERT_TRUE(p);
  EXPECT_DOUBLE_EQ(p->latitude, kKhutkaLat);
  EXPECT_DOUBLE_EQ(p->longitude, kKhutkaLon);
}

TEST(Coordinates, TypographicQuoteMarksReadLikeStraightOnes) {
  const LatLon expected{kKhutkaLat, kKhutkaLon};
  for (const char* text : {"32°34′58.69″N, 71°32′16.52″E", "32°34’58.69”N, 71°32’16.52”E",
                           "32°34‘58.69“N, 71°32‘16.52“E", "32°34'58.69''N, 71°32'16.52''E",
                           "32º34ʹ58.69ʺN, 71º32ʹ16.52ʺE", "32° 34′ 58.69″ N 71° 32′ 16.52″ E",
                           "32\u00b034\u203258.69\u2033N,\u00a071\u00b032\u203216.52\u2033E"}) {
    SCOPED_TRACE(text);
    const auto p = parse_coordinates(text);
    ASSERT_TRUE(p);
    EXPECT_DOUBLE_EQ(p->latitude, expected.latitude);
    EXPECT_DOUBLE_EQ(p->longitude, expected.longitude);
  }
}

TEST(Coordinates, SouthAndWestAreNegative) {
  const auto p = parse_coordinates("33°52'S, 151°12'W");
  ASSERT_TRUE(p);
  EXPECT_DOUBLE_EQ(p->latitude, -(33 + 52 / 60.0));
  EXPECT_DOUBLE_EQ(p->longitude, -(151 + 12 / 60.0));
}

TEST(Coordinates, HemisphereLettersMayComeFirstAndLongitudeMayLead) {
  auto p = parse_coordinates("N 32°34'58.69\", E 71°32'16.52\"");
  ASSERT_TRUE(p);
  EXPECT_DOUBLE_EQ(p->latitude, kKhutkaLat);
  EXPECT_DOUBLE_EQ(p->longitude, kKhutkaLon);
  p = parse_coordinates("71°32'16.52\"E, 32°34'58.69\"N");
  ASSERT_TRUE(p);
  EXPECT_DOUBLE_EQ(p->latitude, kKhutkaLat);
  EXPECT_DOUBLE_EQ(p->longitude, kKhutkaLon);
}

TEST(Coordinates, DegreesOnlyDecimalAndUnmarkedParts) {
  auto p = parse_coordinates("25.3°N, 51.5°E");
  ASSERT_TRUE(p);
  EXPECT_DOUBLE_EQ(p->latitude, 25.3);
  EXPECT_DOUBLE_EQ(p->longitude, 51.5);
  p = parse_coordinates("-12.5, 130.25");
  ASSERT_TRUE(p);
  EXPECT_DOUBLE_EQ(p->latitude, -12.5);
  EXPECT_DOUBLE_EQ(p->longitude, 130.25);
  p = parse_coordinates("32°34'58.69N, 71°32'16.52E");  // seconds mark left off
  ASSERT_TRUE(p);
  EXPECT_DOUBLE_EQ(p->latitude, kKhutkaLat);
  p = parse_coordinates("0°0'0\"N, 180°0'0\"W");  // the edges are allowed
  ASSERT_TRUE(p);
  EXPECT_DOUBLE_EQ(p->longitude, -180);
}

TEST(Coordinates, NamedRegionsHaveNoCoordinates) {
  EXPECT_FALSE(parse_coordinates("Bari"));
  EXPECT_FALSE(parse_coordinates("Khasi"));
  EXPECT_FALSE(parse_coordinates("Iloko"));
  EXPECT_FALSE(parse_coordinates("Punjab, 1925 survey site 12"));
  EXPECT_FALSE(parse_coordinates(""));
}

TEST(Coordinates, InvalidCoordinatesAreRejectedWithTheReason) {
  EXPECT_EQ(coordinates_error("32°60'N, 71°E"),
            "coordinates '32°60'N, 71°E': minutes must be below 60");
  EXPECT_EQ(coordinates_error("32°10'60\"N, 71°E"),
            "coordinates '32°10'60\"N, 71°E': seconds must be below 60");
  EXPECT_EQ(coordinates_error("91°N, 71°E"),
            "coordinates '91°N, 71°E': latitude beyond 90 degrees");
  EXPECT_EQ(coordinates_error("32°N, 181°E"),
            "coordinates '32°N, 181°E': longitude beyond 180 degrees");
  EXPECT_EQ(coordinates_error("32°N, 33°S"),
            "coordinates '32°N, 33°S': both coordinates are latitudes");
  EXPECT_EQ(coordinates_error("32°N"), "coordinates '32°N': missing longitude");
  EXPECT_EQ(coordinates_error("-32°N, 71°E"),
            "coordinates '-32°N, 71°E': a sign and a hemisphere letter together");
  EXPECT_EQ(coordinates_error("32°34'N 71°32'E 5"),
            "coordinates '32°34'N 71°32'E 5': unexpected text after the longitude");
  EXPECT_EQ(coordinates_error("32°34'12'N, 71°E"),
            "coordinates '32°34'12'N, 71°E': degrees, minutes and seconds out of order");
  EXPECT_EQ(coordinates_error("32.5°34'N, 71°E"),
            "coordinates '32.5°34'N, 71°E': only the last part may have decimals");
}

TEST(Distance, GreatCircleKilometres) {
  EXPECT_NEAR(great_circle_km(0, 0, 0, 1), 111.19508, 1e-4);
  EXPECT_NEAR(great_circle_km(0, 0, 90, 0), 10007.5572, 1e-3);
  EXPECT_NEAR(great_circle_km(0, 0, 0, 180), 2 * 10007.5572, 1e-3);
  EXPECT_NEAR(great_circle_km(10, 179.5, 10, -179.5), great_circle_km(10, 0, 10, 1),
              1e-9);  // across 180°
  EXPECT_DOUBLE_EQ(great_circle_km(kKhutkaLat, kKhutkaLon, kKhutkaLat, kKhutkaLon), 0);
}

TEST(Text, InvalidUtf8IsFoundAtItsByte) {
  EXPECT_FALSE(find_invalid_utf8("Toğızqumalaq Тоғызқұмалақ ′″"));
  EXPECT_EQ(find_invalid_utf8("ab\xFF"), 2u);
  EXPECT_EQ(find_invalid_utf8("\xC0\xAF"), 0u);          // overlong "/"
  EXPECT_EQ(find_invalid_utf8("x\xED\xA0\x80"), 1u);     // a UTF-16 surrogate
  EXPECT_EQ(find_invalid_utf8("abc\xE2\x80"), 3u);       // cut short
  EXPECT_EQ(find_invalid_utf8("\xF4\x90\x80\x80"), 0u);  // beyond U+10FFFF
  EXPECT_EQ(line_of("a\nb\nc", 4), 3u);
}

TEST(Text, GameNamesFoldAcrossCaseAndSeparators) {
  EXPECT_EQ(fold_name("Toguz Kumalak"), "toguz_kumalak");
  EXPECT_EQ(fold_name("TOGUZ-KUMALAK"), "toguz_kumalak");
  EXPECT_EQ(fold_name("  toguz__kumalak "), "toguz_kumalak");
  EXPECT_EQ(fold_name("ТОҒЫЗҚҰМАЛАҚ"), fold_name("Тоғызқұмалақ"));
  EXPECT_EQ(fold_name("TOĞ"), "toğ");
  EXPECT_EQ(fold_name("MÁWKÁR KÁTIYÁ"), "máwkár_kátiyá");
  EXPECT_EQ(trim("\u00a0 Bari \t"), "Bari");
  EXPECT_EQ(split_list("Outside, Public,, ", ','), (std::vector<std::string>{"Outside", "Public"}));
}

// Issue 41, item 6: "C0/C1 control characters escaped in every text and table output (one place
// that every writer uses)". printable keeps the line breaks and tabs of a text, printable_line
// makes them spaces; every other control character is written as \u001b, a stray byte as \xff.
TEST(Text, PrintableEscapesEveryControlCharacterAndKeepsTheText) {
  EXPECT_EQ(printable("plain: Toğızqumalaq, 4\u00d78"), "plain: Toğızqumalaq, 4\u00d78");
  EXPECT_EQ(printable("a\x1b[2Jb"), "a\\u001b[2Jb");
  EXPECT_EQ(printable(std::string("x\0y", 3)), "x\\u0000y");
  EXPECT_EQ(printable("bell\x07 del\x7f"), "bell\\u0007 del\\u007f");
  EXPECT_EQ(printable("csi \xc2\x9b"
                      "31m nel \xc2\x85 nbsp \xc2\xa0"),
            "csi \\u009b31m nel \\u0085 nbsp \xc2\xa0");
  EXPECT_EQ(printable("two\nlines\tand a tab\r\n"), "two\nlines\tand a tab\r\n");
  EXPECT_EQ(printable("bad \xff byte, cut \xe2\x82"), "bad \\xff byte, cut \\xe2\\x82");
  EXPECT_EQ(printable_line("two\nlines\r\nand\ra\ttab"), "two lines and a tab");
  EXPECT_EQ(printable_line("esc\x1b"), "esc\\u001b");
  // Once escaped, a text has nothing left to escape.
  const std::string once = printable("\x1b]0;title\x07\xc2\x9b");
  EXPECT_EQ(printable(once), once);
}

// The CLI's stderr goes through PrintableStreambuf (cli/cli.cpp): whatever is written, whole or
// a byte at a time (a UTF-8 character split between two writes), comes out as printable() makes
// it, a carriage return kept for the progress bar.
TEST(Text, ThePrintableStreamEscapesAsPrintableDoesWhateverTheWrites) {
  const std::vector<std::string> texts = {
      "plain: Toğızqumalaq, 4\u00d78 \U0001F600",
      "a\x1b[2Jb\x07 del\x7f",
      std::string("x\0y", 3),
      "csi \xc2\x9b"
      "31m nbsp \xc2\xa0",
      "bad \xff, lone \x80, overlong \xe0\x80\x80, cut \xe2\x82",
      "cut \xe2\x82 then ascii",
      "progress 42%\r    \rdone\n"};
  for (const std::string& text : texts) {
    for (const bool bytewise : {false, true}) {
      std::ostringstream target;
      {
        PrintableStreambuf filter(target.rdbuf());
        std::ostream out(&filter);
        if (bytewise) {
          for (char c : text) out << c << std::flush;
        } else {
          out << text;
        }
      }
      EXPECT_EQ(target.str(), printable(text)) << "bytewise " << bytewise << ": " << text;
    }
  }
}

// Issue 41, item 5: "numbers parsed strictly (no hexadecimal, no leading spaces)": std::stod read
// "0x10" as 16 and skipped leading spaces.
TEST(Text, DecimalNumbersAreReadStrictly) {
  EXPECT_EQ(parse_decimal("32.5"), 32.5);
  EXPECT_EQ(parse_decimal("-71.25"), -71.25);
  EXPECT_EQ(parse_decimal("+0.5"), 0.5);
  EXPECT_EQ(parse_decimal(".5"), 0.5);
  EXPECT_EQ(parse_decimal("1e3"), 1000);
  for (const char* bad :
       {"0x10", " 32.5", "32.5 ", "nan", "inf", "-inf", "1,5", "", "-", "1e", "1e999", "--1", "١٢"})
    EXPECT_EQ(parse_decimal(bad), std::nullopt) << "'" << bad << "'";
  EXPECT_TRUE(is_decimal_text("1e999"));  // a decimal number, out of range: refused by value
  EXPECT_FALSE(is_decimal_text("0x10"));
}

}  // namespace
}  // namespace mancala::archive
