// Archive speed: importing 100,000 synthetic evidence records into a fresh database, then
// full-text, date-range and great-circle radius queries over them (build/bench/mancala_bench
// --benchmark_filter=Archive). The records are generated from a fixed seed, so every run
// measures the same data.
#include <benchmark/benchmark.h>
#include <stdlib.h>

#include <filesystem>
#include <memory>
#include <random>

#include "archive/listing.h"
#include "archive/store.h"
#include "common/paths.h"

namespace {

namespace ar = mancala::archive;

constexpr int kRecords = 100000;

// Words drawn for the synthetic rules and content; "tuzdyk" is put into 1% of the records.
const std::vector<std::string>& vocabulary() {
  static const std::vector<std::string> words = [] {
    std::vector<std::string> w = {
        "board",   "hole",     "holes",         "counter",   "counters", "sow",      "sowing",
        "capture", "captures", "store",         "row",       "rows",     "player",   "players",
        "turn",    "round",    "anticlockwise", "clockwise", "relay",    "opposite", "empty",
        "last",    "next",     "pebbles",       "seeds",     "stones",   "game",     "games",
        "winner",  "played",   "village"};
    for (int i = 0; i < 400; ++i) w.push_back("word" + std::to_string(i));
    return w;
  }();
  return words;
}

std::string sentence(std::mt19937_64& rng, int words) {
  std::uniform_int_distribution<size_t> pick(0, vocabulary().size() - 1);
  std::string out;
  for (int i = 0; i < words; ++i) out += (i == 0 ? "" : " ") + vocabulary()[pick(rng)];
  return out;
}

ar::ImportBatch synthetic_batch(int n) {
  std::mt19937_64 rng(20240601);
  const std::vector<std::string> games = {"khutka_boia", "toguz_kumalak", "otep", "sonka",
                                          "mawkar_katiya"};
  const std::vector<std::string> types = {"Ethnography", "Artifact", "Text",
                                          "Secondary web source"};
  std::uniform_int_distribution<int> year(-3000, 2000), span(0, 200), percent(0, 99);
  std::uniform_real_distribution<double> lat(-60, 70), lon(-180, 180);
  ar::ImportBatch batch;
  batch.add(ar::Game{"toguz_kumalak", "Toguz Kumalak", {"Togyz Kumalak", "Toguz Korgool"}, 282},
            ar::Origin{"synthetic", "game"});
  for (int i = 0; i < n; ++i) {
    ar::EvidenceRecord r;
    r.id = "BENCH.Evidence." + std::to_string(i);
    r.game = games[static_cast<size_t>(i) % games.size()];
    r.type = types[static_cast<size_t>(percent(rng)) % types.size()];
    int from = year(rng);
    if (from == 0) from = 1;
    int to = from + span(rng);
    if (from < 0 && to >= 0) to += 1;  // no year 0
    r.date_from = ar::HistoricalDate{from, 1, 1};
    r.date_to = ar::HistoricalDate{to, 12, 31};
    if (percent(rng) < 70) {
      r.latitude = lat(rng);
      r.longitude = lon(rng);
      r.location = "synthetic site";
    }
    if (percent(rng) < 80) r.confidence = percent(rng) + 1;
    r.rules = sentence(rng, 40);
    r.content = sentence(rng, 80) + (percent(rng) == 0 ? " tuzdyk" : "");
    r.sources = {"Synthetic source " + std::to_string(i % 500)};
    batch.add(std::move(r), ar::Origin{"synthetic", std::to_string(i)});
  }
  return batch;
}

// A temporary archive with the synthetic records, made once and shared by the query benchmarks.
struct Fixture {
  std::filesystem::path dir;
  std::unique_ptr<ar::Store> store;

