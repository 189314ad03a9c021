"""TPC-H on ptreedb, PostgreSQL 15, HyPer and DuckDB over the same tpchgen-cli
files: loads each, runs the 22 queries N times, checks every answer against the
reference engine's (PostgreSQL when it runs, else DuckDB) and prints per-query
median times with ptreedb's ratio to each peer, plus the geometric means.

    python tools/bench/compare/compare_tpch.py --sf 1 --runs 3

With --baseline-server-bin (a ptreedb built from an earlier commit) the
"baseline" engine joins the run, so "vs baseline" is the speedup over it.
Another query set over the same tables runs with --queries DIR --label NAME
(tools/bench/window/queries: the window-function queries).

Writes OUT/LABEL-sfF.json and OUT/LABEL-sfF.png (per-query times, log scale;
LABEL is tpch unless given).
"""
import argparse
import json
import math
import os
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import engines  # noqa: E402

ALL_ENGINES = ["ptreedb", "baseline", "postgresql", "hyper", "duckdb"]
SERVER_ENGINES = ("ptreedb", "baseline", "postgresql")


def tpch_files(scale, cache_dir):
    """tpchgen-cli's CSV files, generated once per scale into the cache that
    `ptreedb-bench tpch load` uses too."""
    target = Path(cache_dir) / f"tpch-sf{scale}"
    if all((target / f"{t}.csv").exists() for t in engines.TABLES):
        return target
    generator = os.environ.get("TPCHGEN_CLI") or shutil.which("tpchgen-cli") or \
        str(Path(sys.executable).parent / "tpchgen-cli")
    partial = Path(cache_dir) / f"tpch-sf{scale}.partial-{os.getpid()}"
    shutil.rmtree(partial, ignore_errors=True)
    partial.mkdir(parents=True)
    print(f"generating TPC-H SF {scale} into {target}", file=sys.stderr)
    subprocess.run([generator, "csv", "-s", str(scale), "--output-dir", str(partial)], check=True)
    shutil.rmtree(target, ignore_errors=True)
    partial.rename(target)
    return target


def same_value(mine, theirs):
    mine, theirs = mine.strip(), theirs.strip()
    if mine == theirs:
        return True
    try:
        a, b = float(mine), float(theirs)
    except ValueError:
        return False
    return abs(a - b) <= max(0.01, 1e-6 * max(abs(a), abs(b)))


def same_rows(mine, theirs):
    return len(mine) == len(theirs) and all(
        len(r) == len(s) and all(same_value(x, y) for x, y in zip(r, s)) for r, s in zip(mine, theirs))


def answers_agree(mine, theirs):
    """Row for row, values equal up to decimal rendering and CHAR padding; rows
    tied on the ORDER BY keys may come in either order, so a sorted comparison
    is the fallback."""
    if same_rows(mine, theirs):
        return True
    key = lambda row: [v.strip() for v in row]  # noqa: E731
    return same_rows(sorted(mine, key=key), sorted(theirs, key=key))


def geometric_mean(values):
    values = [v for v in values if v and v > 0]
    return math.exp(sum(math.log(v) for v in values) / len(values)) if values else None


def make_engine(name, args):
    if name == "ptreedb":
        return engines.PtreedbEngine(args.bench_bin, args.server_bin)
    if name == "baseline":
        return engines.PtreedbEngine(args.bench_bin, args.baseline_server_bin)
    if name == "postgresql":
        return engines.PostgresEngine(args.bench_bin)
    if name == "hyper":
        return engines.HyperEngine()
    if name == "duckdb":
        return engines.DuckdbEngine()
    raise ValueError(name)


