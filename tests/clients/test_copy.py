"""COPY FROM STDIN and COPY TO STDOUT against PostgreSQL 15: the same files
loaded with psql's \\copy (text and CSV, NULLs, quotes, escapes, headers, other
delimiters) must give the same rows and the same COPY TO bytes; bad input must
fail with the same SQLSTATE and leave the session usable. A raw protocol client
drives what psql cannot: CopyFail, odd chunking, messages out of place."""
import random
import re
import socket
import struct
from pathlib import Path

import pytest

TABLES = """
drop table if exists items;
drop table if exists notes;
drop table if exists big;
create table items (id int primary key, name text, price numeric(10,2), qty smallint, ratio float8,
                    born date, seen timestamp, ok boolean, code char(4), tag varchar(12), span interval,
                    big bigint);
create table notes (id int primary key, body text, extra text default 'none', n int not null default 7);
create table big (k int primary key, v text, x numeric(12,2), d date);
"""

# Text format: tabs, \\N, every backslash escape, octal and hex, UTF-8.
ITEMS_TEXT = (
    "1\tplain\t1.50\t3\t0.25\t2024-02-29\t2024-02-29 13:45:00\tt\tab\tshort\t1 day\t9000000000\n"
    "2\ttab\\there\\nnewline\t\\N\t\\N\t\\N\t\\N\t\\N\t\\N\t\\N\t\\N\t\\N\t\\N\n"
    "3\tback\\\\slash \\r cr \\b\\f\\v\t-0.01\t-32768\t1e-10\t1999-12-31\t2000-01-01 00:00:00.5\tfalse\tabcd\t\t-2 hours\t-1\n"
    "4\toctal \\101\\102 hex \\x41\\x4a \\q literal\t99999999.99\t32767\tInfinity\t0001-01-01\t1970-01-01 00:00:00\tyes\tx\tdéjà vu\t1 year 2 mons\t0\n"
    "5\t\t0\t0\t-0\t2038-01-19\t2038-01-19 03:14:07\toff\t\\N\tn\\\\a\t00:00:01\t42\n"
)

# CSV with a header: quoted delimiters, doubled quotes, quoted newlines, and
# the difference between an empty quoted string and an unquoted NULL.
ITEMS_CSV = (
    "id,name,price,qty,ratio,born,seen,ok,code,tag,span,big\n"
    '10,"comma, inside",2.00,1,0.5,2020-01-01,2020-01-01 10:00:00,t,"q""q",x,1 day,1\n'
    '11,"multi\nline ""quoted""",\\N,\\N,\\N,\\N,\\N,\\N,\\N,\\N,\\N,\\N\n'
    '12,"",0,0,0,2020-01-02,2020-01-02 00:00:00,f,"",""," 3 days ",2\n'
    '13,\\N,1,1,1,2020-01-03,2020-01-03 00:00:00,true,z,"\\.",2 hours,3\n'
)

# A different delimiter and NULL string, in both formats.
NOTES_PIPE = "1|pipe \\| inside|x\n2|NULL|y\n3|back\\\\slash|\n"
NOTES_CSV_SEMI = "4;'quoted ; semi';NULL\n5;'it''s';''\n6;;z\n"


def both(ptreedb, postgres, *args, **kwargs):
    return ptreedb.psql(*args, **kwargs), postgres.psql(*args, **kwargs)


def run_script(server, script):
    return server.psql("-v", "ON_ERROR_STOP=0", "-v", "VERBOSITY=sqlstate", "-A", "-F", "|", "-f", str(script))


def sqlstates(stderr):
    return re.findall(r"ERROR:\s+([0-9A-Z]{5})", stderr)


@pytest.fixture
def servers(ptreedb_server, postgres_oracle, tmp_path):
    script = tmp_path / "tables.sql"
    script.write_text(TABLES)
    for server in (ptreedb_server, postgres_oracle):
        result = server.psql("-q", "-v", "ON_ERROR_STOP=1", "-f", str(script))
        assert result.returncode == 0, result.stderr
    return ptreedb_server, postgres_oracle


def write(tmp_path, name, text):
    path = tmp_path / name
    path.write_bytes(text.encode())
    return path


