#!/usr/bin/env python3
"""Turns `swift test` output into something a person reads: one line per suite, and every
failure, skip and test output in full.

    swift test --xunit-output DIR/results.xml 2>&1 | scripts/test-summary.py DIR/results-swift-testing.xml

Standard input is the console output of swift-testing (and XCTest). The `started` and
`passed` lines of single tests are dropped; everything else (issues with their file:line,
skips, what tests print, build errors) is passed through as it comes. At the end, the
xUnit report that swift-testing wrote gives one line per suite with its counts, then the
totals. Exits 0; the caller keeps `swift test`'s own status.
"""
import re
import sys
import xml.etree.ElementTree as ElementTree

# Progress records of a single test, test case or suite, and XCTest's empty run: noise once
# per test. A record is a line and its continuation lines (an argument may hold newlines).
NOISE = [
    re.compile(r"^◇ (Test|Suite) .* started\.$", re.S),
    re.compile(r"^✔ (Test|Suite) (?!run with ).* passed after [0-9.]+ seconds?\.$", re.S),
    re.compile(r"^Test Suite '(All tests|Selected tests|[^']*\.xctest)' (started|passed) at "),
    re.compile(r"^\s+Executed 0 tests, with 0 failures"),
    re.compile(r"^◇ Test run started\.$"),
    re.compile(r"^↳ (Testing Library Version|Target Platform): "),
]
# How swift-testing starts a record; any other line continues the record before it.
RECORD_START = re.compile(r"^(◇|✔|✘|➜|↳|⚠|〜|Test Suite|\s+Executed|\[)")


def passthrough(stream) -> None:
    record = []

    def flush() -> None:
        text = "".join(record).rstrip("\n")
        if record and not any(pattern.match(text) for pattern in NOISE):
            sys.stdout.write("".join(record))
            sys.stdout.flush()
        record.clear()

    for line in stream:
        if RECORD_START.match(line) or not record or not record[0].startswith("◇"):
            flush()
        record.append(line)
    flush()


def suites(report: str) -> dict:
    """Counts per suite (`Target.Suite`) from the xUnit report, in the report's order."""
    counts = {}
    for case in ElementTree.parse(report).getroot().iter("testcase"):
        suite = counts.setdefault(case.get("classname", "?"), {"passed": 0, "failed": 0, "skipped": 0, "failures": []})
        if case.find("failure") is not None or case.find("error") is not None:
            suite["failed"] += 1
            suite["failures"].append(case.get("name", "?"))
        elif case.find("skipped") is not None:
            suite["skipped"] += 1
        else:
            suite["passed"] += 1
    return counts


def summarise(report: str) -> None:
    try:
        counts = suites(report)
    except (OSError, ElementTree.ParseError) as error:
        print(f"test-summary: no per-suite report ({error})")
        return
    width = max((len(name) for name in counts), default=0)
    totals = {"passed": 0, "failed": 0, "skipped": 0}
    print(f"\nSuites ({len(counts)}):")
    for name in sorted(counts):
        suite = counts[name]
        mark = "✘" if suite["failed"] else ("➜" if suite["skipped"] else "✔")
        parts = [f"{suite[kind]} {kind}" for kind in ("passed", "failed", "skipped") if suite[kind] or kind == "passed"]
        print(f"  {mark} {name:<{width}}  {', '.join(parts)}")
        for test in suite["failures"]:
            print(f"      ✘ {test}")
        for kind in totals:
            totals[kind] += suite[kind]
    skipped_suites = sum(1 for suite in counts.values() if suite["skipped"] and not suite["passed"] and not suite["failed"])
    print(f"unit: {totals['passed']} passed, {totals['failed']} failed, {totals['skipped']} skipped "
          f"({skipped_suites} suites skipped whole)")


if __name__ == "__main__":
    passthrough(sys.stdin)
    if len(sys.argv) > 1:
        summarise(sys.argv[1])
