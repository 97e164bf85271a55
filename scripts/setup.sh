#!/usr/bin/env bash
# Installs the Debian packages the project needs, only those missing. Idempotent.
# `setup.sh fuzz` adds clang and its libFuzzer runtime, needed only by scripts/fuzz.sh;
# `setup.sh test` adds what only the tests need: pandoc and python3-bibtexparser (the
# citations of tests/archive/dlp_archive_test.cpp), Chromium, its WebDriver and Selenium (the
# browser test of `mancala serve`, tests/server/browser_test.py) and valgrind (the instruction
# budget of random play, scripts/instructions.py), and what the Python module's build and tests
# need (pybind11-dev, python3-dev, python3-pandas, python3-pytest; python3-matplotlib,
# python3-ipykernel, python3-nbclient and python3-nbformat run the example notebook: python/,
# docs/python.md).
set -euo pipefail
packages=(g++ cmake make ninja-build pkg-config libsqlite3-dev nlohmann-json3-dev libboost-dev
          libboost-program-options-dev libgtest-dev googletest libbenchmark-dev
          clang-format python3)
# MANCALA_MPI=1 adds Open MPI, for the optional MPI build (docs/scale-out.md).
if [ "${MANCALA_MPI:-0}" = 1 ]; then packages+=(libopenmpi-dev openmpi-bin); fi
if [ "${1:-}" = fuzz ]; then
  packages+=(clang libclang-rt-dev)
fi
# `setup.sh test` adds what only the tests need: pandoc (its citeproc renders every record's
# citation) and python3-bibtexparser (parses the BibTeX), for tests/archive/dlp_archive_test.cpp;
# Chromium, chromium-driver and python3-selenium for the browser test of `mancala serve`;
# valgrind (its callgrind counts the instructions of random play: the instruction budget,
# scripts/instructions.py); pybind11 and the Python headers (the module mancala, built by the
# test command's -DMANCALA_PYTHON=ON), pandas (its tables) and pytest (its tests); matplotlib,
# ipykernel, nbclient and nbformat (the example notebook docs/python-tour.ipynb, executed by the
# tests in a fresh kernel).
if [ "${1:-}" = test ]; then
  packages+=(pandoc python3-bibtexparser chromium chromium-driver python3-selenium valgrind
             pybind11-dev python3-dev python3-pandas python3-pytest python3-matplotlib
             python3-ipykernel python3-nbclient python3-nbformat)
fi
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "setup: installing ${missing[*]}" >&2
  sudo_cmd=""
  [ "$(id -u)" -ne 0 ] && sudo_cmd="sudo"
  $sudo_cmd apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq "${missing[@]}" >&2
fi
