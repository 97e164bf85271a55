// The ruleset format: strict loading, extends, provenance, and documentation kept complete.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>

#include "common/paths.h"
#include "simulator/ruleset_io.h"

namespace mancala::sim {
namespace {

using nlohmann::json;

// Counts the members of an aggregate (no reflection in C++20: probe brace-initialisation).
struct AnyField {
  template <class T>
  operator T() const;
};
template <class T, class... A>
constexpr size_t count_fields() {
  if constexpr (requires { T{A{}..., AnyField{}}; }) {
    return count_fields<T, A..., AnyField>();
  } else {
    return sizeof...(A);
  }
}

std::string read(const std::string& path) {
  std::ifstream in(path);
  std::stringstream b;
  b << in.rdbuf();
  return b.str();
}

TEST(RulesFormat, EveryRuleKeyIsDocumentedInRulesFormatMd) {
  const std::string doc = read((mancala::source_dir() / "docs" / "rules-format.md").string());
  std::istringstream lines(rule_keys_doc());
  std::string line;
  int keys = 0;
  while (std::getline(lines, line)) {
    if (line.rfind("- `", 0) != 0) continue;
    ++keys;
    EXPECT_NE(doc.find(line), std::string::npos)
        << "docs/rules-format.md lacks: " << line
        << "\n(run 'mancala rules keys' and paste the lines)";
  }
  EXPECT_EQ(keys, static_cast<int>(rule_fields().size()));
}

// Issue 13: "docs/rules-format.md (generated, or checked by a test to be current)": the list is
// the generated one, whole and in order, with no line of a key since removed or reworded.
TEST(RulesFormat, TheRuleKeysSectionOfRulesFormatMdIsTheGeneratedList) {
  const std::string doc = read((mancala::source_dir() / "docs" / "rules-format.md").string());
  const std::string intro = "A test checks that this list is the engine's.\n";
  const auto from = doc.find(intro);
  const auto to = doc.find("\n## ", from);
  ASSERT_NE(from, std::string::npos);
  ASSERT_NE(to, std::string::npos);
  EXPECT_EQ(doc.substr(from + intro.size(), to - from - intro.size()), rule_keys_doc())
      << "(run 'mancala rules keys' and paste its output into the Rule keys section)";
}

// Issue 13: "a test fails when an enum value has no phrase" (resolution: lockstep_random had
// none). The phrases of one key also differ, so "X instead of Y" never reads "X instead of X".
TEST(RulesFormat, EveryEnumValueOfEveryKeyHasAPhraseOfItsOwn) {
  int enums = 0;
  for (const FieldInfo& f : rule_fields()) {
    if (f.kind != FieldInfo::Kind::kEnum) continue;
    ++enums;
    std::string names;
    std::set<std::string> phrases;
    for (const FieldValue& v : f.values) {
      names += (names.empty() ? "" : "|") + v.name;
      EXPECT_FALSE(v.phrase.empty()) << f.key << ": " << v.name << " has no phrase";
      EXPECT_TRUE(phrases.insert(v.phrase).second) << f.key << ": " << v.name << ": phrase twice";
      EXPECT_EQ(describe_rule_value(f.key, v.name), v.phrase) << f.key << ": " << v.name;
    }
    EXPECT_EQ(f.type, "one of: " + names) << f.key;
  }
  EXPECT_EQ(enums, 45);  // issue 38: resow_pair_takes, extra_holes_after, after_joint_opening,
                         // singletons_end; ethiopia's stylised_opening, left_to; fourrow1's
                         // start_holes, inner_facing_when; tworow's sown_capture_last;
                         // ownership's hole_ownership, odd_hole_tie; weg's weg_toll
}

// Rule values in words on the pages (issue 39, item 2: "burn unfilled: false instead of true" is
// not words): every bool key says both its values.
TEST(RulesFormat, EveryBoolKeyHasPhrasesForBothValues) {
  for (const FieldInfo& f : rule_fields()) {
    if (f.kind != FieldInfo::Kind::kBool) continue;
    ASSERT_EQ(f.values.size(), 2u) << f.key;
    EXPECT_EQ(f.values[0].name, "true");
    EXPECT_EQ(f.values[1].name, "false");
    EXPECT_NE(f.values[0].phrase, f.values[1].phrase) << f.key;
  }
}

TEST(RulesFormat, APhraseIsTheTablesOrTheKeyInWords) {
  EXPECT_EQ(describe_rule_value("resolution", "lockstep_random"),
            "simultaneous moves played in lockstep with a random lead each turn");
  EXPECT_EQ(describe_rule_value("tuzdyk_count", 4), "a tuzdyk made at 4");
  EXPECT_EQ(describe_rule_value("stop_after_rounds", 0), "no stopping rule");
  EXPECT_EQ(describe_rule_value("holes_per_row", 7), "holes per row 7");
  EXPECT_EQ(describe_rule_value("burn_unfilled", false), "unfilled holes left in play, empty");
  EXPECT_EQ(describe_rule_value("relay", "sideways"), "relay: sideways");
}

// The ruleset pages' value column (issue 39, item 2: J'odu's table showed 'end_owners_take' and
// 'opening_captures -1'): the table's phrase where it has one, else the value as written, never
// the key again.
TEST(RulesFormat, AValueInWordsIsItsPhraseOrTheValueAsWritten) {
  EXPECT_EQ(rule_value_in_words("resolution", "lockstep_random"),
            "simultaneous moves played in lockstep with a random lead each turn");
  EXPECT_EQ(rule_value_in_words("opening_captures", -1), "first-turn captures as usual");
  EXPECT_EQ(rule_value_in_words("tuzdyk_count", 4), "a tuzdyk made at 4");
  EXPECT_EQ(rule_value_in_words("burn_unfilled", false), "unfilled holes left in play, empty");
  EXPECT_EQ(rule_value_in_words("start_layout", json::array()), "off");
  EXPECT_EQ(rule_value_in_words("holes_per_row", 7), "7");
  EXPECT_EQ(rule_value_in_words("no_such_key", "x"), "x");
  // Every value an enum key can take reads as its phrase, which is never the value's name.
  for (const FieldInfo& f : rule_fields()) {
    if (f.kind != FieldInfo::Kind::kEnum) continue;
    for (const FieldValue& v : f.values)
      EXPECT_EQ(rule_value_in_words(f.key, v.name), v.phrase) << f.key << " " << v.name;
  }
}

TEST(RulesFormat, EveryKeyHoldsItsDefaultAndAnIntKeyItsRange) {
  const RuleSet defaults;
  for (const FieldInfo& f : rule_fields()) {
    EXPECT_EQ(f.default_value, f.get(defaults)) << f.key;
    EXPECT_EQ(rule_value(defaults, f.key), f.default_value) << f.key;
    if (f.kind != FieldInfo::Kind::kInt) continue;
    EXPECT_EQ(f.type, "int " + std::to_string(f.low) + ".." + std::to_string(f.high)) << f.key;
    EXPECT_LE(f.low, f.default_value.get<int>()) << f.key;
    EXPECT_LE(f.default_value.get<int>(), f.high) << f.key;
  }
  EXPECT_TRUE(rule_value(defaults, "no_such_key").is_null());
}

TEST(RulesFormat, EveryFieldOfTheRuleStructIsARuleKey) {
  // Identity/provenance members (8, dlp_ruleset, exported_from and exported_hash, and plays_as:
  // 12) and derived members (4: holes_per_player, total_holes, total_counters, store_at) are not
  // rule keys.
  constexpr size_t kNonRuleMembers = 12 + 4;
  EXPECT_EQ(count_fields<RuleSet>(), rule_fields().size() + kNonRuleMembers)
      << "a RuleSet member was added without a FieldInfo in make_fields() (or the counts above are "
         "stale)";
}

class TempRules : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = std::filesystem::temp_directory_path() /
           ("mancala-rules-" + std::to_string(::getpid()) + "-" +
            ::testing::UnitTest::GetInstance()->current_test_info()->name());
    std::filesystem::create_directories(dir_ / "toy");
  }
  void TearDown() override { std::filesystem::remove_all(dir_); }
  std::string write(const std::string& name, const std::string& text) {
    const auto path = dir_ / "toy" / (name + ".json");
    std::ofstream(path) << text;
    return path.string();
  }
  std::string error_of(const std::string& path) {
    try {
      load_ruleset_file(path, dir_);
    } catch (const RuleError& e) {
      return e.what();
    }
    return "no error";
  }
  std::filesystem::path dir_;
};

