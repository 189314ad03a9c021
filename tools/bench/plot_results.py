"""Renders a ptreedb-bench --json document as a PNG (ptreedb-bench --plot calls
this): python3 plot_results.py KIND RESULTS.json OUT.png, KIND one of tpch,
tpch_load, ycsb, tpchc. Needs matplotlib (Debian: python3-matplotlib)."""
import json
import sys

try:
    import matplotlib
except ImportError:
    sys.exit("plot_results.py: matplotlib is missing (apt-get install python3-matplotlib, "
             "or set PTREEDB_BENCH_PYTHON to a Python that has it)")
matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402


def plot_tpch(doc, figure):
    axes = figure.add_subplot(1, 1, 1)
    rows = [q for q in doc["queries"] if "median_seconds" in q]
    axes.bar([q["query"] for q in rows], [q["median_seconds"] for q in rows], color="tab:blue")
    axes.set_ylabel("median seconds")
    axes.set_title(f"TPC-H on {doc['server']}: per-query median of {doc['runs']} runs "
                   f"(geometric mean {doc['geomean_seconds']:.3f} s)")
    axes.grid(axis="y", alpha=0.3)


def plot_tpch_load(doc, figure):
    axes = figure.add_subplot(1, 1, 1)
    axes.bar([t["table"] for t in doc["tables"]], [t["seconds"] for t in doc["tables"]])
    axes.set_ylabel("seconds")
    axes.set_title(f"TPC-H SF {doc['scale_factor']} load by COPY: {doc['rows']} rows "
                   f"in {doc['load_seconds']:.1f} s")


def plot_ycsb(doc, figure):
    import numpy
    left = figure.add_subplot(1, 2, 1)
    every = [v for samples in doc["latency_samples_us"].values() for v in samples if v > 0]
    bins = numpy.geomspace(min(every), max(every), 60) if every else 10
    for op, samples in doc["latency_samples_us"].items():
        left.hist(samples, bins=bins, histtype="step", label=op, linewidth=1.5)
    left.set_xscale("log")
    left.set_xlabel("latency (us)")
    left.set_ylabel("operations")
    left.set_title(f"YCSB {doc['workload'].upper()} latency distribution")
    left.legend()
    right = figure.add_subplot(1, 2, 2)
    series = doc["ops_per_second_over_time"]
    right.plot(range(len(series)), series, marker="o")
    right.set_xlabel("second")
    right.set_ylabel("operations completed")
    right.set_title(f"throughput over time ({doc['ops_per_second']:.0f} ops/s overall, "
                    f"{doc['threads']} threads)")
    right.set_ylim(bottom=0)


def plot_tpchc(doc, figure):
    left = figure.add_subplot(1, 2, 1)
    names = ["new_order", "payment", "delivery"]
    left.bar(names, [doc["transactions"][n]["per_second"] for n in names], color="tab:green")
    left.set_ylabel("transactions per second")
    left.set_title(f"TPC-HC on {doc['server_kind']}: {doc['clients']} clients, "
                   f"tpmC-like {doc['tpmC']:.0f}")
    right = figure.add_subplot(1, 2, 2)
    rows = [q for q in doc["queries"]["by_query"]
            if "alone_seconds" in q and "median_under_updates_seconds" in q]
    xs = range(len(rows))
    right.bar([x - 0.2 for x in xs], [q["alone_seconds"] for q in rows], 0.4, label="alone")
    right.bar([x + 0.2 for x in xs], [q["median_under_updates_seconds"] for q in rows], 0.4,
              label="under updates")
    right.set_xticks(list(xs))
    right.set_xticklabels([q["query"] for q in rows], rotation=90)
    right.set_ylabel("seconds")
    right.set_title(f"query latency, slowdown {doc['query_slowdown_pct']:+.1f}%")
    right.legend()


PLOTS = {"tpch": plot_tpch, "tpch_load": plot_tpch_load, "ycsb": plot_ycsb, "tpchc": plot_tpchc}


def main():
    if len(sys.argv) != 4 or sys.argv[1] not in PLOTS:
        sys.exit(f"usage: plot_results.py {'|'.join(PLOTS)} RESULTS.json OUT.png")
    with open(sys.argv[2]) as f:
        doc = json.load(f)
    figure = plt.figure(figsize=(14, 5))
    PLOTS[sys.argv[1]](doc, figure)
    figure.tight_layout()
    figure.savefig(sys.argv[3], dpi=100)
    print(f"wrote {sys.argv[3]}", file=sys.stderr)


if __name__ == "__main__":
    main()