def test_loads_match_postgresql_row_for_row_and_byte_for_byte(servers, tmp_path):
    ptreedb, postgres = servers
    items_text = write(tmp_path, "items.txt", ITEMS_TEXT)
    items_csv = write(tmp_path, "items.csv", ITEMS_CSV)
    notes_pipe = write(tmp_path, "notes.txt", NOTES_PIPE)
    notes_csv = write(tmp_path, "notes.csv", NOTES_CSV_SEMI)
    script = tmp_path / "load.sql"
    script.write_text(f"""
\\copy items from '{items_text}'
\\copy items from '{items_csv}' with (format csv, header true, null '\\N')
\\copy notes (id, body, extra) from '{notes_pipe}' with (delimiter '|', null 'NULL')
\\copy notes (id, body, extra) from '{notes_csv}' with csv delimiter ';' quote '''' null 'NULL'
select * from items order by id;
select * from notes order by id;
copy items to stdout;
copy items to stdout with (format csv, header);
copy items (tag, id, name) to stdout (delimiter '|', null 'NULL');
copy items (id, name, code) to stdout (format csv, force_quote (name), null 'NULL', quote '''', escape '\\');
\\copy (select id, name, price * 2 as double_price from items where id > 2 order by id desc) to stdout with csv header
copy (select body, n from notes order by id) to stdout;
copy notes to stdout (format csv, delimiter E'\\t');
""")
    mine, theirs = run_script(ptreedb, script), run_script(postgres, script)
    assert theirs.stderr == "", theirs.stderr
    assert mine.stderr == ""
    assert mine.stdout == theirs.stdout
    assert "COPY 5" in mine.stdout and "COPY 4" in mine.stdout and "COPY 3" in mine.stdout


def test_large_load_spans_many_copydata_messages(servers, tmp_path):
    ptreedb, postgres = servers
    rng = random.Random(20261122)
    lines = []
    for k in range(50_000):
        text = "".join(rng.choice("abc xyz\\\t\n\u00e9") for _ in range(rng.randint(0, 30)))
        text = text.replace("\\", "\\\\").replace("\t", "\\t").replace("\n", "\\n")
        value = "\\N" if k % 97 == 0 else text
        lines.append(f"{k}\t{value}\t{rng.randint(-10**9, 10**9) / 100:.2f}\t"
                     f"{2000 + k % 30}-{1 + k % 12:02d}-{1 + k % 28:02d}\n")
    data = write(tmp_path, "big.txt", "".join(lines))
    script = tmp_path / "big.sql"
    script.write_text(f"""
\\copy big from '{data}'
select count(*), count(v), sum(x), min(d), max(d), max(k) from big;
copy (select * from big order by k) to stdout;
copy (select * from big order by k) to stdout (format csv);
""")
    mine, theirs = run_script(ptreedb, script), run_script(postgres, script)
    assert theirs.stderr == "" and mine.stderr == ""
    assert "COPY 50000" in mine.stdout
    # PostgreSQL's heap order need not be the load order, so rows are sorted.
    assert mine.stdout == theirs.stdout


ERROR_CASES = [
    # (target, data, options)
    ("items (id, qty)", "1\tabc\n", ""),                       # 22P02
    ("items (id, qty)", "1\t99999\n", ""),                     # 22003
    ("items (id, price)", "1\t123456789.00\n", ""),            # 22003
    ("items (id, born)", "1\t2024-02-30\n", ""),               # 22008
    ("items (id, ok)", "1\tmaybe\n", ""),                      # 22P02
    ("items (id, tag)", "1\tmuch too long here\n", ""),        # 22001
    ("items (id, name)", "1\n", ""),                           # 22P04 missing data
    ("items (id, name)", "1\ta\tb\n", ""),                     # 22P04 extra data
    ("items (id, name)", "1\ta\n1\tb\n", ""),                  # 23505 within the data
    ("items (id, name)", "1,\"open\n", "with (format csv)"),   # 22P04 unterminated
    ("notes (id, n)", "1\t\\N\n", ""),                         # 23502
    ("notes (id, body)", "1\tx\n2\ty\r\n", ""),                # 22P04 literal carriage return
    ("notes (id, body)", "1\tx\\.y\n", ""),                    # 22P04 end-of-copy marker corrupt
    ("notes (id, body)", "1\t\\000\n", ""),                    # 22021
    ("notes (id, body)", "id,body\n", "with (format csv, header match)"),  # fine, no rows
    ("notes (id, body)", "id,bad\n", "with (format csv, header match)"),  # 22P04
    ("nosuch", "1\n", ""),                                     # 42P01
    ("notes (id, nosuch)", "1\n", ""),                         # 42703
    ("notes (id, id)", "1\n", ""),                             # 42701
    ("notes", "1\n", "with (format bogus)"),                   # 22023
    ("notes", "1\n", "with (delimiter 'ab')"),                 # 0A000
    ("notes", "1\n", "with (quote '\"')"),                     # 0A000 quote in text mode
    ("notes", "1\n", "with (header 2)"),                       # 42601
]


