"""The place, date and source parsing of scripts/convert_dlp.py (issue 23: origins naming a country,
a UN region or another region, uncertain ("Russia? Iran?") or misspelt ("Deocratic Republic of
Congo"); "around 1939", "from around 1575 to 1599", centuries, BCE; sources as parsed citations,
"DLP evidence." kept as such), and the committed conversion (data/evidence/dlp, data/places).
"""
import glob
import json
import os
import sys
import unittest

TOP = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
sys.path.insert(0, os.path.join(TOP, "scripts"))
import convert_dlp  # noqa: E402
from convert_dlp import parse_date, parse_source, split_origin  # noqa: E402


def load(path):
    with open(path, encoding="utf-8") as f:
        return json.load(f)


def square(lon, lat, size=2.0):
    return [(lon, lat), (lon + size, lat), (lon + size, lat + size), (lon, lat + size)]


def gazetteer():
    """A small world: each Natural Earth country a 2-degree square, two DLP regions, one curated
    place."""
    names = ["S. Sudan", "Dem. Rep. Congo", "Zimbabwe", "Russia", "Iran", "Oman", "Djibouti",
             "Eritrea", "Ethiopia", "Somalia", "Somaliland"]
    countries = {name: [square(10 + 3 * i, 0)] for i, name in enumerate(names)}
    regions = {"Eastern Africa": ([square(30, -10, 20)], "database/regions/worldRegions/E.kml"),
               "Zanzibar": ([square(39, -6.5, 1)], "database/regions/kml/Zanzibar.kml")}
    curated = [{"name": "United States", "aliases": ["United States of America"]}]
    return convert_dlp.Gazetteer(countries, regions, curated)


class OriginTest(unittest.TestCase):
    def test_the_origin_sentence_gives_the_place_and_the_date(self):
        self.assertEqual(split_origin("This game was played in South Sudan, around 1939."),
                         ("South Sudan", "around 1939"))

    def test_a_full_stop_after_the_place_is_not_part_of_it(self):
        # "This game was played in Zimbabwe., around 1964." (Nhola.lud and others)
        self.assertEqual(split_origin("This game was played in Zimbabwe., around 1964."),
                         ("Zimbabwe", "around 1964"))

    def test_a_place_with_a_comma_keeps_it(self):
        self.assertEqual(split_origin("This game was played in Yunnan, China, around 1992."),
                         ("Yunnan, China", "around 1992"))

    def test_an_uncertain_place_keeps_its_question_marks(self):
        self.assertEqual(
            split_origin("This game was played in Russia? Iran?, from around 1908 to 1923."),
            ("Russia? Iran?", "from around 1908 to 1923"))

    def test_another_sentence_is_not_guessed_at(self):
        self.assertIsNone(split_origin("Played in Mali."))


class DateTest(unittest.TestCase):
    def test_around_a_year_is_that_year(self):
        self.assertEqual(parse_date("around 1939"), {"date_from": "1939", "date_to": "1939"})

    def test_from_around_to_is_the_years_between(self):
        self.assertEqual(parse_date("from around 1575 to 1599"),
                         {"date_from": "1575", "date_to": "1599"})

    def test_an_era_written_against_the_year(self):
        # "This game was played in Southwest Africa, around 1995CE." (issue 23)
        self.assertEqual(parse_date("around 1995CE"), {"date_from": "1995", "date_to": "1995"})
        self.assertEqual(parse_date("around 500BCE"), {"date_from": "500 BCE", "date_to": "500 BCE"})

    def test_bce_ranges_take_the_era_of_the_end_when_the_start_has_none(self):
        self.assertEqual(parse_date("from around 3000 to 2000 BCE"),
                         {"date_from": "3000 BCE", "date_to": "2000 BCE"})
        self.assertEqual(parse_date("from 500 BC to 200 AD"),
                         {"date_from": "500 BCE", "date_to": "200"})

    def test_centuries_are_their_years(self):
        self.assertEqual(parse_date("the 19th century"), {"date_from": "1801", "date_to": "1900"})
        self.assertEqual(parse_date("nineteenth century"), {"date_from": "1801", "date_to": "1900"})
        self.assertEqual(parse_date("5th century BCE"), {"date_from": "500 BCE", "date_to": "401 BCE"})
        self.assertEqual(parse_date("early 20th century"), {"date_from": "1901", "date_to": "1933"})
        self.assertEqual(parse_date("late 18th century"), {"date_from": "1768", "date_to": "1800"})
        self.assertEqual(parse_date("from the 12th to the 13th century"),
                         {"date_from": "1101", "date_to": "1300"})

    def test_decades(self):
        self.assertEqual(parse_date("the 1930s"), {"date_from": "1930", "date_to": "1939"})

    def test_what_is_not_understood_or_reversed_or_year_zero_is_none(self):
        for text in ("long ago", "from around 1599 to 1575", "around 0", "", "China, around 1992"):
            self.assertIsNone(parse_date(text), text)