const char* kBase = R"({"name": "Toy", "status": "described", "evidence": ["X.1"], "default": true,
  "rules": {"holes_per_row": 6, "counters_per_hole": 4},
  "provenance": {"holes_per_row": {"source": "six holes", "record": "X.1", "page": "12"}, "counters_per_hole": {"assumption": "four is usual"}}})";

TEST_F(TempRules, AValidFileLoadsWithDerivedFields) {
  const RuleSet r = load_ruleset_file(write("base", kBase), dir_);
  EXPECT_EQ(r.id, "toy/base");
  EXPECT_EQ(r.game, "toy");
  EXPECT_EQ(r.total_holes, 12);
  EXPECT_EQ(r.total_counters, 48);
  EXPECT_EQ(r.provenance.at("holes_per_row").at("source"), "six holes");
  EXPECT_EQ(r.provenance.at("holes_per_row").at("record"), "X.1");
  EXPECT_EQ(r.provenance.at("holes_per_row").at("page"), "12");
}

TEST_F(TempRules, ExtendsInheritsAndOverridesOnlyTheDifferences) {
  write("base", kBase);
  const RuleSet r =
      load_ruleset_file(write("child", R"({"extends": "toy/base", "rules": {"counters_per_hole": 5},
        "provenance": {"counters_per_hole": {"assumption": "five"}}})"),
                        dir_);
  EXPECT_EQ(r.holes_per_row, 6);
  EXPECT_EQ(r.counters_per_hole, 5);
  EXPECT_EQ(r.extends, "toy/base");
  EXPECT_EQ(r.evidence, std::vector<std::string>{"X.1"});
  EXPECT_EQ(r.provenance.at("counters_per_hole").at("assumption"), "five");
  EXPECT_EQ(r.provenance.at("holes_per_row").at("source"), "six holes");
}

