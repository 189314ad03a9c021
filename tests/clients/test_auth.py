"""Client authentication, roles and TLS through real clients: psql (libpq with
PGPASSWORD) and psycopg 3 against a server with a pg_hba-style rules file,
role statements compared with PostgreSQL, and sslmode=require connections."""
import hashlib
import os
import socket
import struct
import subprocess

import psycopg
import pytest

from fixtures.server import start_server, stop_server

HBA = """
# TYPE   DATABASE  USER          ADDRESS       METHOD
host     all       postgres      127.0.0.1/32  trust
host     all       pw_user       127.0.0.1/32  password
host     all       md5_user      127.0.0.1/32  md5
host     all       md5_scram     127.0.0.1/32  md5
host     all       scram_user    127.0.0.1/32  scram-sha-256
host     all       ghost         127.0.0.1/32  scram-sha-256
host     all       blocked       127.0.0.1/32  reject
host     all       nologin_user  127.0.0.1/32  trust
host     all       nobody        127.0.0.1/32  trust
hostssl  all       tls_user      127.0.0.1/32  scram-sha-256
hostnossl all      plain_only    127.0.0.1/32  trust
"""

ROLES = f"""
CREATE USER pw_user PASSWORD 'pw-secret';
CREATE USER md5_user PASSWORD 'md5{hashlib.md5(b"md5-secretmd5_user").hexdigest()}';
CREATE USER md5_scram PASSWORD 'scram-over-md5';
CREATE ROLE scram_user WITH LOGIN PASSWORD 'scram-secret';
CREATE ROLE blocked LOGIN;
CREATE ROLE nologin_user;
CREATE USER tls_user PASSWORD 'tls-secret';
CREATE USER plain_only;
"""


def psql(port, user, password, sql="select 'ok'", sslmode="prefer"):
    env = dict(os.environ, PGCONNECT_TIMEOUT="10", PGPASSWORD=password, PGSSLMODE=sslmode)
    command = ["psql", "-X", "-w", "-A", "-t", "-h", "127.0.0.1", "-p", str(port), "-U", user,
               "-d", "postgres", "-c", sql]
    return subprocess.run(command, capture_output=True, text=True, env=env, timeout=60)


def connect(port, user, password, sslmode="prefer"):
    return psycopg.connect(host="127.0.0.1", port=port, user=user, dbname="postgres",
                           password=password, sslmode=sslmode, connect_timeout=10,
                           autocommit=True)


def simple_query_value(connection, sql):
    # libpq's PQexec: the simple query protocol, which is what the server speaks today.
    result = connection.pgconn.exec_(sql.encode())
    assert result.error_message == b"", result.error_message
    return result.get_value(0, 0).decode()


def make_certificate(directory):
    cert, key = directory / "server.crt", directory / "server.key"
    subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2",
                    "-subj", "/CN=localhost", "-keyout", str(key), "-out", str(cert)],
                   check=True, capture_output=True)
    return cert, key


@pytest.fixture(scope="module")
def auth_server(tmp_path_factory):
    directory = tmp_path_factory.mktemp("auth")
    hba = directory / "hba.conf"
    hba.write_text(HBA)
    cert, key = make_certificate(directory)
    server = start_server(directory, ["--hba-file", str(hba), "--ssl-cert", str(cert),
                                      "--ssl-key", str(key)])
    created = server.psql("-v", "ON_ERROR_STOP=1", input=ROLES)
    assert created.returncode == 0, created.stderr
    yield server
    stop_server(server)
    assert server.process.returncode == 0, server.log()