class PlaceTest(unittest.TestCase):
    def setUp(self):
        self.g = gazetteer()

    def test_a_country_is_natural_earths_polygon_under_the_dlps_name(self):
        found = self.g.resolve("South Sudan")
        self.assertEqual(found["precision"], "country")
        entry = found["entry"]
        self.assertEqual((entry["name"], entry["kind"]), ("South Sudan", "country"))
        self.assertIn("Natural Earth's 1:50m country 'S. Sudan'", entry["source"])
        self.assertEqual(entry["polygon"], ["10.00,0.00 12.00,0.00 12.00,2.00 10.00,2.00"])
        self.assertEqual((entry["latitude"], entry["longitude"]), (1.0, 11.0))
        self.assertEqual(entry["radius_km"], 157)  # a corner, 1 degree away each way at the equator

    def test_a_un_region_by_its_common_name_is_an_alias_of_the_dlps_region(self):
        found = self.g.resolve("East Africa")
        self.assertEqual(found["precision"], "alias table")
        self.assertEqual((found["entry"]["name"], found["entry"]["kind"]),
                         ("Eastern Africa", "world_region"))
        self.assertEqual(found["alias"][0], "East Africa")
        self.assertIn("the UN geoscheme's Eastern Africa", found["alias"][1])
        conversion = convert_dlp.Conversion(self.g, ({}, {}, {}))
        record = {}
        conversion._place_and_date("Bao.lud", "This game was played in East Africa, around 1913.",
                                   record)
        self.assertEqual(record["location"], "East Africa")
        self.assertEqual(conversion.places["Eastern Africa"]["aliases"], ["East Africa"])

    def test_a_dlp_region_by_its_own_name(self):
        found = self.g.resolve("Zanzibar")
        self.assertEqual((found["precision"], found["entry"]["kind"]), ("region polygon", "region"))

    def test_a_misspelt_country_is_an_alias_of_the_country(self):
        conversion = convert_dlp.Conversion(self.g, ({}, {}, {}))
        record = {}
        conversion._place_and_date("Lukho.lud", "This game was played in Deocratic Republic of "
                                                "Congo, from around 1955 to 1960.", record)
        self.assertEqual(record, {"location": "Deocratic Republic of Congo",
                                  "date_from": "1955", "date_to": "1960"})
        place = conversion.places["Democratic Republic of Congo"]
        self.assertEqual(place["aliases"], ["Deocratic Republic of Congo"])
        self.assertIn("a misspelling of 'Democratic Republic of Congo'", place["source"])
        self.assertEqual(conversion.precision, {"alias table": 1})

    def test_an_uncertain_origin_keeps_every_candidate_and_says_so(self):
        found = convert_dlp.resolve_place("Russia? Iran?", self.g)
        entry = found["entry"]
        self.assertEqual(found["precision"], "uncertain (2 candidates)")
        self.assertEqual((entry["kind"], entry["candidates"]), ("uncertain", ["Russia", "Iran"]))
        self.assertEqual(len(entry["polygon"]), 2)
        self.assertIn("one of Russia or Iran", entry["source"])
        # Issue 39: each candidate is a place of its own (drawn and measured as itself).
        self.assertEqual([c["name"] for c in found["candidate_entries"]], ["Russia", "Iran"])
        conversion = convert_dlp.Conversion(self.g, ({}, {}, {}))
        conversion._place_and_date("Bohnenspiel.lud", "This game was played in Russia? Iran?, "
                                   "around 1800.", {})
        self.assertEqual(sorted(conversion.places), ["Iran", "Russia", "Russia? Iran?"])
        self.assertEqual(conversion.places["Iran"]["kind"], "country")

    def test_an_uncertain_origin_may_mix_a_country_and_a_region(self):
        found = convert_dlp.resolve_place("Oman? Zanzibar?", self.g)
        self.assertEqual(found["entry"]["candidates"], ["Oman", "Zanzibar"])

    def test_a_named_group_of_countries_joins_their_polygons(self):
        found = self.g.resolve("Horn of Africa")
        self.assertEqual(found["entry"]["kind"], "countries")
        self.assertEqual(len(found["entry"]["polygon"]), 5)

    def test_a_province_from_the_alias_table_is_a_circle_with_its_source(self):
        found = self.g.resolve("Yunnan, China")
        entry = found["entry"]
        self.assertEqual((entry["latitude"], entry["longitude"], entry["radius_km"]),
                         (25.04, 102.71, 500))
        self.assertIn("Kunming", entry["source"])

    def test_a_curated_place_keeps_precedence(self):
        found = self.g.resolve("United States of America")
        self.assertEqual(found, {"name": "United States", "precision": "curated place",
                                 "entry": None})

    def test_an_unknown_place_is_unresolved(self):
        self.assertIsNone(self.g.resolve("Atlantis"))
        self.assertIsNone(convert_dlp.resolve_place("Atlantis? Iran?", self.g))
        conversion = convert_dlp.Conversion(self.g, ({}, {}, {}))
        record = {}
        conversion._place_and_date("X.lud", "This game was played in Atlantis, around 1900.", record)
        self.assertEqual(conversion.unresolved_places, [("X.lud", "Atlantis")])
        self.assertEqual(record, {"location": "Atlantis", "date_from": "1900", "date_to": "1900"})


