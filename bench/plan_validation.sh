#!/usr/bin/env bash
# The capture planner against reality (target on the H200: predicted mean latency and VRAM within 10%
# of the replayed figures, and the planned list beating powers of two on mean latency at equal or
# lower VRAM on at least two of the three mixes). Per family: the costs are measured once (`plan`
# measuring at the shapes the uniform mix needs, which cover the other two mixes, and saving them as a
# session); per mix: a plan at the VRAM the powers-of-two list takes (equal VRAM by construction), then
# `replay-mix --also-baselines` plays the same request stream through the plan and every baseline.
#   bench/plan_validation.sh <graphlens-cli command...>      e.g.  bench/plan_validation.sh ./graphlens-cli
# FAMILIES (default "resnet18 yolo-t"), MIXES_DIR (default resources/mixes beside this script),
# REQUESTS (default 2000), OUT (default a temporary folder). Exit 1 when the target is missed.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
# The source tree's mixes, or an installed bundle's (share/graphlens-tests beside share/graphlens).
mixes_dir="${MIXES_DIR:-$here/../resources/mixes}"
[ -d "$mixes_dir" ] || mixes_dir="$here/../graphlens/mixes"
out="${OUT:-$(mktemp -d)}"
mkdir -p "$out"
families="${FAMILIES:-resnet18 yolo-t}"
mixes="uniform-1-64 long-tail-1-64 bimodal-1-32"
pool_of() {  # pool_of PLAN.json BASELINE-NAME
  python3 -c 'import json,sys; p=json.load(open(sys.argv[1])); print(next(b["pool_mib"] for b in p["baselines"] if b["name"]==sys.argv[2]))' "$1" "$2"
}
for family in $families; do
  "$@" plan --family "$family" --mix "$mixes_dir/uniform-1-64.txt" --vram-budget 1000000 --precision fp16 \
    --save-session "$out/$family-costs.json" >"$out/$family-measure.log" 2>&1 ||
    { echo "$family: measuring the costs failed (see $out/$family-measure.log)"; tail -3 "$out/$family-measure.log"; exit 1; }
  for mix in $mixes; do
    "$@" plan --session "$out/$family-costs.json" --mix "$mixes_dir/$mix.txt" --vram-budget 1000000 \
      --json "$out/$family-$mix-unbounded.json" >/dev/null
    budget="$(pool_of "$out/$family-$mix-unbounded.json" "powers of two")"
    "$@" plan --session "$out/$family-costs.json" --mix "$mixes_dir/$mix.txt" --vram-budget "$budget" \
      --json "$out/$family-$mix.json" >"$out/$family-$mix-plan.txt"
    "$@" replay-mix --plan "$out/$family-$mix.json" --mix "$mixes_dir/$mix.txt" --requests "${REQUESTS:-2000}" \
      --also-baselines --json "$out/$family-$mix-replay.json" >"$out/$family-$mix-replay.txt"
  done
done
python3 - "$out" "$families" "$mixes" <<'PY'
import json, os, sys
out, families, mixes = sys.argv[1], sys.argv[2].split(), sys.argv[3].split()
print(f"{'family':9} {'mix':15} {'set':20} {'captured':34} {'mean ms':>8} {'pred.':>8} {'err%':>6} {'pool MiB':>9} {'pred.':>8} {'err%':>6}")
within, total, wins = 0, 0, {}
for family in families:
    for mix in mixes:
        replay = json.load(open(os.path.join(out, f"{family}-{mix}-replay.json")))
        by_name = {}
        for s in replay["sets"]:
            m, p = s["measured"], s["predicted"]
            by_name[s["name"]] = s
            batches = " ".join(str(c["batch"]) for c in sorted(s["captured"], key=lambda c: c["batch"])) or "-"
            if len(batches) > 34: batches = batches[:31] + "..."
            print(f"{family:9} {mix:15} {s['name']:20} {batches:34} {m['mean_ms']:8.3f} {p['mean_ms']:8.3f} {s['mean_error_pct']:+6.1f} "
                  f"{m['pool_mib']:9.1f} {p['pool_mib']:8.1f} {s['pool_error_pct']:+6.1f}")
        plan = by_name["plan"]
        total += 1
        if abs(plan["mean_error_pct"]) <= 10 and abs(plan["pool_error_pct"]) <= 10: within += 1
        pow2 = by_name.get("powers of two")
        if pow2:
            win = plan["measured"]["mean_ms"] < pow2["measured"]["mean_ms"] and plan["measured"]["pool_mib"] <= pow2["measured"]["pool_mib"] * 1.0001
            wins.setdefault(family, 0)
            wins[family] += 1 if win else 0
            print(f"{'':9} {'':15} plan vs powers of two: mean {plan['measured']['mean_ms']:.3f} vs {pow2['measured']['mean_ms']:.3f} ms, "
                  f"pool {plan['measured']['pool_mib']:.1f} vs {pow2['measured']['pool_mib']:.1f} MiB: {'beats it' if win else 'does not beat it'}")
print(f"\nplans within 10% of the replay on mean and pool: {within} of {total}")
ok = within == total
for family, n in wins.items():
    print(f"{family}: the plan beats powers of two (lower measured mean, no more measured VRAM) on {n} of {len(mixes)} mixes")
    ok = ok and n >= 2
print("target met" if ok else "target missed")
sys.exit(0 if ok else 1)
PY
