#!/usr/bin/python3
"""The report's pages in a real browser (issue 39, item 1: "Every page readable without sideways
scrolling at 1400 px and usable at 800 px"), through the same Chromium session as the server's
browser test (tests/server/browser_test.py: its skip rules, window sizes and checks).

    /usr/bin/python3 tests/reports/report_browser_test.py build/mancala build/screenshots

Writes a small report (two seed games, the control, three readings of the family, the readings of
Otep's source) and opens, at 1400 and at 800 px: the index (a table of contents; the seed games'
section above the family's, whose groups are folded away; the page no wider than the window),
the readings page of Otep, and the ruleset pages of Khutka Boia (its handicap tables) and of a
family reading (each no wider than the window: wide tables scroll in their own box). Screenshots
of each go to the screenshots folder. Exit 77 (CTest: skipped) when Chromium, its driver or
Selenium is not installed.
"""

import os
import re
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "server"))
import browser_test  # noqa: E402  (skips with 77 when the browser is missing)
from browser_test import By, Failure, Session, check  # noqa: E402

RULESETS = ["otep", "kalah", "khutka_boia", "khutka_boia/das_gupta_ending", "oware/dlp", "j_odu/dlp",
            "sungka/dlp"]


def write_report(mancala, out):
    command = [mancala, "report", *RULESETS, "--games", "60", "--family-games", "60",
               "--readings", "--readings-games", "6", "--sensitivity-games", "0",
               "--handicap-rounds", "20", "--ladder", "--ladder-games", "4", "--threads", "2", "--no-store", "--out", out]
    done = subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    check(done.returncode == 0, "%s failed: %s" % (" ".join(command), done.stderr[-2000:]))


# Words for programmers that pages meant for historians must not show (issue 39, item 2): code
# names, file names, enum values, and counts whose noun does not agree with them.
FORBIDDEN = [
    (r"\bsim::|\banalysis::", "a code name"),
    (r"seeds README|\.jsonl\b|\(file ", "a file name"),
    (r"lockstep random", "an enum value"),
    (r"data/readings", "a file name"),
    (r": (?:true|false) instead of|instead of (?:true|false)\b", "a raw value"),
    (r"\b1 (?:pairs|rulesets|years|readings|games)\b", "a plural after 1"),
    (r"over the 0 tested", "a count of nothing"),
    (r"\bno no-", "a doubled no"),
]


# On the index and the readings pages, the readings files' identifiers (choice ids, alternative
# names: 'no_move=mover_loses', 'one_after_the_other') are said in words. The ruleset pages' rule
# table still names its keys (not done yet).
READINGS_IDS = (r"\b[a-z]+(?:_[a-z]+)+=|\bone_after_the_other\b|\bno_move\b|\bmover_loses\b",
                "a readings file's identifier")


def plain_words(out):
    for folder, _, names in os.walk(out):
        for name in names:
            if not name.endswith(".html") or folder.endswith("evidence"):
                continue
            path = os.path.join(folder, name)
            text = re.sub(r"<[^>]+>", " ", open(path, encoding="utf-8").read())
            forbidden = FORBIDDEN
            if name == "index.html" or folder.endswith("readings"):
                forbidden = FORBIDDEN + [READINGS_IDS]
            if name == "index.html":  # the docs are not in the report's folder: a dead end
                forbidden = forbidden + [(r"\bdocs/[a-z-]+\.md\b", "a file name")]
            for pattern, what in forbidden:
                found = re.search(pattern, text)
                check(not found, "%s shows %s: %r" % (os.path.relpath(path, out), what,
                                                      found and text[max(0, found.start() - 60):
                                                                     found.end() + 20]))


def chart_labels_whole(out):
    # Issue 39, item 1: "Chart labels end in '...'": no text of any chart on any page (the index,
    # the ruleset, ladder, comparison and readings pages) is cut with an ellipsis.
    charts = 0
    for folder, _, names in os.walk(out):
        for name in names:
            if not name.endswith(".html"):
                continue
            path = os.path.join(folder, name)
            html = open(path, encoding="utf-8").read()
            for svg in re.findall(r"<svg\b.*?</svg>", html, re.S):
                charts += 1
                cut = re.search(r"<text[^>]*>([^<]*(?:\u2026|\.\.\.))</text>", svg)
                check(not cut, "%s: a chart label is cut: %r" % (os.path.relpath(path, out),
                                                                cut and cut.group(1)))
    check(charts > 0, "the report has no chart")


def top(session, css):
    return session.driver.execute_script(
        "const e = document.querySelector(arguments[0]);"
        "return e ? e.getBoundingClientRect().top + window.scrollY : null;", css)


def fits(session, what):
    # The page's own width (document.scrollingElement.scrollWidth) within the window's.
    wide = session.driver.execute_script(
        "return document.scrollingElement.scrollWidth - window.innerWidth")
    check(wide <= 1, "%s is %d px wider than the window at %d px" % (what, wide, session.pixels))


def page(session, out, path, name):
    session.driver.get("file://" + os.path.join(out, path))
    session.find("h1")
    fits(session, path)
    session.shot(name)
    session.no_errors()


def ranking_fits(session):
    # Issue 39, item 1: at 1400 px the readings page's ranked table shows every column (no
    # scrolling in its own box) and keeps each figure with its interval on one line.
    state = session.driver.execute_script(
        "const t = document.querySelector('.ranking table');"
        "if (!t) return null;"
        "const cell = t.querySelector('tbody tr td:nth-child(4)') || t.rows[1].cells[3];"
        "const range = document.createRange(); range.selectNodeContents(cell);"
        "return [t.scrollWidth - t.clientWidth, range.getClientRects().length];")
    check(state is not None, "the readings page has no ranked table")
    check(state[0] <= 1, "the ranked table scrolls %d px in its box at 1400 px" % state[0])
    check(state[1] == 1, "a figure of the ranked table wraps onto %d lines" % state[1])