TEST_F(TempRules, AnUnknownRuleKeyIsNamed) {
  const auto p = write(
      "bad",
      R"({"name": "T", "status": "described", "evidence": ["X"], "rules": {"hole_per_row": 6}})");
  EXPECT_EQ(error_of(p), p + ": rules.hole_per_row: unknown rule key");
}

// Issue 12: "Toguz with counters_per_hole: 1, min_counters_to_sow: 2: 100% first-player wins in 1
// ply": nobody can make the first move, so the combination is refused with the reason.
TEST_F(TempRules, ACombinationWhereNoHoleCanBePlayedAtTheStartIsRefused) {
  const auto p = write("toguz_one", R"({"extends": "toguz_kumalak/standard",
    "rules": {"counters_per_hole": 1, "min_counters_to_sow": 2},
    "provenance": {"counters_per_hole": {"assumption": "a"}, "min_counters_to_sow": {"assumption": "b"}}})");
  EXPECT_EQ(error_of(p), p + ": rules.min_counters_to_sow: no hole can be played at the start: "
                             "each holds 1 (counters_per_hole), fewer than 2");
}

// Found by the combinations test (seed 6): Otep with relay facing_hole sowed on from the
// opponent's hole, off the mover's own-rows path, and wrote outside the board.
TEST_F(TempRules, ARelayFromTheFacingHoleOnABoardSownRoundOwnRowsIsRefused) {
  const auto p = write("otep_facing", R"({"extends": "otep/no_move_loses",
    "rules": {"relay": "facing_hole", "capture": "empty_own_hole"},
    "provenance": {"relay": {"assumption": "a"}, "capture": {"assumption": "b"}}})");
  EXPECT_EQ(error_of(p), p + ": rules.relay: facing_hole picks up the opponent's facing hole and "
                             "sows on from it: it needs a whole-board circuit (the opponent's "
                             "holes are not on an own_rows path)");
}

TEST_F(TempRules, AnUnknownTopLevelKeyIsNamed) {
  const auto p =
      write("bad", R"({"name": "T", "status": "described", "evidence": ["X"], "rule": {}})");
  EXPECT_EQ(error_of(p), p + ": rule: unknown key");
}

TEST_F(TempRules, AWrongTypeIsNamed) {
  const auto p = write(
      "bad", R"({"name": "T", "status": "described", "evidence": ["X"], "rules": {"tuzdyk": 1},
    "provenance": {"tuzdyk": {"assumption": "a"}}})");
  EXPECT_EQ(error_of(p), p + ": rules.tuzdyk: expected true or false, got an integer");
}

