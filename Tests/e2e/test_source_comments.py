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


# Where a thread may be made besides the event loop's: the lanes themselves, the import's reader
# of osmium's errors (decision 0011), and the fuzz driver, which is no interface.
THREAD_MAKERS = {"Workers/LaneQueue.swift", "PlaceCatalog/OSMExtract.swift", "TernFuzz/FuzzRun.swift"}
MAKES_THREADS = re.compile(r"\bThread\s*(\{|\(block)|\bDispatchQueue\b|\bconcurrentPerform\b|\bdetachNewThread\b"
                           r"|\bpthread_create\b")


def test_work_leaves_the_loop_only_through_the_lanes():
    found = set()
    for root, _, files in os.walk(SOURCES):
        for name in sorted(files):
            if not name.endswith(".swift"):
                continue
            path = os.path.join(root, name)
            with open(path, encoding="utf-8") as f:
                for line in f:
                    code = COMMENT.sub("", line)
                    if MAKES_THREADS.search(code):
                        found.add(os.path.relpath(path, SOURCES))
    assert found <= THREAD_MAKERS, f"threads made outside Sources/Workers' lanes: {sorted(found - THREAD_MAKERS)}"
