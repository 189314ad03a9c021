"""One client session, driven as psql drives it: each statement is sent with
the simple query protocol (PQsendQuery) and every result is read in text.
A statement that runs past its time is cancelled; if even the cancel does not
end it, the session reports a timeout and is closed."""
import select
import time

import psycopg
from psycopg import pq

_CANCEL_GRACE_SECONDS = 5


class Session:
    entered_copy_in = False

    def __init__(self, port, user="postgres", dbname="postgres"):
        conninfo = (f"host=127.0.0.1 port={port} user={user} dbname={dbname} "
                    f"client_encoding=UTF8 connect_timeout=10")
        self.connection = pq.PGconn.connect(conninfo.encode())
        if self.connection.status != pq.ConnStatus.OK:
            message = self.connection.error_message.decode(errors="replace")
            self.connection.finish()
            raise ConnectionError(message.strip())

    def close(self):
        if self.connection is not None:
            self.connection.finish()
            self.connection = None

    @property
    def alive(self):
        return self.connection is not None and self.connection.status == pq.ConnStatus.OK

    def run(self, sql, copy_data=None, timeout=10.0):
        """The outcome (see outcome.py) of one statement."""
        if not self.alive:
            return [{"status": "connection_lost", "message": "no connection"}]
        connection = self.connection
        try:
            connection.send_query(sql.encode())
        except psycopg.Error:
            return self._lost()
        results = []
        self.entered_copy_in = False
        deadline = time.monotonic() + timeout
        cancelled = False
        while True:
            if not self._wait(deadline):
                if cancelled:
                    self.close()
                    return results + [{"status": "timeout"}]
                connection.get_cancel().cancel()
                cancelled = True
                deadline = time.monotonic() + _CANCEL_GRACE_SECONDS
                continue
            result = connection.get_result()
            if result is None:
                break
            status = result.status
            if status == pq.ExecStatus.COPY_IN:
                self.entered_copy_in = True
                try:
                    if copy_data:
                        connection.put_copy_data(copy_data.encode())
                    connection.put_copy_end()
                except psycopg.Error:
                    return self._lost(results)
                continue
            if status == pq.ExecStatus.COPY_OUT:
                results.append(self._copy_out(deadline))
                continue
            results.append(_describe(result))
            if connection.status != pq.ConnStatus.OK:
                return self._lost(results)
        if cancelled:
            results.append({"status": "timeout"})
        if connection.status != pq.ConnStatus.OK:
            return self._lost(results)
        return results

    def parameter(self, name):
        """A parameter the server reported (ParameterStatus), or None."""
        if not self.alive:
            return None
        value = self.connection.parameter_status(name.encode())
        return None if value is None else value.decode()

    def _wait(self, deadline):
        """Waits until a result is ready or the deadline passes."""
        connection = self.connection
        while True:
            try:
                connection.consume_input()
            except psycopg.Error:
                return True  # get_result reports the broken connection
            if not connection.is_busy():
                return True
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                return False
            select.select([connection.socket], [], [], min(remaining, 1.0))

    def _copy_out(self, deadline):
        chunks = []
        while True:
            try:
                size, data = self.connection.get_copy_data(1)
            except psycopg.Error:
                break
            if size == -1:
                break
            if size == -2:
                break
            if size == 0:
                if not self._wait_readable(deadline):
                    break
                try:
                    self.connection.consume_input()
                except psycopg.Error:
                    break
                continue
            chunks.append(bytes(data).decode(errors="replace"))
        return {"status": "copy_out", "data": "".join(chunks)}

    def _wait_readable(self, deadline):
        remaining = deadline - time.monotonic()
        if remaining <= 0:
            return False
        readable, _, _ = select.select([self.connection.socket], [], [], remaining)
        return bool(readable)

    def _lost(self, results=()):
        message = self.connection.error_message.decode(errors="replace").strip() if self.connection else ""
        self.close()
        return list(results) + [{"status": "connection_lost", "message": message}]


def _describe(result):
    status = result.status
    tag = (result.command_status or b"").decode(errors="replace")
    if status == pq.ExecStatus.TUPLES_OK or status == pq.ExecStatus.SINGLE_TUPLE:
        columns = [result.fname(i).decode(errors="replace") for i in range(result.nfields)]
        rows = [[_text(result.get_value(row, column)) for column in range(result.nfields)]
                for row in range(result.ntuples)]
        return {"status": "rows", "tag": tag, "columns": columns, "rows": rows}
    if status in (pq.ExecStatus.COMMAND_OK, pq.ExecStatus.EMPTY_QUERY):
        return {"status": "command", "tag": tag}
    if status == pq.ExecStatus.COPY_OUT or status == pq.ExecStatus.COPY_IN:
        return {"status": "command", "tag": tag}
    sqlstate = result.error_field(pq.DiagnosticField.SQLSTATE)
    message = result.error_field(pq.DiagnosticField.MESSAGE_PRIMARY)
    if message is None:
        message = result.error_message
    return {"status": "error", "sqlstate": sqlstate.decode() if sqlstate else None,
            "message": (message or b"").decode(errors="replace")}


def _text(value):
    return None if value is None else bytes(value).decode(errors="replace")