TEST_F(TempRules, AValueOutOfRangeIsNamed) {
  const auto p = write(
      "bad",
      R"({"name": "T", "status": "described", "evidence": ["X"], "rules": {"rows_per_player": 3},
    "provenance": {"rows_per_player": {"assumption": "a"}}})");
  EXPECT_EQ(error_of(p), p + ": rules.rows_per_player: 3 is out of range 1..2");
}

TEST_F(TempRules, AnUnknownEnumValueListsTheChoices) {
  const auto p = write(
      "bad", R"({"name": "T", "status": "described", "evidence": ["X"], "rules": {"relay": "next"},
    "provenance": {"relay": {"assumption": "a"}}})");
  EXPECT_EQ(error_of(p),
            p + ": rules.relay: 'next' is not one of none|next_hole|landing_hole|facing_hole|"
                "next_after_occupied_landing|next_after_empty_landing");
}

TEST_F(TempRules, ContradictorySwitchesAreRejected) {
  const auto p = write("bad", R"({"name": "T", "status": "described", "evidence": ["X"],
    "rules": {"capture": "after_empty_next"}, "provenance": {"capture": {"assumption": "a"}}})");
  EXPECT_EQ(error_of(p), p + ": rules.capture: this capture looks at the next hole: it needs relay "
                             "next_hole, facing_hole, next_after_occupied_landing or "
                             "next_after_empty_landing");
}

// Issue 22: "report every contradiction of a ruleset, not only the first": one a line, in the
// order of the checks, each naming the file and the key.
TEST_F(TempRules, EveryContradictionIsReportedEachOnItsOwnLine) {
  const auto p = write("bad", R"({"name": "T", "status": "described", "evidence": ["X"],
    "rules": {"capture": "after_empty_next", "remainder": "next_hole"},
    "provenance": {"capture": {"assumption": "a"}, "remainder": {"assumption": "a"}}})");
  EXPECT_EQ(error_of(p), p +
                             ": rules.capture: this capture looks at the next hole: it needs relay "
                             "next_hole, facing_hole, next_after_occupied_landing or "
                             "next_after_empty_landing\n" +
                             p + ": rules.remainder: only has a meaning in a match (match: true)");
}

TEST_F(TempRules, HolesOutPerFiveOfDifferenceNeedsAMatchAndARemainderRuleThatSetsAside) {
  const auto p = write("bad", R"({"name": "T", "status": "described", "evidence": ["X"],
    "rules": {"holes_out": "per_five_of_difference"}, "provenance": {"holes_out": {"assumption": "a"}}})");
  EXPECT_EQ(error_of(p), p + ": rules.holes_out: only has a meaning in a match (match: true)");
  const auto q = write("bad2", R"({"name": "T", "status": "described", "evidence": ["X"],
    "rules": {"match": true, "remainder": "next_hole", "holes_out": "per_five_of_difference"},
    "provenance": {"match": {"assumption": "a"}, "remainder": {"assumption": "a"}, "holes_out": {"assumption": "a"}}})");
  EXPECT_EQ(
      error_of(q),
      q + ": rules.holes_out: per_five_of_difference sets aside what the weaker holds beyond his "
          "holes: it needs remainder settle_fives or set_aside");
}

TEST_F(TempRules, ARuleWithoutProvenanceIsRejected) {
  const auto p = write(
      "bad",
      R"({"name": "T", "status": "described", "evidence": ["X"], "rules": {"holes_per_row": 6}})");
  EXPECT_EQ(error_of(p), p + ": provenance.holes_per_row: missing: every rule set in a file names "
                             "its witness: the phrase it implements (source, paraphrase), a "
                             "reading or the assumption it makes");
}