@pytest.mark.parametrize("user,password", [
    ("pw_user", "pw-secret"),        # cleartext password against a SCRAM secret
    ("md5_user", "md5-secret"),      # md5 challenge against an md5 secret
    ("md5_scram", "scram-over-md5"),  # an md5 rule runs SCRAM for a SCRAM secret
    ("scram_user", "scram-secret"),  # SCRAM-SHA-256
])
def test_each_method_accepts_the_right_password_and_refuses_a_wrong_one(auth_server, user, password):
    good = psql(auth_server.port, user, password, "select 't'")
    assert good.returncode == 0, good.stderr
    assert good.stdout.strip() == "t"
    bad = psql(auth_server.port, user, password + "x")
    assert bad.returncode == 2
    assert f'FATAL:  password authentication failed for user "{user}"' in bad.stderr
    with connect(auth_server.port, user, password) as connection:
        assert simple_query_value(connection, "select 40 + 2") == "42"
        # ParameterStatus tells the client what the authenticated role is.
        assert connection.info.parameter_status("session_authorization") == user
        assert connection.info.parameter_status("is_superuser") == "off"
    with pytest.raises(psycopg.OperationalError, match="password authentication failed"):
        connect(auth_server.port, user, "wrong")


def test_an_unknown_role_fails_like_a_wrong_password(auth_server):
    result = psql(auth_server.port, "ghost", "anything")
    assert result.returncode == 2
    assert 'password authentication failed for user "ghost"' in result.stderr


def test_reject_rules_missing_rules_and_nologin_roles_are_fatal_28000(auth_server):
    rejected = psql(auth_server.port, "blocked", "")
    assert ('FATAL:  pg_hba.conf rejects connection for host "127.0.0.1", user "blocked", '
            'database "postgres", no encryption') in rejected.stderr
    missing = psql(auth_server.port, "stranger", "", sslmode="disable")
    assert ('FATAL:  no pg_hba.conf entry for host "127.0.0.1", user "stranger", '
            'database "postgres", no encryption') in missing.stderr
    with connect(auth_server.port, "postgres", None) as connection:
        assert connection.info.parameter_status("is_superuser") == "on"
    with pytest.raises(psycopg.OperationalError, match="is not permitted to log in"):
        connect(auth_server.port, "nologin_user", None)
    # A trust rule skips the password, not the role check.
    assert 'FATAL:  role "nobody" does not exist' in psql(auth_server.port, "nobody", "").stderr


def test_alter_role_password_takes_effect_for_new_connections(auth_server):
    created = auth_server.psql("-c", "CREATE USER scram_user2 PASSWORD 'first'")
    assert created.returncode == 0, created.stderr
    # scram_user2 has no rule of its own: add one by renaming into a covered name.
    assert auth_server.psql("-c", "ALTER ROLE scram_user RENAME TO scram_user_old").returncode == 0
    assert auth_server.psql("-c", "ALTER ROLE scram_user2 RENAME TO scram_user").returncode == 0
    try:
        assert psql(auth_server.port, "scram_user", "first").returncode == 0
        assert auth_server.psql("-c", "ALTER ROLE scram_user PASSWORD 'second'").returncode == 0
        assert psql(auth_server.port, "scram_user", "first").returncode == 2
        assert psql(auth_server.port, "scram_user", "second").returncode == 0
        # A user may change its own password.
        own = psql(auth_server.port, "scram_user", "second", "ALTER USER scram_user PASSWORD 'third'")
        assert own.returncode == 0, own.stderr
        assert psql(auth_server.port, "scram_user", "third").returncode == 0
        # ... but not become a superuser.
        escalate = psql(auth_server.port, "scram_user", "third", "ALTER ROLE scram_user SUPERUSER")
        assert "must be superuser to alter superuser roles or change superuser attribute" in escalate.stderr
    finally:
        auth_server.psql("-c", "DROP ROLE scram_user")
        auth_server.psql("-c", "ALTER ROLE scram_user_old RENAME TO scram_user")
    assert psql(auth_server.port, "scram_user", "scram-secret").returncode == 0


