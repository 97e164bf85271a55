#!/usr/bin/env python3
"""Converts the Digital Ludeme Project's sowing games into the archive's evidence records, and
the places their origins name into the archive's places. Run once, by hand; the result is
committed (data/evidence/dlp/, data/places/dlp_places.json) and nothing is downloaded at build or
run time (data/evidence/dlp/README.md says how it was made).

    npm pack world-atlas@2.0.2 && tar xzf world-atlas-2.0.2.tgz    # package/countries-50m.json
    python3 scripts/convert_dlp.py [DLP] --countries package/countries-50m.json

DLP is a copy of the DLP's GameDatabase repository, or of its sowing games and regions
(default: ../shared/data/dlp-gamedatabase beside the checkout): games/lud/*.lud (every file whose
classification is board/sow...), database/regions/kml/*.kml and database/regions/worldRegions/*.kml.
Countries come from Natural Earth's 1:50m admin-0 countries (public domain) in the npm package
world-atlas. The script prints every origin or date it could not resolve and the counts by
precision; it exits 1 if a file cannot be read.
"""
import argparse
import glob
import json
import math
import os
import re
import sys
import unicodedata
import urllib.parse
import xml.etree.ElementTree as ET

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import dlp_lud  # noqa: E402
from convert_world_atlas import decode_arcs, ring_points, unwrap  # noqa: E402

SNAPSHOT = "e6080396d76e29504167c29e7f35d76fa6bbbcb3"
SNAPSHOT_DATE = "2022-07-28"
ACCESSED = "2026-11-25"  # when the snapshot was converted (the records' access date)
PORTAL = "https://ludii.games/details.php?keyword="
_LANGUAGE_SEGMENT = re.compile(r"^[a-z]{2}(-[A-Za-z]{2})?$")
PORTAL_VARIANT = "https://ludii.games/variantDetails.php?keyword=%s&variant=%s"
RECORD_TYPE = "Secondary description"
WORLD_ATLAS = "world-atlas 2.0.2 (countries-50m.json)"
SIMPLIFY_DEGREES = 0.05

# --- names ---------------------------------------------------------------------------------

_SEPARATORS = re.compile(r"[\s\-_.'\u2019\u2010\u2011\u2013]+")


def fold(name):
    """A name folded as the archive folds game and place names (archive/text.h fold_name)."""
    return _SEPARATORS.sub("_", name.strip().lower()).strip("_")


def game_key(name):
    """A snake_case key for a game name: diacritics dropped, every run of anything but a-z and
    digits one '_', 'game_' before a leading digit (as archive/text.h game_key_from_name, but
    with diacritics dropped rather than the letters)."""
    ascii_name = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode()
    key = re.sub(r"[^a-z0-9]+", "_", ascii_name.lower()).strip("_")
    return "game_" + key if key[:1].isdigit() else key


# --- sources -------------------------------------------------------------------------------

_DLP_EVIDENCE = re.compile(r"^\s*DLP\s*e\s*v\w*ence\.?\s*$", re.I)
_SHORT_CITATION = re.compile(
    r"(?P<authors>[A-Z\u00C0-\u024F][\w\u00C0-\u024F'\-]*(?:[ \-](?:and|i|de|van|von|[A-Z\u00C0-\u024F]"
    r"[\w\u00C0-\u024F'\-]*))*|(?:de|van|von) [A-Z][\w\-]*)"
    r" (?P<year>1\d{3}|20\d{2})(?P<suffix>[a-z]?)(?:\s*:\s*(?P<pages>[\d\u2013, \-]+\d))?")
_LINK = re.compile(r'<a href=\\?"(?P<url>[^"\\]+)\\?"[^>]*>(?P<text>[^<]*)</a>', re.I)
_URL = re.compile(r"^\s*(https?://\S+)\s*$")

# Misspelt author names in the DLP's citations, corrected in the structured citation (the
# citation text is kept as written); each with the reason.
AUTHOR_CORRECTIONS = {
    "Pankhurt": ("Pankhurst", "Pankhurst 1971 is cited by 40 other DLP sowing games"),
    "Pamkhurat": ("Pankhurst", "Pankhurst 1971 is cited by 40 other DLP sowing games"),
    "Pankhursst": ("Pankhurst", "Pankhurst 1971 is cited by 40 other DLP sowing games"),
    "Siva": ("Silva", "Silva 1995 is cited by 13 other DLP sowing games"),
    "Atoub": ("Ayoub", "Ayoub 1991: 20-21 is cited by 2 other DLP sowing games"),
    "Dae": ("Dale", "Smith and Dale 1920 is cited by 4 other DLP sowing games"),
    "Gupta": ("Das-Gupta", "the author is Hem Chandra Das-Gupta (as in data/evidence/khutka_boia.json)"),
    "Das Gupta": ("Das-Gupta", "the author is Hem Chandra Das-Gupta (as in data/evidence/khutka_boia.json)"),
}

DLP_EVIDENCE_CSL = {
    "type": "dataset",
    "title": "Evidence records of the Digital Ludeme Project",
    "author": [{"literal": "Digital Ludeme Project"}],
    "publisher": "Maastricht University",
    "URL": "https://ludii.games/",
    "issued": {"date-parts": [[2022]]},
    "note": "The DLP cites its own evidence records ('DLP evidence.'): the evidence pages of the "
            "game on the Ludii portal. Year: the DLP's GameDatabase release (MIT licence, 2022).",
}


def _authors(text):
    names = [n.strip() for n in re.split(r"\s+and\s+", text) if n.strip()]
    authors, notes = [], []
    for name in names:
        if name in AUTHOR_CORRECTIONS:
            corrected, why = AUTHOR_CORRECTIONS[name]
            notes.append("The DLP writes '%s'; corrected to %s: %s." % (name, corrected, why))
            name = corrected
        authors.append({"family": name})
    return authors, notes


