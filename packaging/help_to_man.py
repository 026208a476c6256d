#!/usr/bin/env python3
"""Writes graphlens-cli's man page from its own --help and each subcommand's --help.

    help_to_man.py <graphlens-cli> <version> <out.1>

Writes <out.1> and <out.1>.gz (what gets installed). Generated, so the page cannot drift from the
program; hidden subcommands (internal ones, with no help line) stay out as they do in --help.
Parses CLI11's layout: a description, "Usage:", then sections ("Options:", "Subcommands:") whose
entries start two spaces in, with the description after two or more spaces or on the next lines.
"""
import gzip
import os
import re
import subprocess
import sys

EXIT_STATUS = [
    ("0", "success"),
    ("1", "a run failed; the message says why"),
    ("2", "bad arguments or input; the message names the argument or the file"),
]


def run_help(program, *args):
    result = subprocess.run([program, *args, "--help"], capture_output=True, text=True, check=False)
    if result.returncode != 0:
        sys.exit(f"help_to_man.py: '{program} {' '.join(args)} --help' exited {result.returncode}:\n{result.stderr}")
    return result.stdout


def parse(text):
    """(description, usage, {section: [(term, description)]}) from one CLI11 help text."""
    description, usage, sections, current = [], "", {}, None
    for line in text.splitlines():
        if line.startswith("Usage:"):
            usage = line[len("Usage:"):].strip()
        elif re.match(r"^[A-Z][A-Za-z ]*:$", line):
            current = sections.setdefault(line[:-1], [])
        elif current is None:
            if line.strip():
                description.append(line.strip())
        elif re.match(r"^  \S", line):
            parts = re.split(r"\s{2,}", line.strip(), maxsplit=1)
            current.append([parts[0], parts[1] if len(parts) > 1 else ""])
        elif line.strip() and current:
            current[-1][1] = (current[-1][1] + " " + line.strip()).strip()
    return " ".join(description), usage, sections


def roff(text):
    text = text.replace("\\", "\\e").replace("-", "\\-")
    return "\\&" + text if text[:1] in (".", "'") else text


def term_roff(term):
    # Option names bold, value placeholders (TEXT, INT, ...) and the rest as they are.
    words = []
    for word in term.split(" "):
        if word.startswith("-"):
            words.append("\\fB" + ",".join(roff(part) for part in word.split(",")) + "\\fR")
        else:
            words.append(roff(word))
    return " ".join(words)


def entries(out, items):
    for term, text in items:
        out.append(".TP")
        out.append(term_roff(term))
        out.append(roff(text) if text else "")


def man_page(program, version):
    name = os.path.basename(program)
    description, _, sections = parse(run_help(program))
    out = [
        f'.TH {name.upper()} 1 "" "GraphLens {version}" "User Commands"',
        ".SH NAME",
        f"{roff(name)} \\- {roff(description)}",
        ".SH SYNOPSIS",
        f".B {roff(name)}",
        "\\fICOMMAND\\fR [\\fIOPTIONS\\fR]",
        ".br",
        f".B {roff(name)}",
        "\\fB\\-\\-help\\fR | \\fB\\-\\-version\\fR",
        ".SH DESCRIPTION",
        f"{roff(name)} runs GraphLens' engine without a window: it times eager and CUDA-graphed inference "
        "and training steps, verifies that graphed results equal eager ones bit for bit, trains, and "
        "serves the GraphLens window as its worker. Each command below has its own \\fB\\-\\-help\\fR.",
        ".SH OPTIONS",
    ]
    entries(out, sections.get("Options", []))
    out.append(".SH COMMANDS")
    for command, _ in sections.get("Subcommands", []):
        sub_description, usage, sub_sections = parse(run_help(program, command))
        out.append(f".SS {roff(command)}")
        out.append(roff(sub_description))
        out.append(".PP")
        out.append(f"\\fBUsage:\\fR {roff(usage)}")
        for section, items in sub_sections.items():
            items = [item for item in items if not item[0].startswith("-h,--help")]
            if section == "Subcommands" or not items:
                continue
            entries(out, items)
    out.append(".SH EXIT STATUS")
    for code, meaning in EXIT_STATUS:
        out += [".TP", code, roff(meaning)]
    out += [".SH SEE ALSO", "\\fBgraphlens \\-\\-help\\fR (the window; \\fB\\-\\-report\\fR writes a report headless)"]
    return "\n".join(out) + "\n"


def main():
    if len(sys.argv) != 4:
        sys.exit(__doc__.strip().splitlines()[2].strip())
    program, version, path = sys.argv[1:]
    text = man_page(program, version)
    partial = path + ".part"  # written aside and renamed: an interrupted build leaves no half page
    with open(partial, "w", encoding="utf-8") as page:
        page.write(text)
    with open(partial + ".gz", "wb") as raw, gzip.GzipFile(filename="", mode="wb", fileobj=raw, mtime=0) as packed:
        packed.write(text.encode("utf-8"))
    os.replace(partial + ".gz", path + ".gz")
    os.replace(partial, path)


if __name__ == "__main__":
    main()