def test_bad_input_fails_with_postgresql_sqlstate_and_session_goes_on(servers, tmp_path):
    ptreedb, postgres = servers
    # A key that exists, so that a later COPY collides with the table too.
    lines = ["\\copy notes (id, body) from stdin", "100\tkept", "\\."]
    for number, (target, data, options) in enumerate(ERROR_CASES):
        path = write(tmp_path, f"case{number}.txt", data)
        lines.append(f"\\copy {target} from '{path}' {options}")
        lines.append(f"select {number} as case_number, count(*) from notes;")
    path = write(tmp_path, "dup.txt", "101\tnew\n100\tagain\n")
    lines.append(f"\\copy notes (id, body) from '{path}'")
    lines.append("select * from notes order by id;")
    script = tmp_path / "errors.sql"
    script.write_text("\n".join(lines) + "\n")
    mine, theirs = run_script(ptreedb, script), run_script(postgres, script)
    assert sqlstates(mine.stderr) == sqlstates(theirs.stderr)
    # Every case but the matching header fails, and so does the duplicate.
    assert len(sqlstates(theirs.stderr)) == len(ERROR_CASES)
    assert mine.stdout == theirs.stdout  # every statement after an error still ran


def test_server_files_and_programs_are_refused(ptreedb_server):
    for statement in ("copy t from '/etc/passwd'", "copy t to '/tmp/out'", "copy t from program 'ls'"):
        result = ptreedb_server.psql("-v", "VERBOSITY=verbose", "-c", statement)
        assert "ERROR:  0A000: COPY to or from" in result.stderr
        assert "use COPY ... FROM STDIN or psql's \\copy" in result.stderr


# ---------------------------------------------------------------------------
# The raw protocol: what psql never sends.

def message(kind, body=b""):
    return kind + struct.pack("!i", len(body) + 4) + body


class RawClient:
    def __init__(self, port):
        self.sock = socket.create_connection(("127.0.0.1", port), timeout=30)
        body = struct.pack("!i", 196608) + b"user\0postgres\0database\0postgres\0\0"
        self.sock.sendall(struct.pack("!i", len(body) + 4) + body)
        self.buffer = b""
        self.until_ready()

    def receive(self):
        while len(self.buffer) < 5 or len(self.buffer) < 1 + struct.unpack("!i", self.buffer[1:5])[0]:
            chunk = self.sock.recv(65536)
            if not chunk:
                return None
            self.buffer += chunk
        length = struct.unpack("!i", self.buffer[1:5])[0]
        kind, body = self.buffer[:1], self.buffer[5:1 + length]
        self.buffer = self.buffer[1 + length:]
        return kind, body

    def until_ready(self, stop_at_copy_in=False):
        """Messages up to ReadyForQuery (or CopyInResponse), summarized."""
        seen = []
        while (received := self.receive()) is not None:
            kind, body = received
            if kind in (b"E", b"N"):
                fields = {f[:1]: f[1:].decode() for f in body.split(b"\0") if f}
                seen.append((kind.decode(), fields[b"S"], fields[b"C"], fields[b"M"], fields.get(b"W")))
            elif kind == b"C":
                seen.append(("C", body.rstrip(b"\0").decode()))
            elif kind in (b"d", b"G", b"H", b"D"):
                seen.append((kind.decode(), body))
            elif kind == b"Z":
                seen.append(("Z",))
                return seen
            else:
                seen.append((kind.decode(),))
            if kind == b"G" and stop_at_copy_in:
                return seen
        seen.append(("closed",))
        return seen

    def query(self, sql, copy_messages=None):
        self.sock.sendall(message(b"Q", sql.encode() + b"\0"))
        seen = self.until_ready(stop_at_copy_in=copy_messages is not None)
        if copy_messages is not None and seen[-1][0] == "G":
            self.sock.sendall(b"".join(copy_messages))
            seen += self.until_ready()
        return seen


