"""No timing figure in a code comment: a comment says why, and a measured figure (or a
duration the code sets) goes stale there; figures live in docs/benchmarks.md, dated."""
import os
import re

SOURCES = os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))), "Sources")
TIMING = re.compile(r"\b\d[\d.,]*\s?(ms|µs|ns|s|seconds?|milliseconds?|microseconds?|minutes?|MB/s)\b|\bp(50|99)\b"
                    r"|\btook\b")
COMMENT = re.compile(r"//(.*)$")


def test_no_comment_in_sources_quotes_a_timing():
    found = []
    for root, _, files in os.walk(SOURCES):
        for name in sorted(files):
            if not name.endswith(".swift"):
                continue
            path = os.path.join(root, name)
            with open(path, encoding="utf-8") as f:
                for number, line in enumerate(f, 1):
                    comment = COMMENT.search(line)
                    if comment and TIMING.search(comment.group(1)):
                        found.append(f"{os.path.relpath(path, SOURCES)}:{number}: {line.strip()}")
    assert not found, "timing figures in comments (move them to docs/benchmarks.md):\n" + "\n".join(found)
