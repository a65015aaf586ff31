#!/usr/bin/env python3
"""Runs the end-to-end tests: every `test_*` function in `test_*.py` beside this file.

Each test gets a fresh throwaway data directory. The real binary is named by TERN_BIN.
Prints every failure in full as it happens, one line per file, and a closing
`e2e: N passed, N failed` line; `-v` prints one line per test as well.
"""
import importlib.util
import os
import sys
import time
import traceback

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)


def main() -> int:
    if not os.environ.get("TERN_BIN"):
        print("e2e: TERN_BIN is not set", file=sys.stderr)
        return 2
    verbose = "-v" in sys.argv[1:]
    arguments = [argument for argument in sys.argv[1:] if argument != "-v"]
    only = arguments[0] if arguments else None
    passed = failed = 0
    for name in sorted(os.listdir(HERE)):
        if not (name.startswith("test_") and name.endswith(".py")):
            continue
        spec = importlib.util.spec_from_file_location(name[:-3], os.path.join(HERE, name))
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        file_started, file_passed, file_failed = time.monotonic(), passed, failed
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
                traceback.print_exc()
        if passed + failed > file_passed + file_failed:
            mark = "✘" if failed > file_failed else "✔"
            print(f"{mark} {name}: {passed - file_passed} passed, {failed - file_failed} failed "
                  f"({time.monotonic() - file_started:.1f}s)", flush=True)
    print(f"e2e: {passed} passed, {failed} failed")
    return 0 if failed == 0 and passed > 0 else 1


if __name__ == "__main__":
    sys.exit(main())
