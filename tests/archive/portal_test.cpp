// The portal page parser on the four portal seed pages (fixtures/) and on made-up pages for
// the cases the seeds do not show: several records, BCE/BC dates, typographic marks, absent
// fields, and malformed pages.
#include "archive/portal.h"

#include <gtest/gtest.h>

#include "archive/error.h"
#include "archive/record.h"
#include "archive_test_util.h"

namespace mancala::archive {
namespace {

using testing::fixture;

EvidenceRecord only_record(const std::string& name) {
  const std::string path = fixture(name);
  const std::vector<EvidenceRecord> records = parse_portal_page(read_file(path), path);
  EXPECT_EQ(records.size(), 1u);
  return records.at(0);
}

// The text after "NAME " on the page's line that starts with it (the field as printed).
std::string raw_field(const std::string& name, const std::string& field) {
  const std::string text = read_file(fixture(name));
  const size_t at = text.find("\n" + field + " ");
  EXPECT_NE(at, std::string::npos) << field;
  const size_t start = at + field.size() + 2;
  return text.substr(start, text.find('\n', start) - start);
}

// What every seed page's record shows alike: one record, of type Ethnography with full confidence,
// its id, game, location and dates, and its Rules and Content fields whole, as the page prints
// them.
EvidenceRecord seed_record(const std::string& file, const std::string& id, const std::string& game,
                           const std::string& location, HistoricalDate from, HistoricalDate to) {
  const EvidenceRecord r = only_record(file);
  EXPECT_EQ(r.id, id);
  EXPECT_EQ(r.game, game);
  EXPECT_EQ(r.type, "Ethnography");
  EXPECT_EQ(r.location, location);
  EXPECT_EQ(r.date_from, from);
  EXPECT_EQ(r.date_to, to);
  EXPECT_EQ(r.rules, raw_field(file, "Rules"));
  EXPECT_EQ(r.content, raw_field(file, "Content"));
  EXPECT_EQ(r.confidence, 100);
  return r;
}

std::string parse_error(const std::string& page) {
  return test_support::thrown_message<ArchiveError>([&] { parse_portal_page(page, "page.txt"); },
                                                    "(no error)");
}

TEST(PortalSeeds, KhutkaBoiaEvidenceForPage) {
  const EvidenceRecord r =
      seed_record("khutka_boia_dlp1450.txt", "DLP.Evidence.1450", "Khutka Boia",
                  "32°34'58.69\"N, 71°32'16.52\"E", {1925, 10, 1}, {1925, 10, 31});
  ASSERT_TRUE(r.latitude && r.longitude);
  EXPECT_DOUBLE_EQ(*r.latitude, 32 + 34 / 60.0 + 58.69 / 3600.0);
  EXPECT_DOUBLE_EQ(*r.longitude, 71 + 32 / 60.0 + 16.52 / 3600.0);
  EXPECT_TRUE(r.rules.starts_with("2x5 board. Five counters in each hole."));
  EXPECT_TRUE(r.rules.ends_with("until one player captures all of the counters."));
  EXPECT_TRUE(r.content.starts_with("\"Kutka-boia (dug circles)."));
  EXPECT_TRUE(r.content.ends_with("is considered the winner.\" Das-Gupta 1926a: 147-148."));
  EXPECT_TRUE(r.spaces.empty());
  EXPECT_EQ(r.ages, std::vector<std::string>{"All"});
  EXPECT_TRUE(r.social_status.empty());
  EXPECT_EQ(r.genders, std::vector<std::string>{"All"});
  EXPECT_EQ(
      r.sources,
      std::vector<Source>{
          "Gupta, H. 1926a. 'A Few Types of Sedentary Games Prevalent in the Punjab.\" Journal "
          "and Proceedings of the Asiatic Society of Bengal 22(4): 143\u2013148."});
  EXPECT_EQ(r.notes, "");
}

TEST(PortalSeeds, OtepEvidenceForPageWithANamedRegion) {
  const EvidenceRecord r = seed_record("otep_dlp1880.txt", "DLP.Evidence.1880", "Otep", "Bari",
                                       {1939, 1, 1}, {1939, 12, 31});
  EXPECT_FALSE(r.latitude);
  EXPECT_FALSE(r.longitude);
  EXPECT_TRUE(r.rules.starts_with("4x8 board. Two counters in each hole."));
  EXPECT_TRUE(r.rules.ends_with("The player who captures all of their opponent's counters wins."));
  EXPECT_TRUE(
      r.content.ends_with("but only if this enables him to make a capture.\" Beaton 1939: 141."));
  EXPECT_EQ(r.spaces, (std::vector<std::string>{"Outside", "Public"}));
  EXPECT_TRUE(r.ages.empty());
  EXPECT_TRUE(r.social_status.empty());
  EXPECT_TRUE(r.genders.empty());
  EXPECT_EQ(r.sources,
            std::vector<Source>{
                "Beaton, A. \"A Bari Game- Soro.\" Sudan Notes and Records 22(1): 133-143."});
}

TEST(PortalSeeds, SonkaRegionPageWithFurnitureAndAdDates) {
  const EvidenceRecord r = seed_record("sonka_dlp693.txt", "DLP.Evidence.693", "Sonka", "Iloko",
                                       {1927, 1, 1}, {1927, 12, 31});
  // Its location, "Iloko", is the region of an "Evidence in" page.
  EXPECT_FALSE(r.latitude);
  EXPECT_TRUE(r.rules.starts_with("Two rows of five holes with one store on either side."));
  EXPECT_TRUE(r.content.starts_with("Vanoverbergh 1927: 236-237 \"(Ag)s(inn)onka. A girls' game."));
  EXPECT_TRUE(r.content.ends_with("at the end of the game, is the winner.\""));
  // The confidence (100): "Contact Us" after the blank line is not part of it.
  EXPECT_TRUE(r.spaces.empty());
  EXPECT_TRUE(r.ages.empty());
  EXPECT_TRUE(r.genders.empty());
  EXPECT_TRUE(r.sources.empty());  // the page gives no Source field
}

TEST(PortalSeeds, MawkarKatiyaRegionPage) {
  const EvidenceRecord r = seed_record("mawkar_katiya_dlp741.txt", "DLP.Evidence.741",
                                       "Mawkar Katiya", "Khasi", {1923, 6, 1}, {1923, 12, 31});
  EXPECT_FALSE(r.latitude);
  EXPECT_TRUE(r.rules.starts_with("Two rows of seven holes Five counters in each hole"));
  EXPECT_TRUE(r.rules.ends_with("until one playre captures all of the counters, and thus wins."));
  EXPECT_TRUE(
      r.content.ends_with("correct and complete account of the game.\" Das Gupta 1923: 71-72."));
  EXPECT_EQ(
      r.sources,
      std::vector<Source>{
          "Das-Gupta. H. 1923. \"Notes on a Type of Sedentary Game Prevalent in Many Parts of "
          "India.\" Journal and Proceedings of the Asiatic Society of Bengal 19: 71-74."});
}

constexpr const char* kTwoRecordPage =
    "Home Games Forum Downloads\n"
    "Evidence for Test Game\n"
    "\n"
    "2 pieces of evidence found.\n"
    "\n"
    "Id DLP.Evidence.1\n"
    "Type Artifact\n"
    "Location 30\u00b02\u203241\u2033N, 31\u00b014\u20329\u2033E\n"
    "Date 2592-01-01BCE - 2500-12-31BCE\n"
    "Rules A rule.\n"
    "Confidence 40\n"
    "\n"
    "Id DLP.Evidence.2\n"
    "Type Text\n"
    "Location 30\u00b02\u201941\u201dS, 31\u00b014\u20199\u201dW\n"
    "Date 1400-01-01BC - 1300-12-31BC\n"
    "Content \"First line\n"
    "second line\"\n"
    "Social status Elite, Commoners\n"
    "Source A. Author 1990. Book.\n"
    "Source B. Author 2000. Other.\n"
    "\n"
    "Contact Us\n";

TEST(PortalPages, SeveralRecordsOnOnePage) {
  const std::vector<EvidenceRecord> records = parse_portal_page(kTwoRecordPage, "page.txt");
  ASSERT_EQ(records.size(), 2u);
  const EvidenceRecord& a = records[0];
  EXPECT_EQ(a.id, "DLP.Evidence.1");
  EXPECT_EQ(a.game, "Test Game");
  EXPECT_EQ(a.type, "Artifact");
  EXPECT_DOUBLE_EQ(*a.latitude, 30 + 2 / 60.0 + 41 / 3600.0);
  EXPECT_DOUBLE_EQ(*a.longitude, 31 + 14 / 60.0 + 9 / 3600.0);
  EXPECT_EQ(a.date_from, (HistoricalDate{-2592, 1, 1}));
  EXPECT_EQ(a.date_to, (HistoricalDate{-2500, 12, 31}));
  EXPECT_EQ(a.rules, "A rule.");
  EXPECT_EQ(a.content, "");
  EXPECT_EQ(a.confidence, 40);
  EXPECT_TRUE(a.sources.empty());
  const EvidenceRecord& b = records[1];
  EXPECT_EQ(b.id, "DLP.Evidence.2");
  EXPECT_EQ(b.game, "Test Game");
  EXPECT_DOUBLE_EQ(*b.latitude, -(30 + 2 / 60.0 + 41 / 3600.0));
  EXPECT_DOUBLE_EQ(*b.longitude, -(31 + 14 / 60.0 + 9 / 3600.0));
  EXPECT_EQ(b.date_from, (HistoricalDate{-1400, 1, 1}));
  EXPECT_EQ(b.date_to, (HistoricalDate{-1300, 12, 31}));
  EXPECT_EQ(b.content, "\"First line\nsecond line\"");  // a line without a field name continues
  EXPECT_FALSE(b.confidence);
  EXPECT_EQ(b.social_status, (std::vector<std::string>{"Elite", "Commoners"}));
  EXPECT_EQ(b.sources, (std::vector<Source>{"A. Author 1990. Book.", "B. Author 2000. Other."}));
}

TEST(PortalPages, ARegionPageLocationFieldWinsOverTheRegion) {
  const auto records = parse_portal_page(
      "Evidence in Punjab\n\n1 pieces of evidence found.\n\nId DLP.Evidence.5\nType Ethnography\n"
      "Game Khutka Boia\nLocation 32°N, 71°E\n",
      "page.txt");
  ASSERT_EQ(records.size(), 1u);
  EXPECT_EQ(records[0].game, "Khutka Boia");
  EXPECT_EQ(records[0].location, "32°N, 71°E");
  EXPECT_DOUBLE_EQ(*records[0].latitude, 32);
  EXPECT_FALSE(records[0].date_from);
  EXPECT_FALSE(records[0].confidence);
}

TEST(PortalPages, WindowsLineEndingsAreRead) {
  const auto records = parse_portal_page(
      "Evidence for Otep\r\n\r\nId DLP.Evidence.9\r\nType Ethnography\r\nDate 1939\r\n",
      "page.txt");
  ASSERT_EQ(records.size(), 1u);
  EXPECT_EQ(records[0].type, "Ethnography");
  EXPECT_EQ(records[0].date_to, (HistoricalDate{1939, 0, 0}));
}

TEST(PortalPages, MalformedPagesNameFileRecordAndField) {
  const std::string head = "Evidence for Otep\n\nId DLP.Evidence.1\nType Ethnography\n";
  EXPECT_EQ(parse_error(head + "Date 1925-13-01 - 1925-12-31\n"),
            "page.txt: DLP.Evidence.1: Date: date '1925-13-01': month is not 1-12");
  EXPECT_EQ(parse_error(head + "Date 1925-10-31 - 1925-10-01\n"),
            "page.txt: DLP.Evidence.1: Date: date range reversed: 1925-10-31 is after 1925-10-01");
  EXPECT_EQ(parse_error(head + "Confidence high\n"),
            "page.txt: DLP.Evidence.1: Confidence: 'high' is not a whole number from 0 to 100");
  EXPECT_EQ(parse_error(head + "Confidence 101\n"),
            "page.txt: DLP.Evidence.1: Confidence: '101' is not a whole number from 0 to 100");
  EXPECT_EQ(
      parse_error(head + "Location 95°N, 10°E\n"),
      "page.txt: DLP.Evidence.1: Location: coordinates '95°N, 10°E': latitude beyond 90 degrees");
  EXPECT_EQ(parse_error(head + "Type Artifact\n"),
            "page.txt: DLP.Evidence.1: Type: field given twice (line 5)");
  EXPECT_EQ(parse_error("Evidence for Otep\n\nId DLP.Evidence.1\nDate 1939\n"),
            "page.txt: DLP.Evidence.1: missing required field 'type'");
  EXPECT_EQ(parse_error("Evidence in Bari\n\nId DLP.Evidence.1\nType Ethnography\n"),
            "page.txt: DLP.Evidence.1: no Game field and no 'Evidence for GAME' title");
  EXPECT_EQ(parse_error("Evidence for Otep\n\n2 pieces of evidence found.\n\n" + head.substr(19)),
            "page.txt: the page says 2 pieces of evidence were found but holds 1");
  EXPECT_EQ(parse_error("Evidence for Otep\nnothing here\n"),
            "page.txt: no evidence records found (no line starting with 'Id ')");
  EXPECT_EQ(parse_error(head + "Rules bad \xFF byte\n"),
            "page.txt: line 5: invalid UTF-8 (byte 0xFF)");
  EXPECT_EQ(parse_error(head + "Game Sonka\n"),
            "page.txt: DLP.Evidence.1: Game: 'Sonka' is not the game of the page's title 'Evidence "
            "for Otep'");
}

TEST(PortalPages, AGameLineAgreeingWithTheTitleIsAccepted) {
  const auto records = parse_portal_page(
      "Evidence for Otep\n\nId DLP.Evidence.1\nType Ethnography\nGame OTEP\n", "page.txt");
  ASSERT_EQ(records.size(), 1u);
  EXPECT_EQ(records[0].game, "OTEP");
}

}  // namespace
}  // namespace mancala::archive