  Fixture() {
    std::string pattern =
        (std::filesystem::temp_directory_path() / "mancala-bench-XXXXXX").string();
    if (mkdtemp(pattern.data()) == nullptr) throw std::runtime_error("mkdtemp failed");
    dir = pattern;
    store = std::make_unique<ar::Store>(ar::Store::open((dir / "bench.db").string()));
    store->import(synthetic_batch(kRecords));
  }
  ~Fixture() {
    store.reset();
    std::error_code ec;
    std::filesystem::remove_all(dir, ec);
  }
};

Fixture& fixture() {
  static Fixture f;
  return f;
}

void BM_ArchiveImport100k(benchmark::State& state) {
  const ar::ImportBatch batch = synthetic_batch(kRecords);
  for (auto _ : state) {
    state.PauseTiming();
    std::string pattern =
        (std::filesystem::temp_directory_path() / "mancala-bench-XXXXXX").string();
    if (mkdtemp(pattern.data()) == nullptr) throw std::runtime_error("mkdtemp failed");
    state.ResumeTiming();
    {
      ar::Store store = ar::Store::open(pattern + "/import.db");
      store.import(batch);
    }
    state.PauseTiming();
    std::filesystem::remove_all(pattern);
    state.ResumeTiming();
  }
  state.counters["records/s"] =
      benchmark::Counter(static_cast<double>(kRecords) * static_cast<double>(state.iterations()),
                         benchmark::Counter::kIsRate);
}
BENCHMARK(BM_ArchiveImport100k)->Unit(benchmark::kMillisecond)->Iterations(1)->UseRealTime();

void run_query(benchmark::State& state, const ar::SearchQuery& query) {
  ar::Store& store = *fixture().store;
  size_t hits = 0;
  for (auto _ : state) {
    hits = store.search(query).size();
    benchmark::DoNotOptimize(hits);
  }
  state.counters["hits"] = static_cast<double>(hits);
}

void BM_ArchiveFtsRareWord(benchmark::State& state) { run_query(state, {.text = "tuzdyk"}); }
BENCHMARK(BM_ArchiveFtsRareWord)->Unit(benchmark::kMillisecond);

void BM_ArchiveFtsTwoWordsTop50(benchmark::State& state) {
  run_query(state, {.text = "anticlockwise relay", .limit = 50});
}
BENCHMARK(BM_ArchiveFtsTwoWordsTop50)->Unit(benchmark::kMillisecond);

void BM_ArchiveDateRange(benchmark::State& state) {
  run_query(state, {.from_year = 1900, .to_year = 1910});
}
BENCHMARK(BM_ArchiveDateRange)->Unit(benchmark::kMillisecond);

void BM_ArchiveDateRangeBce(benchmark::State& state) {
  run_query(state, {.from_year = -2600, .to_year = -2590});
}
BENCHMARK(BM_ArchiveDateRangeBce)->Unit(benchmark::kMillisecond);

void BM_ArchiveRadius500km(benchmark::State& state) {
  run_query(state, {.near_latitude = 30.0, .near_longitude = 31.0, .radius_km = 500});
}
BENCHMARK(BM_ArchiveRadius500km)->Unit(benchmark::kMillisecond);

void BM_ArchiveCombined(benchmark::State& state) {
  run_query(state, {.text = "pebbles",
                    .game = "Togyz Kumalak",
                    .from_year = -1000,
                    .to_year = 1000,
                    .min_confidence = 50});
}
BENCHMARK(BM_ArchiveCombined)->Unit(benchmark::kMillisecond);

void BM_ArchiveGetById(benchmark::State& state) {
  ar::Store& store = *fixture().store;
  int i = 0;
  for (auto _ : state) {
    auto record = store.get("BENCH.Evidence." + std::to_string(i));
    benchmark::DoNotOptimize(record);
    i = (i + 7919) % kRecords;
  }
}
BENCHMARK(BM_ArchiveGetById)->Unit(benchmark::kMicrosecond);

}  // namespace

