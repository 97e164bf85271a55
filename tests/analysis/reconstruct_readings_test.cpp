// The readings files and the space they span (analysis/reconstruct_readings.h; issue 24 "The
// readings file" and "Generate").
#include "analysis/reconstruct_readings.h"

#include <gtest/gtest.h>

#include <cctype>
#include <filesystem>
#include <map>
#include <set>

#include "common/paths.h"
#include "common/strict_json.h"
#include "common/text.h"
#include "simulator/ruleset_io.h"
#include "tests/analysis/reconstruct_test_util.h"

namespace mancala::analysis {
namespace {

using nlohmann::json;
using test_support::error_of;
using testing::readings_of;

const std::vector<std::string> kShippedGames = {"toguz_kumalak", "khutka_boia", "mawkar_katiya",
                                                "sonka",         "otep",        "kalah"};

// White space collapsed: "verbatim, up to white space" (docs/terms.md).
std::string normalised(const std::string& s) { return collapse_space(s); }

// Each evidence record's fields by "<id> <field>" ("DLP.Evidence.693 content"), normalised, read
// here from the files rather than through the witness check.
std::map<std::string, std::string> evidence_fields() {
  std::map<std::string, std::string> texts;
  for (const auto& e : std::filesystem::directory_iterator(data_dir() / "evidence")) {
    if (e.path().extension() != ".json") continue;
    const json j = read_json_file(e.path().string());
    const json records = j.is_array() ? j : j.value("records", json::array({j}));
    for (const json& r : records) {
      for (const char* field : {"rules", "content"})
        texts[r["id"].get<std::string>() + " " + field] = normalised(r.value(field, ""));
    }
  }
  return texts;
}

// The field a quoted phrase's witness names (docs/terms.md).
std::string field_of(const std::string& witness) {
  return witness == "source" ? "content" : witness == "paraphrase" ? "rules" : "";
}

// "The phrase of each choice in data/readings/*.json names its witness": every phrase quoted from
// the field its witness names, of a record the base cites; every alternative with its reason.
TEST(Readings, EveryShippedFileLoadsQuotesItsWitnessVerbatimAndGivesEveryAlternativeAReason) {
  const auto texts = evidence_fields();
  for (const std::string& game : kShippedGames) {
    const std::string path = default_readings_path(game);
    ASSERT_FALSE(path.empty()) << game;
    const Readings r = load_readings(path);
    EXPECT_EQ(r.game, game);
    const sim::RuleSet base = sim::load_ruleset(r.base);
    EXPECT_EQ(base.game, game);
    const std::set<std::string> cited(base.evidence.begin(), base.evidence.end());
    const auto quoted = [&](const sim::Witness& w, const std::string& what) {
      ASSERT_FALSE(field_of(w.kind).empty()) << what << ": witness '" << w.kind << "'";
      EXPECT_TRUE(cited.count(w.record)) << what << ": " << w.record << " is not cited";
      const auto it = texts.find(w.record + " " + field_of(w.kind));
      ASSERT_NE(it, texts.end()) << what << ": no record " << w.record;
      EXPECT_NE(it->second.find(normalised(w.text)), std::string::npos)
          << what << ": not in the " << field_of(w.kind) << " field of " << w.record;
    };
    for (const Choice& c : r.choices) {
      EXPECT_EQ(c.witness.text, c.phrase) << game << ": " << c.id;
      quoted(c.witness, game + ": " + c.id);
      for (const Alternative& a : c.alternatives) {
        EXPECT_FALSE(a.because.empty()) << game << ": " << c.id << "." << a.name;
        if (!a.witness.kind.empty()) quoted(a.witness, game + ": " + c.id + "." + a.name);
      }
    }
  }
}

// "a phrase quoted from the paraphrase is never taken for the source's words": Sonka's turns
// choice quotes Vanoverbergh (content), its together choice the DLP's paraphrase (rules).
TEST(Readings, SonkasPhrasesNameTheirWitness) {
  const Readings r = load_readings(default_readings_path("sonka"));
  std::map<std::string, std::string> witness;
  for (const Choice& c : r.choices) witness[c.id] = c.witness.kind + " " + c.witness.record;
  EXPECT_EQ(witness.at("turns"), "source DLP.Evidence.693");
  EXPECT_EQ(witness.at("together"), "paraphrase DLP.Evidence.693");
}

// "The shipped alternative rulesets' disputed keys are the first choice points": every key an
// alternative ruleset of the game changes is a choice, unless the file says why it is left out.
TEST(Readings, EveryShippedAlternativeRulesetsDisputedKeyIsAChoiceOrLeftOutWithAReason) {
  for (const std::string& game : kShippedGames) {
    const Readings r = load_readings(default_readings_path(game));
    std::set<std::string> offered, left_out;
    for (const Choice& c : r.choices) {
      for (const Alternative& a : c.alternatives) {
        for (const auto& [key, value] : a.rules.items()) offered.insert(key);
      }
    }
    for (const LeftOut& l : r.left_out) left_out.insert(l.what);
    for (const std::string& id : sim::list_ruleset_ids()) {
      if (!id.starts_with(game + "/") || id == r.base) continue;
      const sim::RuleSet alternative = sim::load_ruleset(id);
      if (left_out.count(id)) continue;
      const json mine = sim::rules_to_json(alternative);
      const json base = sim::rules_to_json(sim::load_ruleset(r.base));
      for (const auto& [key, value] : mine.items()) {
        if (base[key] == value || is_stopping_threshold(key)) continue;
        EXPECT_TRUE(offered.count(key)) << id << " disputes " << key << ", which " << game
                                        << ".json neither offers nor leaves out";
      }
    }
  }
}

TEST(Readings, TheBasesReadingIsTheReferenceOfEachChoice) {
  const Readings r = readings_of(testing::kKalahTwoChoices);
  ASSERT_EQ(r.choices.size(), 2u);
  EXPECT_EQ(r.choices[0].reference, 0u);
  EXPECT_EQ(r.choices[1].reference, 0u);
}

// "Bad input gets a clear error": each mistake a readings file can hold, named where it is.
TEST(Readings, BadFilesAreRefusedNamingTheChoiceAlternativeAndKey) {
  const auto with = [](const std::string& alternatives) {
    return R"({"game": "kalah", "base": "kalah/standard", "choices": [{"id": "c", "phrase": "p", "witness": "assumption",
      "alternatives": [)" +
           alternatives + "]}]}";
  };
  const std::string base_alt = R"({"name": "base", "rules": {}, "because": "b"})";
  EXPECT_EQ(error_of([&] {
              readings_of(with(base_alt + R"(, {"name": "x", "rules": {"captur": "none"},
                "because": "b"})"));
            }),
            "test.json: choices[0]: alternatives[1]: rules.captur: unknown rule key (see "
            "'mancala rules keys')");
  EXPECT_EQ(error_of([&] {
              readings_of(with(base_alt + R"(, {"name": "x", "rules": {"capture": "sideways"},
                "because": "b"})"));
            }),
            "test.json: choices[0]: alternatives[1]: rules.capture: 'sideways' is not one of "
            "none|even_in_opponent_row|after_empty_next|opposite_empty_next|"
            "opposite_last_in_own_row|resow_opposite_pair|empty_own_hole|empty_hole|count|"
            "count_sown_holes|inner_facing|next_after_empty|occupied_inner_facing");
  EXPECT_EQ(error_of([&] {
              readings_of(with(base_alt + R"(, {"name": "x", "rules": {"max_plies": 100},
                "because": "b"})"));
            }),
            "test.json: choices[0]: alternatives[1]: rules.max_plies: a stopping threshold, not a "
            "reading of the text: it stays at the base's value");
  EXPECT_EQ(error_of([&] {
              readings_of(with(R"({"name": "a", "rules": {"capture": "none"}, "because": "b"},
                {"name": "x", "rules": {"capture": "after_empty_next"}, "because": "b"})"));
            }),
            "test.json: choices[0]: alternatives: none is the base's reading (an alternative "
            "whose keys hold the base's values, such as \"rules\": {}): the effects are measured "
            "against it");
  EXPECT_EQ(error_of([&] {
              readings_of(with(base_alt + R"(, {"name": "same", "rules": {"stores": "sown"},
                "because": "b"})"));
            }),
            "test.json: choices[0]: alternatives: 'base' and 'same' are both the base's reading "
            "(their keys hold its values)");
  EXPECT_EQ(error_of([&] { readings_of(with(base_alt + ", " + base_alt)); }),
            "test.json: choices[0]: alternatives[1]: name: 'base' is given twice in this choice");
  EXPECT_EQ(error_of([&] { readings_of(with(base_alt)); }),
            "test.json: choices[0]: alternatives: a choice needs two alternatives or more");
  EXPECT_EQ(error_of([&] {
              readings_of(with(base_alt + R"(, {"name": "x", "rules": {"relay": "next_hole"}})"));
            }),
            "test.json: choices[0]: alternatives[1]: because: missing");
  EXPECT_EQ(
      error_of([] { readings_of(R"({"game": "otep", "base": "kalah/standard", "choices": []})"); }),
      "test.json: base: kalah/standard is a ruleset of kalah, not of otep");
  EXPECT_EQ(error_of([] {
              readings_of(R"({"game": "kalah", "base": "kalah/standard", "choices": [],
                "agent": "deep"})");
            }),
            "test.json: agent: 'deep' is not an agent (see docs/agents.md)");
  EXPECT_EQ(
      error_of([] { readings_of(R"({"game": "kalah", "base": "kalah/standard", "choice": []})"); }),
      "test.json: choice: unknown key (expected agent, agent_because, base, choices, "
      "game, left_out)");
  // A key belongs to one choice point: otherwise a combination would set it twice.
  EXPECT_EQ(error_of([] {
              readings_of(R"({"game": "kalah", "base": "kalah/standard", "choices": [
                {"id": "a", "phrase": "p", "witness": "assumption", "alternatives": [{"name": "base", "rules": {},
                  "because": "b"}, {"name": "x", "rules": {"relay": "next_hole"}, "because": "b"}]},
                {"id": "b", "phrase": "p", "witness": "assumption", "alternatives": [{"name": "base", "rules": {},
                  "because": "b"}, {"name": "y", "rules": {"relay": "landing_hole"},
                  "because": "b"}]}]})");
            }),
            "test.json: choices[1]: rules.relay: also set by choice 'a': a rule key belongs to "
            "one choice point");
}

