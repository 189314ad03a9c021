"""Fetches PostgreSQL 15's regression suite (src/test/regress: sql/, data/,
expected/, parallel_schedule) from Debian's source package postgresql-15.

apt runs with a configuration of its own in the cache directory (its own
sources.list with one deb-src line, its own state, cache and lists), so it
needs no root and leaves the system's apt untouched. Only the regression
directory is unpacked from the upstream tarball the package carries (Debian's
patches do not touch it). Nothing of it is copied into the repository.
"""
import argparse
import glob
import subprocess
import sys
import tarfile
from pathlib import Path

PACKAGE = "postgresql-15"
SOURCES_LINE = "deb-src http://deb.debian.org/debian bookworm main\n"
WANTED = ("sql/", "data/", "expected/", "parallel_schedule", "serial_schedule")


def _apt_options(apt_dir):
    return ["-o", f"Dir::Etc::SourceList={apt_dir / 'sources.list'}",
            "-o", "Dir::Etc::SourceParts=/dev/null",
            "-o", f"Dir::State={apt_dir / 'state'}",
            "-o", f"Dir::State::status={apt_dir / 'state' / 'status'}",
            "-o", f"Dir::Cache={apt_dir / 'cache'}",
            "-o", "Debug::NoLocking=1", "-q"]


def regress_dir(cache_dir):
    """The cached src/test/regress directory, fetched and unpacked if missing."""
    cache_dir = Path(cache_dir).resolve()
    done = cache_dir / "regress" / ".complete"
    if done.exists():
        return done.parent
    download = cache_dir / "download"
    tarballs = glob.glob(str(download / f"{PACKAGE}_*.orig.tar.*"))
    if not tarballs:
        _download(cache_dir, download)
        tarballs = glob.glob(str(download / f"{PACKAGE}_*.orig.tar.*"))
        if not tarballs:
            raise RuntimeError(f"apt-get source left no {PACKAGE} tarball in {download}")
    _unpack(Path(sorted(tarballs)[-1]), cache_dir / "regress")
    done.touch()
    return done.parent


def _download(cache_dir, download):
    apt_dir = cache_dir / "apt"
    for sub in ("state/lists/partial", "cache/archives/partial"):
        (apt_dir / sub).mkdir(parents=True, exist_ok=True)
    (apt_dir / "state" / "status").touch()
    (apt_dir / "sources.list").write_text(SOURCES_LINE)
    download.mkdir(parents=True, exist_ok=True)
    options = _apt_options(apt_dir)
    for command in (["apt-get", *options, "update"],
                    ["apt-get", *options, "source", "--download-only", PACKAGE]):
        done = subprocess.run(command, cwd=download, capture_output=True, text=True)
        if done.returncode != 0:
            raise RuntimeError(f"{' '.join(command[:1] + command[-2:])} failed:\n{done.stdout}\n{done.stderr}")


def _unpack(tarball, target):
    partial = target.with_name(target.name + ".partial")
    partial.mkdir(parents=True, exist_ok=True)
    with tarfile.open(tarball) as archive:
        for member in archive:
            parts = member.name.split("/", 1)
            if len(parts) < 2 or not parts[1].startswith("src/test/regress/"):
                continue
            relative = parts[1][len("src/test/regress/"):]
            if not relative.startswith(WANTED) or not member.isfile():
                continue
            destination = partial / relative
            destination.parent.mkdir(parents=True, exist_ok=True)
            with archive.extractfile(member) as source:
                destination.write_bytes(source.read())
    partial.rename(target)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cache-dir", default="build/regress-cache")
    args = parser.parse_args(argv)
    print(regress_dir(args.cache_dir))


if __name__ == "__main__":
    sys.exit(main())