// docs/terms.md: "Every rule choice of a ruleset names its witness": exactly one of source,
// paraphrase, reading or assumption; a quoted phrase names its record; the loader checks the
// shape only.
TEST_F(TempRules, AProvenanceNamesExactlyOneWitnessInItsShape) {
  const auto with = [&](const std::string& entry) {
    return write("bad", R"({"name": "T", "status": "described", "evidence": ["X"],
      "rules": {"holes_per_row": 6}, "provenance": {"holes_per_row": )" +
                            entry + "}}");
  };
  const std::string at = ": provenance.holes_per_row";
  auto p = with(R"({"paraphrase": "six", "assumption": "six"})");
  EXPECT_EQ(error_of(p), p + at +
                             ": give exactly one witness: \"source\", \"paraphrase\", "
                             "\"reading\" or \"assumption\"");
  p = with(R"({"evidence": "six"})");
  EXPECT_EQ(error_of(p), p + at +
                             ".evidence: name the witness instead: \"source\" (a phrase of the "
                             "record's quoted content) or \"paraphrase\" (of its rules field), "
                             "each with \"record\"; \"reading\" or \"assumption\" "
                             "(docs/rules-format.md)");
  p = with(R"({"source": "six"})");
  EXPECT_EQ(error_of(p), p + at +
                             ".record: missing: a quoted phrase names the evidence record it "
                             "quotes");
  p = with(R"({"assumption": "six", "record": "X"})");
  EXPECT_EQ(error_of(p),
            p + at + ".record: only a quoted phrase (source, paraphrase) names a record");
  p = with(R"({"paraphrase": "six", "record": "X", "page": "3"})");
  EXPECT_EQ(error_of(p), p + at + ".page: only a source's phrase has a page");
  p = with(R"({"reading": "", "note": "x"})");
  EXPECT_EQ(error_of(p), p + at + ".reading: expected a non-empty string");
  // A phrase the loader cannot find anywhere still loads: only `rules check` reads the evidence.
  p = with(R"({"source": "no such words", "record": "NOPE.1", "shown_as": "old label"})");
  EXPECT_EQ(error_of(p), "no error");
  const RuleSet r = load_ruleset_file(p, dir_);
  EXPECT_EQ(r.provenance.at("holes_per_row").count("shown_as"), 0u);  // derived, never stored
}

TEST_F(TempRules, MalformedJsonGivesTheLine) {
  const auto p = write("bad", "{\n  \"name\": \"T\",\n  \"status\" \"x\"\n}");
  EXPECT_EQ(error_of(p), p + ": line 3: malformed JSON");
}

TEST_F(TempRules, AKeyGivenTwiceIsRejectedNotSilentlyOverridden) {
  const auto p = write("bad", R"({"name": "T", "status": "described", "evidence": ["X"],
    "rules": {"holes_per_row": 6, "holes_per_row": 7}})");
  EXPECT_EQ(error_of(p), p + ": rules.holes_per_row: the key is given twice");
  const auto q = write("bad2", R"({"name": "T", "name": "U", "status": "described"})");
  EXPECT_EQ(error_of(q), q + ": name: the key is given twice");
}

TEST_F(TempRules, AMissingParentIsNamed) {
  const auto p = write("child", R"({"extends": "toy/nothing"})");
  EXPECT_EQ(error_of(p), p + ": extends: no ruleset 'toy/nothing'");
}

TEST_F(TempRules, AnExtendsThatCannotBeAnIdIsRejectedNotLookedUp) {
  // Found by fuzzing: a parent of 300 characters made the file system throw "File name too long".
  const auto p = write("child", R"({"extends": ")" + std::string(300, 'x') + R"("})");
  EXPECT_EQ(error_of(p), p + ": extends: '" + std::string(80, 'x') +
                             "...' is not a ruleset id (letters, digits, _ - . and /, at most 200 "
                             "characters)");
  const auto q = write("child2", R"({"extends": "../../etc/passwd"})");
  EXPECT_EQ(error_of(q), q + ": extends: '../../etc/passwd' is not a ruleset id (letters, digits, "
                             "_ - . and /, at most 200 characters)");
}

TEST_F(TempRules, AnExtendsCycleIsRejected) {
  write("a", R"({"extends": "toy/b"})");
  const auto p = write("b", R"({"extends": "toy/a"})");
  EXPECT_EQ(error_of(p), p + ": extends: cycle toy/b -> toy/a -> toy/b");
}

