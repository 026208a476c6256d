#!/usr/bin/env python3
"""Writes docs/bad-input-catalogue.md from the command-line tests: every cli_test (or cli_model_test) in
tests/cli/CMakeLists.txt that expects a failure is one row (the input, the exit code, the message
the test requires). The catalogue cannot drift from the tests: `--check` compares the file with what
the tests say and fails when they differ (ctest runs it as docs.bad_input_catalogue)."""
import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
TESTS = ROOT / "tests" / "cli" / "CMakeLists.txt"
DOC = ROOT / "docs" / "bad-input-catalogue.md"


def calls(text):
    """Yields the argument text of every cli_test(...) call, quotes and nested parentheses respected."""
    for match in re.finditer(r"^\s*cli_(?:\w+_)?test\(", text, re.M):
        depth, i, quoted = 1, match.end(), False
        while depth:
            c = text[i]
            if quoted:
                if c == "\\":
                    i += 1
                elif c == '"':
                    quoted = False
            elif c == '"':
                quoted = True
            elif c == "(":
                depth += 1
            elif c == ")":
                depth -= 1
            i += 1
        yield text[match.end():i - 1]


def tokens(args):
    """CMake-style arguments: quoted strings (unescaped) and bare words."""
    out = []
    for m in re.finditer(r'"((?:[^"\\]|\\.)*)"|(\S+)', args):
        if m.group(1) is not None:
            out.append(re.sub(r"\\(.)", r"\1", m.group(1)))
        else:
            out.append(m.group(2))
    return out


def readable(word):
    word = word.replace("${cli}", "graphlens-cli").replace("${plans}/", "").replace("${datasets}/", "")
    word = re.sub(r"\$\{CMAKE_CURRENT_BINARY_DIR\}/", "", word)
    word = re.sub(r"\$\{(train_out|models|fleet)\}/", "", word)
    return word


def rows():
    found = []
    for args in calls(TESTS.read_text()):
        words = tokens(args)
        if len(words) < 3 or not words[1].isdigit() or words[1] == "0":
            continue
        # ${no_gpu} hides the GPUs (an environment prefix), not part of what the user types.
        name, code, regex = words[0], words[1], words[2]
        command = [readable(w) for w in words[3:] if w != "${no_gpu}"]
        found.append((name, code, regex, " ".join(command)))
    return found


def cell(text):
    return text.replace("|", "\\|").replace("\n", " ")


def catalogue():
    lines = [
        "# Bad input: what each one gets",
        "",
        "Every row is a command-line test (`ctest -R cli.<test>`): the input given, the exit code",
        "(2: bad arguments or input; 1: a run that failed) and the message the test requires (a regular",
        "expression over the command's output). Written by `scripts/bad-input-catalogue.py` from",
        "`tests/cli/CMakeLists.txt`; `ctest -R docs.bad_input_catalogue` fails when the two differ.",
        "Inputs checked below the command line (label lines, images, masks, YAML fields, sessions, plans)",
        "have their unit tests in `tests/unit/data`, `tests/unit/results` and `tests/ui`.",
        "",
        "| test | command | exit | message (regular expression) |",
        "|---|---|---|---|",
    ]
    for name, code, regex, command in rows():
        lines.append(f"| `cli.{name}` | `{cell(command)}` | {code} | `{cell(regex)}` |")
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    text = catalogue()
    if "--check" in sys.argv:
        if not DOC.exists() or DOC.read_text() != text:
            sys.exit(f"{DOC} is not what {TESTS} says: run scripts/bad-input-catalogue.py")
        print(f"{DOC.name}: {text.count(chr(10)) - 11} rows, as the tests say")
    else:
        DOC.write_text(text)
        print(f"wrote {DOC}")