def test_renaming_clears_an_md5_password(auth_server):
    statements = ("CREATE USER md5_tmp PASSWORD 'md5" + hashlib.md5(b"xmd5_tmp").hexdigest() + "';"
                  "ALTER ROLE md5_tmp RENAME TO md5_tmp2; DROP ROLE md5_tmp2;")
    result = auth_server.psql("-c", statements)
    assert "NOTICE:  MD5 password cleared because of role rename" in result.stderr


ROLE_SCRIPT = """
CREATE ROLE auth_r1;
CREATE ROLE auth_r1;
CREATE USER auth_r2 WITH LOGIN PASSWORD 'x';
CREATE ROLE auth_r3 WITH NOLOGIN SUPERUSER PASSWORD NULL;
ALTER ROLE auth_nosuch PASSWORD 'x';
ALTER ROLE auth_r1 RENAME TO auth_r2;
ALTER ROLE auth_nosuch RENAME TO auth_r9;
ALTER ROLE postgres RENAME TO auth_r9;
ALTER ROLE auth_r3 RENAME TO auth_r4;
ALTER USER auth_r2 WITH PASSWORD '';
CREATE ROLE pg_auth_reserved;
DROP ROLE auth_nosuch;
DROP ROLE IF EXISTS auth_nosuch, auth_r4;
DROP ROLE postgres;
DROP ROLE auth_r4;
DROP ROLE auth_r1, auth_r2;
"""


def messages(result):
    return [line for line in (result.stdout + result.stderr).splitlines()
            if line.startswith(("ERROR:", "NOTICE:", "CREATE", "ALTER", "DROP"))]


def test_role_statements_match_postgresql(auth_server, postgres_oracle):
    args = ("-v", "ON_ERROR_STOP=0", "-v", "VERBOSITY=verbose", "-e")
    ours = auth_server.psql(*args, input=ROLE_SCRIPT)
    theirs = postgres_oracle.psql(*args, input=ROLE_SCRIPT)
    # psql -e echoes each statement, so outputs interleave statement by statement;
    # compare the status, error and notice lines (with their SQLSTATEs) in order.
    assert [m for m in messages(ours) if not m.startswith("LOCATION")] == \
        [m for m in messages(theirs) if not m.startswith("LOCATION")]
    assert "ERROR:  42710: role \"auth_r1\" already exists" in ours.stderr
    assert "ERROR:  42704: role \"auth_nosuch\" does not exist" in ours.stderr


def test_tls_with_sslmode_require(auth_server):
    result = psql(auth_server.port, "tls_user", "tls-secret",
                  "select 'secure'", sslmode="require")
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "secure"
    with connect(auth_server.port, "tls_user", "tls-secret", sslmode="require") as connection:
        assert connection.pgconn.ssl_in_use
        assert simple_query_value(connection, "select 1") == "1"
    # Plain connections still work for other rules, and are refused by hostssl.
    with connect(auth_server.port, "pw_user", "pw-secret", sslmode="disable") as connection:
        assert not connection.pgconn.ssl_in_use
    plain = psql(auth_server.port, "tls_user", "tls-secret", sslmode="disable")
    assert plain.returncode == 2
    assert ('no pg_hba.conf entry for host "127.0.0.1", user "tls_user", database "postgres", '
            'no encryption') in plain.stderr
    # hostnossl refuses the same user over TLS.
    over_tls = psql(auth_server.port, "plain_only", "", sslmode="require")
    assert 'user "plain_only", database "postgres", SSL encryption' in over_tls.stderr
    assert psql(auth_server.port, "plain_only", "", sslmode="disable").returncode == 0


def test_without_a_certificate_ssl_is_refused_and_trust_is_the_default(tmp_path):
    server = start_server(tmp_path)
    try:
        required = psql(server.port, "postgres", "", sslmode="require")
        assert required.returncode == 2
        assert "server does not support SSL" in required.stderr
        assert psql(server.port, "postgres", "", sslmode="prefer").returncode == 0
    finally:
        stop_server(server)