def short_csl(match):
    """The CSL-JSON item of a short citation 'Author YEAR: pages' (type document: the DLP gives
    neither title nor where the work appeared)."""
    authors_text = match.group("authors")
    corrected = AUTHOR_CORRECTIONS.get(authors_text)
    authors, notes = (([{"family": corrected[0]}],
                       ["The DLP writes '%s'; corrected to %s: %s." % (authors_text, *corrected)])
                      if corrected else _authors(authors_text))
    csl = {"type": "document", "author": authors,
           "issued": {"date-parts": [[int(match.group("year"))]]}}
    if match.group("pages"):
        csl["page"] = re.sub(r"\s*[\u2013-]\s*", "-", match.group("pages").strip())
    note = "Cited by the DLP as '%s'; the DLP gives neither the title nor where it was published." \
        % match.group(0).strip()
    if match.group("suffix"):
        note += " '%s%s' distinguishes two works of that year." % (match.group("year"),
                                                                   match.group("suffix"))
    csl["note"] = " ".join([note] + notes)
    return csl


def parse_source(text, seed_csl=None):
    """One DLP source text as a list of archive sources ({"citation", "csl"} or a bare string).
    'DLP evidence.' (and its misspellings) is the DLP's own evidence; a short citation 'Murray
    1951: 192.' gives author, year and pages; an HTML link or a URL a web page; a text naming two
    works gives two sources. `seed_csl` maps citation texts to the CSL items the seed records give
    them (kept, so one citation has one item across the archive)."""
    seed_csl = seed_csl or {}
    text = " ".join(text.split())
    if _DLP_EVIDENCE.match(text):
        return [{"citation": "DLP evidence.", "csl": DLP_EVIDENCE_CSL}]
    link = _LINK.search(text)
    url = _URL.match(text)
    if link or url:
        address = (link.group("url") if link else url.group(1)).strip()
        label = link.group("text").strip() if link else ""
        host = urllib.parse.urlsplit(address).netloc
        # The page's name: the address's last segment, a trailing language code ("/en") left
        # out (a patent's page is named by its number, not "en").
        segments = [x for x in urllib.parse.urlsplit(address).path.split("/") if x]
        while len(segments) > 1 and _LANGUAGE_SEGMENT.match(segments[-1]):
            segments.pop()
        page = urllib.parse.unquote(segments[-1] if segments else "").replace("_", " ")
        citation = "%s: %s" % (label or host, address)
        csl = {"type": "webpage", "title": page.strip() or host,
               "container-title": label or host, "URL": address,
               "note": "A web page the DLP cites as a link%s." % (" ('%s')" % label if label else "")}
        return [{"citation": citation, "csl": csl}]
    matches = list(_SHORT_CITATION.finditer(text))
    if not matches:
        return [text]
    if len(matches) == 1:
        citation = text if text.endswith(".") else text + "."
        if citation in seed_csl:
            return [{"citation": citation, "csl": seed_csl[citation]}]
        return [{"citation": citation, "csl": short_csl(matches[0])}]
    out = []
    for m in matches:
        citation = m.group(0).strip() + "."
        out.append({"citation": citation, "csl": seed_csl.get(citation, short_csl(m))})
    return out


# --- dates ---------------------------------------------------------------------------------

_ORIGIN = re.compile(r"^\s*This game was played in (?P<place>.+)\.?,\s*(?P<date>(?:from|around|about|"
                     r"in|between|circa|c\.|ca\.|the|early|mid|middle|late|\d)\b.*?)\.?\s*$",
                     re.S | re.I)
_ERA = r"(?:\s*(?P<era%s>BCE|BC|CE|AD|B\.C\.E\.|B\.C\.|C\.E\.|A\.D\.))?"
_YEAR = r"(?P<year%s>\d{1,4})" + _ERA
_ORDINALS = {w: i + 1 for i, w in enumerate(
    "first second third fourth fifth sixth seventh eighth ninth tenth eleventh twelfth "
    "thirteenth fourteenth fifteenth sixteenth seventeenth eighteenth nineteenth twentieth "
    "twenty-first".split())}
_CENTURY = r"(?:the\s+)?(?P<part%s>early|mid|middle|late)?[\s\-]*(?P<c%s>\d{1,2})(?:st|nd|rd|th)?"


def split_origin(text):
    """'This game was played in South Sudan, around 1939.' -> ('South Sudan', 'around 1939');
    None when the sentence has another shape."""
    m = _ORIGIN.match(text or "")
    if not m:
        return None
    return m.group("place").strip().rstrip("."), m.group("date").strip()


def _bce(era):
    return bool(era) and era.upper().replace(".", "") in ("BCE", "BC")


def _year_text(year, bce):
    return "%d BCE" % year if bce else "%d" % year


def _century_range(n, part, bce):
    """First and last year of the nth century (1st: 1-100; nth BCE: n*100 to (n-1)*100+1 BCE),
    or of its early, middle or late third, as signed years (BCE negative)."""
    if bce:
        first, last = -(n * 100), -((n - 1) * 100 + 1)
    else:
        first, last = (n - 1) * 100 + 1, n * 100
    if part == "early":
        last = first + 32
    elif part in ("mid", "middle"):
        first, last = first + 33, first + 66
    elif part == "late":
        first = first + 67
    return first, last


def _signed_text(year):
    return _year_text(-year, True) if year < 0 else _year_text(year, False)


def parse_date(text):
    """A DLP date phrase as the archive's date range: {"date_from", "date_to"} (years as the
    archive writes them: '1939', '500 BCE'), or None when the phrase is not understood.
    'around 1939' is that year; 'from around 1575 to 1599' the years between; 'around 1995CE';
    '500 BCE'; 'the 19th century' 1801-1900, 'early 20th century' its first third; 'the 1930s'."""
    t = " ".join((text or "").replace("\u2013", "-").split())
    t = re.sub(r"^(?:in|around|about|circa|c\.|ca\.)\s+", "", t, flags=re.I)
    for word, n in _ORDINALS.items():
        t = re.sub(r"\b%s\b" % word, "%dth" % n, t, flags=re.I)
    m = re.fullmatch(r"(?:from\s+)?(?:around\s+)?" + _YEAR % ("1", "1") +
                     r"\s*(?:to|-|until)\s*(?:around\s+)?" + _YEAR % ("2", "2"), t, re.I)
    if m:
        bce2 = _bce(m.group("era2"))
        bce1 = _bce(m.group("era1")) or (bce2 and not m.group("era1"))
        first = -int(m.group("year1")) if bce1 else int(m.group("year1"))
        last = -int(m.group("year2")) if bce2 else int(m.group("year2"))
        if first > last or first == 0 or last == 0:
            return None
        return {"date_from": _signed_text(first), "date_to": _signed_text(last)}
    m = re.fullmatch(_YEAR % ("1", "1"), t, re.I)
    if m:
        if int(m.group("year1")) == 0:
            return None
        year = _year_text(int(m.group("year1")), _bce(m.group("era1")))
        return {"date_from": year, "date_to": year}
    m = re.fullmatch(r"(?:the\s+)?(?P<decade>\d{3}0)s", t, re.I)
    if m:
        start = int(m.group("decade"))
        return {"date_from": str(start), "date_to": str(start + 9)}
    m = re.fullmatch(r"(?:from\s+)?" + _CENTURY % ("1", "1") + r"(?:\s+century)?" + _ERA % "1" +
                     r"\s*(?:to|-|until)\s*" + _CENTURY % ("2", "2") + r"\s+centur(?:y|ies)" +
                     _ERA % "2", t, re.I)
    if m:
        bce2 = _bce(m.group("era2"))
        bce1 = _bce(m.group("era1")) or (bce2 and not m.group("era1"))
        first = _century_range(int(m.group("c1")), (m.group("part1") or "").lower(), bce1)[0]
        last = _century_range(int(m.group("c2")), (m.group("part2") or "").lower(), bce2)[1]
        if first > last or not 1 <= int(m.group("c1")) <= 40 or not 1 <= int(m.group("c2")) <= 40:
            return None
        return {"date_from": _signed_text(first), "date_to": _signed_text(last)}
    m = re.fullmatch(_CENTURY % ("1", "1") + r"\s+century" + _ERA % "1", t, re.I)
    if m and 1 <= int(m.group("c1")) <= 40:
        first, last = _century_range(int(m.group("c1")), (m.group("part1") or "").lower(),
                                     _bce(m.group("era1")))
        return {"date_from": _signed_text(first), "date_to": _signed_text(last)}
    return None


# --- geometry ------------------------------------------------------------------------------

EARTH_KM = 6371.0088


def distance_km(lat1, lon1, lat2, lon2):
    p1, p2 = math.radians(lat1), math.radians(lat2)
    dp, dl = p2 - p1, math.radians(lon2 - lon1)
    a = math.sin(dp / 2) ** 2 + math.cos(p1) * math.cos(p2) * math.sin(dl / 2) ** 2
    return 2 * EARTH_KM * math.asin(min(1.0, math.sqrt(a)))


def _ring_area_centroid(ring):
    """Signed area (degrees squared, scaled by cos latitude) and centroid of a closed ring."""
    area = cx = cy = 0.0
    for (x1, y1), (x2, y2) in zip(ring, ring[1:] + ring[:1]):
        cross = x1 * y2 - x2 * y1
        area += cross
        cx += (x1 + x2) * cross
        cy += (y1 + y2) * cross
    area /= 2
    if abs(area) < 1e-12:
        n = len(ring)
        return 0.0, (sum(p[0] for p in ring) / n, sum(p[1] for p in ring) / n)
    return area, (cx / (6 * area), cy / (6 * area))


def centre_and_extent(rings):
    """The centroid of the rings' area (even-odd: holes subtract) and the farthest distance, in
    km, from it to a point of the outline."""
    total = sx = sy = 0.0
    for ring in rings:
        area, (x, y) = _ring_area_centroid(ring)
        weight = abs(area) * math.cos(math.radians(y))
        sign = -1 if _is_hole(ring, rings) else 1
        total += sign * weight
        sx += sign * weight * x
        sy += sign * weight * y
    if total <= 0:
        points = [p for r in rings for p in r]
        sx, sy, total = sum(p[0] for p in points), sum(p[1] for p in points), len(points)
    lon, lat = sx / total, sy / total
    lon = (lon + 180) % 360 - 180
    radius = max(distance_km(lat, lon, y, x) for r in rings for x, y in r)
    return round(lat, 2), round(lon, 2), round(radius)


def _is_hole(ring, rings):
    x, y = ring[0]
    return sum(1 for other in rings if other is not ring and point_in_ring(x, y, other)) % 2 == 1


def point_in_ring(x, y, ring):
    inside = False
    for (x1, y1), (x2, y2) in zip(ring, ring[1:] + ring[:1]):
        if (y1 > y) != (y2 > y) and x < (x2 - x1) * (y - y1) / (y2 - y1) + x1:
            inside = not inside
    return inside