class SourceTest(unittest.TestCase):
    def test_a_short_citation_gives_author_year_and_pages(self):
        [source] = parse_source("Beaton 1939: 141.")
        self.assertEqual(source["citation"], "Beaton 1939: 141.")
        csl = source["csl"]
        self.assertEqual((csl["type"], csl["author"], csl["issued"], csl["page"]),
                         ("document", [{"family": "Beaton"}], {"date-parts": [[1939]]}, "141"))

    def test_two_authors_particles_and_a_year_letter(self):
        self.assertEqual(parse_source("Smith and Dale 1920: 232-237.")[0]["csl"]["author"],
                         [{"family": "Smith"}, {"family": "Dale"}])
        self.assertEqual(parse_source("de Voogt 2013: 160-162.")[0]["csl"]["author"],
                         [{"family": "de Voogt"}])
        csl = parse_source("Townshend 1977a: 45-47.")[0]["csl"]
        self.assertEqual((csl["issued"], csl["page"]), ({"date-parts": [[1977]]}, "45-47"))
        self.assertIn("'1977a' distinguishes two works", csl["note"])

    def test_an_en_dash_in_pages_becomes_a_hyphen_and_a_missing_stop_is_added(self):
        [source] = parse_source("Murray 1951: 181\u2013182")
        self.assertEqual((source["citation"], source["csl"]["page"]),
                         ("Murray 1951: 181\u2013182.", "181-182"))

    def test_a_misspelt_author_is_corrected_in_the_item_and_kept_in_the_text(self):
        [source] = parse_source("Pankhurt 1971: 170.")
        self.assertEqual(source["citation"], "Pankhurt 1971: 170.")
        self.assertEqual(source["csl"]["author"], [{"family": "Pankhurst"}])
        self.assertIn("The DLP writes 'Pankhurt'", source["csl"]["note"])

    def test_dlp_evidence_is_kept_as_such_whatever_its_spelling(self):
        for text in ("DLP evidence.", "DLPe vidence.", "DLP evience.", "DLp evidence.",
                     "DLP Evidence."):
            [source] = parse_source(text)
            self.assertEqual(source["citation"], "DLP evidence.", text)
            self.assertEqual(source["csl"]["author"], [{"literal": "Digital Ludeme Project"}])
            self.assertIn("issued", source["csl"])  # not "n.d." in an author-date style

    def test_a_text_naming_two_works_gives_two_sources(self):
        sources = parse_source("Cohen 1911: 491-495 Variant: Gabata II (Wuqro), Pankhurst 1971: 173 ")
        self.assertEqual([s["citation"] for s in sources],
                         ["Cohen 1911: 491-495.", "Pankhurst 1971: 173."])

    def test_a_link_or_a_url_is_a_web_page(self):
        [link] = parse_source('<a href=\\"https://en.wikipedia.org/wiki/Kalah\\" target=\\"_blank\\"'
                              ' class=\\"style1\\" />Wikipedia</a>')
        self.assertEqual(link["citation"], "Wikipedia: https://en.wikipedia.org/wiki/Kalah")
        self.assertEqual((link["csl"]["type"], link["csl"]["URL"], link["csl"]["title"]),
                         ("webpage", "https://en.wikipedia.org/wiki/Kalah", "Kalah"))
        [url] = parse_source("https://en.wikipedia.org/wiki/Oware")
        self.assertEqual(url["csl"]["container-title"], "en.wikipedia.org")
        # A trailing language segment does not name the page (issue 27: the patent was titled
        # "en").
        [patent] = parse_source('<a href=\\"https://patents.google.com/patent/US2720362A/en\\"'
                                ' target=\\"_blank\\" class=\\"style1\\" />Kalah patent</a>')
        self.assertEqual(patent["csl"]["title"], "US2720362A")

    def test_a_citation_a_seed_record_gives_keeps_the_seeds_item(self):
        seed = {"Vanoverbergh 1927: 236-237.": {"type": "document", "note": "seed"}}
        [source] = parse_source("Vanoverbergh 1927: 236-237.", seed)
        self.assertEqual(source["csl"], {"type": "document", "note": "seed"})

    def test_text_that_is_no_citation_stays_text(self):
        self.assertEqual(parse_source("Oral tradition"), ["Oral tradition"])


