"""YCSB and TPC-HC on ptreedb and a private PostgreSQL 15, the same driver
(ptreedb-bench) against both, printing each figure with PostgreSQL's value and
the ratio (ptreedb / PostgreSQL, > 1: ptreedb higher).

    python tools/bench/compare/compare_oltp.py --records 100000 --operations 20000 \\
        --tpchc-sf 0.1 --duration 30

Writes OUT/oltp.json.
"""
import argparse
import json
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import engines  # noqa: E402
from compare_tpch import tpch_files  # noqa: E402


def figures(args, engine):
    out = {}
    engine._bench("ycsb", "--workload", "load", "--records", str(args.records))
    for workload in args.workloads.split(","):
        document = engine._bench("ycsb", "--workload", workload, "--records", str(args.records),
                                 "--operations", str(args.operations), "--threads", str(args.threads),
                                 "--distribution", args.distribution)
        out[f"ycsb_{workload}.ops_per_second"] = document["ops_per_second"]
        out[f"ycsb_{workload}.p99_us"] = document["latency"]["p99_us"]
        out[f"ycsb_{workload}.errors"] = document["errors"]
    engine.load(args.tpchc_sf, args.cache_dir)
    document = engine._bench("tpchc", "--duration", str(args.duration), "--clients",
                             str(args.clients), "--streams", str(args.streams))
    for name in ["new_order", "payment", "delivery"]:
        out[f"tpchc.{name}.per_second"] = document["transactions"][name]["per_second"]
    out["tpchc.tpmC"] = document["tpmC"]
    out["tpchc.QphH"] = document["QphH"]
    out["tpchc.query_slowdown_pct"] = document["query_slowdown_pct"]
    out["tpchc.invariants_ok"] = document["invariants"]["ok"]
    return out


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--records", type=int, default=100000)
    parser.add_argument("--operations", type=int, default=20000)
    parser.add_argument("--threads", type=int, default=4)
    parser.add_argument("--workloads", default="a,b,c,e,f")
    parser.add_argument("--distribution", default="zipfian")
    parser.add_argument("--tpchc-sf", default="0.1")
    parser.add_argument("--duration", type=float, default=30)
    parser.add_argument("--clients", type=int, default=4)
    parser.add_argument("--streams", type=int, default=1)
    parser.add_argument("--bench-bin", default=str(engines.REPO / "build/bin/ptreedb-bench"))
    parser.add_argument("--server-bin", default=str(engines.REPO / "build/bin/ptreedb"))
    parser.add_argument("--cache-dir", default=str(engines.REPO / "build/bench-cache"))
    parser.add_argument("--out-dir", default=str(engines.REPO / "build/bench-results"))
    args = parser.parse_args()
    tpch_files(args.tpchc_sf, args.cache_dir)
    results = {}
    for name, make in [("ptreedb", lambda: engines.PtreedbEngine(args.bench_bin, args.server_bin)),
                       ("postgresql", lambda: engines.PostgresEngine(args.bench_bin))]:
        print(f"[{name}] running", file=sys.stderr, flush=True)
        engine = make()
        try:
            results[name] = figures(args, engine)
        finally:
            engine.close()
    print(f"{'figure':<34}{'ptreedb':>14}{'postgresql':>14}{'ratio':>9}")
    for key in results["ptreedb"]:
        a, b = results["ptreedb"][key], results["postgresql"][key]
        if isinstance(a, bool):
            print(f"{key:<34}{str(a):>14}{str(b):>14}")
            continue
        ratio = f"{a / b:>8.2f}x" if b else f"{'-':>9}"
        print(f"{key:<34}{a:>14.1f}{b:>14.1f}{ratio}")
    Path(args.out_dir).mkdir(parents=True, exist_ok=True)
    (Path(args.out_dir) / "oltp.json").write_text(json.dumps({"settings": vars(args), **results}, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
