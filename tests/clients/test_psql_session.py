"""psql against a live server: connection set-up, errors with SQLSTATE and
position, and the session surviving its errors."""


def test_connects_and_reports_syntax_errors_with_position(ptreedb_server):
    result = ptreedb_server.psql("-v", "VERBOSITY=verbose", "-c", "selec 1")
    assert result.returncode == 1
    assert "ERROR:  42601: syntax error at or near \"selec\"" in result.stderr
    assert "LINE 1: selec 1" in result.stderr


def test_session_stays_usable_after_errors(ptreedb_server):
    # -c runs each statement group over one connection; after an error the
    # next message is still answered.
    result = ptreedb_server.psql("-v", "ON_ERROR_STOP=0", input="selec 1;\nselect (;\n\\echo still-here\n")
    assert result.stdout.strip().endswith("still-here")
    assert result.stderr.count("syntax error") == 2


def test_empty_query(ptreedb_server):
    result = ptreedb_server.psql("-c", ";")
    assert result.returncode == 0, result.stderr


def test_unknown_role_and_database_are_fatal(ptreedb_server):
    result = ptreedb_server.psql("-c", "select 1", user="nobody")
    assert result.returncode == 2
    assert 'role "nobody" does not exist' in result.stderr


def test_parameter_status_reports_a_postgresql_15_server(ptreedb_server):
    # psql prints the server version it was told in ParameterStatus.
    result = ptreedb_server.psql("-c", "\\echo :SERVER_VERSION_NAME :SERVER_VERSION_NUM")
    assert result.stdout.split() == ["15.0", "150000"]


def test_too_many_connections_gets_53300(tmp_path):
    from fixtures.server import start_server, stop_server
    import socket
    import struct
    import time

    server = start_server(tmp_path, ["--max-connections", "1"])
    try:
        holder = socket.create_connection(("127.0.0.1", server.port))
        body = struct.pack("!i", 196608) + b"user\0postgres\0\0"
        holder.sendall(struct.pack("!i", len(body) + 4) + body)
        holder.recv(4096)  # AuthenticationOk ... ReadyForQuery
        result = server.psql("-c", "select 1")
        assert result.returncode == 2
        assert "sorry, too many clients already" in result.stderr
        # The error's SQLSTATE, read from the raw ErrorResponse.
        with socket.create_connection(("127.0.0.1", server.port), timeout=5) as second:
            second.sendall(struct.pack("!i", len(body) + 4) + body)
            reply = b""
            while chunk := second.recv(4096):
                reply += chunk
        assert reply[:1] == b"E"
        fields = dict((f[:1], f[1:]) for f in reply[5:].split(b"\0") if f)
        assert fields[b"C"] == b"53300" and fields[b"S"] == b"FATAL"
        holder.close()
        # Once the slot is free again, a new client gets in.
        deadline = time.monotonic() + 5
        while server.psql("-c", ";").returncode != 0:
            assert time.monotonic() < deadline
            time.sleep(0.05)
    finally:
        stop_server(server)