// The project's own corpus (issue 23): data/evidence (six seed records and the DLP's 249 sowing
// games) with data/places (outlines), imported into a fresh file, then the searches a historian
// asks. Targets: the import under 2 s, a search under 20 ms.
namespace dlp {

ar::ImportBatch corpus() {
  ar::ImportBatch batch;
  ar::read_evidence_paths({(mancala::data_dir() / "evidence").string()}, batch);
  batch.places = ar::read_places_folder((mancala::data_dir() / "places").string());
  return batch;
}

struct CorpusFixture {
  std::string dir;
  std::unique_ptr<ar::Store> store;
  CorpusFixture() {
    dir = (std::filesystem::temp_directory_path() / "mancala-bench-dlp-XXXXXX").string();
    if (mkdtemp(dir.data()) == nullptr) throw std::runtime_error("mkdtemp failed");
    store = std::make_unique<ar::Store>(ar::Store::open(dir + "/dlp.db"));
    store->import(corpus());
  }
  ~CorpusFixture() {
    store.reset();
    std::filesystem::remove_all(dir);
  }
};

CorpusFixture& corpus_fixture() {
  static CorpusFixture f;
  return f;
}

void BM_ArchiveDlpImportCorpus(benchmark::State& state) {
  const ar::ImportBatch batch = corpus();
  for (auto _ : state) {
    state.PauseTiming();
    std::string dir = (std::filesystem::temp_directory_path() / "mancala-bench-XXXXXX").string();
    if (mkdtemp(dir.data()) == nullptr) throw std::runtime_error("mkdtemp failed");
    state.ResumeTiming();
    {
      ar::Store store = ar::Store::open(dir + "/import.db");
      store.import(batch);
    }
    state.PauseTiming();
    std::filesystem::remove_all(dir);
    state.ResumeTiming();
  }
  state.counters["records"] = static_cast<double>(batch.records.size());
}
BENCHMARK(BM_ArchiveDlpImportCorpus)->Unit(benchmark::kMillisecond)->Iterations(3)->UseRealTime();

// Reading the files as well (what `mancala evidence import data/evidence` does before writing).
void BM_ArchiveDlpReadCorpusFiles(benchmark::State& state) {
  for (auto _ : state) {
    const ar::ImportBatch batch = corpus();
    benchmark::DoNotOptimize(batch.records.size());
  }
}
BENCHMARK(BM_ArchiveDlpReadCorpusFiles)->Unit(benchmark::kMillisecond);

void run_corpus_query(benchmark::State& state, const ar::SearchQuery& query) {
  ar::Store& store = *corpus_fixture().store;
  size_t hits = 0;
  for (auto _ : state) {
    hits = store.search(query).size();
    benchmark::DoNotOptimize(hits);
  }
  state.counters["hits"] = static_cast<double>(hits);
}

void BM_ArchiveDlpBoard4x8(benchmark::State& state) {
  run_corpus_query(state, {.rows = 4, .holes = 8});
}
BENCHMARK(BM_ArchiveDlpBoard4x8)->Unit(benchmark::kMillisecond);

void BM_ArchiveDlpNearEastAfrica(benchmark::State& state) {
  run_corpus_query(state, {.near_place = "East Africa"});
}
BENCHMARK(BM_ArchiveDlpNearEastAfrica)->Unit(benchmark::kMillisecond);

void BM_ArchiveDlpNearDelhi2000km(benchmark::State& state) {
  run_corpus_query(state, {.near_latitude = 28.61, .near_longitude = 77.21, .radius_km = 2000});
}
BENCHMARK(BM_ArchiveDlpNearDelhi2000km)->Unit(benchmark::kMillisecond);

void BM_ArchiveDlpFourRowsEastAfricaBefore1950(benchmark::State& state) {
  run_corpus_query(state, {.to_year = 1950, .near_place = "East Africa", .rows = 4});
}
BENCHMARK(BM_ArchiveDlpFourRowsEastAfricaBefore1950)->Unit(benchmark::kMillisecond);

void BM_ArchiveDlpTextFours(benchmark::State& state) { run_corpus_query(state, {.text = "fours"}); }
BENCHMARK(BM_ArchiveDlpTextFours)->Unit(benchmark::kMillisecond);

void BM_ArchiveDlpSimilarOtep(benchmark::State& state) {
  ar::Store& store = *corpus_fixture().store;
  size_t found = 0;
  for (auto _ : state) {
    found = store.similar("otep", 10).size();
    benchmark::DoNotOptimize(found);
  }
  state.counters["games"] = static_cast<double>(found);
}
BENCHMARK(BM_ArchiveDlpSimilarOtep)->Unit(benchmark::kMillisecond);

}  // namespace dlp