class NamesTest(unittest.TestCase):
    def test_game_keys(self):
        self.assertEqual(convert_dlp.game_key("A'galacangeng"), "a_galacangeng")
        self.assertEqual(convert_dlp.game_key("\u00d4 \u0102n Quan"), "o_an_quan")
        self.assertEqual(convert_dlp.game_key("Mangala (Greek)"), "mangala_greek")
        self.assertEqual(convert_dlp.game_key("9 Holes"), "game_9_holes")

    def test_fold_matches_the_archives_folding(self):
        self.assertEqual(convert_dlp.fold(" Toguz-Kumalak. "), "toguz_kumalak")


class GeometryTest(unittest.TestCase):
    def test_simplification_keeps_small_islands(self):
        ring = [(0, 0), (0.01, 0), (0.01, 0.01), (0, 0.01)]
        self.assertEqual(convert_dlp.simplify(ring), ring)

    def test_simplification_drops_points_on_a_straight_edge(self):
        ring = [(0, 0), (1, 0), (2, 0.001), (3, 0), (3, 3), (0, 3), (0, 0)]
        self.assertEqual(convert_dlp.simplify(ring), [(0, 0), (3, 0), (3, 3), (0, 3), (0, 0)])

    def test_a_hole_is_taken_out_of_the_centroid(self):
        outer = [(0, 0), (4, 0), (4, 2), (0, 2)]
        hole = [(0.5, 0.5), (1.5, 0.5), (1.5, 1.5), (0.5, 1.5)]
        lat, lon, _ = convert_dlp.centre_and_extent([outer, hole])
        self.assertGreater(lon, 2.0)
        self.assertAlmostEqual(lat, 1.0, places=2)


