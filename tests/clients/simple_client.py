"""A thin psycopg 3 client that speaks only the simple query protocol
(pgconn.exec_), for tests of transaction blocks: every statement's rows come
back as text, errors as SqlStateError with the SQLSTATE."""
import psycopg
from psycopg import pq


class SqlStateError(Exception):
    def __init__(self, sqlstate, message):
        super().__init__(f"{sqlstate}: {message}")
        self.sqlstate = sqlstate
        self.message = message


class SimpleClient:
    def __init__(self, dsn):
        # autocommit=True: psycopg itself sends no BEGIN; the tests write their own.
        self.conn = psycopg.Connection.connect(dsn, autocommit=True)
        self.notices = []
        self.conn.add_notice_handler(lambda diag: self.notices.append((diag.sqlstate, diag.message_primary)))

    def run(self, sql):
        """Runs one query message; returns the last result's rows (text tuples)."""
        result = self.conn.pgconn.exec_(sql.encode())
        if result.status == pq.ExecStatus.FATAL_ERROR:
            sqlstate = (result.error_field(pq.DiagnosticField.SQLSTATE) or b"").decode()
            message = (result.error_field(pq.DiagnosticField.MESSAGE_PRIMARY) or b"").decode()
            raise SqlStateError(sqlstate, message)
        rows = []
        for row in range(result.ntuples):
            rows.append(tuple(None if result.get_value(row, col) is None else result.get_value(row, col).decode()
                              for col in range(result.nfields)))
        return rows

    def scalar(self, sql):
        return self.run(sql)[0][0]

    @property
    def status(self):
        """ReadyForQuery's status as libpq tracks it: 'I', 'T' or 'E'."""
        return {pq.TransactionStatus.IDLE: "I", pq.TransactionStatus.INTRANS: "T",
                pq.TransactionStatus.INERROR: "E"}[self.conn.pgconn.transaction_status]

    def close(self):
        self.conn.close()


def run_transaction(client, statements, isolation="repeatable read", attempts=1000):
    """Runs BEGIN; statements(client); COMMIT, retrying on 40001. Returns
    (what statements returned, retries)."""
    for attempt in range(attempts):
        try:
            client.run(f"BEGIN ISOLATION LEVEL {isolation}")
            value = statements(client)
            client.run("COMMIT")
            return value, attempt
        except SqlStateError as error:
            if error.sqlstate != "40001":
                raise
            if client.status != "I":
                client.run("ROLLBACK")
    raise AssertionError("transaction never committed")
