#!/usr/bin/env python3
"""Runs the end-to-end tests: every `test_*` function in `test_*.py` beside this file.

Each test gets a fresh throwaway data directory. The real binary is named by TERN_BIN.
Files run side by side in `--jobs N` child processes (TERN_E2E_JOBS, 2 unless set; each
test's tmux server, data directory and database are its own), longest first, and each
file's lines are printed together when it ends: one line per file, every failure in full,
and a closing `e2e: N passed, N failed` line; `-v` prints one line per test as well.
An argument filters by `file::test`.
"""
import importlib.util
import json
import os
import subprocess
import sys
import time
import traceback
from concurrent.futures import ThreadPoolExecutor

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

# The files that take longest go first, so that the side-by-side runs end together.
SLOW_FIRST = ["test_places.py", "test_local_first.py", "test_outbox_cli.py", "test_local_files.py",
              "test_feed.py", "test_lists.py", "test_korean_everywhere.py", "test_hostile_text.py"]


def run_file(name, only, verbose):
    """Runs one file's tests in this process; prints its lines; returns (passed, failed)."""
    spec = importlib.util.spec_from_file_location(name[:-3], os.path.join(HERE, name))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    file_started, passed, failed = time.monotonic(), 0, 0
    for attr in sorted(dir(module)):
        if not attr.startswith("test_") or (only and only not in f"{name}::{attr}"):
            continue
        started = time.monotonic()
        try:
            getattr(module, attr)()
            passed += 1
            if verbose:
                print(f"  ok   {name}::{attr} ({time.monotonic() - started:.1f}s)", flush=True)
        except Exception:
            failed += 1
            print(f"  FAIL {name}::{attr}", flush=True)
            traceback.print_exc(file=sys.stdout)
    if passed + failed:
        mark = "✘" if failed else "✔"
        print(f"{mark} {name}: {passed} passed, {failed} failed ({time.monotonic() - file_started:.1f}s)",
              flush=True)
    return passed, failed


def child(name, only, verbose):
    """Runs one file in a child process; returns (its output, passed, failed)."""
    command = [sys.executable, os.path.abspath(__file__), "--file", name]
    command += (["--only", only] if only else []) + (["-v"] if verbose else [])
    result = subprocess.run(command, capture_output=True, text=True)
    lines = result.stdout.rstrip("\n").split("\n")
    try:
        passed, failed = json.loads(lines[-1])
        lines = lines[:-1]
    except (ValueError, IndexError):
        passed, failed = 0, 1
        lines.append(f"✘ {name}: the file's run ended without counts (exit {result.returncode})")
    output = "\n".join(line for line in lines if line) + ("\n" + result.stderr if result.stderr.strip() else "")
    return output, passed, failed


def main() -> int:
    if not os.environ.get("TERN_BIN"):
        print("e2e: TERN_BIN is not set", file=sys.stderr)
        return 2
    arguments = sys.argv[1:]
    verbose = "-v" in arguments
    arguments = [argument for argument in arguments if argument != "-v"]
    if arguments[:1] == ["--file"]:
        only = arguments[3] if arguments[2:3] == ["--only"] else None
        counts = run_file(arguments[1], only, verbose)
        print(json.dumps(counts), flush=True)
        return 0
    jobs = int(os.environ.get("TERN_E2E_JOBS", "2"))
    if arguments[:1] == ["--jobs"]:
        jobs, arguments = int(arguments[1]), arguments[2:]
    only = arguments[0] if arguments else None
    names = sorted(name for name in os.listdir(HERE) if name.startswith("test_") and name.endswith(".py"))
    if only:
        names = [name for name in names if only.split("::")[0] in name or "::" not in only]
    names.sort(key=lambda name: SLOW_FIRST.index(name) if name in SLOW_FIRST else len(SLOW_FIRST))
    passed = failed = 0
    with ThreadPoolExecutor(max_workers=max(1, jobs)) as pool:
        for output, file_passed, file_failed in pool.map(lambda name: child(name, only, verbose), names):
            if output:
                print(output, flush=True)
            passed, failed = passed + file_passed, failed + file_failed
    print(f"e2e: {passed} passed, {failed} failed")
    return 0 if failed == 0 and passed > 0 else 1


if __name__ == "__main__":
    sys.exit(main())
