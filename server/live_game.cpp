#include "server/live_game.h"

#include <algorithm>
#include <sstream>

#include "common/error.h"
#include "reports/trace.h"
#include "simulator/describe.h"
#include "simulator/ending.h"
#include "simulator/ruleset_io.h"
#include "simulator/seat_words.h"
#include "simulator/simultaneous.h"

namespace mancala::server {

using nlohmann::json;
using namespace mancala::sim;

namespace {

constexpr uint64_t kAgentStream = 0, kOrderStream = 2;

// Collects a move's steps (simulator/steps.h).
struct StepLog : StepObserver {
  std::vector<Step> steps;
  void on_step(const Step& step) override { steps.push_back(step); }
};

// The position's index in its owner's list of holes as state_to_json writes them (the outer or
// only row from his left, then the inner row from his left).
int hole_index(const Game& game, int pos) {
  return game.row(pos) * game.rules().holes_per_row + game.column(pos);
}

json hole_json(const Game& game, int pos) {
  return {{"owner", game.owner(pos) + 1},
          {"hole", game.hole_label(pos)},
          {"index", hole_index(game, pos)}};
}

const char* kind_name(Step::Kind kind) {
  switch (kind) {
    case Step::Kind::kLift:
      return "lift";
    case Step::Kind::kDrop:
      return "drop";
    case Step::Kind::kTake:
      return "take";
    case Step::Kind::kSeize:
      return "seize";
    case Step::Kind::kTribute:
      return "tribute";
    case Step::Kind::kTuzdyk:
      return "tuzdyk";
    case Step::Kind::kEnter:
      return "enter";
    case Step::Kind::kWeg:
      return "weg";
    case Step::Kind::kToll:
      return "toll";
  }
  return "drop";
}

// A step as docs/serve.md describes it: the kind, the player, the hole (or none for a sown
// store and a tribute), the count, and the store a counter went to.
json step_json(const Game& game, const Step& x) {
  json j = {{"kind", kind_name(x.kind)}, {"player", x.player + 1}};
  if (x.pos < kMaxHoles && x.kind != Step::Kind::kTribute) j.update(hole_json(game, x.pos));
  if (x.kind != Step::Kind::kTuzdyk && x.kind != Step::Kind::kWeg) j["count"] = x.count;
  if (x.taker != kNobody) j["store"] = x.taker + 1;
  return j;
}

json steps_json(const Game& game, const std::vector<Step>& steps) {
  json out = json::array();
  for (const Step& x : steps) out.push_back(step_json(game, x));
  return out;
}

// The lines of a text trace before the board it draws (which begins "  Player "), without the
// ply number: "P1 sows 7 (9), last in P2's 6, captures 10".
std::string text_before_board(const std::string& text) {
  std::istringstream in(text);
  std::string line, out;
  while (std::getline(in, line)) {
    if (line.rfind("  Player ", 0) == 0) break;
    if (out.empty()) {
      const size_t dot = line.find(". ");
      if (dot != std::string::npos && dot < 6) line = line.substr(dot + 2);
    }
    if (!line.empty()) out += (out.empty() ? "" : "\n") + line;
  }
  return out;
}

// The lines of a text trace's round end that begin "Round ": how it ended, how the next is dealt.
std::string round_lines(const std::string& text) {
  std::istringstream in(text);
  std::string line, out;
  while (std::getline(in, line)) {
    if (line.rfind("Round ", 0) == 0) out += (out.empty() ? "" : "\n") + line;
  }
  return out;
}

// How a game or match ended, in words (docs/terms.md, "Endings"): by a rule of the game, in the
// words of its class and with the rule key that ended it ("ended by the paraphrase's rule
// (end_on_empty_side)"), or the stop.
std::string how_ended(EndReason reason, sim::Completion completion, sim::RuleEnd rule) {
  switch (reason) {
    case EndReason::kRule:
      return std::string(sim::completion_words(completion)) + " (" + sim::rule_end_key(rule) + ")";
    case EndReason::kNoProgress:
      return "stopped by a stopping rule (the reconstruction's no-progress rule)";
    case EndReason::kStopAfterRounds:
      return "stopped by a stopping rule (the reconstruction's stop after a number of rounds)";
    case EndReason::kSafetyBound:
      return "unfinished (safety bound)";
    case EndReason::kNone:
      break;
  }
  return "not over";
}

// Who has won a stopped game or match, with that rule's witness (docs/terms.md, "Endings": a
// stop's winner rule has a witness of its own), as the ruleset pages say it; "" for an ending by
// a rule of the game.
std::string stopped_winner_rule(const sim::RuleSet& r, EndReason reason) {
  switch (reason) {
    case EndReason::kStopAfterRounds:
      return sim::stop_winner_sentence(r);
    case EndReason::kNoProgress:
      return "A round stopped by the no-progress rule (the reconstruction's no_progress_turns) "
             "ends with each player taking the counters in his own holes; the player holding "
             "more then wins, a winner rule the reconstruction assumes.";
    case EndReason::kSafetyBound:
      return "The safety bound is no rule of the game: nobody has won.";
    case EndReason::kRule:
    case EndReason::kNone:
      break;
  }
  return "";
}

json winner_json(int8_t winner) {
  return winner == kNobody ? json(nullptr) : json(winner == kDraw ? 0 : winner + 1);
}

}  // namespace

json seat_words_json(const RuleSet& rules) {
  const SeatWords words = seat_words(rules);
  return {{"simultaneous", words.simultaneous},
          {"players", {words.player[0], words.player[1]}},
          {"advantage", words.advantage}};
}

LiveGame::LiveGame(std::shared_ptr<const Game> game, std::array<Seat, 2> seats, uint64_t seed,
                   bool replay)
    : game_(std::move(game)),
      seats_(seats),
      seed_(seed),
      agent_rng_(seed, kAgentStream),
      order_rng_(seed, kOrderStream) {
  for (int p = 0; p < 2; ++p) {
    if (seats_[p].human || replay) continue;
    players_[p] = std::make_unique<Player>(*game_, seats_[p].agent);
    players_[p]->new_game();
  }
  state_ = start_match(*game_, match_);
  start_ = state_to_json(*game_, state_);
}

LiveGame::~LiveGame() = default;

void LiveGame::set_stop(const std::atomic<bool>* stop) {
  for (auto& player : players_)
    if (player) player->set_stop(stop);
}

bool LiveGame::over() const { return match_.over; }

bool LiveGame::joint_turn() const { return !state_.over && game_->joint_turn(state_); }

MoveList LiveGame::legal(int player) const {
  MoveList moves;
  if (joint_turn() || (!state_.over && player == state_.to_move))
    game_->legal_moves(state_, player, moves);
  return moves;
}

std::array<bool, 2> LiveGame::due() const {
  std::array<bool, 2> out{};
  if (over()) return out;
  if (joint_turn()) {
    for (int p = 0; p < 2; ++p) out[p] = legal(p).size > 0 && !pending_[p];
  } else {
    out[state_.to_move] = true;
  }
  return out;
}

Move LiveGame::parse_legal(int player, const std::string& text) const {
  const std::string who = reports::player_name(player);
  Move m;
  try {
    m = parse_move(*game_, state_, player, text, "move '" + text + "'");
  } catch (const Error& e) {
    throw GameError{422, e.what()};
  }
  const MoveList moves = legal(player);
  for (const Move& x : moves) {
    if (x == m) return m;
  }
  std::string list;
  for (const Move& x : moves)
    list += (list.empty() ? "" : ", ") + move_label(*game_, state_, player, x);
  throw GameError{422, "move '" + text + "': illegal for " + who +
                           " in this position (legal: " + (list.empty() ? "none" : list) + ")"};
}

void LiveGame::remember() {
  history_.push_back(Snapshot{state_, match_, agent_rng_, order_rng_, pending_, pending_by_,
                              records_.size(), rounds_.size(), labels_.size()});
  bytes_ += sizeof(Snapshot);
}

int LiveGame::play_person(int seat, const std::string& move) {
  if (over()) throw GameError{409, "the game is over"};
  const size_t before = records_.size();
  if (move.find('/') != std::string::npos) {
    // A whole simultaneous turn in the notation: both seats people (one screen, or a replay).
    if (!joint_turn()) throw GameError{422, "move '" + move + "': this turn is not simultaneous"};
    if (!seats_[0].human || !seats_[1].human)
      throw GameError{409, "move '" + move + "': a joint move needs people at both seats"};
    if (pending_[0] || pending_[1])
      throw GameError{409, "move '" + move + "': a choice of this turn is already in"};
    JointMove jm;
    try {
      jm = parse_joint_move(*game_, state_, move, "move '" + move + "'");
    } catch (const Error& e) {
      throw GameError{422, e.what()};
    }
    if (move.find(':') == std::string::npos && game_->draws_order() && jm.plays[0] && jm.plays[1])
      jm.first = static_cast<uint8_t>(order_rng_.below(2));
    remember();
    play_joint_recorded(jm);
    return static_cast<int>(records_.size() - before);
  }
  const std::array<bool, 2> d = due();
  int p = seat - 1;
  if (seat == 0) {
    if (!joint_turn()) {
      p = state_.to_move;
    } else {
      const bool h0 = d[0] && seats_[0].human, h1 = d[1] && seats_[1].human;
      if (h0 && h1)
        throw GameError{400, "this turn is simultaneous: give the seat (1 or 2) of the move"};
      if (!h0 && !h1) throw GameError{409, "no person is to choose a move now"};
      p = h0 ? 0 : 1;
    }
  } else if (seat != 1 && seat != 2) {
    throw GameError{400, "seat: expected 1 or 2"};
  }
  const std::string who = reports::player_name(p);
  if (!seats_[p].human)
    throw GameError{409, who + " is played by " + seats_[p].agent.name() + ", not by a person"};
  if (!joint_turn() && p != state_.to_move)
    throw GameError{409,
                    "it is " + reports::player_name(state_.to_move) + "'s turn, not " + who + "'s"};
  if (joint_turn() && pending_[p]) throw GameError{409, who + " has already chosen this turn"};
  if (joint_turn() && !d[p]) throw GameError{409, who + " has no move this turn"};
  const Move m = parse_legal(p, move);
  remember();
  if (joint_turn()) {
    pending_[p] = m;
    pending_by_[p] = "human";
    ++version_;
    resolve_if_complete();
  } else {
    play_recorded(p, m, "human");
  }
  return static_cast<int>(records_.size() - before);
}

void LiveGame::undo() {
  if (history_.empty()) throw GameError{409, "there is no person's move to take back"};
  const Snapshot& x = history_.back();
  state_ = x.state;
  match_ = x.match;
  agent_rng_ = x.agent_rng;
  order_rng_ = x.order_rng;
  pending_ = x.pending;
  pending_by_ = x.pending_by;
  for (size_t i = x.records; i < records_.size(); ++i) bytes_ -= record_bytes(records_[i]);
  for (size_t i = x.rounds; i < rounds_.size(); ++i) bytes_ -= rounds_[i].dump().size();
  bytes_ -= sizeof(Snapshot);
  records_.resize(x.records);
  rounds_.erase(rounds_.begin() + static_cast<std::ptrdiff_t>(x.rounds), rounds_.end());
  std::string taken;
  for (size_t i = x.labels; i < labels_.size(); ++i)
    taken += (taken.empty() ? "" : " ") + labels_[i];
  labels_.resize(x.labels);
  history_.pop_back();
  // An agent's choice in a simultaneous turn, made before the person's and shown when the turn
  // was played, is taken back too: the agent chooses again (its stream goes on, so a random
  // agent draws anew), and the person does not answer a choice already seen.
  std::string again;
  for (int p = 0; p < 2; ++p) {
    if (!pending_[p] || seats_[p].human) continue;
    pending_[p].reset();
    pending_by_[p] = "human";
    again += (again.empty() ? "" : ", ") + reports::player_name(p) + "'s choice (" +
             seats_[p].label() + ")";
  }
  const size_t ply = x.records;
  undos_.push_back("undo after ply " + std::to_string(ply) + ": took back " +
                   (taken.empty() ? std::string("a hidden choice") : taken) +
                   (again.empty() ? std::string() : "; " + again + " shown, chosen again"));
  ++version_;  // an agent job out now is stale: finish_job will drop its move
}

void LiveGame::resolve_if_complete() {
  if (!joint_turn()) return;
  JointMove jm;
  for (int p = 0; p < 2; ++p) {
    if (legal(p).size > 0 && !pending_[p]) return;  // still waiting for p
    if (pending_[p]) {
      jm.move[p] = *pending_[p];
      jm.plays[p] = true;
    }
  }
  if (game_->draws_order() && jm.plays[0] && jm.plays[1])
    jm.first = static_cast<uint8_t>(order_rng_.below(2));
  play_joint_recorded(jm);
}

void LiveGame::play_recorded(int player, Move m, const std::string& by) {
  const State before = state_;
  StepLog log;
  const MoveEffect fx = game_->apply(state_, m, &log);
  std::ostringstream text;
  reports::TraceObserver as_json(*game_, true, text), as_text(*game_, false, text);
  as_json.on_move(before, m, fx, state_);
  as_text.on_move(before, m, fx, state_);
  json j = as_json.moves_.at(0);
  j["ply"] = static_cast<int>(records_.size()) + 1;
  j["round"] = before.round + 1;
  j["by"] = by;
  j["text"] = text_before_board(text.str());
  add_record(std::move(j), std::move(log.steps));
  labels_.push_back(move_label(*game_, before, player, m));
  after_move();
}

void LiveGame::play_joint_recorded(const JointMove& jm) {
  const State before = state_;
  StepLog log;
  const JointEffect fx = game_->apply_joint(state_, jm, &log);
  std::ostringstream text;
  reports::TraceObserver as_json(*game_, true, text), as_text(*game_, false, text);
  as_json.on_joint_move(before, jm, fx, state_);
  as_text.on_joint_move(before, jm, fx, state_);
  json j = as_json.moves_.at(0);
  j["ply"] = static_cast<int>(records_.size()) + 1;
  j["round"] = before.round + 1;
  json by = json::array();
  for (int p = 0; p < 2; ++p) by.push_back(jm.plays[p] ? pending_by_[p] : "-");
  j["by"] = by;
  j["text"] = text_before_board(text.str());
  add_record(std::move(j), std::move(log.steps));
  labels_.push_back(joint_move_label(*game_, jm));
  pending_ = {};
  pending_by_ = {"human", "human"};
  after_move();
}

void LiveGame::after_move() {
  ++version_;
  // A round over: recorded, then the next dealt (a deal in which nobody can move ends at once).
  while (state_.over && !match_.over) {
    const State ended = state_;
    const RoundRecord record = finish_round(*game_, match_, state_);
    if (!game_->rules().match) {
      Rng unused(0, 0);
      next_round(*game_, match_, state_, unused);
      break;
    }
    Rng deal(0, 0);  // as `mancala replay` deals
    const bool more = next_round(*game_, match_, state_, deal, bha_side());
    next_bha_ = nullptr;
    std::ostringstream text;
    reports::TraceObserver as_json(*game_, true, text), as_text(*game_, false, text);
    as_json.on_round_end(ended, record, more ? &state_ : nullptr, match_);
    as_text.on_round_end(ended, record, more ? &state_ : nullptr, match_);
    json r = as_json.rounds_.at(0);
    r["text"] = round_lines(text.str());
    r["ended"] = state_to_json(*game_, ended);
    r["deal"] = more ? state_to_json(*game_, state_) : json(nullptr);
    const size_t round_bytes = r.dump().size();
    bytes_ += round_bytes;
    rounds_.push_back(r);
    if (!records_.empty()) {
      Record& last = records_.back();
      bytes_ -= record_bytes(last);
      json with_end = json::parse(last.json);
      with_end["round_end"] = r;
      last.json = with_end.dump();
      bytes_ += record_bytes(last);
    }
  }
}

int LiveGame::bha_side() const {
  if (!next_bha_.is_object()) return -1;
  // The end whose deal puts the bha where the record has it.
  MatchState match = match_;
  State s = state_;
  Rng deal(0, 0);
  next_round(*game_, match, s, deal, 0);
  const int pos = match.setup.bha_hole;
  const bool left = pos >= 0 && next_bha_.value("owner", 0) == game_->owner(pos) + 1 &&
                    next_bha_.value("hole", std::string()) == game_->hole_label(pos);
  return left ? 0 : 1;
}

void LiveGame::play_label(const std::string& label) {
  if (over()) throw GameError{422, "move '" + label + "': the game is already over"};
  if (joint_turn()) {
    JointMove jm;
    try {
      jm = parse_joint_move(*game_, state_, label, "move '" + label + "'");
    } catch (const Error& e) {
      throw GameError{422, e.what()};
    }
    for (int p = 0; p < 2; ++p) pending_by_[p] = seats_[p].label();
    play_joint_recorded(jm);
    return;
  }
  if (label.find('/') != std::string::npos)
    throw GameError{422, "move '" + label + "': this turn is not simultaneous"};
  const int p = state_.to_move;
  play_recorded(p, parse_legal(p, label), seats_[p].label());
}

std::optional<AgentJob> LiveGame::agent_job() {
  if (thinking_ || over()) return std::nullopt;
  const std::array<bool, 2> d = due();
  AgentJob job;
  bool any = false;
  for (int p = 0; p < 2; ++p) {
    job.seats[p] = d[p] && !seats_[p].human;
    job.players[p] = players_[p].get();
    any = any || job.seats[p];
  }
  if (!any) return std::nullopt;
  job.version = version_;
  job.state = state_;
  job.match = match_;
  job.rng = agent_rng_;
  thinking_ = true;
  return job;
}

void LiveGame::run_job(AgentJob& job) const {
  for (int p = 0; p < 2; ++p) {
    if (!job.seats[p]) continue;
    MoveList moves;
    game_->legal_moves(job.state, p, moves);
    job.chosen[p] = job.players[p]->choose(job.match, job.state, p, moves, job.rng);
  }
}

bool LiveGame::finish_job(const AgentJob& job) {
  thinking_ = false;
  if (job.version != version_ || over()) return false;
  agent_rng_ = job.rng;
  if (joint_turn()) {
    for (int p = 0; p < 2; ++p) {
      if (!job.seats[p]) continue;
      pending_[p] = job.chosen[p];
      pending_by_[p] = seats_[p].label();
    }
    ++version_;
    resolve_if_complete();
    return true;
  }
  const int p = state_.to_move;
  play_recorded(p, job.chosen[p], seats_[p].label());
  return true;
}

size_t LiveGame::record_bytes(const Record& record) {
  return sizeof(Record) + record.json.capacity() + record.steps.capacity() * sizeof(Step);
}

void LiveGame::add_record(json j, std::vector<Step> steps) {
  Record record{j.dump(), std::move(steps)};
  record.json.shrink_to_fit();
  record.steps.shrink_to_fit();
  bytes_ += record_bytes(record);
  records_.push_back(std::move(record));
}

json LiveGame::record_json(const Record& record) const {
  json j = json::parse(record.json);
  j["steps"] = steps_json(*game_, record.steps);
  return j;
}

json LiveGame::state_json() const { return state_to_json(*game_, state_); }

std::string LiveGame::moves_text() const {
  std::string out;
  for (const std::string& label : labels_) out += (out.empty() ? "" : " ") + label;
  return out;
}

json LiveGame::result_json() const {
  if (!over()) return nullptr;
  const int plies = static_cast<int>(records_.size());
  const bool match = game_->rules().match;
  const std::array<int16_t, 2> held = match_.holdings;
  std::ostringstream text;
  if (match_.reason == EndReason::kSafetyBound) {
    text << "Unfinished after " << match_.rounds << (match_.rounds == 1 ? " round" : " rounds");
  } else {
    text << (match_.winner == kDraw ? std::string("Draw")
                                    : reports::player_name(match_.winner) + " wins")
         << " " << held[0] << "-" << held[1];
    if (match) text << " after " << match_.rounds << (match_.rounds == 1 ? " round" : " rounds");
  }
  const sim::Completion completion =
      sim::completion_of(match_.reason, game_->ending_class(match_.rule_end));
  const std::string how = how_ended(match_.reason, completion, match_.rule_end);
  text << ", " << plies << (plies == 1 ? " ply" : " plies") << ", " << how;
  const std::string winner_rule = stopped_winner_rule(game_->rules(), match_.reason);
  if (!winner_rule.empty()) text << ". " << winner_rule;
  return {{"winner", winner_json(match_.winner)},
          {"end", end_reason_name(match_.reason)},
          {"how", how},
          {"winner_rule", winner_rule},
          {"completion", sim::completion_name(completion)},
          {"by_rule", match_.reason == EndReason::kRule},
          {"holdings", {held[0], held[1]}},
          {"rounds", match_.rounds},
          {"plies", plies},
          {"text", text.str()}};
}

json LiveGame::to_json(int since, size_t limit) const {
  const RuleSet& r = game_->rules();
  json labels = json::array();
  for (int i = 0; i < r.holes_per_player; ++i) {
    const int pos = i < r.holes_per_row ? i : 2 * r.holes_per_row - 1 - (i - r.holes_per_row);
    labels.push_back(game_->hole_label(pos));
  }
  const std::array<bool, 2> d = due();
  json legal_moves = json::object(), due_seats = json::array(), chosen = json::array();
  for (int p = 0; p < 2; ++p) {
    json list = json::array();
    if (d[p]) {
      for (const Move& m : legal(p)) list.push_back(move_label(*game_, state_, p, m));
      due_seats.push_back(p + 1);
    }
    legal_moves[std::to_string(p + 1)] = list;
    if (pending_[p]) chosen.push_back(p + 1);
  }
  json seats = json::array();
  for (const Seat& s : seats_) seats.push_back(s.label());
  json moves = json::array();
  const size_t first = static_cast<size_t>(std::max(since, 0));
  const size_t end = first + std::min(limit, records_.size() - std::min(first, records_.size()));
  for (size_t i = first; i < end; ++i) moves.push_back(record_json(records_[i]));
  json j = {
      {"ruleset", r.id},
      {"ruleset_name", r.name},
      {"rules_hash", rules_hash(r)},
      {"seats", seats},
      {"seed", seed_},
      {"board",
       {{"rows_per_player", r.rows_per_player},
        {"holes_per_row", r.holes_per_row},
        {"stores", rule_value(r, "stores")},
        {"store_side", r.store_at == StoreSide::kLeft ? "left" : "right"},
        {"tuzdyk", r.tuzdyk},
        {"match", r.match},
        {"turns", rule_value(r, "turns")},
        {"resolution", rule_value(r, "resolution")},
        {"labels", labels}}},
      {"start", start_},
      {"state", state_json()},
      {"seat_words", seat_words_json(r)},
      {"turn",
       {{"simultaneous", joint_turn()},
        {"due", due_seats},
        {"chosen", chosen},
        {"legal_moves", legal_moves}}},
      {"thinking", thinking_},
      {"over", over()},
      {"result", result_json()},
      {"can_undo", can_undo()},
      {"version", version_},
      {"move_count", records_.size()},
      {"since", std::max(since, 0)},
      {"moves", moves},
      {"more", end < records_.size()},
      {"rounds", rounds_},
      {"notation", moves_text()},
  };
  if (r.in_hand > 0) j["board"]["in_hand"] = r.in_hand;  // Bao: counters entered from the hand
  if (r.match) {
    j["match"] = {{"round", match_.over ? match_.rounds : match_.rounds + 1},
                  {"rounds_played", match_.rounds},
                  {"holdings", {match_.holdings[0], match_.holdings[1]}},
                  {"over", match_.over}};
  }
  return j;
}

}  // namespace mancala::server