def run_engine(name, args, data_dir):
    """Loads and queries one engine at a time, so none competes with another
    for the machine's cores and memory."""
    print(f"[{name}] starting", file=sys.stderr, flush=True)
    engine = make_engine(name, args)
    try:
        start = time.perf_counter()
        if name in SERVER_ENGINES:
            load_seconds = engine.load(args.sf, args.cache_dir)
        else:
            load_seconds = engine.load(args.sf, data_dir)
        print(f"[{name}] loaded in {time.perf_counter() - start:.1f} s", file=sys.stderr, flush=True)
        answers_dir = Path(args.out_dir) / f"answers-{args.label}-sf{args.sf}" / name
        shutil.rmtree(answers_dir, ignore_errors=True)
        results = engine.run_queries(args.queries, args.runs, answers_dir, args.timeout)
        print(f"[{name}] queries done", file=sys.stderr, flush=True)
        # The machine's 1-minute load average when the queries ended: other work
        # on a shared machine slows every engine, and this shows how much there was.
        return {"load_seconds": load_seconds, "queries": results,
                "load_average_after": os.getloadavg()[0]}
    finally:
        engine.close()


def report(args, names, results):
    queries = sorted({q for r in results.values() for q in r["queries"]})
    reference = "postgresql" if "postgresql" in names else ("duckdb" if "duckdb" in names else None)
    table = []
    for q in queries:
        row = {"query": q}
        ref = results.get(reference, {}).get("queries", {}).get(q, {})
        for name in names:
            r = results[name]["queries"].get(q, {})
            if "seconds" in r:
                entry = {"median_seconds": statistics.median(r["seconds"]), "seconds": r["seconds"]}
                if reference and name != reference and "answer" in ref:
                    entry["answer_matches"] = answers_agree(r["answer"], ref["answer"])
                row[name] = entry
            else:
                row[name] = {"error": r.get("error", "not run")}
        table.append(row)

    peers = [n for n in names if n != "ptreedb"]
    summary = {"label": args.label, "scale_factor": args.sf, "runs": args.runs, "reference": reference,
               "load_seconds": {n: results[n]["load_seconds"] for n in names},
               "machine_load_average": {n: results[n]["load_average_after"] for n in names},
               "cores": os.cpu_count(),
               "geomean_seconds": {}, "ratios": {}, "answers_agree": True}
    for name in names:
        summary["geomean_seconds"][name] = geometric_mean(
            [row[name].get("median_seconds") for row in table])
    for row in table:
        for name in names:
            if row[name].get("answer_matches") is False or "error" in row[name]:
                summary["answers_agree"] = False
    if "ptreedb" in names:
        for peer in peers:
            # > 1: ptreedb is that many times faster than the peer on the query.
            pairs = [row[peer]["median_seconds"] / row["ptreedb"]["median_seconds"]
                     for row in table if "median_seconds" in row[peer]
                     and "median_seconds" in row["ptreedb"]]
            summary["ratios"][peer] = {"geomean_speedup_of_ptreedb": geometric_mean(pairs),
                                       "queries_compared": len(pairs)}

    # The table: one row per query, median seconds per engine, then ptreedb's speedup.
    header = f"{'query':<6}" + "".join(f"{n:>12}" for n in names)
    if "ptreedb" in names:
        header += "".join(f"{'vs ' + p:>16}" for p in peers)
    lines = [f"TPC-H SF {args.sf}, median of {args.runs} runs (seconds); "
             f"'vs X' = X's time / ptreedb's time (> 1: ptreedb faster); "
             f"answers checked against {reference}", header]
    for row in table:
        line = f"{row['query']:<6}"
        for name in names:
            r = row[name]
            if "median_seconds" in r:
                mark = "" if r.get("answer_matches", True) else "!"
                line += f"{r['median_seconds']:>11.3f}{mark or ' '}"
            else:
                line += f"{'error':>12}"
        if "ptreedb" in names:
            for peer in peers:
                a, b = row["ptreedb"].get("median_seconds"), row[peer].get("median_seconds")
                line += f"{b / a:>15.2f}x" if a and b else f"{'-':>16}"
        lines.append(line)
    line = f"{'geomean':<6}"
    for name in names:
        g = summary["geomean_seconds"][name]
        line += f"{g:>12.3f}" if g else f"{'-':>12}"
    for peer in peers if "ptreedb" in names else []:
        g = summary["ratios"][peer]["geomean_speedup_of_ptreedb"]
        line += f"{g:>15.2f}x" if g else f"{'-':>16}"
    lines.append(line)
    line = f"{'load':<6}" + "".join(f"{summary['load_seconds'][n]:>12.1f}" for n in names)
    lines.append(line)
    lines.append(f"{'loadav':<6}" + "".join(f"{summary['machine_load_average'][n]:>12.1f}"
                                           for n in names) + f"   (1-min load average, {os.cpu_count()} cores)")
    lines.append("answers: " + ("all agree" if summary["answers_agree"] else
                                "SOME DIFFER OR FAILED ('!' marks a differing answer)"))
    for row in table:
        for name in names:
            if "error" in row[name]:
                lines.append(f"  {row['query']} on {name}: {row[name]['error'][:200]}")
            elif row[name].get("answer_matches") is False:
                lines.append(f"  {row['query']} on {name}: answer differs from {reference}")
    return {"summary": summary, "queries": table}, "\n".join(lines)