class CommittedConversionTest(unittest.TestCase):
    """The files scripts/convert_dlp.py wrote and the project committed."""

    @classmethod
    def setUpClass(cls):
        cls.records, cls.games = [], []
        for path in sorted(glob.glob(os.path.join(TOP, "data", "evidence", "dlp", "*.json"))):
            doc = load(path)
            cls.records += doc.get("records", [])
            cls.games += doc.get("games", [])
        cls.places = {}
        for path in glob.glob(os.path.join(TOP, "data", "places", "*.json")):
            for place in load(path)["places"]:
                for spelling in [place["name"]] + place.get("aliases", []):
                    cls.places[convert_dlp.fold(spelling)] = place
        cls.seeds = {}
        for path in glob.glob(os.path.join(TOP, "data", "evidence", "*.json")):
            doc = load(path)
            for game in doc.get("games", []):
                cls.seeds[game["key"]] = game
            for record in doc.get("records", []):
                cls.seeds[record["id"]] = record

    def test_the_249_sowing_games_are_converted_with_distinct_ids_not_the_seeds(self):
        ids = [r["id"] for r in self.records]
        self.assertEqual(len(ids), 249)
        self.assertEqual(len(set(ids)), 249)
        for record_id in ids:
            self.assertRegex(record_id, r"^DLP\.(Ruleset\.\d+|Game\.[a-z0-9_]+)$")
            self.assertNotIn(record_id, self.seeds)

    def test_every_origin_is_placed_and_dated(self):
        with_origin = [r for r in self.records if "origin" in r]
        self.assertGreaterEqual(len(with_origin), 180)
        for record in with_origin:
            self.assertIn(convert_dlp.fold(record["location"]), self.places, record["id"])
            self.assertIn("date_from", record, record["id"])

    def test_the_seed_games_get_the_dlp_descriptions_under_the_same_key(self):
        for key in ("otep", "sonka", "khutka_boia", "mawkar_katiya", "toguz_kumalak", "kalah"):
            records = [r for r in self.records if r["game"] == key]
            self.assertEqual(len(records), 1, key)
            game = next(g for g in self.games if g["key"] == key)
            self.assertEqual(game["name"], self.seeds[key]["name"])
            self.assertNotEqual(records[0]["type"], "Ethnography")

    def test_records_without_an_origin_are_placed_where_their_description_names_a_place(self):
        # Issue 39: "positions for the records that lack one where the record's text names a
        # place" (Sungka, Pallankuli, Sai, Vai Lung Thlan, Choro (Acholi), Bao Kiswahili).
        names = {g["key"]: g["name"] for g in self.games}
        placed = {names[r["game"]]: r for r in self.records if "origin" not in r and "location" in r}
        self.assertEqual(sorted(placed), sorted(convert_dlp.PLACES_FROM_DESCRIPTION))
        for name, (place, words) in convert_dlp.PLACES_FROM_DESCRIPTION.items():
            record = placed[name]
            self.assertIn(words, record["description"], name)
            self.assertEqual(record["location"], place, name)
            self.assertIn(convert_dlp.fold(place), self.places, name)
            self.assertNotIn("date_from", record, name)
            self.assertIn("Placed by its description ('%s')" % words, record["notes"], name)

    def test_soro_is_one_of_otep_s_names(self):
        otep = next(g for g in self.games if g["key"] == "otep")
        self.assertIn("Soro", otep["aliases"])


if __name__ == "__main__":
    unittest.main()
