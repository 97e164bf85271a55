#!/usr/bin/python3
"""End-to-end test of `mancala serve` in a real browser (Debian's Chromium through
chromium-driver and python3-selenium, installed by `scripts/setup.sh test`).

    /usr/bin/python3 tests/server/browser_test.py build/mancala build/screenshots

Starts the server on a free port over a fresh archive of data/evidence, then, at 1400 and at
800 px: searches the archive, opens a record, starts a Kalah game against greedy and clicks legal
holes until it ends, saves it with a note and finds the play-test on the ruleset's page (and with
`mancala playtests list`); plays a few moves of Otep (four rows, a simultaneous opening), of Bao
(four rows, each move sown either way, the first ones entered from the hand) and of
Sonka with two people on one screen (simultaneous turns: the first choice stays hidden); plays a
move of En Gehe's 2x40 board (at 1400 px the whole board in the window); replays the play-test. Screenshots of the search, two- and four-row boards mid-game and a replay go to the
screenshots folder. Fails on any JavaScript error in the browser's console, on a page wider than
the window, or on the server stopping. Exit 77 (CTest: skipped) when Chromium, its driver or
Selenium is not installed.
"""

import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time

CHROMIUM = "/usr/bin/chromium"
DRIVER = "/usr/bin/chromedriver"


def skip(why):
    print("browser_test: skipped: " + why + " (bash scripts/setup.sh test installs it)")
    sys.exit(77)


if not os.path.exists(CHROMIUM):
    skip(CHROMIUM + " not installed")
if not os.path.exists(DRIVER):
    skip(DRIVER + " not installed")
try:
    from selenium import webdriver
    from selenium.common.exceptions import StaleElementReferenceException, TimeoutException
    from selenium.webdriver.chrome.service import Service
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support import expected_conditions as EC
    from selenium.webdriver.support.ui import Select, WebDriverWait
except ImportError:
    skip("python3-selenium not installed")


class Failure(Exception):
    pass


def check(condition, message):
    if not condition:
        raise Failure(message)


