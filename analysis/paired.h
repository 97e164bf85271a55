// Differences between two runs whose games are paired: played with the same random numbers (game
// g of both from the stream (seed, g)), so game g of one run is game g of the other under other
// rules, and the difference is taken game by game (sim::GameOutcome, kept when the runs are played
// with BatchOptions::keep_outcomes). Pairing removes the luck the two runs share: the intervals
// are narrower than the independent samples' and still exact in their coverage.
//
// The comparisons of reconstructions (compare_builder.h) and the report's sensitivity verdicts
// (sensitivity_builder.h) use these; each returns the interval at the confidence asked for and the
// test it inverts (stats/tested.h), so a mark "significant" and the interval always agree.
#pragma once

#include <string>
#include <vector>

#include "simulator/run_stats.h"
#include "stats/tested.h"

namespace mancala::analysis {

using sim::GameOutcome;
using Outcomes = std::vector<GameOutcome>;

// Whether two runs' outcomes pair game by game: both kept, the same number of games.
bool pairable(const sim::GameTally& a, const sim::GameTally& b);

// A game's outcome ended in a result (not cut off at the safety bound).
bool finished(const GameOutcome& g);
// P1's score of a finished game: +1 a win, -1 a loss, 0 a draw.
int first_player_score(const GameOutcome& g);

// The rate of `event` among the games where `trial` holds, b's minus a's, over the pairs where
// `trial` holds in both: McNemar's test and Tango's paired interval
// (stats::paired_proportion_difference).
stats::TestedDifference paired_rate(const Outcomes& a, const Outcomes& b,
                                    bool (*trial)(const GameOutcome&),
                                    bool (*event)(const GameOutcome&), double confidence);

// The first-player advantage, b's minus a's, over the games finished in both: the paired t of the
// score differences (stats::mean_difference).
stats::TestedDifference paired_advantage(const Outcomes& a, const Outcomes& b, double confidence);

// The mean of `value`, b's minus a's, over every game: the paired t of the differences.
stats::TestedDifference paired_mean(const Outcomes& a, const Outcomes& b,
                                    std::int64_t (*value)(const GameOutcome&), double confidence);

// The clusters (matches) of a round-level ratio: per game, `events` among `trials` rounds.
std::vector<stats::Cluster> clusters(const Outcomes& games,
                                     std::uint64_t (*events)(const GameOutcome&),
                                     std::uint64_t (*trials)(const GameOutcome&));

// An interval's end as printed beside a significance mark: `scale` times x with a sign and
// `decimals` digits, or more digits (up to 6) when those would print a non-zero end as zero, so
// that "significant" holds exactly when the printed interval excludes 0.
std::string interval_end(double x, double scale, int decimals);

// An estimate with its interval as printed: both ends by interval_end, and the estimate (signed,
// times `scale`) with as many digits as the ends took, so that it prints inside its printed
// interval (rounding at one number of digits keeps the order: "-0.03 [-0.1, -0.01]", never
// "0.0 [-0.1, -0.01]").
struct PrintedInterval {
  std::string estimate, low, high;
};
PrintedInterval printed_interval(double estimate, const stats::Interval& interval, double scale,
                                 int decimals);

}  // namespace mancala::analysis