def simplify(ring, tolerance=SIMPLIFY_DEGREES):
    """Douglas-Peucker simplification of a closed ring; a ring that would fall below four points
    is kept whole (small islands stay on the map)."""
    if len(ring) <= 4:
        return ring
    keep = [False] * len(ring)
    keep[0] = keep[-1] = True
    stack = [(0, len(ring) - 1)]
    while stack:
        a, b = stack.pop()
        (x1, y1), (x2, y2) = ring[a], ring[b]
        dx, dy = x2 - x1, y2 - y1
        norm = math.hypot(dx, dy)
        best, index = -1.0, -1
        for i in range(a + 1, b):
            x, y = ring[i]
            d = math.hypot(x - x1, y - y1) if norm == 0 else abs(dy * x - dx * y + x2 * y1 - y2 * x1) / norm
            if d > best:
                best, index = d, i
        if index > 0 and best > tolerance:
            keep[index] = True
            stack += [(a, index), (index, b)]
    out = [p for p, k in zip(ring, keep) if k]
    return out if len(out) >= 4 else ring


def ring_text(ring):
    points = []
    for x, y in ring:
        p = "%.2f,%.2f" % (x, y)
        if not points or points[-1] != p:
            points.append(p)
    return " ".join(points)


# --- gazetteer -----------------------------------------------------------------------------

def read_countries(path):
    """Natural Earth's countries from world-atlas's TopoJSON: {name: [ring, ...]}, rings unwrapped
    across the antimeridian, as lists of (lon, lat)."""
    topology = json.load(open(path, encoding="utf-8"))
    arcs = decode_arcs(topology)
    countries = {}
    for geometry in topology["objects"]["countries"]["geometries"]:
        name = geometry.get("properties", {}).get("name")
        if not name or geometry.get("type") not in ("Polygon", "MultiPolygon"):
            continue
        polygons = geometry["arcs"] if geometry["type"] == "MultiPolygon" else [geometry["arcs"]]
        rings = [unwrap(ring_points(ring, arcs)) for polygon in polygons for ring in polygon]
        countries[name] = rings
    return countries


def read_kml(path):
    """The polygons of a KML file (outer and inner boundaries) as rings of (lon, lat)."""
    tree = ET.parse(path)
    rings = []
    for element in tree.iter():
        if element.tag.endswith("coordinates") and element.text:
            ring = []
            for point in element.text.split():
                parts = point.split(",")
                if len(parts) >= 2:
                    ring.append((float(parts[0]), float(parts[1])))
            if len(ring) >= 3:
                rings.append(unwrap(ring))
    return rings


def read_regions(top):
    """The DLP's regions: {name: (rings, file)} from database/regions/kml and worldRegions."""
    regions = {}
    for folder in ("kml", "worldRegions"):
        for path in sorted(glob.glob(os.path.join(top, "database", "regions", folder, "*.kml"))):
            name = os.path.splitext(os.path.basename(path))[0]
            rings = read_kml(path)
            if rings:
                regions[name] = (rings, "database/regions/%s/%s" % (folder, os.path.basename(path)))
    return regions


# The origin names that are neither a Natural Earth country name nor a DLP region's name, with
# what they stand for and the source of the equivalence. Kinds: "country" (Natural Earth's name
# for it), "region" (a DLP region's name), "countries" (the union of Natural Earth countries),
# "circle" (centre and radius), "same" (another origin name: a misspelling).
PLACE_ALIASES = {
    "South Sudan": ("country", "S. Sudan", "Natural Earth names it 'S. Sudan'"),
    "Republic of Congo": ("country", "Congo", "Natural Earth names it 'Congo'"),
    "Democratic Republic of Congo": ("country", "Dem. Rep. Congo",
                                     "Natural Earth names it 'Dem. Rep. Congo'"),
    "Deocratic Republic of Congo": ("same", "Democratic Republic of Congo",
                                    "a misspelling of 'Democratic Republic of Congo' in the DLP's origin"),
    "Cayman Islands": ("country", "Cayman Is.", "Natural Earth names it 'Cayman Is.'"),
    "St. Lucia": ("country", "Saint Lucia", "Natural Earth names it 'Saint Lucia'"),
    "East Africa": ("region", "Eastern Africa",
                    "the UN geoscheme's Eastern Africa (the DLP's world region of that name), "
                    "commonly called East Africa"),
    "Central Africa": ("region", "Middle Africa",
                       "the UN geoscheme's Middle Africa (the DLP's world region of that name), "
                       "also called Central Africa"),
    "South Asia": ("region", "Southern Asia",
                   "the UN geoscheme's Southern Asia (the DLP's world region of that name), "
                   "commonly called South Asia"),
    "Southwest Asia": ("region", "Western Asia",
                       "the UN geoscheme's Western Asia (the DLP's world region of that name), "
                       "also called Southwest Asia"),
    "Southwest Africa": ("region", "SW Africa",
                         "the DLP's region 'SW Africa' (South West Africa)"),
    "Marianas Islands": ("region", "Marianas", "the DLP's region 'Marianas'"),
    "Horn of Africa": ("countries", ["Djibouti", "Eritrea", "Ethiopia", "Somalia", "Somaliland"],
                       "the countries of the Horn of Africa: Djibouti, Eritrea, Ethiopia and "
                       "Somalia (the Wikipedia article 'Horn of Africa'; Natural Earth draws "
                       "Somaliland apart from Somalia)"),
    "African Great Lakes": ("countries", ["Burundi", "Dem. Rep. Congo", "Kenya", "Rwanda",
                                          "Tanzania", "Uganda"],
                            "the countries of the African Great Lakes region: Burundi, the "
                            "Democratic Republic of the Congo, Kenya, Rwanda, Tanzania and Uganda "
                            "(the Wikipedia article 'African Great Lakes'); the region proper is "
                            "smaller than these countries"),
    "Balkans": ("countries", ["Albania", "Bosnia and Herz.", "Bulgaria", "Croatia", "Greece",
                              "Kosovo", "Macedonia", "Montenegro", "Serbia"],
                "the countries commonly counted as the Balkans: Albania, Bosnia and Herzegovina, "
                "Bulgaria, Croatia, Greece, Kosovo, North Macedonia, Montenegro and Serbia (the "
                "Wikipedia article 'Balkans', whose wider definitions add Romania, Slovenia and "
                "European Turkey)"),
    "Yunnan": ("circle", (25.04, 102.71, 500),
               "Centre: Kunming, capital of Yunnan province, China (25°02'N 102°43'E, the "
               "coordinates of the Wikipedia article 'Kunming'); radius: our estimate of the "
               "province's extent (about 990 km east to west, 900 km north to south)"),
    "Yunnan, China": ("same", "Yunnan", "the province of Yunnan, China"),
}


