// `mancala evidence similar GAME` (issues 23 and 39): the games nearest to one game by their
// board (rows, holes per row, counters per hole), where they were played and when, and what a
// source says of the two, each with the reason in words ("same board 2x7, 420 km, overlapping
// dates"). A game's profile joins its records: the board from the first record that gives one,
// the place from the first placed record (the curated records come before the DLP's
// descriptions), the dates spanning all its dated records, the quoted words of each record.
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
  std::vector<std::string> names;           // its name and aliases, as a source may name it
  // A record's quoted words (its content field), with who wrote them ("Beaton 1939", from the
  // record's first source).
  struct Quote {
    std::string record_id, author_year, text;
  };
  std::vector<Quote> quotes;
};

// Where a source compares one game with another in its own words: a phrase such as "in the same
// way as", "the same as", "similar to" or "like", followed within a few words by one of `names`
// (whole words, any case): the words quoted from up to four words before the phrase to the name
// ("set out in the same way as for Ryakati"), or "" when the text makes no such comparison.
std::string comparison_in(const std::string& text, const std::vector<std::string>& names);

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
// by name. The score (smaller is nearer; docs/archive.md, "Similar games") adds: the board (2 for
// other rows, a quarter per hole of difference up to 2; 1.5 when either board is unknown), the
// counters a hole (0 the same, a half different, a twentieth when either is unknown), the distance
// (1 per 2,000 km up to 5; 2 when either place is unknown), the years between the dates as a
// reader counts them, from the end of the earlier range to the start of the later (1 per 200
// years up to 5; 1 when either is undated), and takes 4 off when a record of either game compares
// it with the other in its source's words (comparison_in).
// `cache`, when given, keeps the distances between named places from one call to the next.
std::vector<SimilarGame> similar_games(const GameProfile& target,
                                       const std::vector<GameProfile>& others, size_t limit,
                                       PlaceDistances* cache = nullptr);

// "2x7" (rows x holes per row), "2x?" when the holes are open, "" when the rows are unknown.
std::string board_text(const BoardFacts& board);

}  // namespace mancala::archive