// "drop combinations rules check refuses, counting them with the reason": Mawkar Katiya's relay
// from the facing hole cannot go with the capture opposite the empty next hole.
TEST(Space, MawkarKatiyaRefusesTheFacingRelayWithTheOppositeCaptureAndCountsWhy) {
  const Space space = generate_space(load_readings(default_readings_path("mawkar_katiya")));
  EXPECT_EQ(space.generated, 32u);
  EXPECT_EQ(space.refused.size(), 8u);
  EXPECT_EQ(space.candidates.size(), 24u);
  for (const Refusal& r : space.refused) {
    EXPECT_EQ(r.reason,
              "rules.capture: this capture looks at the next hole: it needs relay "
              "next_hole, next_after_occupied_landing or next_after_empty_landing");
    EXPECT_EQ(pick_json(space.readings, r.pick)["capture"], "opposite_the_empty");
    EXPECT_EQ(pick_json(space.readings, r.pick)["relay"], "facing_hole");
    EXPECT_EQ(space.candidate_of[combination_index(space, r.pick)], -1);
  }
}

// "merge combinations with identical rules (same rules hash)".
TEST(Space, CombinationsWithTheSameResolvedRulesAreOneCandidate) {
  const Space space = generate_space(readings_of(R"({
    "game": "kalah", "base": "kalah/standard",
    "choices": [{"id": "facing", "phrase": "p", "witness": "assumption", "alternatives": [
      {"name": "no_capture", "rules": {}, "because": "b"},
      {"name": "last_counter", "rules": {"capture_empty_facing": true}, "because": "b"},
      {"name": "last_counter_again", "rules": {"capture_empty_facing": true,
       "store_extra_move": true}, "because": "the same rules written otherwise"}]}]})"));
  EXPECT_EQ(space.generated, 3u);
  ASSERT_EQ(space.candidates.size(), 2u);
  EXPECT_EQ(space.candidates[1].same_rules, (std::vector<Pick>{{2}}));
  EXPECT_EQ(space.candidate_of, (std::vector<int>{0, 1, 1}));
  EXPECT_EQ(space.candidates[0].rules_hash, sim::rules_hash(sim::load_ruleset("kalah/standard")));
  EXPECT_EQ(space.candidates[1].rules_hash,
            sim::rules_hash(sim::load_ruleset("kalah/empty_capture")));
  EXPECT_EQ(space.candidates[1].rules.id, "kalah/reading_2");
}

