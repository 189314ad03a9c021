#!/usr/bin/env bash
# Installs the Debian packages ptreedb builds, runs and tests with.
# Used by the README quick start, CI (.ci/run via make) and docker/Dockerfile.
# Installs only what is missing, so repeated runs cost a single dpkg query.
set -euo pipefail

packages=(
  build-essential cmake ninja-build ccache pkg-config
  libboost-dev libpg-query-dev libprotobuf-c-dev libpmem-dev libtbb-dev libmimalloc-dev
  libspdlog-dev catch2 libssl-dev libpq-dev libpcre2-dev libhowardhinnant-date-dev rapidjson-dev tzdata
  postgresql-client
)
# Test-only extras: a real PostgreSQL as oracle, pgbench, clang runtime for sanitizers,
# matplotlib for ptreedb-bench --plot, Java and Maven for the pgjdbc client test.
if [[ "${PTREEDB_DEPS:-all}" == "all" ]]; then
  packages+=(postgresql postgresql-contrib python3 python3-venv python3-matplotlib maven openjdk-17-jdk-headless)
fi

missing=()
for p in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done

if ((${#missing[@]})); then
  echo "installing: ${missing[*]}"
  sudo_cmd=()
  [[ $(id -u) -ne 0 ]] && sudo_cmd=(sudo)
  export DEBIAN_FRONTEND=noninteractive
  "${sudo_cmd[@]}" apt-get update -qq
  "${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi
