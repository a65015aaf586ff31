"""`make test`'s output filter (scripts/test-summary.py) on a canned swift-testing run: the
`started`/`passed` lines of single tests are gone, every failure stays with its file:line,
and the closing table has one line per suite with its counts, skips included."""
import os
import subprocess
import tempfile

SCRIPT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "scripts", "test-summary.py")

CONSOLE = """◇ Test run started.
↳ Testing Library Version: 6.3.1
◇ Suite FeedTests started.
◇ Test likes() started.
◇ Test case passing 1 argument text → "two
lines" to wraps(text:) started.
✔ Test likes() passed after 0.001 seconds.
✘ Test wraps(text:) recorded an issue at FeedTests.swift:42:9: Expectation failed: (width → 81) <= 80
↳ the row is too wide
✘ Test wraps(text:) failed after 0.002 seconds with 1 issue.
➜ Test server() skipped: "needs PostgreSQL"
✘ Suite FeedTests failed after 0.003 seconds with 1 issue.
✔ Suite OtherTests passed after 0.001 seconds.
✘ Test run with 4 tests in 2 suites failed after 0.004 seconds with 1 issue.
"""

REPORT = """<?xml version="1.0" encoding="UTF-8"?>
<testsuites><testsuite name="TestResults" tests="4" failures="1" skipped="1">
<testcase classname="AppTests.FeedTests" name="likes()" time="0.001" />
<testcase classname="AppTests.FeedTests" name="wraps(text:)" time="0.002"><failure message="x" /></testcase>
<testcase classname="AppTests.FeedTests" name="server()" time="0"><skipped /></testcase>
<testcase classname="AppTests.OtherTests" name="other()" time="0.001" />
</testsuite></testsuites>
"""


def test_summary_keeps_failures_and_drops_progress():
    with tempfile.NamedTemporaryFile("w", suffix=".xml", delete=False) as report:
        report.write(REPORT)
    try:
        result = subprocess.run(["python3", SCRIPT, report.name], input=CONSOLE, capture_output=True,
                                text=True, timeout=30)
    finally:
        os.unlink(report.name)
    out = result.stdout
    assert result.returncode == 0, result
    assert "started" not in out, out
    assert "likes() passed" not in out and "Suite OtherTests passed" not in out, out
    assert "FeedTests.swift:42:9: Expectation failed" in out and "↳ the row is too wide" in out, out
    assert '➜ Test server() skipped: "needs PostgreSQL"' in out, out
    assert "✘ Test run with 4 tests in 2 suites failed" in out, out
    assert "✘ AppTests.FeedTests   1 passed, 1 failed, 1 skipped" in out, out
    assert "      ✘ wraps(text:)" in out, out
    assert "✔ AppTests.OtherTests  1 passed" in out, out
    assert "unit: 2 passed, 1 failed, 1 skipped" in out, out