# Records whose file gives no origin, placed by the place their description names (issue 39):
# the game's name -> (the place, the description's words that name it). No date is taken from a
# description.
PLACES_FROM_DESCRIPTION = {
    "Sungka": ("Philippines", "from the Philippines"),
    "Pallankuli": ("South India", "in South India"),
    "Sai": ("Flores", "on the island of Flores in Indonesia"),
    "Vai Lung Thlan": ("Mizo hills", "by the Mizo people of India, Bangladesh, and Myanmar"),
    "Choro (Acholi)": ("South Sudan", "in what is now South Sudan"),
    "Bao Kiswahili (East Africa)": ("East Africa", "throughout East Africa"),
}


# Outlines for the curated places of data/places/places.json (their centres and radii stay as
# written by hand): a DLP region of the same name, or Natural Earth countries, with the reason.
CURATED_OUTLINES = {
    "Kazakhstan, Kyrgyzstan, Tajikistan, Uzbekistan, Turkmenistan, parts of Russia (Altay, "
    "Khakassia, Tuva), Western Mongolia and regions of China close to these countries": (
        ["Kazakhstan", "Kyrgyzstan", "Tajikistan", "Uzbekistan", "Turkmenistan", "Mongolia"],
        "the five countries the record names and Mongolia, as Natural Earth's 1:50m countries; "
        "the parts of Russia and China it also names lie outside this outline"),
    "United States": (["United States of America"],
                      "Natural Earth's 1:50m country 'United States of America'"),
    "Pakistan": (["Pakistan"], "Natural Earth's 1:50m country 'Pakistan'"),
    "Bangladesh": (["Bangladesh"], "Natural Earth's 1:50m country 'Bangladesh'"),
    # Historical places (kind "historical", kept): today's countries they held, joined.
    "Anglo-Egyptian Sudan": (["Sudan", "S. Sudan"],
                             "today's Sudan and South Sudan, as Natural Earth's 1:50m countries"),
    "British India": (["India", "Pakistan", "Bangladesh"],
                      "today's India, Pakistan and Bangladesh, as Natural Earth's 1:50m "
                      "countries"),
}


def outline_curated(curated, gazetteer):
    """The curated places with an outline added where one is known (DLP region of the same name,
    or CURATED_OUTLINES); their other fields as written."""
    out = []
    for place in curated:
        place = dict(place)
        rings, why = None, None
        if place["name"] in CURATED_OUTLINES:
            members, why = CURATED_OUTLINES[place["name"]]
            rings = [r for m in members for r in gazetteer.countries[m]]
            why = "Outline: " + why + " (public domain; %s), simplified to %.2f degrees, added by " \
                  "scripts/convert_dlp.py." % (WORLD_ATLAS, SIMPLIFY_DEGREES)
            kind = "countries" if len(members) > 1 else "country"
            if place.get("kind") == "historical":
                kind = "historical"
        elif place["name"] in gazetteer.regions:
            rings, path = gazetteer.regions[place["name"]]
            why = ("Outline: the Digital Ludeme Project's region '%s' (%s, MIT licence), simplified "
                   "to %.2f degrees, added by scripts/convert_dlp.py." %
                   (place["name"], path, SIMPLIFY_DEGREES))
            kind = "region"
        if rings:
            source = place["source"].split(" Outline: ")[0]
            place["source"] = source + " " + why
            place["kind"] = kind
            place["polygon"] = [ring_text(simplify(r)) for r in rings]
        out.append(place)
    return out


