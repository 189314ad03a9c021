"""COPY FROM STDIN and TO STDOUT through the extended query protocol (libpq's
PQexecParams / PQsendQueryParams, here psycopg's low-level PGconn), as
PostgreSQL 15 answers: CopyInResponse after Execute, CopyData until
CopyDone, CommandComplete, ReadyForQuery at the client's Sync; a CopyFail or
bad data gives the error and loads nothing; the session goes on."""
from psycopg import pq


def copy_session(conninfo):
    conn = pq.PGconn.connect(conninfo.encode())
    assert conn.status == pq.ConnStatus.OK, conn.error_message
    seen = []
    try:
        conn.exec_(b"drop table if exists cx")
        conn.exec_(b"create table cx (id int primary key, v text)")

        def copy_in(data, fail=None):
            conn.send_query_params(b"copy cx from stdin", None)
            result = conn.get_result()
            seen.append(pq.ExecStatus(result.status).name)
            conn.put_copy_data(data)
            conn.put_copy_end(fail.encode() if fail else None)
            while (result := conn.get_result()) is not None:
                seen.append((pq.ExecStatus(result.status).name, result.command_status,
                             result.error_field(pq.DiagnosticField.SQLSTATE)))

        copy_in(b"1\tone\n2\ttwo\n")
        copy_in(b"3\tthree\n", fail="client gave up")
        copy_in(b"4\tfour\nfive\tfive\n")
        result = conn.exec_params(b"select count(*) from cx", None)
        seen.append(result.get_value(0, 0))
        conn.send_query_params(b"copy (select id, v from cx order by id) to stdout", None)
        result = conn.get_result()
        seen.append(pq.ExecStatus(result.status).name)
        chunks = []
        while True:
            size, data = conn.get_copy_data(0)
            if size < 0:
                break
            chunks.append(bytes(data))
        seen.append(b"".join(chunks))
        while (result := conn.get_result()) is not None:
            seen.append((pq.ExecStatus(result.status).name, result.command_status))
        conn.exec_(b"drop table cx")
        return seen
    finally:
        conn.finish()


def test_copy_through_the_extended_protocol_matches_postgresql(ptreedb_server, postgres_oracle):
    ours = copy_session(ptreedb_server.dsn)
    theirs = copy_session(f"host=127.0.0.1 port={postgres_oracle.port} user=postgres dbname=postgres")
    assert ours[1] == ("COMMAND_OK", b"COPY 2", None)
    assert ours[-2] == b"1\tone\n2\ttwo\n"
    assert ours == theirs