def test_a_bad_rules_file_stops_the_server_from_starting(tmp_path):
    hba = tmp_path / "hba.conf"
    hba.write_text("host all all 127.0.0.1/32 trust\nhost all all 10.0.0.0/40 md5\n")
    with pytest.raises(RuntimeError, match='line 2 of configuration file'):
        start_server(tmp_path, ["--hba-file", str(hba)])


# --- malformed authentication traffic on raw sockets -------------------------

def packet(type_byte, body):
    return type_byte + struct.pack("!i", len(body) + 4) + body


def startup_packet(user):
    body = struct.pack("!i", 196608) + b"user\0" + user.encode() + b"\0database\0postgres\0\0"
    return struct.pack("!i", len(body) + 4) + body


def read_messages(sock):
    """Every message the server sends until it closes the connection."""
    data = b""
    sock.settimeout(10)
    while True:
        chunk = sock.recv(65536)
        if not chunk:
            break
        data += chunk
    messages = []
    while len(data) >= 5:
        length = struct.unpack("!i", data[1:5])[0]
        messages.append((data[:1], data[5:1 + length]))
        data = data[1 + length:]
    return messages


def error_fields(body):
    fields = {}
    for part in body.split(b"\0"):
        if part:
            fields[part[:1].decode()] = part[1:].decode()
    return fields


def sasl_initial(mechanism, data):
    payload = mechanism + b"\0" + struct.pack("!i", len(data)) + data
    return packet(b"p", payload)


@pytest.mark.parametrize("messages_to_send,sqlstate,message", [
    ([sasl_initial(b"PLAIN", b"x")], "08P01", "client selected an invalid SASL authentication mechanism"),
    ([sasl_initial(b"SCRAM-SHA-256", b"x,,n=,r=abc")], "08P01", "malformed SCRAM message"),
    ([sasl_initial(b"SCRAM-SHA-256", b"p=tls-unique,,n=,r=abc")], "08P01", "malformed SCRAM message"),
    ([sasl_initial(b"SCRAM-SHA-256", b"n,,n=,r=abc"), packet(b"p", b"c=biws,r=abcWRONG,p=AAAA")],
     "08P01", "malformed SCRAM message"),
    ([packet(b"p", b"SCRAM-SHA-256")], "08P01", None),  # truncated: no terminator
    ([packet(b"Q", b"select 1\0")], "08P01", "expected password response, got message type 81"),
])
def test_malformed_authentication_messages_end_only_that_connection(auth_server, messages_to_send,
                                                                    sqlstate, message):
    with socket.create_connection(("127.0.0.1", auth_server.port)) as sock:
        sock.sendall(startup_packet("scram_user"))
        sock.settimeout(10)
        first = sock.recv(5)
        assert first[:1] == b"R"
        body = sock.recv(struct.unpack("!i", first[1:5])[0] - 4)
        assert struct.unpack("!i", body[:4])[0] == 10  # AuthenticationSASL
        assert b"SCRAM-SHA-256\0" in body
        for message_bytes in messages_to_send:
            sock.sendall(message_bytes)
        replies = read_messages(sock)
    errors = [error_fields(body) for kind, body in replies if kind == b"E"]
    assert len(errors) == 1, replies
    assert errors[0]["S"] == "FATAL"
    assert errors[0]["C"] == sqlstate
    if message is not None:
        assert errors[0]["M"] == message
    # The server is unharmed.
    assert psql(auth_server.port, "scram_user", "scram-secret").returncode == 0


def test_plaintext_bytes_after_ssl_request_are_refused(auth_server):
    ssl_request = struct.pack("!ii", 8, 80877103)
    with socket.create_connection(("127.0.0.1", auth_server.port)) as sock:
        sock.sendall(ssl_request + startup_packet("postgres"))
        replies = read_messages(sock)
    errors = [error_fields(body) for kind, body in replies if kind == b"E"]
    assert errors and errors[0]["C"] == "08P01"
    assert errors[0]["M"] == "received unencrypted data after SSL request"