class Gazetteer:
    """Resolves origin place names: Natural Earth countries, the DLP's regions, the alias table
    above, and the curated places already in data/places (which keep precedence)."""

    def __init__(self, countries, regions, curated):
        self.countries = countries
        self.regions = regions
        self.curated = {}
        for place in curated:
            for spelling in [place["name"]] + place.get("aliases", []):
                self.curated[fold(spelling)] = place["name"]
        self.country_by_fold = {fold(n): n for n in countries}
        self.region_by_fold = {fold(n): n for n in regions}

    def resolve(self, name):
        """{"name", "precision", "entry"} for one place name (entry: the data/places entry to write,
        None for a curated place); or None when nothing matches."""
        key = fold(name)
        if key in self.curated:
            return {"name": self.curated[key], "precision": "curated place", "entry": None}
        alias = next((v for k, v in PLACE_ALIASES.items() if fold(k) == key), None)
        if alias:
            kind, target, why = alias
            if kind == "same":
                found = self.resolve(target)
                if found:
                    found = dict(found, precision="alias table")
                    if found["entry"] is not None:
                        found["entry"] = dict(found["entry"])
                        if "alias" in found:  # a misspelling of another name: both are aliases
                            found["aliases"] = [found["alias"]]
                        found["alias"] = (name, why)
                return found
            if kind == "country" and target in self.countries:
                return self._country(name, target, "country", why)
            if kind == "region" and target in self.regions:
                # Another name of a DLP region: an alias of the region's place.
                found = self._region(target, target, "alias table", None)
                found["alias"] = (name, why)
                return found
            if kind == "countries":
                return self._countries(name, target, why)
            if kind == "circle":
                lat, lon, radius = target
                entry = {"name": name, "latitude": lat, "longitude": lon, "radius_km": radius,
                         "kind": "circle", "source": why + "."}
                return {"name": name, "precision": "alias table", "entry": entry}
            return None
        if key in self.country_by_fold:
            return self._country(name, self.country_by_fold[key], "country", None)
        if key in self.region_by_fold:
            return self._region(name, self.region_by_fold[key], "region polygon", None)
        return None

    def _polygon_entry(self, name, rings, kind, source):
        rings = [simplify(r) for r in rings]
        lat, lon, radius = centre_and_extent(rings)
        return {"name": name, "latitude": lat, "longitude": lon, "radius_km": radius,
                "kind": kind, "source": source,
                "polygon": [ring_text(r) for r in rings]}

    def _country(self, name, country, precision, why):
        source = ("Polygon: Natural Earth's 1:50m country '%s' (public domain; %s), simplified to "
                  "%.2f degrees%s; centre: its centroid; radius: the farthest point of its outline "
                  "from the centre." % (country, WORLD_ATLAS, SIMPLIFY_DEGREES,
                                        " (%s)" % why if why else ""))
        return {"name": name, "precision": precision,
                "entry": self._polygon_entry(name, self.countries[country], "country", source)}

    def _region(self, name, region, precision, why):
        rings, path = self.regions[region]
        source = ("Polygon: the Digital Ludeme Project's region '%s' (%s, MIT licence)%s, simplified "
                  "to %.2f degrees; centre: its centroid; radius: the farthest point of its outline "
                  "from the centre." % (region, path, "; '%s' is %s" % (name, why) if why else "",
                                        SIMPLIFY_DEGREES))
        kind = "world_region" if "/worldRegions/" in path else "region"
        return {"name": name, "precision": precision,
                "entry": self._polygon_entry(name, rings, kind, source)}

    def world_regions(self):
        """The place entries of the UN geoscheme's regions (the DLP's worldRegions), for grouping
        the archive by region."""
        return [self._region(name, name, "world region", None)["entry"]
                for name, (_, path) in sorted(self.regions.items()) if "/worldRegions/" in path]

    def _countries(self, name, members, why):
        missing = [m for m in members if m not in self.countries]
        if missing:
            raise SystemExit("convert_dlp: Natural Earth has no country %s" % ", ".join(missing))
        rings = [r for m in members for r in self.countries[m]]
        source = ("Polygon: %s, as Natural Earth's 1:50m countries (public domain; %s), simplified "
                  "to %.2f degrees; centre: the centroid of their union; radius: the farthest "
                  "point of its outline from the centre." % (why, WORLD_ATLAS, SIMPLIFY_DEGREES))
        return {"name": name, "precision": "alias table",
                "entry": self._polygon_entry(name, rings, "countries", source)}


def split_candidates(place):
    """'Russia? Iran?' -> ['Russia', 'Iran'] (an uncertain origin: each candidate is kept);
    'South Sudan' -> ['South Sudan']."""
    if "?" not in place:
        return [place]
    return [p.strip() for p in re.split(r"\?\s*(?:or\s+|/\s*|,\s*)?", place) if p.strip()]


def resolve_place(place, gazetteer):
    """The place entry for an origin's place text and its precision: one name resolved, or an
    uncertain origin ('Russia? Iran?') whose entry keeps every candidate (their polygons joined,
    a circle around them) and says so. None when some name cannot be resolved."""
    candidates = split_candidates(place)
    if len(candidates) == 1:
        return gazetteer.resolve(place)
    found = [gazetteer.resolve(c) for c in candidates]
    if any(f is None or f["entry"] is None for f in found):
        return None
    rings, names = [], []
    for f in found:
        names.append(f["name"])
        rings += [[tuple(map(float, p.split(","))) for p in r.split()]
                  for r in f["entry"].get("polygon", [])]
    lat, lon, radius = centre_and_extent(rings)
    source = ("An uncertain origin ('%s'): the game was played in one of %s; the polygon joins "
              "theirs (%s), the centre and radius cover them all." %
              (place, " or ".join(names), "; ".join(f["entry"]["source"] for f in found)))
    entry = {"name": place, "latitude": lat, "longitude": lon, "radius_km": radius,
             "kind": "uncertain", "candidates": names, "source": source,
             "polygon": [ring_text(r) for r in rings]}
    # Each candidate is a place of its own too, so that a map draws the record at each and a
    # search measures from the nearest, never from the centre between them.
    return {"name": place, "precision": "uncertain (%d candidates)" % len(names), "entry": entry,
            "candidate_entries": [f["entry"] for f in found]}


# --- records -------------------------------------------------------------------------------

def read_seeds(evidence_dir):
    """The seed records' games (by folded name and alias, and by DLP id) and their citations'
    CSL items."""
    games, by_dlp, csl = {}, {}, {}
    for path in sorted(glob.glob(os.path.join(evidence_dir, "*.json"))):
        doc = json.load(open(path, encoding="utf-8"))
        for game in doc.get("games", []):
            for spelling in [game["key"], game["name"]] + game.get("aliases", []):
                games[fold(spelling)] = game
            if "dlp_ruleset" in game:
                by_dlp[str(game["dlp_ruleset"])] = game
        for record in doc.get("records", []):
            for source in record.get("sources", []):
                if isinstance(source, dict) and source.get("csl"):
                    csl[source["citation"]] = source["csl"]
    return games, by_dlp, csl


def portal_url(name):
    return PORTAL + urllib.parse.quote(name)