TEST(Space, TheFirstChoiceVariesSlowest) {
  const Space space = generate_space(readings_of(testing::kKalahTwoChoices));
  ASSERT_EQ(space.candidates.size(), 4u);
  EXPECT_EQ(space.candidates[1].pick, (Pick{0, 1}));
  EXPECT_EQ(pick_label(space.readings, space.candidates[1].pick), "store=once");
  EXPECT_EQ(pick_label(space.readings, space.candidates[0].pick), "the base's reading");
  for (size_t i = 0; i < 4; ++i) EXPECT_EQ(combination_index(space, pick_of(space, i)), i);
}

// "hide one clause ..., offer the vocabulary's values for that key as alternatives".
TEST(Space, HidingAClauseOffersEveryValueOfTheVocabularyWithTheTrueOneAsReference) {
  const Readings r = hide_clause("kalah/standard", "capture");
  ASSERT_EQ(r.choices.size(), 1u);
  const Choice& c = r.choices[0];
  // seven, the family's five (issue 25) and Bao's occupied_inner_facing (issue 38)
  EXPECT_EQ(c.alternatives.size(), 13u);
  EXPECT_EQ(c.alternatives[c.reference].name, "empty_own_hole");
  EXPECT_EQ(c.phrase,
            "If the last counter falls into an empty hole on his own side and the opposite hole "
            "holds counters, he takes both the last counter and the counters of the opposite hole "
            "into his store.");
  const Space space = generate_space(r);
  // Captures judged on the next hole need a relay; even_in_opponent_row needs none (Kalah has
  // none, so it plays): rules check refuses the other three, three of the family's captures
  // on Kalah's board and keys, and Bao's (two rows a player, its own relay and keys).
  EXPECT_EQ(space.refused.size(), 7u);
  EXPECT_EQ(hide_clause("kalah", "counters_per_hole").choices[0].alternatives.size(), 20u);
  EXPECT_EQ(error_of([] { hide_clause("kalah", "opening_hole"); }),
            "--hide: opening_hole: takes 33 values (int 0..32): at most 32 can be offered");
  EXPECT_EQ(error_of([] { hide_clause("kalah", "no_progress_turns"); }),
            "--hide: no_progress_turns: a stopping threshold, not a clause of the rules");
  EXPECT_EQ(error_of([] { hide_clause("kalah", "nope"); }),
            "--hide: nope: unknown rule key (see 'mancala rules keys')");
}