class Session:
    def __init__(self, mancala, shots, work):
        self.mancala = mancala
        self.shots = shots
        self.work = work
        self.db = os.path.join(work, "archive.db")
        self.server = None
        self.driver = None
        self.address = None

    # ---- the server ----

    def start_server(self):
        subprocess.run([self.mancala, "evidence", "import", "data/evidence", "--db", self.db],
                       check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        self.server = subprocess.Popen([self.mancala, "serve", "--port", "0", "--db", self.db],
                                       stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        line = self.server.stdout.readline()
        match = re.search(r"(http://127\.0\.0\.1:\d+/)", line)
        check(match, "the server printed no address: " + repr(line))
        self.address = match.group(1)
        print("server: " + line.strip())

    def stop_server(self):
        if self.server and self.server.poll() is None:
            self.server.send_signal(signal.SIGTERM)
            try:
                code = self.server.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.server.kill()
                raise Failure("the server did not stop on SIGTERM")
            check(code == 0, "the server exited with %d on SIGTERM" % code)

    def server_alive(self):
        code = self.server.poll()
        if code is None:
            return
        # Its stderr, without waiting for a pipe another process may still hold open.
        try:
            _, err = self.server.communicate(timeout=5)
        except subprocess.TimeoutExpired:
            err = "(its stderr still open)"
        check(False, "the server stopped (exit %d): %s" % (code, err))

    # ---- the browser ----

    def start_browser(self):
        options = webdriver.ChromeOptions()
        options.binary_location = CHROMIUM
        for arg in ["--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                    "--disable-background-networking", "--disable-component-update",
                    "--disable-sync", "--no-first-run", "--hide-scrollbars",
                    "--user-data-dir=" + os.path.join(self.work, "chromium")]:
            options.add_argument(arg)
        options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
        self.driver = webdriver.Chrome(service=Service(DRIVER), options=options)
        self.driver.set_page_load_timeout(60)

    def width(self, pixels):
        self.driver.set_window_size(pixels, 1000)
        # The viewport: the window less its frame (none in headless mode).
        self.pixels = pixels

    def go(self, hash_route):
        self.driver.get(self.address + hash_route)

    def wait(self, condition, seconds=30, what="the page"):
        try:
            # A page that re-renders replaces the element being looked at: look again.
            # Polled every 50 ms (Selenium's default is 500 ms: a quarter of a second lost on
            # average at each of the ~300 waits of a run).
            return WebDriverWait(self.driver, seconds, poll_frequency=0.05,
                                 ignored_exceptions=[StaleElementReferenceException]).until(condition)
        except TimeoutException:
            self.shot("failed")
            raise Failure("timed out waiting for " + what + " at " + self.driver.current_url)

    def find(self, css, seconds=30):
        return self.wait(EC.presence_of_element_located((By.CSS_SELECTOR, css)), seconds, css)

    def click(self, css, seconds=30):
        for attempt in range(3):
            element = self.wait(EC.element_to_be_clickable((By.CSS_SELECTOR, css)), seconds, css)
            try:
                element.click()
                return element
            except StaleElementReferenceException:
                if attempt == 2:
                    raise Failure(css + " was replaced three times as it was clicked")

    def shot(self, name):
        path = os.path.join(self.shots, "%s-%d.png" % (name, getattr(self, "pixels", 0)))
        # The whole page, not only the window: the board and the log below it at 800 px.
        height = self.driver.execute_script("return document.documentElement.scrollHeight")
        self.driver.set_window_size(self.pixels, max(1000, min(height + 40, 4000)))
        self.driver.save_screenshot(path)
        self.driver.set_window_size(self.pixels, 1000)
        print("screenshot: " + path)

    def no_errors(self):
        errors = [e for e in self.driver.get_log("browser") if e["level"] == "SEVERE"]
        check(not errors, "JavaScript errors: %s" % errors)

    def fits(self):
        wide = self.driver.execute_script(
            "return document.documentElement.scrollWidth - window.innerWidth")
        check(wide <= 1, "the page is %d px wider than the window at %d px" % (wide, self.pixels))

    def text(self, css):
        # The element's text, looked up again if the page re-rendered it in between.
        for attempt in range(3):
            try:
                return self.find(css).text
            except StaleElementReferenceException:
                if attempt == 2:
                    raise Failure(css + " was replaced three times as it was read")

    def set_speed(self, speed):
        # The replay page may re-render between finding the list and choosing in it: look again.
        for attempt in range(3):
            try:
                Select(self.find("#speed")).select_by_value(speed)
                return
            except StaleElementReferenceException:
                if attempt == 2:
                    raise Failure("#speed was replaced three times as it was set")

    # ---- the checks ----

    def search(self):
        self.go("#/search")
        box = self.find("#search-q")
        box.clear()
        box.send_keys("Beaton")
        self.click("#search-button")
        # The curated Otep record, among the DLP descriptions that cite Beaton 1939 too.
        self.wait(EC.text_to_be_present_in_element((By.ID, "result-count"), "records"),
                  what="the records citing Beaton")
        self.find("#results-table a[href='#/record/DLP.Evidence.1880']")
        self.find(".map svg")
        # Results in date order, dates as years ("1939", "800-1099": not "1939-01-01 - ...",
        # "0800"), cleaned citations (issue 39, item 6).
        # Read at once in the page (the page re-renders as the search's answer comes in).
        dates = self.wait(lambda d: d.execute_script(
            "const t = document.querySelector('#results[data-query=\"q=Beaton\"] #results-table');"
            "return t && [...t.querySelectorAll('tbody tr td:nth-child(4)')].map((x) => x.textContent);"),
            what="the dates of the records citing Beaton")
        check(dates and all(re.fullmatch(r"\d{1,4}( BCE)?(\u2013\d{1,4}( BCE)?)?|", d) for d in dates),
              "dates not as years: %s" % dates)
        years = [int(d.split("\u2013")[0]) for d in dates if d and "BCE" not in d]
        check(years == sorted(years), "results not in date order: %s" % dates)
        sources = self.driver.execute_script("return document.querySelector('#results-table').textContent")
        check("DLP evidence." not in sources, "a raw DLP source string: " + sources[:300])
        # Every record: the DLP's shorthand "DLP evidence." cleaned to the work it names.
        self.go("#/search?type=Secondary%20description")
        sources = self.wait(lambda d: d.execute_script(
            "const t = document.querySelector('#results[data-query=\"type=Secondary+description\"] #results-table');"
            "return t && t.textContent;"), what="the secondary descriptions")
        check("DLP evidence." not in sources, "a raw DLP source string: " + sources[:300])
        check("Digital Ludeme Project 2022, Evidence records of the Digital Ludeme Project" in sources,
              "the DLP's own evidence records not cited: " + sources[:300])
        self.fits()
        self.shot("search")
        # The board filters: Otep's record (4 rows of 8) with rows 4 and holes 8, not with rows 2.
        for rows, found in (("4", True), ("2", False)):
            self.go("#/search?q=Beaton&rows=%s&holes=8" % rows)
            # The new page's form (the field filled in from the address) and its results.
            self.wait(lambda d: d.find_element(By.ID, "search-rows").get_attribute("value") == rows
                      and "record" in d.find_element(By.ID, "result-count").text,
                      what="the search with rows=" + rows)
            hits = self.driver.find_elements(
                By.CSS_SELECTOR, "#results-table a[href='#/record/DLP.Evidence.1880']")
            check(bool(hits) == found, "rows=%s: DLP.Evidence.1880 %s" %
                  (rows, "missing" if found else "found"))
        # Every record, on the map.
        self.go("#/search")
        self.click("#search-button")
        self.wait(EC.text_to_be_present_in_element((By.ID, "result-count"), "records"),
                  what="the records")
        self.click("#results-table a[href='#/record/DLP.Evidence.1880']")
        title = self.find("#record-title")
        self.wait(lambda d: "Otep" in d.find_element(By.ID, "record-title").text, what="Otep")
        self.find("a[href='#/ruleset/otep/beaton_1939']")
        self.find("blockquote")
        self.fits()
        self.shot("record")
        return title

    def new_game(self, ruleset, seat1, seat2, seed=1):
        self.go("#/play?ruleset=" + ruleset)
        Select(self.find("#new-ruleset")).select_by_value(ruleset)
        # The seat pickers list the server's agents by spec and plain name (issue 39, item 6).
        for css, value in (("#seat1", seat1), ("#seat2", seat2)):
            picker = Select(self.find(css))
            names = [o.text for o in picker.options]
            check("greedy: the move that captures most at once; ties at random" in names and
                  "alphabeta:4: alpha-beta search 4 plies deep" in names and
                  names[0] == "human: a person at this screen",
                  "%s does not list the agents by name: %s" % (css, names))
            picker.select_by_value(value)
        box = self.find("#seed")
        box.clear()
        box.send_keys(str(seed))
        self.click("#start-game")
        self.find("#board")
        self.wait(lambda d: "#/game/" in d.current_url, what="the game's page")
        return self.driver.current_url.split("#/game/")[1]

    def settled(self, driver):
        """A hole to click, or the game over, once the sowing shown has ended."""
        status = driver.find_element(By.ID, "status")
        if status.get_attribute("data-over") == "1":
            return "over"
        if driver.find_elements(By.CSS_SELECTOR, ".hole.legal"):
            return "move"
        return False

    def play_move(self, seconds=60):
        """Clicks the first legal hole (a reversed sowing offered: sow on). False when over."""
        state = self.wait(self.settled, seconds, "a legal hole or the end")
        if state == "over":
            return False
        holes = self.driver.find_elements(By.CSS_SELECTOR, ".hole.legal")
        holes[0].click()
        if self.driver.find_elements(By.ID, "sow-forward"):
            self.driver.find_element(By.ID, "sow-forward").click()
        return True

    def kalah_against_greedy(self):
        self.new_game("kalah/standard", "human", "greedy", 3)
        # A one-line hint before the first move (issue 39, item 6: what to click).
        self.wait(lambda d: d.find_element(By.ID, "hint").is_displayed(), what="the first move's hint")
        check("click one of your highlighted holes" in self.text("#hint"),
              "the hint: " + self.text("#hint"))
        self.set_speed("slow")
        # The status and the log follow the sowing: while the first move is sown the status names
        # it and the log lists it already (not "P1 to move", not an empty log).
        self.play_move()
        self.wait(lambda d: " sows " in d.find_element(By.ID, "status").text, 10,
                  "the status during the first sowing")
        status = self.text("#status")
        check(re.match(r"Move 1: P1 \(human\) sows \S+\u2026", status), "the status while sowing: " + status)
        check(len(self.find("#log").find_elements(By.TAG_NAME, "li")) == 1,
              "the log does not list the move being sown")
        check(not self.driver.find_element(By.ID, "hint").is_displayed(),
              "the hint stays after the first move")
        self.set_speed("fast")
        moves = 1
        while self.play_move():
            moves += 1
            if moves == 4:
                self.wait(self.settled, 60, "the board after 4 moves")
                self.fits()
                self.shot("two-row-mid-game")
                # The rest without animation: at any other speed the page pauses 1.5 s after
                # each of the agent's moves, a minute and a half of the run.
                self.set_speed("instant")
            check(moves < 200, "the Kalah game did not end in 200 moves")
        result = self.text("#result-text")
        score = re.search(r"(P1 wins|P2 wins|Draw) (\d+)-(\d+)", result)
        check(score, "no result: " + result)
        # A finished game shows its final holdings (issue 39, item 6, Done means): what each side
        # took, counted whole against Kalah's 48 counters, in each player's panel.
        for p in (1, 2):
            took = self.text("#took%d" % p)
            check(took == "took %s of 48" % score.group(1 + p),
                  "P%d's panel says %r after %r" % (p, took, result))
        check(self.text("#store1").split()[0] == score.group(2), "P1's store is not his holding")
        self.shot("two-row-over")
        # Kalah ends only by its no-move rule or an empty side, both our paraphrase of
        # MANCALA.Evidence.2 (class 2, docs/terms.md "Endings"); it has no stopping rule.
        check(re.search(r"ended by the paraphrase's rule \((no_move|end_on_empty_side)\)$", result),
              "how it ended: " + result)
        note = "Kalah at %d px: greedy takes every capture offered" % self.pixels
        self.find("#notes").send_keys(note)
        self.click("#save")
        self.click("#saved-link")
        self.wait(EC.text_to_be_present_in_element((By.CSS_SELECTOR, "table.playtests"), note),
                  what="the play-test on the ruleset's page")
        listed = subprocess.run([self.mancala, "playtests", "list", "--db", self.db],
                                capture_output=True, text=True, check=True).stdout
        check("kalah/standard" in listed and "human vs greedy" in listed,
              "`mancala playtests list` does not show it:\n" + listed)
        self.shot("ruleset-with-playtest")
        return moves

    def otep(self):
        self.new_game("otep/beaton_1939", "human", "greedy", 2)
        # Without animation (Kalah's first moves and the replay show it): Otep's relay sowings
        # are long, 20 s a width at the fast speed.
        self.set_speed("instant")
        status = self.find("#status")
        self.wait(lambda d: "Simultaneous" in d.find_element(By.ID, "status").text,
                  what="Otep's simultaneous opening")
        # The opening: o7 is the only legal hole of P1's outer row.
        legal = [h.get_attribute("data-label") for h in
                 self.driver.find_elements(By.CSS_SELECTOR, ".hole.legal")]
        check(legal == ["o7"], "Otep's opening offers %s, not o7" % legal)
        check(len(self.driver.find_elements(By.CSS_SELECTOR, "#board .hole")) == 32,
              "Otep's board has not 32 holes")
        for _ in range(4):
            if not self.play_move(90):
                break
        self.wait(self.settled, 90, "Otep mid-game")
        log = self.text("#log")
        check("o7/o7" in log, "the opening is not in the log: " + log[:200])
        self.fits()
        self.shot("four-row-mid-game")
        del status

    def bao(self):
        """Bao (issue 38): a four-row game whose every move is sown the way the mover chooses and
        whose first moves enter a counter from the hand ("+i7<", docs/rules-format.md, "Move
        notation")."""
        self.new_game("bao/dlp", "human", "greedy", 5)
        self.set_speed("instant")
        self.wait(self.settled, 60, "Bao's first move")
        check(len(self.driver.find_elements(By.CSS_SELECTOR, "#board .hole")) == 32,
              "Bao's board has not 32 holes")
        # The namua: a counter enters one of P1's occupied inner holes, i7 or i6; not the house
        # (i5, the nyumba), which is not sown while other inner holes are occupied.
        legal = sorted(h.get_attribute("data-label") for h in
                       self.driver.find_elements(By.CSS_SELECTOR, ".hole.legal"))
        check(legal == ["i6", "i7"], "Bao's first move offers %s, not i6, i7" % legal)
        check("to enter 22" in self.text("#player1"), "P1's counters in hand: " + self.text("#player1"))
        hole = [h for h in self.driver.find_elements(By.CSS_SELECTOR, ".hole.legal")
                if h.get_attribute("data-label") == "i7"][0]
        hole.click()
        # Either way: the chooser offers both directions; clockwise is the one written "<".
        self.find("#sow-forward")
        self.click("#sow-reverse")
        self.wait(lambda d: "+i7<" in d.find_element(By.ID, "log").text, 60,
                  "the entry +i7< in the log")
        for _ in range(3):
            if not self.play_move(60):
                break
        self.wait(self.settled, 60, "Bao mid-game")
        self.fits()
        self.shot("bao-namua")

    def wide_board(self):
        """En Gehe's 2x40: at 1400 px the whole board in the window, no sideways scrolling of
        the page nor of the board; narrower, the board scrolls in its own frame."""
        self.new_game("en_gehe/dlp", "human", "greedy", 1)
        self.set_speed("instant")
        check(len(self.driver.find_elements(By.CSS_SELECTOR, "#board .hole")) == 80,
              "En Gehe's board has not 80 holes")
        self.play_move(60)
        self.wait(self.settled, 60, "En Gehe after a move")
        self.fits()
        if self.pixels >= 1400:
            over = self.driver.execute_script(
                "const w = document.querySelector('.board-wrap'); return w.scrollWidth - w.clientWidth")
            check(over <= 1, "the 2x40 board is %d px wider than its frame at %d px" % (over, self.pixels))
        self.shot("wide-board")

    def sonka(self):
        self.new_game("sonka/vanoverbergh_1927", "human", "human", 4)
        # Issue 35, item 8: nobody moves first, so the seats are seat 1 and seat 2.
        seats = self.text("#game-seats")
        check("seat 1 (P1) human, seat 2 (P2) human" in seats and "nobody moves first" in seats,
              "Sonka's seats are not seat 1 and seat 2: " + seats)
        self.set_speed("instant")
        for turn in range(3):
            self.wait(self.settled, 60, "Sonka's turn")
            status = self.text("#status")
            check("Simultaneous" in status, "not a simultaneous turn: " + status)
            # P1 chooses; his choice is hidden and P2's holes are offered.
            p1 = self.driver.find_elements(By.CSS_SELECTOR, ".hole.legal")
            check(p1 and all(h.get_attribute("data-owner") == "1" for h in p1),
                  "P1 chooses first")
            p1[0].click()
            self.find("#chosen1")
            self.wait(lambda d: d.find_elements(By.CSS_SELECTOR, ".hole.legal[data-owner='2']"),
                      what="P2's holes after P1's hidden choice")
            check(not self.driver.find_elements(By.CSS_SELECTOR, ".hole.legal[data-owner='1']"),
                  "P1's holes stay offered after his choice")
            check("has chosen (hidden)" in self.text("#status"), "the choice is not hidden")
            if turn == 1:
                self.shot("sonka-hidden-choice")
            self.driver.find_elements(By.CSS_SELECTOR, ".hole.legal")[-1].click()
        self.wait(self.settled, 60, "Sonka after three turns")
        check(len(self.find("#log").find_elements(By.TAG_NAME, "li")) >= 3, "three turns logged")
        check("/" in self.text("#log"), "a simultaneous move 'a/b' in the log")
        self.fits()
        self.shot("sonka-mid-game")

    def playtests_export(self):
        """The Play-tests page: times with their zone, and the export buttons give the API's CSV
        and JSON (issue 39, item 6)."""
        self.go("#/playtests")
        self.find("table.playtests")
        when = self.text("table.playtests tbody tr td:nth-child(2)")
        check(re.fullmatch(r"\d{4}-\d\d-\d\d \d\d:\d\d UTC", when), "a time without its zone: " + when)
        for css, start in (("#export-csv", "id,created_at,ruleset"), ("#export-json", '{"playtests":')):
            link = self.find(css)
            check(link.get_attribute("download"), css + " is not a download")
            body = self.driver.execute_async_script(
                "const done = arguments[arguments.length - 1];"
                "fetch(arguments[0]).then((r) => r.text()).then(done, (e) => done(String(e)));",
                link.get_attribute("href"))
            check(body.startswith(start), "%s gives %r" % (css, body[:80]))

    def replay(self, playtest):
        self.go("#/replay/%d" % playtest)
        self.find("#board")
        self.set_speed("fast")
        for _ in range(5):
            self.click("#replay-next")
            time.sleep(0.3)
        self.wait(lambda d: d.find_element(By.ID, "status").get_attribute("data-at") == "5",
                  60, "five moves replayed")
        self.find("#log li.current")
        self.fits()
        self.shot("replay")
        self.click("#replay-end")
        check("After the last move" in self.text("#status"), "the end of the replay")


def main():
    if len(sys.argv) != 3:
        print("usage: browser_test.py MANCALA SCREENSHOTS_DIR", file=sys.stderr)
        return 2
    mancala = os.path.abspath(sys.argv[1])
    shots = os.path.abspath(sys.argv[2])
    os.makedirs(shots, exist_ok=True)
    work = tempfile.mkdtemp(prefix="mancala-browser-")
    session = Session(mancala, shots, work)
    try:
        session.start_server()
        session.start_browser()
        playtest = 0
        for pixels in (1400, 800):
            print("--- %d px ---" % pixels)
            session.width(pixels)
            session.search()
            session.no_errors()
            moves = session.kalah_against_greedy()
            playtest += 1
            print("kalah: %d moves by the person, saved as play-test %d" % (moves, playtest))
            session.no_errors()
            session.otep()
            session.no_errors()
            session.sonka()
            session.no_errors()
            session.bao()
            session.no_errors()
            session.wide_board()
            session.no_errors()
            session.replay(playtest)
            session.no_errors()
            session.playtests_export()
            session.no_errors()
            session.server_alive()
        print("browser_test: passed; screenshots in " + shots)
        return 0
    except Failure as failure:
        print("browser_test: FAILED: %s" % failure, file=sys.stderr)
        return 1
    finally:
        if session.driver:
            session.driver.quit()
        session.stop_server()
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