def tables_fit(session, what, css):
    # Issue 39, item 1: at 1400 px the tables of `css` (the index's, the ruleset pages' with the
    # skill ladder's, the comparison's) show every column without scrolling in their own box; at
    # any width a table that must scroll keeps its first column in view (position: sticky), so
    # each row still says what it is.
    state = session.driver.execute_script(
        "return Array.from(document.querySelectorAll(arguments[0])).map(t => ["
        " t.scrollWidth - t.clientWidth,"
        " t.rows.length ? getComputedStyle(t.rows[0].cells[0]).position : '',"
        " t.rows.length ? t.rows[0].innerText.slice(0, 40).replace(/\\s+/g, ' ') : ''])", css)
    check(state, "%s has no table (%s)" % (what, css))
    for wide, first, head in state:
        if session.pixels >= 1400:
            check(wide <= 1, "%s: the table '%s' scrolls %d px in its box at %d px"
                  % (what, head, wide, session.pixels))
        elif wide > 1:
            check(first == "sticky", "%s: the table '%s' scrolls %d px at %d px without its first "
                  "column fixed (%s)" % (what, head, wide, session.pixels, first))


def index(session, out):
    page(session, out, "index.html", "report-index")
    tables_fit(session, "the index", "table")
    contents = [a.get_attribute("href").split("#")[-1]
                for a in session.driver.find_elements(By.CSS_SELECTOR, "nav.contents a")]
    headings = [h.get_attribute("id") for h in session.driver.find_elements(By.CSS_SELECTOR, "h2")]
    check(contents == headings, "the contents %s are not the sections %s" % (contents, headings))
    seeds, family = top(session, "#seed-games"), top(session, "#family")
    check(seeds is not None and family is not None, "no seed games' or family's section")
    check(seeds < family, "the seed games (at %d px) come after the family (%d px)" % (seeds, family))
    check(top(session, "#readings") < family, "the readings of the sources come after the family")
    # The seed games' table whole at both widths (issue 39: "at 800 px the index's advantage
    # column is cut mid-number"): its figures' words wrap, the table does not scroll.
    wide = session.driver.execute_script(
        "const t = document.querySelector('table.seeds'); return t.scrollWidth - t.clientWidth")
    check(wide <= 1, "the seed games' table scrolls %d px at %d px" % (wide, session.pixels))
    # The family folded away: its groups open one by one, and the page still fits when they do.
    groups = session.driver.find_elements(By.CSS_SELECTOR, ".by-region details")
    check(groups, "the family has no groups")
    check(not any(g.get_attribute("open") for g in groups), "the family's groups are open")
    groups[0].find_element(By.TAG_NAME, "summary").click()
    check(groups[0].get_attribute("open"), "a click on a group's name does not open it")
    fits(session, "index.html with a group of the family open")
    # The switch to the grouping by board hides the grouping by region.
    session.driver.find_element(By.CSS_SELECTOR, "label[for=family-by-board]").click()
    state = session.driver.execute_script(
        "return [document.getElementById('family-by-board').checked,"
        " getComputedStyle(document.querySelector('.by-region')).display]")
    check(state == [True, "none"],
          "the grouping by region still shows after switching to the board: %s" % state)
    check(session.driver.find_element(By.CSS_SELECTOR, ".by-board").size["height"] > 0,
          "the grouping by board does not show")


def main():
    if len(sys.argv) != 3:
        print("usage: report_browser_test.py MANCALA SCREENSHOTS_DIR", file=sys.stderr)
        return 2
    mancala = os.path.abspath(sys.argv[1])
    shots = os.path.abspath(sys.argv[2])
    os.makedirs(shots, exist_ok=True)
    work = tempfile.mkdtemp(prefix="mancala-report-browser-")
    session = Session(mancala, shots, work)
    out = os.path.join(work, "report")
    try:
        write_report(mancala, out)
        plain_words(out)
        chart_labels_whole(out)
        session.start_browser()
        for pixels in (1400, 800):
            print("--- %d px ---" % pixels)
            session.width(pixels)
            index(session, out)
            page(session, out, "readings/otep.html", "report-readings")
            if pixels == 1400:
                ranking_fits(session)
            page(session, out, "rulesets/khutka_boia.das_gupta_1926.html", "report-khutka-boia")
            tables_fit(session, "Khutka Boia's page", "table")
            page(session, out, "rulesets/oware.dlp.html", "report-family-reading")
            # The other kinds of page: a ruleset page with its skill ladder, a comparison, the
            # glossary, the archive and a record of the evidence.
            page(session, out, "rulesets/otep.beaton_1939.html", "report-ladder")
            tables_fit(session, "Otep's page with its skill ladder", "table")
            page(session, out, "compare/khutka_boia.html", "report-comparison")
            tables_fit(session, "the comparison of Khutka Boia", ".comparison table")
            page(session, out, "glossary.html", "report-glossary")
            page(session, out, "archive.html", "report-archive")
            page(session, out, "evidence/DLP.Evidence.1880.html", "report-record")
        print("report_browser_test: passed; screenshots in " + shots)
        return 0
    except Failure as failure:
        print("report_browser_test: FAILED: %s" % failure, file=sys.stderr)
        return 1
    finally:
        if session.driver:
            session.driver.quit()
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
