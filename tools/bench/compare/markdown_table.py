"""Renders compare_tpch.py's JSON as the Markdown table docs/benchmarks.md uses:
    python tools/bench/compare/markdown_table.py build/bench-results/tpch-sf1.json"""
import json
import sys


def render(document):
    summary, rows = document["summary"], document["queries"]
    names = list(summary["load_seconds"])
    peers = [n for n in names if n != "ptreedb"]
    lines = ["| query | " + " | ".join(f"{n} (s)" for n in names) + " | " +
             " | ".join(f"{p} / ptreedb" for p in peers) + " |",
             "|---|" + "---|" * (len(names) + len(peers))]

    def cell(entry):
        if "median_seconds" not in entry:
            return "error"
        mark = "" if entry.get("answer_matches", True) else " (differs)"
        return f"{entry['median_seconds']:.3f}{mark}"

    for row in rows:
        mine = row["ptreedb"].get("median_seconds")
        ratios = []
        for p in peers:
            theirs = row[p].get("median_seconds")
            ratios.append(f"{theirs / mine:.2f}" if mine and theirs else "-")
        lines.append(f"| {row['query'].upper()} | " + " | ".join(cell(row[n]) for n in names) +
                     " | " + " | ".join(ratios) + " |")
    geo = summary["geomean_seconds"]
    lines.append("| geometric mean | " + " | ".join(f"{geo[n]:.3f}" for n in names) + " | " +
                 " | ".join(f"{summary['ratios'][p]['geomean_speedup_of_ptreedb']:.2f}"
                            for p in peers) + " |")
    lines.append("| load (s) | " + " | ".join(f"{summary['load_seconds'][n]:.1f}" for n in names) +
                 " |" + " |" * len(peers))
    return "\n".join(lines)


if __name__ == "__main__":
    with open(sys.argv[1]) as f:
        print(render(json.load(f)))
