#!/usr/bin/env python3
"""Fails when a target imports a project module that Package.swift does not list among
its dependencies (the package must say what the code does), or when a module re-exports
another with `@_exported`. Run from the repository root."""
import os
import re
import sys

manifest = open("Package.swift").read()
targets = {}
for match in re.finditer(r'\.(?:target|executableTarget|testTarget|systemLibrary)\(\s*name:\s*"(\w+)"(.*?)\)\s*,\s*$',
                         manifest, re.S | re.M):
    name, rest = match.group(1), match.group(2)
    dependencies = re.search(r'dependencies:\s*\[(.*?)\]', rest, re.S)
    path = re.search(r'path:\s*"([^"]+)"', rest)
    kind = "Tests" if "testTarget" in match.group(0) else "Sources"
    targets[name] = {
        "dependencies": set(re.findall(r'"(\w+)"', dependencies.group(1))) if dependencies else set(),
        "path": path.group(1) if path else f"{kind}/{name}",
    }

problems = []
for name, target in sorted(targets.items()):
    for root, _, files in os.walk(target["path"]):
        for file in files:
            if not file.endswith(".swift"):
                continue
            path = os.path.join(root, file)
            for number, line in enumerate(open(path, encoding="utf-8"), 1):
                found = re.match(r'\s*(@_exported\s+|@testable\s+)?import\s+(\w+)', line)
                if not found:
                    continue
                module = found.group(2)
                if found.group(1) and found.group(1).startswith("@_exported"):
                    problems.append(f"{path}:{number}: @_exported import {module} hides the dependency graph")
                if module in targets and module != name and module not in target["dependencies"]:
                    problems.append(f"{path}:{number}: imports {module}, which Package.swift does not list for {name}")

for problem in problems:
    print(problem)
print(f"check-imports: {len(targets)} targets, {len(problems)} problem(s)")
sys.exit(1 if problems else 0)