// "--write DIR writes chosen candidates as rulesets that extend the base, with provenance
// composed from the choice points, which pass rules check": every candidate of every shipped
// space, checked the way 'mancala rules check FILE' checks it.
TEST(Space, EveryCandidateWrittenAsARulesetPassesRulesCheckAndResolvesToItsRules) {
  test_support::TempDir dir("reconstruct-write");
  std::vector<std::string> files;
  std::map<std::string, std::string> hashes;
  for (const std::string& game : kShippedGames) {
    const Space space = generate_space(load_readings(default_readings_path(game)));
    for (const Candidate& c : space.candidates) {
      const std::string file = dir / (game + "/reading_" + std::to_string(c.number) + ".json");
      test_support::write_text(file, candidate_ruleset_json(space, c).dump(2));
      files.push_back(file);
      hashes[file] = c.rules_hash;
    }
  }
  EXPECT_EQ(sim::check_rulesets(files), std::vector<std::string>{});
  for (const std::string& file : files)
    EXPECT_EQ(sim::rules_hash(sim::load_ruleset(file)), hashes[file]) << file;
}

// A written ruleset names its readings file the same way on every machine: by its path under
// the data folder, however the file was given, else by its file name.
TEST(Space, WrittenRulesetsNameTheReadingsFileWithoutTheMachinesPath) {
  const std::string absolute = std::filesystem::absolute(default_readings_path("otep")).string();
  const Space space = generate_space(load_readings(absolute));
  const std::string summary =
      candidate_ruleset_json(space, space.candidates.front())["summary"].get<std::string>();
  EXPECT_NE(summary.find("(mancala reconstruct, data/readings/otep.json; rules hash "),
            std::string::npos)
      << summary;
  EXPECT_EQ(summary.find(std::filesystem::current_path().string()), std::string::npos) << summary;
  EXPECT_EQ(portable_origin("/elsewhere/mine/readings.json"), "readings.json");
  EXPECT_EQ(portable_origin("--hide capture"), "--hide capture");
}

}  // namespace
}  // namespace mancala::analysis