def plot(document, names, path):
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    table = document["queries"]
    width = 0.8 / len(names)
    figure, axes = plt.subplots(figsize=(14, 5))
    for i, name in enumerate(names):
        xs = [k + i * width for k in range(len(table))]
        ys = [row[name].get("median_seconds", float("nan")) for row in table]
        axes.bar(xs, ys, width, label=name)
    axes.set_yscale("log")
    axes.set_xticks([k + 0.4 - width / 2 for k in range(len(table))])
    axes.set_xticklabels([row["query"] for row in table])
    axes.set_ylabel("median seconds (log scale)")
    title = "TPC-H" if document["summary"].get("label", "tpch") == "tpch" else \
        f"{document['summary']['label']} queries on TPC-H"
    axes.set_title(f"{title} SF {document['summary']['scale_factor']}: per-query time, "
                   f"median of {document['summary']['runs']} runs")
    axes.legend()
    axes.grid(axis="y", which="both", alpha=0.3)
    figure.tight_layout()
    figure.savefig(path, dpi=110)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sf", default="1")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--engines", default=",".join(n for n in ALL_ENGINES if n != "baseline"))
    parser.add_argument("--queries", default=str(engines.REPO / "tools/bench/tpch/queries"))
    parser.add_argument("--label", default="tpch", help="names the output files (and the report's title)")
    parser.add_argument("--bench-bin", default=str(engines.REPO / "build/bin/ptreedb-bench"))
    parser.add_argument("--server-bin", default=str(engines.REPO / "build/bin/ptreedb"))
    parser.add_argument("--baseline-server-bin",
                        help="a ptreedb from an earlier commit, run as the engine 'baseline'")
    parser.add_argument("--cache-dir", default=os.environ.get(
        "PTREEDB_BENCH_CACHE", str(engines.REPO / "build/bench-cache")))
    parser.add_argument("--out-dir", default=str(engines.REPO / "build/bench-results"))
    parser.add_argument("--timeout", type=float, default=600, help="per-query limit (PostgreSQL)")
    args = parser.parse_args()
    names = [n for n in args.engines.split(",") if n]
    if args.baseline_server_bin and "baseline" not in names:
        names.insert(1, "baseline")
    if "baseline" in names and not args.baseline_server_bin:
        parser.error("the baseline engine needs --baseline-server-bin")
    unknown = set(names) - set(ALL_ENGINES)
    if unknown or not names:
        parser.error(f"--engines takes a list from {ALL_ENGINES}")
    Path(args.out_dir).mkdir(parents=True, exist_ok=True)
    data_dir = tpch_files(args.sf, args.cache_dir)
    results = {name: run_engine(name, args, data_dir) for name in names}
    document, text = report(args, names, results)
    print(text)
    json_path = Path(args.out_dir) / f"{args.label}-sf{args.sf}.json"
    json_path.write_text(json.dumps(document, indent=1))
    png_path = Path(args.out_dir) / f"{args.label}-sf{args.sf}.png"
    plot(document, names, png_path)
    print(f"wrote {json_path} and {png_path}")
    return 0 if document["summary"]["answers_agree"] else 1


if __name__ == "__main__":
    sys.exit(main())
