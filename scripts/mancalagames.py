#!/usr/bin/env python3
"""Compares our random-play first-player figures with the MancalaGames project's
(docs/mancalagames.md): for each run given, the first player's share of the decisive games
(wins over wins and losses, draws left out) with its Wilson 95% interval, theirs, the
difference with its 95% interval (two independent proportions) and whether they agree (the
difference's interval holds 0).

    build/mancala simulate oware/dlp --games 400000 --no-store --format json -o oware.json
    python3 scripts/mancalagames.py Oware=oware.json [GAME=RUN.json ...]

Their figures are the counts of their results table (analysis/data/"Final Combined
Results.xlsx" of https://github.com/StoneShark/MancalaGames, commit 2b1c596): random players,
the starter's wins and the decisive games (wins of either player; ties and games their loop
or move limit stopped are left out), and the games played. Standard library only.
"""
import json
import math
import sys

# game: (the starter's wins, decisive games, games played)
THEIRS = {
    "Oware": (180366, 371559, 400000),
    "Kalah": (48447, 93659, 100000),
    "Toguz Kumalak": (53057, 97872, 100000),
    "Bohnenspiel": (46051, 91230, 100000),
    "Vai Lun Thlan": (46527, 93172, 100000),
    "Waurie": (99616, 200000, 200000),
    "Wari": (45467, 93420, 100000),
    "Mbangbi": (47333, 95965, 100000),
}
Z = 1.959964  # the normal's 97.5% point


def wilson(k, n):
    """The share k/n with its Wilson 95% score interval."""
    p = k / n
    d = 1 + Z * Z / n
    centre = (p + Z * Z / (2 * n)) / d
    half = Z * math.sqrt(p * (1 - p) / n + Z * Z / (4 * n * n)) / d
    return p, centre - half, centre + half


def main(args):
    if not args or any("=" not in a for a in args):
        print(__doc__, file=sys.stderr)
        return 2
    print("| game | ruleset | games | decisive | ours [95% CI] | theirs (decisive) "
          "| difference [95% CI] | agree |")
    print("| --- | --- | ---: | ---: | ---: | ---: | ---: | --- |")
    for arg in args:
        game, path = arg.split("=", 1)
        if game not in THEIRS:
            print(f"mancalagames: {game}: no figure of theirs (games: {', '.join(THEIRS)})",
                  file=sys.stderr)
            return 2
        with open(path, encoding="utf-8") as f:
            run = json.load(f)
        w1, w2 = run["wins"]
        p, lo, hi = wilson(w1, w1 + w2)
        k, n, played = THEIRS[game]
        q = k / n
        se = math.sqrt(p * (1 - p) / (w1 + w2) + q * (1 - q) / n)
        diff = p - q
        agree = abs(diff) <= Z * se
        print(f"| {game} | {run['ruleset']} | {run['games']:,} | {w1 + w2:,} | "
              f"{100 * p:.2f}% [{100 * lo:.2f}, {100 * hi:.2f}] | {100 * q:.2f}% ({n:,} of "
              f"{played:,}) | {100 * diff:+.2f} pp [{100 * (diff - Z * se):+.2f}, "
              f"{100 * (diff + Z * se):+.2f}] | {'yes' if agree else 'no'} |")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
