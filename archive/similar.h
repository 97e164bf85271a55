// `mancala evidence similar GAME` (issue 23): the games nearest to one game by their board (rows,
// holes per row, counters per hole), where they were played and when, each with the reason in
// words ("same board 2x7, 420 km, overlapping dates"). A game's profile joins its records: the
// board from the first record that gives one, the place from the first placed record (the
// curated records come before the DLP's descriptions), the dates spanning all its dated records.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "archive/geo.h"
#include "archive/record.h"

namespace mancala::archive {

// What the comparison knows of one game.
struct GameProfile {
  std::string key, name;
  std::string record_id;  // the record the board comes from (else the first record)
  BoardFacts board;
  std::optional<GeoArea> area;  // where it was played: a point (radius 0), a region's outline
  std::string place;            // the place's name, or the record's coordinates as written
  std::optional<int64_t> day_from, day_to;  // first and last day of its dated records
};

struct SimilarGame {
  GameProfile game;
  double score = 0;    // smaller is nearer
  std::string reason;  // "same board 2x7, 420 km, overlapping dates"
};

// Distances between named places already measured, for callers that compare many games (the
// report's record pages): two outlines are compared vertex by vertex, which for countries with
// thousands of vertices is the whole cost. Keyed by the two place names, in order.
using PlaceDistances = std::map<std::pair<std::string, std::string>, double>;

// The `limit` games of `others` nearest to `target` (never `target` itself), nearest first, ties
// by name. The score adds: the board (2 for other rows, a quarter per hole of difference up to 2,
// a quarter for other counters; 1.5 when either board is unknown), the distance (1 per 2,000 km
// up to 5; 2 when either place is unknown) and the years between the dates (1 per 200 years up to
// 5; 1 when either is undated).
// `cache`, when given, keeps the distances between named places from one call to the next.
std::vector<SimilarGame> similar_games(const GameProfile& target,
                                       const std::vector<GameProfile>& others, size_t limit,
                                       PlaceDistances* cache = nullptr);

// "2x7" (rows x holes per row), "2x?" when the holes are open, "" when the rows are unknown.
std::string board_text(const BoardFacts& board);

}  // namespace mancala::archive
