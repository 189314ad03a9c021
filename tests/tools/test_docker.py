"""docker/: the compose file's structure and the Dockerfile's stages always;
building the image and running a query through it when a Docker daemon is
reachable (skipped otherwise, e.g. on CI machines without one)."""
import re
import shutil
import subprocess
import time
from pathlib import Path

import pytest
import yaml

from fixtures.server import free_port

REPO = Path(__file__).resolve().parents[2]
DOCKER = REPO / "docker"


def stages(dockerfile):
    return re.findall(r"^FROM\s+(\S+)\s+AS\s+(\S+)", dockerfile, re.MULTILINE)


def test_dockerfile_is_multi_stage_with_a_slim_non_root_runtime():
    text = (DOCKER / "Dockerfile").read_text()
    found = dict((name, base) for base, name in stages(text))
    assert found["build"] == "debian:12" and found["runtime-base"] == "debian:12"
    assert found["runtime"] == "runtime-base" and found["bench"] == "runtime-base"
    # The last stage is the default target: the server image.
    assert stages(text)[-1][1] == "runtime"
    build = text.split("AS runtime-base")[0]
    assert "scripts/install-deps.sh" in build and "ninja -C build" in build
    runtime = text.split("AS runtime-base")[1]
    assert "-dev" not in runtime, "development packages belong in the build stage"
    assert "COPY --from=build /src/build/bin/" in runtime
    server = text.split("AS runtime\n")[1]
    assert re.search(r"^USER ptreedb$", server, re.MULTILINE)
    assert "HEALTHCHECK" in server and "pg_isready" in server
    assert 'VOLUME ["/var/lib/ptreedb"]' in server
    for variable in ["PTREEDB_PORT", "PTREEDB_DATA_DIR", "PTREEDB_THREADS", "PTREEDB_LOG_LEVEL"]:
        assert variable in server
    assert (REPO / ".dockerignore").read_text().startswith("build/")


def test_compose_file_has_server_loader_and_bench_profile():
    compose = yaml.safe_load((DOCKER / "docker-compose.yml").read_text())
    services = compose["services"]
    assert set(services) == {"ptreedb", "tpch-load", "tpchc"}
    server = services["ptreedb"]
    assert server["build"]["target"] == "runtime"
    assert any(v.endswith(":/var/lib/ptreedb") for v in server["volumes"])
    assert "pg_isready" in server["healthcheck"]["test"]
    assert "profiles" not in server
    loader, driver = services["tpch-load"], services["tpchc"]
    assert loader["command"][:2] == ["tpch", "load"] and "--drop" in loader["command"]
    assert loader["depends_on"]["ptreedb"]["condition"] == "service_healthy"
    assert driver["command"][0] == "tpchc"
    assert driver["depends_on"]["tpch-load"]["condition"] == "service_completed_successfully"
    for service in (loader, driver):
        assert service["profiles"] == ["bench"]
        assert service["build"]["target"] == "bench"
        assert "--host" in service["command"] and "ptreedb" in service["command"]
    assert set(compose["volumes"]) >= {"ptreedb-data", "tpch-cache", "bench-results"}


def docker_available():
    if not shutil.which("docker"):
        return False
    return subprocess.run(["docker", "info"], capture_output=True, timeout=30).returncode == 0


@pytest.mark.skipif(not docker_available(), reason="no reachable Docker daemon")
def test_image_builds_and_answers_a_query():
    tag = "ptreedb-test:latest"
    command = ["docker", "build", "-f", "docker/Dockerfile", "-t", tag, "."]
    # CAs the host trusts beyond Debian's (a TLS-intercepting proxy's, in
    # Debian's place for local additions): the bench stage's pip trusts them too.
    local = sorted(Path("/usr/local/share/ca-certificates").rglob("*.crt"))
    if local:
        pem = "\n".join(path.read_text() for path in local)
        command[2:2] = ["--build-arg", "EXTRA_CA_CERTIFICATES=" + pem]
    built = subprocess.run(command, cwd=REPO, capture_output=True, text=True, timeout=3600)
    assert built.returncode == 0, built.stderr[-4000:]
    port = free_port()
    name = f"ptreedb-test-{port}"
    started = subprocess.run(["docker", "run", "-d", "--rm", "--name", name, "-p",
                              f"127.0.0.1:{port}:5432", tag], capture_output=True, text=True)
    assert started.returncode == 0, started.stderr
    try:
        deadline = time.time() + 60
        answer = None
        while time.time() < deadline:
            answer = subprocess.run(["psql", "-X", "-A", "-t", "-h", "127.0.0.1", "-p", str(port),
                                     "-U", "postgres", "-c", "select 6 * 7"],
                                    capture_output=True, text=True, timeout=10)
            if answer.returncode == 0:
                break
            time.sleep(1)
        assert answer.returncode == 0 and answer.stdout.strip() == "42", answer.stderr
        user = subprocess.run(["docker", "exec", name, "id", "-un"], capture_output=True, text=True)
        assert user.stdout.strip() == "ptreedb"
    finally:
        subprocess.run(["docker", "stop", name], capture_output=True, timeout=60)