def data(payload):
    return message(b"d", payload)


DONE = message(b"c")


def raw_session(port):
    client = RawClient(port)
    results = [client.query("drop table if exists raw; create table raw (a int, b text)")[-1]]
    payload = b"".join(f"{i}\t{'x' * (i % 50)}\\t\\\\{i}\n".encode() for i in range(3000))
    # Every record split across messages, some messages holding many records.
    pieces, at, rng = [], 0, random.Random(5)
    while at < len(payload):
        size = rng.choice([1, 2, 3, 17, 4000])
        pieces.append(data(payload[at:at + size]))
        at += size
    results.append(client.query("copy raw from stdin", pieces + [DONE]))
    results.append(client.query("select count(*), sum(a) from raw"))
    results.append(client.query("copy raw from stdin", [data(b"9\tx\n10\t"), message(b"f", b"client gave up\0")]))
    results.append(client.query("copy raw from stdin", [data(b"1\tx\n"), message(b"H"), message(b"S"), DONE]))
    results.append(client.query("copy raw from stdin; select count(*) from raw", [data(b"2\ty\n"), DONE]))
    results.append(client.query("copy raw from stdin", [data(b"3\tz\n\\.\nignored after the marker\n"), DONE]))
    results.append(client.query("copy raw (a) from stdin", [data(b"4\n"), DONE]))
    results.append(client.query("copy raw from stdin", [data(b"bad\n"), data(b"more\n"), DONE]))
    results.append(client.query("copy raw from stdin (format csv)", [data(b'5,"quoted\nnewline"\n6,'), DONE]))
    results.append(client.query("copy (select * from raw where a < 7 order by a, b) to stdout (format csv)"))
    # A Query in the middle of COPY breaks protocol sync: ERROR, then FATAL.
    results.append(client.query("copy raw from stdin", [data(b"7\tx\n"), message(b"Q", b"select 1\0")]))
    return results


def test_copy_sub_protocol_matches_postgresql(ptreedb_server, postgres_oracle):
    mine, theirs = raw_session(ptreedb_server.port), raw_session(postgres_oracle.port)
    assert mine == theirs
    assert mine[2][-3:] == [("D", b"\x00\x02\x00\x00\x00\x043000\x00\x00\x00\x074498500"), ("C", "SELECT 1"), ("Z",)]
    assert ("E", "ERROR", "57014", "COPY from stdin failed: client gave up", "COPY raw, line 2") in mine[3]
    assert mine[-1][-2:] == [("E", "FATAL", "08P01", "terminating connection because protocol synchronization was lost",
                              None), ("closed",)]
    # The server is still there for everyone else.
    assert ptreedb_server.psql("-c", "select count(*) from raw").returncode == 0


def test_check_constraints_are_enforced_as_postgresql_does(ptreedb_server, postgres_oracle, tmp_path):
    # The first failing row, its NOT NULL columns before its checks, with
    # PostgreSQL's message, detail and context; NULL passes a check.
    lines = ["drop table if exists checked;",
             "create table checked (id int primary key, qty int not null check (qty >= 0), "
             "label text constraint short_label check (length(label) < 5), check (qty < id * 10));"]
    loads = ["1\t5\tab\n2\t0\t\\N\n", "3\t1\tok\n4\t-1\tx\n5\t2\ttoolong\n", "6\t\\N\ttoolong\n",
             "7\t2\ttoolong\n", "8\t90\tx\n", "9\t3,x\n", "10,4,abc\n11,200,a\n"]
    for number, data in enumerate(loads):
        path = write(tmp_path, f"checked{number}.txt", data)
        options = "with (format csv)" if "," in data and "\t" not in data else ""
        lines.append(f"\\copy checked from '{path}' {options}")
    lines.append("select * from checked order by id;")
    script = tmp_path / "checked.sql"
    script.write_text("\n".join(lines) + "\n")
    mine, theirs = (server.psql("-v", "ON_ERROR_STOP=0", "-f", str(script)) for server in (ptreedb_server, postgres_oracle))
    assert mine.stdout == theirs.stdout
    def errors(stderr):  # the first DROP's NOTICE is PostgreSQL's alone
        return [line for line in stderr.splitlines() if "NOTICE" not in line]
    assert errors(mine.stderr) == errors(theirs.stderr)
    assert theirs.stderr.count("violates check constraint") == 4
    ptreedb_server.psql("-c", "drop table checked")
    postgres_oracle.psql("-c", "drop table checked")