class Conversion:
    """The whole conversion: records, games, places and what could not be resolved."""

    def __init__(self, gazetteer, seeds):
        self.gazetteer = gazetteer
        self.seed_games, self.seed_by_dlp, self.seed_csl = seeds
        self.places = {}             # name -> entry
        self.precision = {}          # precision -> number of records
        self.unresolved_places = []  # (file, origin)
        self.unresolved_dates = []
        self.no_origin = []
        self.notices = []
        self.shared_aliases = []     # the games sharing an alias
        self.docs = []               # (key, {"games", "records"})

    def convert(self, path, text):
        lud = dlp_lud.read_lud(text)
        info = lud.info
        name = lud.name
        file_name = os.path.basename(path)
        dlp_id = info.get("id")
        seed = self.seed_by_dlp.get(dlp_id) if dlp_id else None
        seed = seed or self.seed_games.get(fold(name))
        key = seed["key"] if seed else game_key(name)
        game = {"key": key, "name": seed["name"] if seed else name}
        if info["aliases"]:
            game["aliases"] = info["aliases"]
        if dlp_id and not (seed and "dlp_ruleset" in seed and str(seed["dlp_ruleset"]) != dlp_id):
            game["dlp_ruleset"] = int(dlp_id)
        record = {"id": "DLP.Ruleset.%s" % dlp_id if dlp_id else "DLP.Game.%s" % key,
                  "game": key, "type": RECORD_TYPE}
        notes = ["Converted by scripts/convert_dlp.py from the Digital Ludeme Project's "
                 "GameDatabase (games/lud/%s, commit %s of %s; MIT licence)." %
                 (file_name, SNAPSHOT[:8], SNAPSHOT_DATE)]
        if seed:
            notes.append("The archive's curated records of %s stay authoritative; this is the "
                         "DLP's description of the same game." % seed["name"])
        origin = info.get("origin")
        if origin:
            self._place_and_date(file_name, origin, record)
        else:
            self.no_origin.append(file_name)
            if name in PLACES_FROM_DESCRIPTION:
                place, words = PLACES_FROM_DESCRIPTION[name]
                self._place(file_name, place, record)
                notes.append("Placed by its description ('%s'): the file gives no origin, and "
                             "no date is taken from the description." % words)
        default = next((v for v in info["variants"] if dlp_id and v.get("id") == dlp_id), {})
        rules = info.get("rules") or default.get("rules")
        if rules:
            record["rules"] = " ".join(rules.split())
            if not info.get("rules"):
                notes.append("Rules: those of the DLP's ruleset %s (%s), the game's default." %
                             (dlp_id, default["name"].split("/", 1)[-1]))
        sources, written = [], set()
        for text_ in info["sources"] + [s for v in info["variants"] for s in v["sources"]]:
            for source in parse_source(text_, self.seed_csl):
                citation = source["citation"] if isinstance(source, dict) else source
                if citation not in written:
                    written.add(citation)
                    sources.append(source)
            if not _DLP_EVIDENCE.match(text_) and len(parse_source(text_)) > 1:
                notes.append("The DLP's source '%s' names %d works, cited one by one." %
                             (" ".join(text_.split()), len(parse_source(text_))))
            elif _DLP_EVIDENCE.match(text_) and " ".join(text_.split()) != "DLP evidence.":
                notes.append("The DLP writes its source '%s' (DLP evidence)." % text_.strip())
        if sources:
            record["sources"] = sources
        if info.get("description"):
            record["description"] = " ".join(info["description"].split())
        if origin:
            record["origin"] = " ".join(origin.split())
        if info.get("classification"):
            record["classification"] = info["classification"]
        if lud.board:
            record["board"] = lud.board
        if dlp_id:
            record["dlp_ruleset"] = int(dlp_id)
        record["portal_url"] = portal_url(name)
        record["accessed"] = ACCESSED
        if info.get("credit"):
            record["credit"] = info["credit"]
        variants = []
        for v in info["variants"]:
            entry = {"name": v["name"].split("/", 1)[-1]}
            if v.get("id"):
                entry["dlp_ruleset"] = int(v["id"])
                entry["portal_url"] = PORTAL_VARIANT % (urllib.parse.quote(name), v["id"])
            if v.get("rules"):
                entry["rules"] = " ".join(v["rules"].split())
            if v["sources"]:
                entry["sources"] = [" ".join(s.split()) for s in v["sources"]]
            variants.append(entry)
        if variants:
            record["dlp_variants"] = variants
        record["notes"] = " ".join(notes)
        self.docs.append((key, {"games": [game], "records": [record]}))

    def _place_and_date(self, file_name, origin, record):
        parts = split_origin(origin)
        if not parts:
            self.unresolved_places.append((file_name, origin))
            self.unresolved_dates.append((file_name, origin))
            self.precision["unresolved"] = self.precision.get("unresolved", 0) + 1
            return
        place, date = parts
        self._place(file_name, place, record)
        dates = parse_date(date)
        if dates is None:
            self.unresolved_dates.append((file_name, date))
        else:
            record.update(dates)

    def _place(self, file_name, place, record):
        """The record's location from a place's name, the place added to the places written."""
        found = resolve_place(place, self.gazetteer)
        if found is None:
            self.unresolved_places.append((file_name, place))
            self.precision["unresolved"] = self.precision.get("unresolved", 0) + 1
            record["location"] = place
            return
        record["location"] = found["name"] if found["entry"] is None else place
        if "alias" in found and found["alias"][0] != place:
            record["location"] = place
        self.precision[found["precision"]] = self.precision.get(found["precision"], 0) + 1
        if found["entry"] is not None:
            self._add_place(place, found)

    def _add_place(self, place, found):
        entry = found["entry"]
        if "alias" in found and found["alias"][0] == place:
            # A misspelling or another name of a place: an alias of the place it names.
            target = entry["name"]
            existing = self.places.setdefault(target, entry)
            aliases = existing.setdefault("aliases", [])
            if place not in aliases:
                aliases.append(place)
            existing["source"] = existing["source"].rstrip(".") + "; '%s': %s." % found["alias"]
            for alias, why in found.get("aliases", []):
                if alias not in aliases:
                    aliases.append(alias)
                    existing["source"] = existing["source"].rstrip(".") + "; '%s': %s." % (alias, why)
            return
        self.places.setdefault(place, entry)
        for candidate in found.get("candidate_entries", []):
            self.places.setdefault(candidate["name"], candidate)

    def finish(self):
        """An alias that is another game's key or name is dropped (a game's own names are its
        alone) and reported; an alias several games share is kept by each (it names them all)."""
        owner = {}
        for key, doc in self.docs:
            game = doc["games"][0]
            owner.setdefault(fold(game["key"]), key)
            owner.setdefault(fold(game["name"]), key)
        for game in self.seed_games.values():
            owner.setdefault(fold(game["key"]), game["key"])
            owner.setdefault(fold(game["name"]), game["key"])
        shared = {}
        keys = {}
        for key, doc in self.docs:
            if key in keys:
                raise SystemExit("convert_dlp: two games make the key '%s': %s and %s" %
                                 (key, keys[key], doc["games"][0]["name"]))
            keys[key] = doc["games"][0]["name"]
        for key, doc in self.docs:
            game = doc["games"][0]
            kept = []
            for alias in game.get("aliases", []):
                other = owner.get(fold(alias))
                if other is not None and other != key:
                    self.notices.append("%s: alias '%s' names the game '%s'; left out of its names "
                                        "(kept in the record's notes)" % (game["name"], alias, other))
                    record = doc["records"][0]
                    record["notes"] += (" The DLP also calls it '%s', a name of the game '%s' in "
                                        "this archive." % (alias, other))
                    continue
                shared.setdefault(fold(alias), []).append(game["name"])
                kept.append(alias)
            if kept:
                game["aliases"] = kept
            else:
                game.pop("aliases", None)
        for spellings in shared.values():
            if len(spellings) > 1:
                self.shared_aliases.append(spellings)


