#include "simulator/match.h"

#include <algorithm>
#include <cassert>

#include "simulator/ownership.h"

namespace mancala::sim {
namespace {

int held(const Game& game, const State& s, int p) {
  int total = s.store[p] + s.aside[p];
  for (int k = 0; k < game.holes_per_player(); ++k) total += s.holes[game.global(p, k)];
  return total;
}

int8_t first_player_of(const RuleSet& r, int8_t previous_winner, int8_t previous_starter) {
  const auto other = static_cast<int8_t>(1 - previous_starter);
  const bool decided = previous_winner == 0 || previous_winner == 1;
  switch (r.next_starter) {
    case Starter::kAlternate:
      return other;
    case Starter::kPreviousWinner:
      return decided ? previous_winner : other;
    case Starter::kPreviousLoser:
      return decided ? static_cast<int8_t>(1 - previous_winner) : other;
    case Starter::kSame:
      return previous_starter;
  }
  return other;
}

// The holes of each row left to be filled when a round is dealt from `holdings` (before any
// transfer): every hole with holes_out unfilled; with per_five_of_difference the weaker loses one
// for each whole hole's worth of the difference (0 when none is left to him).
std::array<int, 2> holes_left(const RuleSet& r, std::array<int, 2> holdings) {
  const int h = r.holes_per_player;
  std::array<int, 2> left{h, h};
  if (r.holes_out == HolesOut::kPerFiveOfDifference && holdings[0] != holdings[1]) {
    // DLP: "for each multiple of five in the difference a hole on the player with fewer counters'
    // side is eliminated from play". ("Greater than five" agrees: the difference of two holdings
    // summing to 2 x holes x counters_per_hole is even, so it is never exactly five.)
    const int weak = holdings[0] < holdings[1] ? 0 : 1;
    const int lost = (holdings[1 - weak] - holdings[weak]) / r.counters_per_hole;
    left[weak] = std::max(0, h - lost);
  }
  return left;
}

}  // namespace

State start_match(const Game& game, MatchState& match) {
  match = MatchState{};
  const RuleSet& r = game.rules();
  State s = game.initial_state();
  const auto half = static_cast<int16_t>(r.total_counters / 2);
  match.setup.holdings = {half, half};
  match.setup.holes_in_play = {static_cast<uint8_t>(r.holes_per_player),
                               static_cast<uint8_t>(r.holes_per_player)};
  match.start_store = s.store;
  return s;
}

int8_t stop_winner(const RuleSet& r, std::array<int, 2> holdings) {
  switch (r.stop_winner) {
    case StopWinner::kMoreCounters:
      return holdings[0] > holdings[1] ? 0 : holdings[1] > holdings[0] ? 1 : kDraw;
    case StopWinner::kDraw:
      return kDraw;
  }
  return kDraw;
}

bool match_end_reached(const Game& game, std::array<int, 2> holdings, int8_t& winner, RuleEnd* by,
                       int previous0) {
  const RuleSet& r = game.rules();
  const std::array<int, 2> left = holes_left(r, holdings);
  for (int p = 0; p < 2; ++p) {
    if (left[p] == 0) {
      // A player whose every hole is eliminated has nothing to play with: the other has won.
      winner = static_cast<int8_t>(1 - p);
      if (by) *by = RuleEnd::kHolesOut;
      return true;
    }
  }
  if (by) *by = RuleEnd::kMatchEnd;
  switch (r.match_end) {
    case MatchEnd::kAllCounters:
      // "until one player captures all of the counters"
      for (int p = 0; p < 2; ++p) {
        if (holdings[1 - p] == 0) {
          winner = static_cast<int8_t>(p);
          return true;
        }
      }
      return false;
    case MatchEnd::kCannotFillHole: {
      const bool short0 = holdings[0] < r.counters_per_hole;
      const bool short1 = holdings[1] < r.counters_per_hole;
      if (!short0 && !short1) return false;
      winner = short0 && short1 ? kDraw : static_cast<int8_t>(short0 ? 1 : 0);
      return true;
    }
    case MatchEnd::kAllHoles: {
      // Issue 38, ownership: Rio Kadalis: "Play continues in several rounds like this until one
      // player captures all the holes."
      const int owned0 = holes_owned(r, holdings, previous0);
      if (owned0 != 0 && owned0 != r.total_holes) return false;
      winner = static_cast<int8_t>(owned0 == 0 ? 1 : 0);
      return true;
    }
  }
  return false;
}

RoundRecord finish_round(const Game& game, MatchState& match, State& s) {
  assert(s.over);
  RoundRecord record{};
  record.setup = match.setup;
  record.reason = s.reason;
  record.rule_end = s.rule_end;
  record.completion = completion_of(s.reason, game.ending_class(s.rule_end));
  record.plies = s.ply;
  const RoundSetup& setup = match.setup;
  if (setup.bha_owner != kNobody && setup.bha_owed > 0) {
    // Khutka Boia: "At the end of the round, the player who created the bha must return the
    // number of counters given to them at the beginning of the round back to the other player."
    const int b = setup.bha_owner;
    const int owed = std::min<int>(setup.bha_owed, s.store[b]);
    s.store[b] = static_cast<int16_t>(s.store[b] - owed);
    s.store[1 - b] = static_cast<int16_t>(s.store[1 - b] + owed);
    if (s.reason != EndReason::kSafetyBound) {
      const int h0 = held(game, s, 0), h1 = held(game, s, 1);
      s.winner = h0 > h1 ? 0 : h1 > h0 ? 1 : kDraw;
    }
  }
  record.winner = s.winner;
  for (int p = 0; p < 2; ++p)
    record.captured[p] = static_cast<int16_t>(s.store[p] - match.start_store[p]);
  if (game.rules().match && s.reason != EndReason::kSafetyBound) {
    // A round that ends with counters still in holes (end_on_majority, no_move end_mover_loses):
    // each player takes what is in his own holes, as the no-move rule end_owners_take_rows has
    // it, so that every counter is someone's when the next round is dealt (issue 12: they were
    // dropped). They are not counted as captured.
    for (int pos = 0; pos < game.rules().total_holes; ++pos) {
      // Its owner in this round (hole_ownership); the row's player where no hole changed owner.
      const int p = s.ceded != 0 ? game.owner_in(s, pos) : game.owner(pos);
      s.store[p] = static_cast<int16_t>(s.store[p] + s.holes[pos]);
      s.holes[pos] = 0;
    }
  }
  for (int p = 0; p < 2; ++p) record.holdings[p] = static_cast<int16_t>(s.store[p] + s.aside[p]);
  match.holdings = record.holdings;
  ++match.rounds;
  return record;
}

bool next_round(const Game& game, MatchState& match, State& s, Rng& rng, int given_side) {
  const RuleSet& r = game.rules();
  auto finish = [&](int8_t winner, EndReason reason, RuleEnd rule = RuleEnd::kNone) {
    match.over = true;
    match.winner = winner;
    match.reason = reason;
    match.rule_end = reason == EndReason::kRule ? rule : RuleEnd::kNone;
    return false;
  };
  if (!r.match) return finish(s.winner, s.reason, s.rule_end);
  if (s.reason == EndReason::kSafetyBound) return finish(kNobody, EndReason::kSafetyBound);
  const std::array<int, 2> holdings{match.holdings[0], match.holdings[1]};
  int8_t winner = kNobody;
  RuleEnd by = RuleEnd::kNone;
  // hole_ownership: the holes each player owned in the round just played (s.ceded).
  const int previous0 = r.hole_ownership == HoleOwnership::kNone ? -1 : owned_by_first(game, s);
  if (match_end_reached(game, holdings, winner, &by, previous0))
    return finish(winner, EndReason::kRule, by);
  if (r.stop_after_rounds > 0 && match.rounds >= r.stop_after_rounds) {
    // The reconstruction's stopping rule; who has won is stop_winner's: the holder of more (Das-
    // Gupta: "the player who has the greater number of pieces with him without any restriction as
    // to the time or the number of games is considered the winner"), or nobody.
    winner = stop_winner(r, holdings);
    return finish(winner, EndReason::kStopAfterRounds);
  }
  if (match.rounds >= r.max_rounds) return finish(kNobody, EndReason::kSafetyBound);
  int bha_side = r.bha_hole == BhaHole::kRightmost ? 1 : 0;
  const int c = r.counters_per_hole;
  const bool two_three =
      r.remainder == Remainder::kSettleFives && (holdings[0] % c == 2 || holdings[0] % c == 3);
  // The Bhadar's choice of end: agents have no view on it, so it is drawn.
  if (two_three && r.bha_hole == BhaHole::kEither)
    bha_side = given_side >= 0 ? given_side : static_cast<int>(rng.below(2));
  RoundSetup setup = RoundSetup::none();
  // odd_hole_tie lots: drawn from the run's generator, only when the remainders are equal.
  const int lot = draws_lot(r, holdings) ? static_cast<int>(rng.below(2)) : -1;
  const int owned0 =
      r.hole_ownership == HoleOwnership::kNone ? -1 : holes_owned(r, holdings, previous0, lot);
  if (owned0 == 0 || owned0 == r.total_holes) {
    // The lot, or the round won (winner_gains_hole), gave one player every hole.
    return finish(static_cast<int8_t>(owned0 == 0 ? 1 : 0), EndReason::kRule, RuleEnd::kMatchEnd);
  }
  State next = deal_round(game, holdings, s.winner, match.setup.starter, bha_side, setup, owned0);
  next.round = static_cast<uint8_t>(std::min(match.rounds, 255));
  if (r.match_end == MatchEnd::kAllCounters) {
    // A player who gave his last counters away in the settlement holds nothing: the other has all.
    for (int p = 0; p < 2; ++p) {
      if (held(game, next, p) == 0) {
        match.holdings[p] = 0;
        match.holdings[1 - p] = static_cast<int16_t>(r.total_counters);
        return finish(static_cast<int8_t>(1 - p), EndReason::kRule, RuleEnd::kMatchEnd);
      }
    }
  }
  s = next;
  match.setup = setup;
  match.start_store = s.store;
  return true;
}

namespace {

// Khutka Boia: "the sum of the excess pieces which are with the two players will be five"; the
// two remainders always sum to 0 or 5, as the total is a multiple of five. Moves the smaller
// remainder to the other player in `have` and records the 1-4 tribute or the 2-3 bha.
void settle_fives(const RuleSet& r, std::array<int, 2>& have, RoundSetup& setup) {
  const int c = r.counters_per_hole;
  const int r0 = have[0] % c, r1 = have[1] % c;
  if (r0 == 0 || r1 == 0) return;
  const int lo = r0 < r1 ? 0 : 1;
  const int give = have[lo] % c;
  have[lo] -= give;
  have[1 - lo] += give;
  setup.gave[lo] = static_cast<int8_t>(give);
  if (give == 1) {
    // 1-4: "the player with one will give their stone to the one with four, but the player who
    // has one counter will receive one counter from the hole from which sowing begins"
    if (r.tribute != Tribute::kNone) setup.tribute_to = static_cast<int8_t>(lo);
  } else {
    // 2-3: "the player with two gives these counters to the other player. With these five, the
    // player creates a 'bha'"
    setup.bha_owner = static_cast<int8_t>(1 - lo);
    setup.bha_owed = static_cast<int8_t>(give);
  }
}

// Deals player p's `have` counters into the `row` holes left to him, in filling order (the
// holes past `row` leave play), and sets aside what is not dealt.
void fill_row(const Game& game, State& s, RoundSetup& setup, int p, int have, int row) {
  const RuleSet& r = game.rules();
  const int h = r.holes_per_player;
  const int c = r.counters_per_hole;
  // Filling order: the player's holes from the end refill_from names.
  std::array<int, kMaxHoles> order{};
  for (int i = 0; i < h; ++i) {
    const int k = r.refill_from == RefillFrom::kLeft ? i : h - 1 - i;
    order[i] = game.global(p, k);
  }
  // The holes past `row` in filling order are eliminated (holes_out per_five_of_difference).
  for (int i = row; i < h; ++i) s.out_of_play |= HoleBits{1} << order[i];
  const int full = have / c;
  const int rem = have % c;
  int aside = 0;
  int used = 0;  // holes dealt counters, in filling order
  if (full >= row) {
    // Every hole left to him is filled; the rest is set aside to his credit (with settle_fives,
    // by whole fives: the settlement has made his holdings a multiple of five).
    for (int i = 0; i < row; ++i) s.holes[order[i]] = static_cast<Count>(c);
    used = row;
    aside = have - row * c;
  } else {
    int next = 0;
    if (rem > 0 && r.remainder == Remainder::kFirstHole) {
      // Das-Gupta 1923: "placing 3 within the depression lying to the extreme left along his
      // line, while the other six will contain 5 pieces each"
      s.holes[order[next++]] = static_cast<Count>(rem);
      setup.remainder_hole = static_cast<int8_t>(order[0]);
    }
    for (int i = 0; i < full; ++i) s.holes[order[next++]] = static_cast<Count>(c);
    if (rem > 0 && r.remainder == Remainder::kNextHole) {
      // "The player who has fewer places the remainder in the next empty hole."
      setup.remainder_hole = static_cast<int8_t>(order[next]);
      s.holes[order[next++]] = static_cast<Count>(rem);
    }
    if (rem > 0 && r.remainder == Remainder::kSetAside) aside = rem;
    used = next;
  }
  if (r.burn_unfilled) {
    for (int i = used; i < row; ++i) s.out_of_play |= HoleBits{1} << order[i];
  }
  if (r.short_holes_locked) {
    // Khrour: "The other player will have either empty holes or one without the requisite number
    // to fill the hole. Sowing cannot begin and captures cannot be made from these holes until the
    // contents of these holes reaches the required number of counters to fill them."
    for (int i = 0; i < row; ++i) {
      if (s.holes[order[i]] < c) s.locked() = static_cast<uint16_t>(s.locked() | 1u << order[i]);
    }
  }
  s.aside[p] = static_cast<int16_t>(aside);
  if (r.extra_number != ExtraNumber::kNone) {
    // What he had beyond his full holes: set aside (a full row) or dealt as a remainder.
    setup.extra_number[p] = static_cast<uint8_t>(full >= row ? aside : rem);
  }
}

// Makes hole `pos` player p's own sink, its counters his at once (a bha, a toll hole).
void take_hole(State& s, int p, int pos) {
  s.store[p] = static_cast<int16_t>(s.store[p] + s.holes[pos]);
  s.holes[pos] = 0;
  s.sink[pos] = static_cast<int8_t>(p);
}

// "The bha must be either the leftmost or rightmost hole"; its five are the Bhadar's at once.
void place_bha(const Game& game, State& s, RoundSetup& setup, int p, int bha_side) {
  int pick = -1;
  for (int k = 0; k < game.holes_per_player(); ++k) {
    const int pos = game.global(p, k);
    if (in_mask(s.out_of_play, pos)) continue;
    if (pick < 0 || (bha_side == 0 ? game.column(pos) < game.column(pick)
                                   : game.column(pos) > game.column(pick))) {
      pick = pos;
    }
  }
  if (pick < 0) return;
  take_hole(s, p, pick);
  setup.bha_hole = static_cast<int8_t>(pick);
}

// Mawkar Katiya's perks of the previous round's winner (setup.favoured): a toll hole, the
// loser's remainder hole.
void grant_perks(const Game& game, State& s, RoundSetup& setup) {
  const RuleSet& r = game.rules();
  const int w = setup.favoured;
  const int l = 1 - w;
  if (r.toll_hole == TollHole::kWinnerLeftmost) {
    // "The winner will have the depression to his extreme left covered by his palm and gain one
    // piece every time he passes round this depression, while his adversary will not be allowed
    // to drop any piece in it." Its counters are his at once.
    int pick = -1;
    for (int k = 0; k < game.holes_per_player(); ++k) {
      const int pos = game.global(w, k);
      if (game.row(pos) == 0 && game.column(pos) == 0) pick = pos;
    }
    if (pick >= 0 && !in_mask(s.out_of_play, pick)) {
      take_hole(s, w, pick);
      s.closed_to[l] |= HoleBits{1} << pick;
      setup.toll_hole = static_cast<int8_t>(pick);
    }
  }
  const int rest = setup.remainder_hole;
  if (rest < 0 || game.owner(rest) != l) return;
  if (r.toll_hole == TollHole::kLoserRemainderHole) {
    s.sink[rest] = static_cast<int8_t>(w);
    s.closed_to[l] |= HoleBits{1} << rest;
    setup.toll_hole = static_cast<int8_t>(rest);
  }
  // "the winner of the previous round will always capture pieces that accumulate in the hole
  // which contained the extra counters of the opponent at the start of the round"
  if (r.winner_takes_remainder_hole) s.sink[rest] = static_cast<int8_t>(w);
}

// The setup's record of the dealt position: holes in play and out, counters set aside.
void record_holes(const Game& game, const State& s, RoundSetup& setup) {
  const int h = game.holes_per_player();
  for (int p = 0; p < 2; ++p) {
    int in_play = 0;
    for (int k = 0; k < h; ++k) in_play += !in_mask(s.out_of_play, game.global(p, k));
    setup.holes_in_play[p] = static_cast<uint8_t>(in_play);
    setup.holes_out[p] = static_cast<uint8_t>(h - in_play);
    setup.aside[p] = s.aside[p];
  }
}

}  // namespace

State deal_round(const Game& game, std::array<int, 2> holdings, int8_t previous_winner,
                 int8_t previous_starter, int bha_side, RoundSetup& setup, int owned0) {
  const RuleSet& r = game.rules();
  assert(holdings[0] + holdings[1] == r.total_counters);
  setup = RoundSetup::none();
  setup.holdings = {static_cast<int16_t>(holdings[0]), static_cast<int16_t>(holdings[1])};
  State s = game.initial_state();
  s.holes.fill(0);
  setup.starter = first_player_of(r, previous_winner, previous_starter);
  s.to_move = static_cast<uint8_t>(setup.starter);

  std::array<int, 2> have = holdings;
  if (r.remainder == Remainder::kSettleFives) settle_fives(r, have, setup);
  const std::array<int, 2> left = holes_left(r, holdings);
  const bool decided = previous_winner == 0 || previous_winner == 1;
  const bool perks = r.toll_hole != TollHole::kNone || r.winner_takes_remainder_hole;
  if (decided && perks) setup.favoured = previous_winner;
  if (r.hole_ownership != HoleOwnership::kNone) {
    // Issue 38, ownership: every hole dealt counters_per_hole, the holes owned as the holdings
    // say (ownership.h).
    deal_owned(game, s, owned0 >= 0 ? owned0 : holes_owned(r, holdings, -1));
  } else {
    for (int p = 0; p < 2; ++p) {
      fill_row(game, s, setup, p, have[p], left[p]);
      if (setup.bha_owner == p) place_bha(game, s, setup, p, bha_side);
    }
  }
  if (setup.favoured != kNobody) grant_perks(game, s, setup);
  s.tribute_to = setup.tribute_to;
  s.extra_number = setup.extra_number;
  record_holes(game, s, setup);
  // A starter left with nothing to sow (a Bhadar whose only hole is his bha) passes at once
  // (Game::settle_start), whatever no_move says: the round has not begun. The other opens, and
  // counts as the round's starter: "not by the player who started it on the previous occasion" is
  // then kept in the next round, which he does not open. When neither can sow the round ends there.
  game.settle_start(s);
  if (!s.over && s.to_move != setup.starter) {
    setup.passed = setup.starter;
    setup.starter = static_cast<int8_t>(s.to_move);
  }
  assert(game.counters_total(s) == r.total_counters);
  return s;
}

}  // namespace mancala::sim