def test_name_columns_load_and_dump_as_postgresql(ptreedb_server, postgres_oracle, tmp_path):
    """name columns through COPY: input longer than 63 bytes is cut on a character
    boundary (text and CSV), the key is the cut value, and the binary format
    carries the bytes both ways; a binary value of 64 bytes is refused (42622)."""
    long_ascii = "k" * 70
    long_accent = "é" * 40
    text_data = write(tmp_path, "names.txt",
                      f"zeta\towner one\n{long_ascii}\t{long_accent}\nAlpha\t\\N\né\ttab\\tinside\n")
    csv_data = write(tmp_path, "names.csv", f'id,owner\n"alpha, with comma",x\n{"m" * 62}€,y\n')
    binary_out = tmp_path / "names_out_{}.bin"
    script_text = """
drop table if exists names_copy;
drop table if exists names_back;
create table names_copy (id name primary key, owner name);
create table names_back (id name primary key, owner name);
\\copy names_copy from '{text}'
\\copy names_copy from '{csv}' with (format csv, header)
\\copy names_copy from '{text}'
select id, octet_length(id), owner, octet_length(owner) from names_copy order by id;
copy (select * from names_copy order by id) to stdout;
copy (select * from names_copy order by id desc) to stdout with (format csv);
\\copy (select * from names_copy order by id) to '{binary}' with (format binary)
\\copy names_back from '{binary}' with (format binary)
select * from names_back except select * from names_copy;
select count(*) from names_back;
\\copy names_back from '{bad}' with (format binary)
"""
    outputs = []
    for label, server in (("ptreedb", ptreedb_server), ("postgres", postgres_oracle)):
        binary = str(binary_out).format(label)
        # A binary COPY file with one row whose id is 64 bytes: namerecv refuses it.
        bad = tmp_path / f"bad_{label}.bin"
        long_id = b"b" * 64
        bad.write_bytes(b"PGCOPY\n\xff\r\n\x00" + struct.pack("!ii", 0, 0) + struct.pack("!h", 2)
                        + struct.pack("!i", len(long_id)) + long_id + struct.pack("!i", -1) + struct.pack("!h", -1))
        script = tmp_path / f"names_{label}.sql"
        script.write_text(script_text.format(text=text_data, csv=csv_data, binary=binary, bad=bad))
        result = run_script(server, script)
        outputs.append((result, Path(binary).read_bytes()))
    (mine, mine_binary), (theirs, theirs_binary) = outputs
    assert sqlstates(theirs.stderr) == ["23505", "42622"], theirs.stderr
    assert sqlstates(mine.stderr) == sqlstates(theirs.stderr), mine.stderr
    assert mine.stdout == theirs.stdout
    assert mine_binary == theirs_binary
    assert "k" * 63 + "|63|" + "é" * 31 + "|62" in mine.stdout


def test_defaults_drawing_per_row_give_each_row_its_own_value(ptreedb_server, postgres_oracle, tmp_path):
    """Columns COPY leaves out take their DEFAULT per row: serial and identity
    columns number the rows (they were all given the first number), and
    random() and gen_random_uuid() differ from row to row."""
    data = write(tmp_path, "drawn.txt", "".join(f"row {i}\n" for i in range(1, 2001)))
    script = tmp_path / "drawn.sql"
    script.write_text(f"""
drop table if exists drawn;
create table drawn (id serial, ident int generated always as identity, note text,
                    noise float8 default random(), token uuid default gen_random_uuid());
\\copy drawn (note) from '{data}'
\\copy drawn (note) from '{data}'
select count(*), count(distinct id), min(id), max(id), count(distinct ident), min(ident), max(ident),
       count(distinct noise) > 3990 as noisy, count(distinct token) from drawn;
select id, ident, note from drawn where id in (1, 2, 2000, 2001, 4000) order by id;
drop table drawn;
""")
    mine, theirs = (server.psql("-v", "ON_ERROR_STOP=0", "-f", str(script)) for server in (ptreedb_server, postgres_oracle))
    assert mine.stdout == theirs.stdout
    assert mine.stderr.count("ERROR") == 0, mine.stderr