def write_json(path, doc):
    with open(path, "w", encoding="utf-8") as out:
        json.dump(doc, out, ensure_ascii=False, indent=2)
        out.write("\n")


def main(argv=None):
    here = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("dlp", nargs="?",
                        default=os.path.join(here, "..", "shared", "data", "dlp-gamedatabase"),
                        help="the DLP GameDatabase copy (default: ../shared/data/dlp-gamedatabase)")
    parser.add_argument("--countries", default="package/countries-50m.json",
                        help="world-atlas 2.0.2's countries-50m.json")
    parser.add_argument("--out", default=os.path.join(here, "data"),
                        help="the data folder to write evidence/dlp/ and places/ into")
    args = parser.parse_args(argv)
    lud_files = sorted(glob.glob(os.path.join(args.dlp, "games", "lud", "**", "*.lud"),
                                 recursive=True))
    if not lud_files:
        sys.exit("convert_dlp: no .lud files under %s/games/lud" % args.dlp)
    if not os.path.exists(args.countries):
        sys.exit("convert_dlp: %s: not found (npm pack world-atlas@2.0.2 && tar xzf "
                 "world-atlas-2.0.2.tgz)" % args.countries)
    curated = json.load(open(os.path.join(args.out, "places", "places.json"),
                             encoding="utf-8"))["places"]
    gazetteer = Gazetteer(read_countries(args.countries), read_regions(args.dlp), curated)
    conversion = Conversion(gazetteer, read_seeds(os.path.join(args.out, "evidence")))
    failed = False
    for path in lud_files:
        text = open(path, encoding="utf-8").read()
        info = re.search(r'\(classification\s+"([^"]*)"', text)
        if not info or not info.group(1).startswith("board/sow"):
            continue
        try:
            conversion.convert(path, text)
        except dlp_lud.LudError as e:
            print("convert_dlp: %s: %s" % (path, e), file=sys.stderr)
            failed = True
    if failed:
        return 1
    conversion.finish()
    out_dir = os.path.join(args.out, "evidence", "dlp")
    os.makedirs(out_dir, exist_ok=True)
    for old in glob.glob(os.path.join(out_dir, "*.json")):
        os.remove(old)
    for key, doc in conversion.docs:
        write_json(os.path.join(out_dir, key + ".json"), doc)
    for entry in gazetteer.world_regions():
        conversion.places.setdefault(entry["name"], entry)
    write_json(os.path.join(args.out, "places", "places.json"),
               {"places": outline_curated(curated, gazetteer)})
    places = [conversion.places[name] for name in sorted(conversion.places)]
    write_json(os.path.join(args.out, "places", "dlp_places.json"), {"places": places})
    records = [doc["records"][0] for _, doc in conversion.docs]
    dated = sum(1 for r in records if "date_from" in r)
    placed = sum(1 for r in records if "location" in r) - len(conversion.unresolved_places)
    print("%d games converted into %s (%d records placed, %d dated, %d without an origin)" %
          (len(records), os.path.relpath(out_dir), placed, dated, len(conversion.no_origin)))
    print("places by precision: " + ", ".join(
        "%s %d" % (k, v) for k, v in sorted(conversion.precision.items(), key=lambda kv: -kv[1])))
    print("%d places written to %s" % (len(places), os.path.relpath(
        os.path.join(args.out, "places", "dlp_places.json"))))
    print("unresolved origins: %d" % len(conversion.unresolved_places))
    for file_name, place in conversion.unresolved_places:
        print("  %s: %s" % (file_name, place))
    print("unresolved dates: %d" % len(conversion.unresolved_dates))
    for file_name, date in conversion.unresolved_dates:
        print("  %s: %s" % (file_name, date))
    for notice in conversion.notices:
        print("note: " + notice)
    print("%d aliases name several games" % len(conversion.shared_aliases))
    return 0


if __name__ == "__main__":
    sys.exit(main())