// Issue 35: "the family's <game>/dlp readings quote the DLP's paraphrase throughout: their
// witness is paraphrase" (each phrase found in the record's rules field by rules check); the seed
// games' words are told apart: Sonka's six counters are the paraphrase's, Vanoverbergh's capture
// his own.
TEST(Rulesets, TheFamilysReadingsQuoteOnlyTheDlpParaphraseAndTheSeedGamesTellTheWitnessesApart) {
  int family = 0;
  for (const std::string& id : list_ruleset_ids()) {
    const RuleSet r = load_ruleset(id);
    const bool dlp = !r.evidence.empty() &&
                     std::all_of(r.evidence.begin(), r.evidence.end(), [](const std::string& e) {
                       return e.starts_with("DLP.Ruleset.");
                     });
    if (!dlp) continue;
    ++family;
    for (const auto& [key, entry] : r.provenance) {
      EXPECT_FALSE(entry.count("source")) << id << ": " << key;
      EXPECT_FALSE(entry.count("reading")) << id << ": " << key;
      if (entry.count("paraphrase")) {
        EXPECT_TRUE(entry.at("record").starts_with("DLP.")) << id << ": " << key;
      }
    }
  }
  EXPECT_GE(family, 61);  // a reading of each of the 61 games, and second readings
  const RuleSet sonka = load_ruleset("sonka/vanoverbergh_1927");
  EXPECT_EQ(sonka.provenance.at("counters_per_hole").count("paraphrase"), 1u);
  EXPECT_EQ(sonka.provenance.at("capture").count("source"), 1u);
  const RuleSet otep = load_ruleset("otep/beaton_1939");
  EXPECT_EQ(otep.provenance.at("direction").at("paraphrase"),
            "Sowing proceeds in an anti-0clockwise direction.");
  EXPECT_EQ(otep.provenance.at("reverse_privilege").count("source"), 1u);
}

TEST(Rulesets, AGameNameMeansItsDefaultRuleset) {
  EXPECT_EQ(load_ruleset("toguz_kumalak").id, "toguz_kumalak/standard");
}

// Issue 27: "an unknown ruleset or game name suggests the nearest ones ('did you mean
// khutka_boia?')": a game's name first, the ids when no game name is near; a path that names no
// file says so.
TEST(Rulesets, AnUnknownRulesetSuggestsTheNearestNames) {
  const auto refused = [](const std::string& name) {
    try {
      load_ruleset(name);
      return std::string("(loaded)");
    } catch (const RuleError& e) {
      return std::string(e.what());
    }
  };
  const std::string all = " ('mancala rules list' names them all)";
  EXPECT_EQ(refused("khutka_boya"),
            "khutka_boya: unknown ruleset; did you mean khutka_boia?" + all);
  EXPECT_EQ(refused("toguz"), "toguz: unknown ruleset; did you mean toguz_kumalak?" + all);
  EXPECT_EQ(refused("Toguz-Kumalk"),
            "Toguz-Kumalk: unknown ruleset; did you mean toguz_kumalak?" + all);
  EXPECT_EQ(refused("otep/beaton1939"),
            "otep/beaton1939: unknown ruleset; did you mean otep/beaton_1939?" + all);
  EXPECT_EQ(refused("chess"), "chess: unknown ruleset" + all);
  EXPECT_EQ(refused("./nonexistent.json"), "./nonexistent.json: no such file");
  EXPECT_EQ(refused("missing/ruleset.json"), "missing/ruleset.json: no such file");
}

TEST(Rulesets, EveryShippedRulesetPassesTheCheck) {
  const auto problems = check_rulesets({rulesets_dir().string()});
  for (const auto& p : problems) ADD_FAILURE() << p;
}

TEST(Rulesets, EveryRulesetWithRelayChainsSaysWhyItsBoundIsWhatItIs) {
  // A relay chain can loop; the bound that stops it is a reconstruction choice, so it needs a
  // stated reason, not "(default; no provenance)".
  for (const auto& id : list_ruleset_ids()) {
    const RuleSet r = load_ruleset(id);
    if (r.relay == Relay::kNone) continue;
    EXPECT_TRUE(r.provenance.count("max_sowings_per_move")) << id;
  }
}

TEST(Rulesets, TheHashChangesWithAnyRuleAndOnlyWithRules) {
  RuleSet a = load_ruleset("toguz_kumalak/standard");
  RuleSet b = a;
  b.summary = "other prose";
  EXPECT_EQ(rules_hash(a), rules_hash(b));
  b.tuzdyk_forbid_last_hole = false;
  EXPECT_NE(rules_hash(a), rules_hash(b));
}

}  // namespace
}  // namespace mancala::sim
