"""GraphLens's training step against its PyTorch twin in alternating rounds, for the training targets:
GraphLens graphed step <= 1.00x Python's graphed step of the same scope, GraphLens eager <= 0.85x Python
eager. Each round runs both programs once (graphlens_bench_training_step, then train_step_twin.py;
the order flips every round, so neither always runs on a warmer or quieter machine), prints the round's
ratios, and the end prints the median ratio of each form over the rounds with PASS or FAIL. Rounds
because an eager step on a shared machine moves by 20-30% from one minute to the next: a ratio from
two programs run back to back is steadier than either time.

    python train_step_rounds.py [--rounds 5] [--batch 8] [--optimizer sgd] [--cpus 2-5]
                                -- <graphlens_bench_training_step command...>

--cpus pins both programs to the same CPUs (Linux), so neither runs on a core the other never saw.

The twin is found beside this script; its interpreter is this one.
"""
import argparse
import os
import re
import statistics
import subprocess
import sys

LINE = re.compile(r"(graphlens|python) training step .*: eager ([0-9.]+) ms, network scope ([0-9.]+) ms .*"
                  r"step scope ([0-9.]+) ms")
TARGETS = {"eager": 0.85, "network": 1.00, "step": 1.00}


def run(command):
    result = subprocess.run(command, capture_output=True, text=True)
    for line in result.stdout.splitlines():
        match = LINE.search(line)
        if match:
            print(line, flush=True)
            return dict(zip(("eager", "network", "step"), map(float, match.groups()[1:])))
    sys.exit(f"no step times from {' '.join(command)} (exit {result.returncode}):\n{result.stdout}{result.stderr}")


def cpu_list(text):
    """'2-5,8' -> {2, 3, 4, 5, 8}, as taskset -c reads it."""
    cpus = set()
    for part in text.split(","):
        first, _, last = part.partition("-")
        cpus.update(range(int(first), int(last or first) + 1))
    return cpus


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--batch", type=int, default=8)
    parser.add_argument("--optimizer", default="sgd")
    parser.add_argument("--cpus", type=cpu_list, help="pin both programs to these CPUs, e.g. 2-5")
    parser.add_argument("graphlens", nargs=argparse.REMAINDER)
    args = parser.parse_args()
    if args.cpus:
        os.sched_setaffinity(0, args.cpus)  # inherited by both programs
        print(f"pinned to CPUs {sorted(args.cpus)}", flush=True)
    graphlens = [a for a in args.graphlens if a != "--"]
    if not graphlens:
        parser.error("give the graphlens_bench_training_step command after --")
    twin = [sys.executable, os.path.join(os.path.dirname(os.path.abspath(__file__)), "train_step_twin.py"),
            str(args.batch), args.optimizer]
    ours = graphlens + ["resnet18", str(args.batch), "amp-fp16", args.optimizer]
    ratios = {form: [] for form in TARGETS}
    for index in range(args.rounds):
        order = [ours, twin] if index % 2 == 0 else [twin, ours]
        times = {}
        for command in order:
            times["graphlens" if command is ours else "python"] = run(command)
        line = []
        for form in TARGETS:
            ratio = times["graphlens"][form] / times["python"][form]
            ratios[form].append(ratio)
            line.append(f"{form} {ratio:.3f}x")
        print(f"round {index + 1} ({'graphlens' if index % 2 == 0 else 'python'} first): " + ", ".join(line), flush=True)
    failed = False
    for form, limit in TARGETS.items():
        median = statistics.median(ratios[form])
        within = sum(r <= limit for r in ratios[form])
        verdict = "PASS" if median <= limit else "FAIL"
        failed |= verdict == "FAIL"
        print(f"resnet18 batch {args.batch} amp-fp16 {args.optimizer} {form}: GraphLens / Python median "
              f"{median:.3f}x over {args.rounds} rounds ({within} of {args.rounds} within), target <= {limit:.2f}x {verdict}")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
