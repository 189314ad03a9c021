"""Generated differential SQL: a few hundred queries made from a fixed seed run
on ptreedb and on PostgreSQL 15 over the same small tables; each must return
the same rows (a multiset, or a list when the ORDER BY fixes the order) with
the same column names, or fail on both with the same SQLSTATE.

Queries come in families, one generator per SQL feature. ENABLED lists the
families ptreedb runs today; the others are generated all the same and
checked against PostgreSQL alone (test_postgresql_accepts_family), so they are
ready when their feature lands. Each family draws from its own Random, so
adding, enabling or editing one family changes no other family's queries.

Run `python tests/sql/test_generated_queries.py FAMILY` to print a family's
queries.

The client is libpq through psycopg's low-level `psycopg.pq.PGconn`:
`send_query` is PQsendQuery, the simple query protocol (ptreedb has no
extended protocol yet), and values arrive as the server's own text. The
high-level `Connection.execute` would also use the simple protocol for a query
without parameters, but only until the same text has run `prepare_threshold`
(5) times; then it prepares it.
"""
import random
import select
import sys
import time
from collections import Counter
from dataclasses import dataclass
from datetime import date, timedelta
from decimal import Decimal

import pytest

try:
    from psycopg import pq
except ImportError:  # the generator and its __main__ work without psycopg
    pq = None

SEED = 20240601
QUERIES_PER_FAMILY = 50
# At most this many queries of a family may be refused with 0A000 (feature not
# supported): none, now that USING/NATURAL joins and correlated subqueries of
# every correlation are planned.
MAX_UNSUPPORTED = 0
ENABLED = {"filter", "aggregate", "order_limit", "join", "outer_join", "subquery", "distinct", "setop", "cte", "derived",
           "using_join", "correlated", "window"}
# A family may fail on PostgreSQL for at most this many of its queries: those
# compare by SQLSTATE only, so a generator that makes many is testing little.
MAX_POSTGRES_ERRORS = 3
QUERY_TIMEOUT = 60

# ---------------------------------------------------------------------------
# The schema: kinds are int, num, text, date, bool.

TABLES = {
    "t1": [("id", "int"), ("a", "int"), ("b", "int"), ("n", "num"), ("s", "text"),
           ("d", "date"), ("f", "bool")],
    "t2": [("id", "int"), ("t1_id", "int"), ("a", "int"), ("n", "num"), ("s", "text"),
           ("d", "date")],
    "t3": [("k", "int"), ("v", "int"), ("s", "text"), ("n", "num")],
    "t4": [("x", "int"), ("y", "text"), ("f", "bool"), ("d", "date")],
}
# Column sets of derived tables and CTEs that predicates may range over.
SHAPES = dict(TABLES, id_a_n=[("id", "int"), ("a", "int"), ("n", "num")])
DDL = [
    "create table t1 (id integer primary key, a integer, b integer, n numeric(10,2), s text, "
    "d date, f boolean)",
    "create table t2 (id integer primary key, t1_id integer, a integer, n numeric(10,2), "
    "s varchar(12), d date)",
    "create table t3 (k integer, v bigint, s text, n numeric(10,2))",
    "create table t4 (x integer, y text, f boolean, d date)",
]
WORDS = ["apple", "Apple", "APPLE", "banana", "cherry", "date", "elder", "fig", "grape", "",
         "a%b", "x_y", "kiwi fruit", "pear ", "o'clock", "Ünï", "zeta", "b"]
PATTERNS = ["a%", "%e", "%an%", "_pple", "A%", "%", "", "b", "%i%t", "%\\_%", "__", "%a%b%",
            "ü%", "%'%"]
NUMBERS = [Decimal(v) for v in ["0.00", "0.50", "1.25", "-3.75", "10.00", "12.50", "33.33",
                                "-0.01", "99.99", "100.00", "7.10", "250.75", "-120.40"]]
FIRST_DAY = date(2020, 1, 1)
BATCH = 25


def sql_literal(value):
    if value is None:
        return "NULL"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, Decimal)):
        return str(value)
    if isinstance(value, date):
        return f"'{value.isoformat()}'"
    return "'" + value.replace("'", "''") + "'"


def table_rows(seed=SEED):
    """The rows of every table, from their own Random: NULLs, duplicate values
    and, in the tables without a primary key, duplicate rows."""
    rng = random.Random(f"{seed}:data")

    def maybe(p_null, make):
        return None if rng.random() < p_null else make()

    def day():
        return FIRST_DAY + timedelta(days=rng.randint(0, 59))

    rows = {"t1": [], "t2": [], "t3": [], "t4": []}
    for i in range(1, 121):
        rows["t1"].append((i, maybe(0.12, lambda: rng.randint(0, 9)),
                           maybe(0.1, lambda: rng.randint(-5, 20)),
                           maybe(0.1, lambda: rng.choice(NUMBERS)),
                           maybe(0.1, lambda: rng.choice(WORDS)), maybe(0.1, day),
                           maybe(0.15, lambda: rng.random() < 0.5)))
    for i in sorted(rng.sample(range(1, 200), 150)):  # unique ids with gaps
        rows["t2"].append((i, maybe(0.08, lambda: rng.randint(1, 140)),
                           maybe(0.12, lambda: rng.randint(0, 9)),
                           maybe(0.1, lambda: rng.choice(NUMBERS)),
                           maybe(0.1, lambda: rng.choice(WORDS)), maybe(0.1, day)))
    for _ in range(50):
        rows["t3"].append((maybe(0.1, lambda: rng.randint(0, 12)),
                           maybe(0.1, lambda: rng.randint(0, 30)),
                           maybe(0.1, lambda: rng.choice(WORDS)),
                           maybe(0.1, lambda: rng.choice(NUMBERS))))
    rows["t3"] += rng.sample(rows["t3"], 10)
    for _ in range(18):
        rows["t4"].append((maybe(0.1, lambda: rng.randint(0, 9)),
                           maybe(0.1, lambda: rng.choice(WORDS)),
                           maybe(0.1, lambda: rng.random() < 0.5), maybe(0.1, day)))
    rows["t4"] += rng.sample(rows["t4"], 2)
    return rows


def setup_statements(seed=SEED):
    statements = list(DDL)
    for table, rows in table_rows(seed).items():
        for start in range(0, len(rows), BATCH):
            values = ", ".join("(" + ", ".join(sql_literal(v) for v in row) + ")"
                               for row in rows[start:start + BATCH])
            statements.append(f"insert into {table} values {values}")
    return statements


# ---------------------------------------------------------------------------
# Expression and predicate generation.

@dataclass
class Query:
    sql: str
    ordered: bool = False  # True when ORDER BY fixes the order of the rows' text


class Scope:
    """The FROM items an expression may use: (name, table) pairs; columns are
    qualified when more than one item is in scope (or when asked)."""

    def __init__(self, *items, qualify=None):
        self.items = [item if isinstance(item, tuple) else (item, item) for item in items]
        self.qualify = len(self.items) > 1 if qualify is None else qualify

    def columns(self, kind=None):
        out = []
        for name, table in self.items:
            for column, column_kind in SHAPES[table]:
                if kind is None or column_kind == kind:
                    out.append(f"{name}.{column}" if self.qualify else column)
        return out

    def kinds(self):
        return sorted({kind for _, table in self.items for _, kind in SHAPES[table]})


ORDERED_KINDS = ["int", "num", "text", "date"]


class Gen:
    def __init__(self, rng):
        self.rng = rng

    # -- small pieces
    def chance(self, p):
        return self.rng.random() < p

    def pick(self, seq):
        return self.rng.choice(list(seq))

    def value(self, kind):
        rng = self.rng
        if kind == "int":
            return rng.randint(-3, 22)
        if kind == "num":
            return rng.choice(NUMBERS + [Decimal("5"), Decimal("2.5"), Decimal("0.125")])
        if kind == "text":
            return rng.choice(WORDS + ["c", "d", "m", "zz"])
        if kind == "date":
            return FIRST_DAY + timedelta(days=rng.randint(-5, 65))
        if kind == "bool":
            return rng.random() < 0.5
        raise ValueError(kind)

    def literal(self, kind, value):
        if kind == "date":
            text = value.isoformat()
            return self.rng.choice([f"date '{text}'", f"'{text}'", f"CAST('{text}' AS date)"])
        return sql_literal(value)

    def lit(self, kind, null_ok=False):
        if null_ok and self.chance(0.08):
            return "NULL"
        return self.literal(kind, self.value(kind))

    def bounds(self, kind):
        """Two literals for BETWEEN, usually low before high (Python orders
        str by code point, as the C collation orders UTF-8 bytes)."""
        low, high = sorted([self.value(kind), self.value(kind)])
        if self.chance(0.15):
            low, high = high, low
        return self.literal(kind, low), self.literal(kind, high)

    def col(self, scope, kind):
        columns = scope.columns(kind)
        return self.pick(columns) if columns else None

    def expr(self, scope, kind, depth=1):
        """An expression of the kind over the scope's columns. Numeric results
        keep one scale for equal values (no coalesce(n, 0)), so grouping,
        DISTINCT and set operations have one right text per value."""
        rng = self.rng
        column = self.col(scope, kind)
        if column is None or depth <= 0 or self.chance(0.45):
            if column is None:
                return self.lit(kind)
            return column
        ints = scope.columns("int")
        if kind == "int":
            forms = [
                lambda: f"{column} + {self.lit('int')}",
                lambda: f"{column} * {rng.randint(-2, 3)}",
                lambda: f"{column} - {self.pick(ints)}",
                lambda: f"abs({column})",
                lambda: f"{column} % {rng.randint(2, 4)}",
                lambda: f"{column} / {rng.randint(2, 3)}",
                lambda: f"coalesce({column}, {self.lit('int')})",
                lambda: f"nullif({column}, {self.lit('int')})",
                lambda: f"CASE WHEN {self.pred(scope, 0)} THEN {column} ELSE {self.lit('int')} END",
                lambda: f"-{column}",
            ]
            if scope.columns("text"):
                forms.append(lambda: f"length({self.col(scope, 'text')})")
            if scope.columns("date"):
                forms.append(lambda: f"{self.col(scope, 'date')} - date '2020-01-01'")
            if scope.columns("num"):
                # numeric to integer rounds half away from zero
                forms.append(lambda: f"{self.col(scope, 'num')}::integer")
        elif kind == "num":
            forms = [
                lambda: f"{column} * 2",
                lambda: f"{column} + {self.pick(ints)}" if ints else f"{column} + 1",
                lambda: f"round({column}, 1)",
                lambda: f"{column} / 4",
                lambda: f"-{column}",
                lambda: f"abs({column})",
                lambda: f"coalesce({column}, 0.00)",
                lambda: f"trunc({column})",
                lambda: f"CASE WHEN {self.pred(scope, 0)} THEN {column} ELSE 1.25 END",
                lambda: f"{column} - {self.lit('num')}",
                lambda: f"CAST({self.pick(ints)} AS numeric(10,2))" if ints else column,
            ]
            if scope.columns("date"):
                forms.append(lambda: f"extract(day from {self.col(scope, 'date')})")
        elif kind == "text":
            forms = [
                lambda: f"upper({column})",
                lambda: f"lower({column})",
                lambda: f"{column} || '!'",
                lambda: f"substring({column} from {rng.randint(1, 3)} for {rng.randint(1, 4)})",
                lambda: f"coalesce({column}, 'none')",
                lambda: f"nullif({column}, '')",
                lambda: f"CASE WHEN {self.pred(scope, 0)} THEN {column} ELSE 'other' END",
                lambda: f"{column} || {self.pick(ints)}" if ints else column,
                lambda: f"CAST({self.pick(ints)} AS text)" if ints else column,
            ]
            if scope.columns("num"):
                forms.append(lambda: f"{self.col(scope, 'num')}::text")
            if scope.columns("date"):
                forms.append(lambda: f"CAST({self.col(scope, 'date')} AS text)")
        elif kind == "date":
            forms = [
                lambda: f"{column} + {rng.randint(0, 40)}",
                lambda: f"{column} - {rng.randint(1, 10)}",
                lambda: f"coalesce({column}, date '2020-02-01')",
            ]
        else:  # bool
            forms = [lambda: f"NOT {column}", lambda: f"({self.pred(scope, 0)})",
                     lambda: f"coalesce({column}, false)"]
        return rng.choice(forms)()

    def comparable_kind(self, scope):
        kinds = [kind for kind in scope.kinds() if kind in ORDERED_KINDS]
        return self.pick(kinds)

    def pred(self, scope, depth=2):
        rng = self.rng
        if depth > 0 and self.chance(0.35):
            form = rng.random()
            if form < 0.15:
                return f"NOT ({self.pred(scope, depth - 1)})"
            joiner = "AND" if form < 0.6 else "OR"
            return f"({self.pred(scope, depth - 1)} {joiner} {self.pred(scope, depth - 1)})"
        choices = ["cmp", "cmp", "cmp", "null", "between", "in"]
        if scope.columns("text"):
            choices.append("like")
        if scope.columns("bool"):
            choices.append("bool")
        form = rng.choice(choices)
        if form == "like":
            op = rng.choice(["LIKE", "LIKE", "NOT LIKE", "ILIKE", "NOT ILIKE"])
            return f"{self.expr(scope, 'text', depth - 1)} {op} {sql_literal(rng.choice(PATTERNS))}"
        if form == "bool":
            column = self.col(scope, "bool")
            return rng.choice([column, f"NOT {column}", f"{column} = true", f"{column} IS NULL",
                               f"{column} <> false"])
        kind = self.comparable_kind(scope)
        left = self.expr(scope, kind, depth - 1 if depth > 0 else 0)
        if form == "null":
            return f"{left} IS {rng.choice(['', 'NOT '])}NULL"
        if form == "between":
            low, high = self.bounds(kind)
            return f"{left} {rng.choice(['BETWEEN', 'BETWEEN', 'NOT BETWEEN'])} {low} AND {high}"
        if form == "in":
            items = ", ".join(self.lit(kind, null_ok=True) for _ in range(rng.randint(1, 4)))
            return f"{left} {rng.choice(['IN', 'IN', 'NOT IN'])} ({items})"
        op = rng.choice(["=", "<>", "<", "<=", ">", ">="])
        if self.chance(0.6):
            right = self.lit(kind)
        else:
            other = kind
            if kind in ("int", "num") and self.chance(0.3):
                other = "num" if kind == "int" else "int"
            right = self.expr(scope, other, 0)
            if right == left:  # a column against itself says little
                right = self.lit(kind)
        return f"{left} {op} {right}"

    def select_list(self, scope, count=None, depth=1, aliases=True):
        count = count or self.rng.randint(1, 4)
        items = []
        for i in range(count):
            kind = self.pick(scope.kinds())
            expression = self.expr(scope, kind, depth)
            if aliases and self.chance(0.25):
                expression += f" AS c{i}"
            items.append(expression)
        return items

    def aggregate(self, scope, kinds=("int", "num", "text", "date")):
        rng = self.rng
        form = rng.random()
        if form < 0.2:
            return "count(*)"
        if form < 0.35:
            return f"count({self.expr(scope, self.pick(scope.kinds()), 0)})"
        if form < 0.45:
            return f"count(DISTINCT {self.expr(scope, self.comparable_kind(scope), 1)})"
        numeric = [k for k in ("int", "num") if k in scope.kinds()]
        if form < 0.75 and numeric:
            function = rng.choice(["sum", "sum", "avg"])
            return f"{function}({self.expr(scope, self.pick(numeric), 1)})"
        kind = self.pick([k for k in kinds if k in scope.kinds()])
        return f"{rng.choice(['min', 'max'])}({self.expr(scope, kind, 1)})"

    def order_key(self, text):
        rng = self.rng
        direction = rng.choice(["", " ASC", " DESC"])
        nulls = rng.choice(["", "", " NULLS FIRST", " NULLS LAST"])
        return f"{text}{direction}{nulls}"

    def total_order(self, width, first_keys=()):
        """ORDER BY the given keys, then every output column by position: rows
        that tie on all of them print the same text, so the order is fixed."""
        keys = list(first_keys)
        for position in range(1, width + 1):
            keys.append(self.order_key(str(position)))
        return "ORDER BY " + ", ".join(keys)

    def limit(self):
        rng = self.rng
        form = rng.random()
        if form < 0.5:
            return f" LIMIT {rng.randint(0, 15) if self.chance(0.1) else rng.randint(1, 15)}"
        if form < 0.8:
            return f" LIMIT {rng.randint(1, 20)} OFFSET {rng.randint(0, 12)}"
        if form < 0.88:
            return f" OFFSET {rng.randint(0, 25)}"
        if form < 0.92:
            return f" FETCH FIRST {rng.randint(1, 10)} ROWS ONLY"
        if form < 0.95:
            return " LIMIT ALL"
        return ""

    def single_table(self, tables=("t1", "t2", "t3", "t4")):
        table = self.pick(tables)
        if self.chance(0.3):
            alias = self.pick(["x", "q", "tt"])
            return f"{table} {alias}", Scope((alias, table), qualify=self.chance(0.7))
        return table, Scope(table, qualify=self.chance(0.1))

    def grouped(self, scope, source, where=True):
        """SELECT keys, aggregates FROM source [WHERE] GROUP BY keys [HAVING]:
        returns (sql, width)."""
        rng = self.rng
        keys = [self.expr(scope, self.pick(scope.kinds()), 1) for _ in range(rng.randint(1, 2))]
        aggregates = [self.aggregate(scope) for _ in range(rng.randint(1, 3))]
        sql = f"SELECT {', '.join(keys + aggregates)} FROM {source}"
        if where and self.chance(0.5):
            sql += f" WHERE {self.pred(scope)}"
        style = rng.random()
        if style < 0.2:
            sql += " GROUP BY " + ", ".join(str(i + 1) for i in range(len(keys)))
        else:
            sql += " GROUP BY " + ", ".join(keys)
        if self.chance(0.35):
            sql += f" HAVING {self.having(scope)}"
        return sql, len(keys) + len(aggregates)

    def having(self, scope):
        rng = self.rng
        forms = [lambda: f"count(*) > {rng.randint(0, 15)}",
                 lambda: f"count(*) {rng.choice(['=', '<', '>='])} {rng.randint(1, 6)}",
                 lambda: f"{self.aggregate(scope, ('int', 'num'))} > {self.lit('int')}",
                 lambda: f"min({self.col(scope, self.comparable_kind(scope))}) IS NOT NULL",
                 lambda: f"(count(*) > 3 OR max({self.col(scope, 'int')}) < 5)"]
        if scope.columns("text"):
            forms.append(lambda: f"max({self.col(scope, 'text')}) > 'c'")
        return rng.choice(forms)()


FAMILIES = {}


def family(name):
    def register(function):
        FAMILIES[name] = function
        return function
    return register


def generate(name, seed=SEED, count=QUERIES_PER_FAMILY):
    gen = Gen(random.Random(f"{seed}:{name}"))
    queries = []
    while len(queries) < count:
        query = FAMILIES[name](gen)
        queries.append(query if isinstance(query, Query) else Query(query))
    return queries


# ---------------------------------------------------------------------------
# The families. Each uses its own feature on top of filter/aggregate/order_limit;
# the docstring names any other feature a family also leans on.

@family("filter")
def gen_filter(g):
    """WHERE with AND/OR/NOT, comparisons, IS NULL, BETWEEN, IN lists, LIKE."""
    source, scope = g.single_table()
    if g.chance(0.1):
        items = ["*"]
    else:
        items = g.select_list(scope)
    sql = f"SELECT {', '.join(items)} FROM {source} WHERE {g.pred(scope, depth=g.rng.randint(1, 3))}"
    return Query(sql)


@family("aggregate")
def gen_aggregate(g):
    """GROUP BY (expressions, positions), HAVING, count/sum/avg/min/max,
    count(DISTINCT), aggregates without GROUP BY and over no rows."""
    source, scope = g.single_table()
    rng = g.rng
    form = rng.random()
    if form < 0.25:
        aggregates = [g.aggregate(scope) for _ in range(rng.randint(1, 4))]
        if g.chance(0.3):
            aggregates.append(f"{g.aggregate(scope, ('int', 'num'))} + 1")
        sql = f"SELECT {', '.join(aggregates)} FROM {source}"
        if g.chance(0.6):
            sql += f" WHERE {g.pred(scope)}"
        return Query(sql)
    if form < 0.35:
        # A group key named by its output alias.
        key = g.expr(scope, g.pick(scope.kinds()), 1)
        sql = (f"SELECT {key} AS grp, {g.aggregate(scope)}, count(*) FROM {source} "
               f"GROUP BY grp")
        if g.chance(0.4):
            sql += f" HAVING {g.having(scope)}"
        return Query(sql)
    if form < 0.4:
        # HAVING without GROUP BY: one group, or none.
        return Query(f"SELECT count(*), {g.aggregate(scope)} FROM {source} "
                     f"HAVING {g.having(scope)}")
    if form < 0.47:
        # Aggregates in expressions, and a group column outside the select list.
        column = g.col(scope, "int")
        sql = (f"SELECT max({column}) - min({column}), count(*) * 2, sum({column}) "
               f"FROM {source} GROUP BY {g.col(scope, g.pick(scope.kinds()))}")
        return Query(sql)
    sql, _ = g.grouped(scope, source)
    return Query(sql)


@family("order_limit")
def gen_order_limit(g):
    """ORDER BY positions, names, expressions, ASC/DESC, NULLS FIRST/LAST;
    LIMIT/OFFSET. The order is always total over the output text."""
    rng = g.rng
    source, scope = g.single_table()
    if g.chance(0.25):
        sql, width = g.grouped(scope, source)
        keys = [g.order_key(str(rng.randint(1, width)))]
        return Query(f"{sql} {g.total_order(width, keys)}{g.limit()}", ordered=True)
    if g.chance(0.1):
        items = ["*"]
        width = len(TABLES[scope.items[0][1]])
    else:
        items = g.select_list(scope)
        width = len(items)
    sql = f"SELECT {', '.join(items)} FROM {source}"
    if g.chance(0.4):
        sql += f" WHERE {g.pred(scope)}"
    keys = []
    for _ in range(rng.randint(0, 2)):
        form = rng.random()
        if form < 0.4:
            keys.append(g.order_key(g.col(scope, g.pick(scope.kinds()))))
        elif form < 0.7:
            keys.append(g.order_key(g.expr(scope, g.comparable_kind(scope), 1)))
        else:
            keys.append(g.order_key(str(rng.randint(1, width))))
    return Query(f"{sql} {g.total_order(width, keys)}{g.limit()}", ordered=True)


JOIN_EQUALITIES = [
    ("t1", "id", "t2", "t1_id"), ("t1", "a", "t2", "a"), ("t1", "a", "t3", "k"),
    ("t1", "b", "t3", "v"), ("t2", "a", "t3", "k"), ("t1", "s", "t2", "s"),
    ("t1", "d", "t4", "d"), ("t1", "a", "t4", "x"), ("t3", "k", "t4", "x"),
    ("t2", "n", "t3", "n"), ("t1", "n", "t2", "n"), ("t2", "d", "t4", "d"),
    ("t3", "s", "t4", "y"), ("t1", "f", "t4", "f"),
]


def equalities(left, right):
    """The equalities that join two FROM items (name, table)."""
    (lname, ltable), (rname, rtable) = left, right
    options = []
    for t1, c1, t2, c2 in JOIN_EQUALITIES:
        if (t1, t2) == (ltable, rtable):
            options.append(f"{lname}.{c1} = {rname}.{c2}")
        elif (t2, t1) == (ltable, rtable):
            options.append(f"{lname}.{c2} = {rname}.{c1}")
    if ltable == rtable:
        options += [f"{lname}.{column} = {rname}.{column}"
                    for column, kind in TABLES[ltable] if kind in ("int", "text")]
    return options


def join_items(g, count):
    """count FROM items (alias, table); every pair of tables has an equality.
    A table keeps its own name the first time, if the dice say so."""
    items = []
    while len(items) < count:
        table = g.pick(["t1", "t2", "t3", "t4"])
        used = [alias for alias, _ in items]
        alias = table if table not in used and g.chance(0.6) else f"{'abc'[len(items)]}{table[1]}"
        items.append((alias, table))
    return items


def link(g, items, new):
    """An equality tying FROM item `new` to one of `items`."""
    partner = g.pick([item for item in items if equalities(item, new)])
    return g.pick(equalities(partner, new))


def source_text(alias, table):
    return table if alias == table else f"{table} {alias}"


@family("join")
def gen_join(g):
    """Inner joins: JOIN ... ON (equalities, extra conditions, non-equi on the
    small t4), comma joins with WHERE equalities, self joins, USING, 2-3
    tables, joins under GROUP BY."""
    rng = g.rng
    count = 2 if g.chance(0.6) else 3
    items = join_items(g, count)
    scope = Scope(*items)
    comma = g.chance(0.4)
    conditions = []
    if comma:
        source = ", ".join(source_text(*item) for item in items)
        for i in range(1, len(items)):
            conditions.append(link(g, items[:i], items[i]))
    else:
        source = source_text(*items[0])
        for i in range(1, len(items)):
            on = link(g, items[:i], items[i])
            if g.chance(0.25):
                on += f" AND {g.pred(Scope(*items[:i + 1]), 0)}"
            if items[i][1] == "t4" and g.chance(0.3):
                column = g.col(Scope(*items[:i]), "int")
                on = f"{column} < {items[i][0]}.x"
            keyword = rng.choice(["JOIN", "INNER JOIN", "JOIN"])
            source += f" {keyword} {source_text(*items[i])} ON {on}"
    if g.chance(0.5):
        conditions.append(g.pred(scope, 1))
    where = f" WHERE {' AND '.join(conditions)}" if conditions else ""
    if g.chance(0.25):
        key = g.expr(scope, g.pick(scope.kinds()), 0)
        aggregates = [g.aggregate(scope) for _ in range(rng.randint(1, 2))]
        return f"SELECT {key}, {', '.join(aggregates)} FROM {source}{where} GROUP BY {key}"
    if g.chance(0.08) and len(items) == 2 and not comma and items[0][1] != items[1][1]:
        # USING over a column both tables have.
        left, right = items[0][1], items[1][1]
        shared = sorted({c for c, _ in TABLES[left]} & {c for c, _ in TABLES[right]})
        if shared:
            column = g.pick(shared)
            return (f"SELECT * FROM {source_text(*items[0])} JOIN {source_text(*items[1])} "
                    f"USING ({column})")
    items_sql = g.select_list(scope, depth=0) if g.chance(0.85) else ["*"]
    return f"SELECT {', '.join(items_sql)} FROM {source}{where}"


@family("outer_join")
def gen_outer_join(g):
    """LEFT/RIGHT/FULL JOIN ... ON with conditions on either side, WHERE on
    the nullable side (anti joins), chains mixing inner and outer joins,
    parenthesized joins, aggregates over outer joins."""
    rng = g.rng
    count = 2 if g.chance(0.65) else 3
    items = join_items(g, count)
    scope = Scope(*items)
    source = source_text(*items[0])
    for i in range(1, len(items)):
        kind = rng.choice(["LEFT JOIN", "LEFT OUTER JOIN", "RIGHT JOIN", "FULL JOIN",
                           "FULL OUTER JOIN", "LEFT JOIN", "JOIN"])
        on = link(g, items[:i], items[i])
        if g.chance(0.35):
            side = Scope(items[i]) if g.chance(0.5) else Scope(*items[:i])
            side.qualify = True
            on += f" AND {g.pred(side, 0)}"
        source += f" {kind} {source_text(*items[i])} ON {on}"
    if count == 3 and g.chance(0.2):
        # t1 LEFT JOIN (b JOIN c ON ...) ON ...
        inner = f"{source_text(*items[1])} JOIN {source_text(*items[2])} ON {link(g, [items[1]], items[2])}"
        source = (f"{source_text(*items[0])} {rng.choice(['LEFT', 'RIGHT', 'FULL'])} JOIN "
                  f"({inner}) ON {link(g, [items[1], items[2]], items[0])}")
    where = ""
    form = rng.random()
    if form < 0.2:
        alias, table = g.pick(items[1:])
        where = f" WHERE {alias}.{TABLES[table][0][0]} IS NULL"
    elif form < 0.45:
        where = f" WHERE {g.pred(scope, 1)}"
    if g.chance(0.25):
        key = f"{items[0][0]}.{g.pick([c for c, _ in TABLES[items[0][1]]])}"
        alias, table = g.pick(items[1:])
        return (f"SELECT {key}, count(*), count({alias}.{TABLES[table][0][0]}), "
                f"{g.aggregate(scope)} FROM {source}{where} GROUP BY {key}")
    if g.chance(0.1):
        # USING merges the two columns: coalesce(left, right) under FULL JOIN.
        left, right = g.pick(["t1", "t2"]), g.pick(["t3", "t4", "t2"])
        shared = sorted({c for c, _ in TABLES[left]} & {c for c, _ in TABLES[right]})
        if shared and left != right:
            kind = rng.choice(["LEFT", "RIGHT", "FULL"])
            return f"SELECT * FROM {left} {kind} JOIN {right} USING ({g.pick(shared)})"
    if g.chance(0.08):
        return (f"SELECT * FROM t4 CROSS JOIN t4 AS b LEFT JOIN t3 ON t3.k = b.x "
                f"WHERE t4.x = {rng.randint(0, 9)}")
    columns = g.select_list(scope, depth=0) if g.chance(0.8) else ["*"]
    if g.chance(0.2):
        alias, table = g.pick(items)
        column, kind = g.pick([ck for ck in TABLES[table] if ck[1] in ("int", "text")])
        columns.append(f"coalesce({alias}.{column}, {g.lit(kind)})")
    return f"SELECT {', '.join(columns)} FROM {source}{where}"


@family("subquery")
def gen_subquery(g):
    """Scalar subqueries (uncorrelated, correlated, in SELECT and WHERE and
    HAVING), IN/NOT IN over columns with NULLs, EXISTS/NOT EXISTS, ANY/ALL,
    nested subqueries, and one subquery returning too many rows (21000)."""
    rng = g.rng
    outer = Scope(("o", "t1"), qualify=True)
    inner3 = Scope(("i", "t3"), qualify=True)
    inner2 = Scope(("i", "t2"), qualify=True)
    cols = ", ".join(g.select_list(outer, rng.randint(1, 3), depth=0))
    where_extra = f" AND {g.pred(outer, 0)}" if g.chance(0.3) else ""
    form = rng.randrange(18)
    if form == 15:
        # IN and EXISTS as values: true, false or NULL.
        return (f"SELECT o.id, o.a {rng.choice(['IN', 'NOT IN'])} (SELECT i.k FROM t3 i WHERE "
                f"{g.pred(inner3, 0)}), EXISTS (SELECT 1 FROM t2 i WHERE i.t1_id = o.id) "
                f"FROM t1 o WHERE {g.pred(outer, 0)}")
    if form == 16:
        # The outer row inside the subquery's aggregate and select list.
        return (f"SELECT o.id, (SELECT {rng.choice(['max', 'min', 'sum'])}(i.v + o.a) FROM t3 i "
                f"WHERE i.k {rng.choice(['=', '<', '>'])} o.b) FROM t1 o WHERE {g.pred(outer, 0)}")
    if form == 17:
        return (f"SELECT o.id, CASE WHEN o.a > 4 THEN (SELECT count(*) FROM t2 i WHERE i.a = o.a) "
                f"ELSE -1 END FROM t1 o WHERE {g.pred(outer, 1)}")
    if form == 0:
        return (f"SELECT {cols} FROM t1 o WHERE o.a > (SELECT avg(i.k) FROM t3 i"
                f"{' WHERE ' + g.pred(inner3, 0) if g.chance(0.5) else ''}){where_extra}")
    if form == 1:
        return (f"SELECT {cols}, (SELECT max(i.v) FROM t3 i WHERE {g.pred(inner3, 0)}) AS m "
                f"FROM t1 o WHERE {g.pred(outer, 0)}")
    if form == 2:
        filter_nulls = " AND i.k IS NOT NULL" if g.chance(0.4) else ""
        return (f"SELECT {cols} FROM t1 o WHERE o.{g.pick(['a', 'b'])} "
                f"{rng.choice(['IN', 'NOT IN'])} (SELECT i.k FROM t3 i WHERE {g.pred(inner3, 0)}"
                f"{filter_nulls}){where_extra}")
    if form == 3:
        return (f"SELECT {cols} FROM t1 o WHERE o.s {rng.choice(['IN', 'NOT IN'])} "
                f"(SELECT i.s FROM t2 i WHERE {g.pred(inner2, 0)}){where_extra}")
    if form == 4:
        return (f"SELECT {cols} FROM t1 o WHERE {rng.choice(['EXISTS', 'NOT EXISTS'])} "
                f"(SELECT {rng.choice(['1', '*', 'i.id'])} FROM t2 i WHERE i.t1_id = o.id"
                f"{' AND ' + g.pred(inner2, 0) if g.chance(0.6) else ''}){where_extra}")
    if form == 5:
        return (f"SELECT {cols} FROM t1 o WHERE {rng.choice(['EXISTS', 'NOT EXISTS'])} "
                f"(SELECT 1 FROM t3 i WHERE {g.pred(inner3, 0)})")
    if form == 6:
        function = rng.choice(["avg", "max", "min", "sum"])
        return (f"SELECT {cols} FROM t1 o WHERE o.n {rng.choice(['>', '<', '>=', '='])} "
                f"(SELECT {function}(i.n) FROM t2 i WHERE i.t1_id = o.id){where_extra}")
    if form == 7:
        return (f"SELECT {cols} FROM t1 o WHERE (SELECT count(*) FROM t2 i WHERE i.a = o.a"
                f"{' AND ' + g.pred(inner2, 0) if g.chance(0.5) else ''}) "
                f"{rng.choice(['>', '<', '='])} {rng.randint(0, 20)}")
    if form == 8:
        return (f"SELECT o.id, (SELECT count(*) FROM t2 i WHERE i.t1_id = o.id), "
                f"(SELECT max(i.v) FROM t3 i WHERE i.k = o.a) FROM t1 o WHERE {g.pred(outer, 0)}")
    if form == 9:
        quantifier = rng.choice(["ANY", "ALL", "SOME"])
        op = rng.choice(["=", "<", ">", "<>", ">="])
        filter_nulls = " AND i.k IS NOT NULL" if g.chance(0.5) else ""
        return (f"SELECT {cols} FROM t1 o WHERE o.a {op} {quantifier} "
                f"(SELECT i.k FROM t3 i WHERE {g.pred(inner3, 0)}{filter_nulls})")
    if form == 10:
        return (f"SELECT a, count(*) FROM t1 GROUP BY a HAVING count(*) "
                f"{rng.choice(['>', '<'])} (SELECT count(*) / {rng.randint(8, 20)} FROM t2"
                f"{' WHERE ' + g.pred(Scope('t2'), 0) if g.chance(0.5) else ''})")
    if form == 11:
        return (f"SELECT {cols} FROM t1 o WHERE o.a IN (SELECT i.k FROM t3 i WHERE i.v "
                f"{rng.choice(['IN', 'NOT IN'])} (SELECT x.b FROM t1 x WHERE {g.pred(Scope(('x', 't1'), qualify=True), 0)}))")
    if form == 12:
        return (f"SELECT o.id, (SELECT i.s FROM t2 i WHERE i.t1_id = o.id ORDER BY i.id "
                f"{rng.choice(['', 'DESC'])} LIMIT 1) FROM t1 o WHERE {g.pred(outer, 0)}")
    if form == 13:
        if g.chance(0.15):
            return "SELECT (SELECT k FROM t3) FROM t4"  # more than one row: 21000
        return (f"SELECT {cols} FROM t1 o WHERE NOT EXISTS (SELECT 1 FROM t1 i WHERE i.a = o.a "
                f"AND i.id <> o.id AND i.b {rng.choice(['>', '<'])} o.b)")
    return (f"SELECT {cols} FROM t1 o WHERE EXISTS (SELECT 1 FROM t4 i WHERE i.x "
            f"{rng.choice(['>', '=', '<='])} o.a AND {g.pred(Scope(('i', 't4'), qualify=True), 0)})")


USING_PAIRS = [("t1", "t2"), ("t1", "t3"), ("t1", "t4"), ("t2", "t3"), ("t2", "t4"), ("t2", "t1"),
               ("t3", "t1"), ("t4", "t1")]


@family("using_join")
def gen_using_join(g):
    """USING and NATURAL joins (inner, left, right, full): merged columns first
    in *, COALESCE under FULL, each side's copy reached qualified, a USING
    alias, self joins, chains of three, grouping on a merged column."""
    rng = g.rng
    kind = rng.choice(["JOIN", "INNER JOIN", "LEFT JOIN", "RIGHT JOIN", "FULL JOIN", "LEFT OUTER JOIN"])
    if g.chance(0.15):
        table = g.pick(["t3", "t4"])
        shared = [c for c, k in TABLES[table] if k in ("int", "text")]
        columns = sorted(rng.sample(shared, rng.randint(1, 2)))
        using = ", ".join(columns)
        return (f"SELECT * FROM {table} a {kind} {table} b USING ({using})"
                f"{' WHERE ' + columns[0] + ' IS NOT NULL' if g.chance(0.5) else ''}")
    left, right = g.pick(USING_PAIRS)
    shared = [c for c, _ in TABLES[left] if c in {c2 for c2, _ in TABLES[right]}]
    natural = g.chance(0.2)
    columns = shared if natural else sorted(rng.sample(shared, rng.randint(1, min(2, len(shared)))))
    if natural:
        source = f"{left} NATURAL {kind.replace('INNER ', '')} {right}"
    else:
        alias = " AS j" if g.chance(0.15) else ""
        source = f"{left} {kind} {right} USING ({', '.join(columns)}){alias}"
    if left in ("t1", "t2") and right in ("t1", "t2") and not natural and g.chance(0.3):
        # A third table over a merged column (named once on the left).
        third_kind = rng.choice(["JOIN", "LEFT JOIN", "FULL JOIN", "RIGHT JOIN"])
        third_shared = [c for c in columns if c in ("s", "n")]
        if third_shared:
            return f"SELECT * FROM {source} {third_kind} t3 USING ({third_shared[0]})"
    merged = g.pick(columns)
    form = rng.random()
    if form < 0.4:
        items = ["*"]
    elif form < 0.55:
        items = [f"{left}.*", merged]
    elif form < 0.75:
        items = [merged, f"{left}.{merged}", f"{right}.{merged}"]
        other = [c for c, _ in TABLES[right] if c not in {c2 for c2, _ in TABLES[left]}]
        if other:
            items.append(g.pick(other))
        if "AS j" in source:
            items.append(f"j.{merged}")
    else:
        return f"SELECT {merged}, count(*), count({right}.{merged}) FROM {source} GROUP BY {merged}"
    where = ""
    if g.chance(0.35):
        kinds = dict(TABLES[left])
        where = f" WHERE {merged} IS {'NOT ' if g.chance(0.6) else ''}NULL"
        if kinds[merged] in ORDERED_KINDS and g.chance(0.5):
            where = f" WHERE {merged} > {g.lit(kinds[merged])}"
    return f"SELECT {', '.join(items)} FROM {source}{where}"


@family("correlated")
def gen_correlated(g):
    """Correlated subqueries beyond equality keys: non-equality correlations,
    outer references inside aggregates, in SELECT, WHERE and CASE; correlated
    NOT IN and ANY/ALL with NULLs, as filters and as values; EXISTS under OR;
    scalar subqueries without aggregates; correlated subqueries in HAVING."""
    rng = g.rng
    outer = Scope(("o", "t1"), qualify=True)
    inner3 = Scope(("i", "t3"), qualify=True)
    op = lambda: rng.choice(["<", ">", "<=", ">=", "<>", "="])
    function = lambda: rng.choice(["max", "min", "sum", "count", "avg"])
    extra = lambda: f" AND {g.pred(inner3, 0)}" if g.chance(0.3) else ""
    form = rng.randrange(13)
    if form == 12:
        return (f"SELECT o.a, count(*) FROM t1 o GROUP BY o.a HAVING {rng.choice(['count(*)', 'max(o.b)'])} "
                f"{op()} (SELECT {rng.choice(['count(*)', 'max(i.v)'])} FROM t3 i WHERE i.k {op()} o.a{extra()})")
    if form == 10:
        # Without aggregates: the first row of an order that fixes the answer.
        direction = rng.choice(["", " DESC", " NULLS FIRST", " DESC NULLS LAST"])
        return (f"SELECT o.id, (SELECT i.s FROM t3 i WHERE i.k {op()} o.a{extra()} ORDER BY "
                f"i.v{direction}, i.s{direction} LIMIT 1) FROM t1 o WHERE {g.pred(outer, 0)}")
    if form == 11:
        # At most one row per outer row (a primary key), outer references in the select list.
        return (f"SELECT o.id, (SELECT {rng.choice(['x.a', 'x.b - o.b', 'x.s', 'o.n'])} FROM t1 x "
                f"WHERE x.id = o.{rng.choice(['id + 1', 'a', 'b'])}) FROM t1 o WHERE {g.pred(outer, 0)}")
    if form == 0:
        argument = rng.choice(["i.v", "i.v + o.a", "i.k * o.b", "o.a"])
        return (f"SELECT o.id, (SELECT {function()}({argument}) FROM t3 i WHERE i.k {op()} o.b{extra()}) "
                f"FROM t1 o WHERE {g.pred(outer, 0)}")
    if form == 1:
        return (f"SELECT o.id, o.a FROM t1 o WHERE o.{g.pick(['a', 'b'])} {op()} "
                f"(SELECT {rng.choice(['max', 'min', 'avg'])}(i.k) FROM t3 i WHERE i.v {op()} o.b{extra()})")
    if form == 2:
        return (f"SELECT o.id, CASE WHEN {g.pred(outer, 0)} THEN (SELECT count(*) FROM t3 i "
                f"WHERE i.k {op()} o.a) ELSE -1 END FROM t1 o")
    if form == 3:
        return (f"SELECT o.id FROM t1 o WHERE o.{g.pick(['a', 'b'])} {rng.choice(['IN', 'NOT IN'])} "
                f"(SELECT i.k FROM t3 i WHERE i.v {op()} o.b{extra()})")
    if form == 4:
        return (f"SELECT o.id, o.a {rng.choice(['IN', 'NOT IN'])} (SELECT i.k FROM t3 i "
                f"WHERE i.v {op()} o.b{extra()}) FROM t1 o WHERE {g.pred(outer, 0)}")
    if form == 5:
        quantifier = rng.choice(["ANY", "ALL", "SOME"])
        return (f"SELECT o.id FROM t1 o WHERE o.a {op()} {quantifier} (SELECT i.k FROM t3 i "
                f"WHERE i.v {op()} o.b{extra()})")
    if form == 6:
        quantifier = rng.choice(["ANY", "ALL"])
        return (f"SELECT o.id, o.b {op()} {quantifier} (SELECT i.k FROM t3 i WHERE i.k <> o.a"
                f"{extra()}) FROM t1 o")
    if form == 7:
        return (f"SELECT o.id FROM t1 o WHERE EXISTS (SELECT 1 FROM t3 i WHERE i.k {op()} o.a{extra()}) "
                f"OR {g.pred(outer, 0)}")
    if form == 8:
        return (f"SELECT o.a, count(*) FROM t1 o WHERE o.b > (SELECT avg(i.k) FROM t3 i "
                f"WHERE i.k <> o.a) GROUP BY o.a")
    return (f"SELECT o.id, (SELECT max(i.v) FROM t3 i WHERE i.k > o.b) - (SELECT min(i.v) FROM t3 i "
            f"WHERE i.k < o.a) FROM t1 o WHERE {g.pred(outer, 0)}")


@family("distinct")
def gen_distinct(g):
    """SELECT DISTINCT over columns and expressions (NULLs are one value),
    with WHERE, GROUP BY, ORDER BY and LIMIT."""
    rng = g.rng
    source, scope = g.single_table()
    form = rng.random()
    if form < 0.15:
        # DISTINCT over the aggregates of groups.
        return Query(f"SELECT DISTINCT count(*) FROM {source} GROUP BY "
                     f"{g.col(scope, g.pick(scope.kinds()))}")
    count = rng.randint(1, 3)
    items = []
    for _ in range(count):
        kind = g.pick(scope.kinds())
        items.append(g.col(scope, kind) if g.chance(0.6) else g.expr(scope, kind, 1))
    sql = f"SELECT DISTINCT {', '.join(items)} FROM {source}"
    if g.chance(0.4):
        sql += f" WHERE {g.pred(scope)}"
    if g.chance(0.4):
        return Query(f"{sql} {g.total_order(len(items))}{g.limit()}", ordered=True)
    return Query(sql)


SETOP_COLUMNS = {
    "int": [("t1", "a"), ("t1", "b"), ("t2", "a"), ("t2", "t1_id"), ("t3", "k"), ("t3", "v"),
            ("t4", "x"), ("t1", "id")],
    "text": [("t1", "s"), ("t2", "s"), ("t3", "s"), ("t4", "y")],
    "date": [("t1", "d"), ("t2", "d"), ("t4", "d")],
    "num": [("t1", "n"), ("t2", "n"), ("t3", "n")],
    "bool": [("t1", "f"), ("t4", "f")],
}


def setop_branch(g, kinds, aggregate=False, null_last=False):
    """One SELECT of a set operation: the columns' kinds are given; numeric
    columns are all numeric(10,2), so equal values print alike."""
    table = g.pick(["t1", "t2", "t3", "t4"])
    usable = [k for k in kinds if any(t == table for t, _ in SETOP_COLUMNS[k])]
    while len(usable) < len(kinds):
        table = g.pick(["t1", "t2", "t3", "t4"])
        usable = [k for k in kinds if any(t == table for t, _ in SETOP_COLUMNS[k])]
    columns = [g.pick([c for t, c in SETOP_COLUMNS[k] if t == table]) for k in kinds]
    scope = Scope(table)
    if aggregate:
        return f"SELECT {columns[0]}, count(*) FROM {table} GROUP BY {columns[0]}"
    if null_last:
        columns[-1] = "NULL"
    sql = f"SELECT {', '.join(columns)} FROM {table}"
    if g.chance(0.6):
        sql += f" WHERE {g.pred(scope, 1)}"
    return sql


@family("setop")
def gen_setop(g):
    """UNION/INTERSECT/EXCEPT [ALL], chains with INTERSECT's precedence and
    parentheses, int with bigint, text with varchar, NULL literals,
    ORDER BY positions and LIMIT on the whole."""
    rng = g.rng
    operators = ["UNION", "UNION ALL", "INTERSECT", "INTERSECT ALL", "EXCEPT", "EXCEPT ALL"]
    if g.chance(0.1):
        # Branches with their own ORDER BY and LIMIT, over one column: ties print alike.
        branches = []
        for _ in range(2):
            table, column = g.pick(SETOP_COLUMNS["int"])
            branches.append(f"(SELECT {column} FROM {table} ORDER BY {column} "
                            f"{rng.choice(['', 'DESC'])} LIMIT {rng.randint(1, 12)})")
        return Query(f" {rng.choice(operators)} ".join(branches))
    if g.chance(0.15):
        branches = [setop_branch(g, ["int"], aggregate=True) for _ in range(2)]
        width = 2
        sql = f" {rng.choice(['UNION', 'UNION ALL', 'EXCEPT'])} ".join(branches)
    else:
        width = rng.randint(1, 2)
        kinds = [g.pick(["int", "int", "text", "date", "num", "bool"]) for _ in range(width)]
        count = 2 if g.chance(0.6) else 3
        branches = [setop_branch(g, kinds) for _ in range(count - 1)]
        branches.append(setop_branch(g, kinds, null_last=width == 2 and g.chance(0.15)))
        sql = branches[0]
        for branch in branches[1:]:
            sql = f"{sql} {rng.choice(operators)} {branch}"
        if count == 3 and g.chance(0.3):
            sql = (f"{branches[0]} {rng.choice(operators)} "
                   f"({branches[1]} {rng.choice(operators)} {branches[2]})")
    if g.chance(0.4):
        return Query(f"{sql} {g.total_order(width)}{g.limit()}", ordered=True)
    return Query(sql)


@family("cte")
def gen_cte(g):
    """WITH: one or two CTEs (the second reading the first), column lists,
    a CTE read twice (a join), a CTE shadowing a table name, MATERIALIZED."""
    rng = g.rng
    source, scope = g.single_table(("t1", "t2", "t3"))
    form = rng.random()
    if form < 0.3:
        sql, width = g.grouped(scope, source, where=True)
        names = ", ".join(f"c{i}" for i in range(width))
        outer = "SELECT * FROM w WHERE c0 IS NOT NULL" if g.chance(0.5) else "SELECT * FROM w"
        materialized = rng.choice(["", "", "MATERIALIZED ", "NOT MATERIALIZED "])
        return f"WITH w({names}) AS {materialized}({sql}) {outer}"
    if form < 0.55:
        items = g.select_list(scope, rng.randint(1, 3), depth=1, aliases=False)
        names = [f"c{i}" for i in range(len(items))]
        body = f"SELECT {', '.join(f'{e} AS {n}' for e, n in zip(items, names))} FROM {source}"
        second = f"SELECT {names[0]}, count(*) AS cnt FROM w1 GROUP BY {names[0]}"
        cte = f"WITH w1 AS ({body} WHERE {g.pred(scope)}), w2 AS ({second}) "
        return cte + rng.choice(["SELECT * FROM w2", "SELECT * FROM w2 WHERE cnt > 1",
                                 "SELECT cnt, count(*) FROM w2 GROUP BY cnt"])
    if form < 0.75:
        table = g.pick(["t1", "t2"])
        pred = g.pred(Scope(table), 1)
        return (f"WITH w AS (SELECT id, a, n FROM {table} WHERE {pred}) "
                f"SELECT x.id, y.id, x.n FROM w x JOIN w y ON x.a = y.a AND x.id < y.id")
    if form < 0.85:
        return (f"WITH t1 AS (SELECT k AS a, s FROM t3 WHERE {g.pred(Scope('t3'), 1)}) "
                f"SELECT a, count(*) FROM t1 GROUP BY a")
    items = g.select_list(scope, rng.randint(1, 3), depth=1, aliases=False)
    names = ", ".join(f"c{i}" for i in range(len(items)))
    return Query(f"WITH w({names}) AS (SELECT {', '.join(items)} FROM {source}) "
                 f"SELECT * FROM w {g.total_order(len(items))}{g.limit()}", ordered=True)


@family("derived")
def gen_derived(g):
    """Subqueries in FROM: aliases with column lists, filters and aggregates
    over aggregates (Q13's shape), nesting, ORDER BY/LIMIT inside, a derived
    table joined with a table."""
    rng = g.rng
    source, scope = g.single_table(("t1", "t2", "t3", "t4"))
    form = rng.random()
    if form < 0.3:
        items = g.select_list(scope, rng.randint(1, 3), depth=1, aliases=False)
        names = [f"p{i}" for i in range(len(items))]
        inner = f"SELECT {', '.join(items)} FROM {source}"
        if g.chance(0.5):
            inner += f" WHERE {g.pred(scope)}"
        outer_scope_pred = "p0 IS NOT NULL" if g.chance(0.5) else "true"
        return f"SELECT * FROM ({inner}) AS x({', '.join(names)}) WHERE {outer_scope_pred}"
    if form < 0.55:
        key = g.col(scope, g.pick(scope.kinds()))
        inner = f"SELECT {key}, count(*) FROM {source} GROUP BY {key}"
        return (f"SELECT cnt, count(*) AS groups FROM ({inner}) AS x(grp, cnt) "
                f"GROUP BY cnt")
    if form < 0.7:
        key = g.col(scope, "int")
        inner = (f"SELECT {key} AS k, sum({key}) AS total FROM {source} "
                 f"WHERE {g.pred(scope)} GROUP BY {key}")
        return (f"SELECT y.k, y.total FROM (SELECT * FROM ({inner}) AS x "
                f"WHERE x.total > {rng.randint(-5, 20)}) AS y")
    if form < 0.85:
        table = g.pick(["t1", "t2"])
        order = rng.choice(["id", "id DESC"])
        return (f"SELECT x.id, x.a FROM (SELECT id, a, n FROM {table} ORDER BY {order} "
                f"LIMIT {rng.randint(1, 30)}) AS x WHERE "
                f"{g.pred(Scope(('x', 'id_a_n'), qualify=True), 1)}")
    return (f"SELECT t1.id, x.cnt FROM t1 JOIN (SELECT t1_id, count(*) AS cnt FROM t2 "
            f"GROUP BY t1_id) AS x ON x.t1_id = t1.id WHERE {g.pred(Scope('t1', qualify=True), 0)}")


@family("window")
def gen_window(g):
    """Window functions over t1/t2 (whose id makes an order total, so every
    answer is fixed): aggregates over whole partitions (no ORDER BY, or to
    UNBOUNDED FOLLOWING), running and sliding ROWS/RANGE/GROUPS frames,
    EXCLUDE, FILTER, ranking, lag/lead, first/last/nth_value and ntile,
    several calls sharing or not sharing a window, under WHERE."""
    rng = g.rng
    table = g.pick(["t1", "t2"])
    scope = Scope(table)
    key = lambda: g.col(scope, g.pick(["int", "text", "date"]) if table == "t1" or g.chance(0.5) else "int")

    def window(total_order):
        parts = []
        if g.chance(0.75):
            parts.append("PARTITION BY " + ", ".join(key() for _ in range(rng.randint(1, 2))))
        if total_order:
            keys = [g.order_key(key()) for _ in range(rng.randint(0, 2))]
            parts.append("ORDER BY " + ", ".join(keys + [g.order_key("id")]))
        return " ".join(parts)

    def frame():
        start, end = rng.choice([
            ("UNBOUNDED PRECEDING", "UNBOUNDED FOLLOWING"), ("UNBOUNDED PRECEDING", "CURRENT ROW"),
            (f"{rng.randint(0, 3)} PRECEDING", f"{rng.randint(0, 3)} FOLLOWING"),
            ("CURRENT ROW", "UNBOUNDED FOLLOWING"), (f"{rng.randint(1, 2)} FOLLOWING", "UNBOUNDED FOLLOWING")])
        mode = rng.choice(["ROWS", "ROWS", "GROUPS"])
        exclusion = rng.choice(["", "", "", " EXCLUDE CURRENT ROW", " EXCLUDE GROUP", " EXCLUDE TIES"])
        return f" {mode} BETWEEN {start} AND {end}{exclusion}"

    def call():
        form = rng.random()
        numeric = g.col(scope, g.pick(["int", "num"]))
        if form < 0.35:  # an aggregate over the whole partition
            aggregate = rng.choice([f"sum({numeric})", f"avg({numeric})", "count(*)", f"count({key()})",
                                    f"min({key()})", f"max({numeric})"])
            filtered = f" FILTER (WHERE {g.pred(scope, 0)})" if g.chance(0.2) else ""
            if g.chance(0.5):
                return f"{aggregate}{filtered} OVER ({window(False)})"
            return (f"{aggregate}{filtered} OVER ({window(True)} ROWS BETWEEN UNBOUNDED PRECEDING "
                    f"AND UNBOUNDED FOLLOWING)")
        if form < 0.6:  # an aggregate over a moving frame
            aggregate = rng.choice([f"sum({numeric})", "count(*)", f"min({numeric})", f"max({key()})"])
            return f"{aggregate} OVER ({window(True)}{frame() if g.chance(0.8) else ''})"
        if form < 0.8:
            function = rng.choice(["row_number()", "rank()", "dense_rank()", "percent_rank()", "cume_dist()",
                                   f"ntile({rng.randint(1, 4)})"])
            return f"{function} OVER ({window(True)})"
        function = rng.choice([f"lag({key()})", f"lead({numeric}, {rng.randint(1, 3)})",
                               f"lag({numeric}, 2, 0)", f"first_value({key()})", f"last_value({key()})",
                               f"nth_value({numeric}, {rng.randint(1, 3)})"])
        return f"{function} OVER ({window(True)}{frame() if g.chance(0.3) else ''})"

    items = ["id"] + [call() for _ in range(rng.randint(1, 3))]
    sql = f"SELECT {', '.join(items)} FROM {table}"
    if g.chance(0.4):
        sql += f" WHERE {g.pred(scope, 1)}"
    return Query(sql)


# ---------------------------------------------------------------------------
# Running queries.

class Client:
    """One libpq connection, simple query protocol, raw text results."""

    def __init__(self, dsn, timeout=QUERY_TIMEOUT):
        self.dsn = dsn
        self.timeout = timeout
        self.conn = None

    def connect(self):
        conn = pq.PGconn.connect(self.dsn.encode())
        if conn.status != pq.ConnStatus.OK:
            message = conn.error_message
            conn.finish()
            raise ConnectionError(message.decode(errors="replace"))
        self.conn = conn

    def close(self):
        if self.conn is not None:
            self.conn.finish()
            self.conn = None

    def run(self, sql):
        """("ok", names, rows) | ("error", sqlstate, message) | ("broken", why)."""
        if self.conn is None or self.conn.status != pq.ConnStatus.OK:
            self.close()
            try:
                self.connect()
            except ConnectionError as error:
                return ("broken", f"cannot connect: {error}")
        conn = self.conn
        try:
            conn.send_query(sql.encode())
            deadline = time.monotonic() + self.timeout
            cancelled = False
            while True:
                conn.consume_input()
                if not conn.is_busy():
                    break
                remaining = deadline - time.monotonic()
                if remaining <= 0:
                    if cancelled:
                        self.close()
                        return ("broken", f"no answer within {self.timeout} s, even after a cancel")
                    conn.get_cancel().cancel()
                    cancelled = True
                    deadline = time.monotonic() + 10
                    continue
                select.select([conn.socket], [], [], min(remaining, 1.0))
            results = []
            while (result := conn.get_result()) is not None:
                results.append(result)
        except Exception as error:  # psycopg.OperationalError: the connection is gone
            self.close()
            return ("broken", f"connection lost: {error}")
        if cancelled:
            return ("broken", f"no answer within {self.timeout} s (cancelled)")
        if not results:
            return ("broken", "no result")
        result = results[-1]
        if result.status == pq.ExecStatus.FATAL_ERROR:
            sqlstate = result.error_field(pq.DiagnosticField.SQLSTATE)
            return ("error", sqlstate.decode() if sqlstate else "?????",
                    (result.error_field(pq.DiagnosticField.MESSAGE_PRIMARY) or b"").decode(
                        errors="replace"))
        if result.status == pq.ExecStatus.TUPLES_OK:
            names = tuple(result.fname(i).decode() for i in range(result.nfields))
            rows = [tuple(None if value is None else value.decode()
                          for value in (result.get_value(r, c) for c in range(result.nfields)))
                    for r in range(result.ntuples)]
            return ("ok", names, rows)
        if result.status == pq.ExecStatus.COMMAND_OK:
            return ("ok", (), [])
        return ("broken", f"unexpected result status {result.status}")


def same(mine, theirs, ordered):
    if mine[0] != theirs[0]:
        return False
    if mine[0] == "error":
        return mine[1] == theirs[1]
    if mine[0] == "broken":
        return False
    if mine[1] != theirs[1]:
        return False
    return mine[2] == theirs[2] if ordered else Counter(mine[2]) == Counter(theirs[2])


def show_rows(rows, limit=8):
    shown = [("|".join("NULL" if v is None else v for v in row)) for row in rows[:limit]]
    more = f" ... {len(rows) - limit} more" if len(rows) > limit else ""
    return "; ".join(shown) + more


def describe(query, mine, theirs):
    lines = [f"{query.sql}"]
    if mine[0] == "ok" and theirs[0] == "ok":
        if mine[1] != theirs[1]:
            lines.append(f"  column names: ptreedb {mine[1]}, postgresql {theirs[1]}")
        mine_rows, their_rows = Counter(mine[2]), Counter(theirs[2])
        if mine_rows == their_rows:
            if query.ordered and mine[2] != theirs[2]:
                lines.append("  same rows, different order")
                lines.append(f"    ptreedb:    {show_rows(mine[2])}")
                lines.append(f"    postgresql: {show_rows(theirs[2])}")
        else:
            extra = list((mine_rows - their_rows).elements())
            missing = list((their_rows - mine_rows).elements())
            lines.append(f"  ptreedb {len(mine[2])} rows, postgresql {len(theirs[2])} rows")
            if extra:
                lines.append(f"    only in ptreedb:    {show_rows(extra)}")
            if missing:
                lines.append(f"    only in postgresql: {show_rows(missing)}")
    else:
        def brief(outcome):
            if outcome[0] == "ok":
                return f"{len(outcome[2])} rows: {show_rows(outcome[2], 3)}"
            return " ".join(str(part) for part in outcome)
        lines.append(f"  ptreedb:    {brief(mine)}")
        lines.append(f"  postgresql: {brief(theirs)}")
    return "\n".join(lines)


# ---------------------------------------------------------------------------
# Fixtures and tests.

ORACLE_DB = "generated_queries"


def load(client):
    for statement in setup_statements():
        outcome = client.run(statement)
        assert outcome[0] == "ok", f"{statement}: {outcome}"


@pytest.fixture(scope="module")
def oracle(postgres_oracle):
    if pq is None:
        pytest.fail("psycopg is not installed (make test installs tests/requirements.txt)")
    admin = Client(f"host=127.0.0.1 port={postgres_oracle.port} user=postgres dbname=postgres")
    for statement in (f"drop database if exists {ORACLE_DB}", f"create database {ORACLE_DB}"):
        outcome = admin.run(statement)
        assert outcome[0] == "ok", f"{statement}: {outcome}"
    client = Client(f"host=127.0.0.1 port={postgres_oracle.port} user=postgres dbname={ORACLE_DB}")
    load(client)
    yield client
    client.close()
    admin.run(f"drop database if exists {ORACLE_DB}")
    admin.close()


@pytest.fixture
def ptreedb(ptreedb_server):
    # A fresh server per family: one family's crash does not fail the others.
    client = Client(ptreedb_server.dsn)
    load(client)
    yield client
    client.close()


def test_generation_is_deterministic():
    for name in FAMILIES:
        assert generate(name) == generate(name), name
    assert setup_statements() == setup_statements()


@pytest.mark.parametrize("name", sorted(FAMILIES))
def test_postgresql_accepts_family(name, oracle):
    errors = []
    for query in generate(name):
        outcome = oracle.run(query.sql)
        assert outcome[0] != "broken", f"{query.sql}: {outcome}"
        if outcome[0] == "error":
            errors.append(f"{query.sql}\n  {outcome[1]} {outcome[2]}")
    if len(errors) > MAX_POSTGRES_ERRORS:
        pytest.fail(f"{len(errors)} queries of family {name} fail on PostgreSQL:\n"
                    + "\n".join(errors), pytrace=False)


@pytest.mark.parametrize("name", sorted(ENABLED))
def test_family_matches_postgresql(name, ptreedb, oracle, ptreedb_server):
    mismatches = []
    unsupported = []
    queries = generate(name)
    for query in queries:
        mine = ptreedb.run(query.sql)
        theirs = oracle.run(query.sql)
        if same(mine, theirs, query.ordered):
            continue
        # A construct ptreedb rejects cleanly with "feature not supported" is
        # counted, not failed, as long as there are few; wrong answers fail.
        if mine[0] == "error" and mine[1] == "0A000" and theirs[0] != "error":
            unsupported.append(describe(query, mine, theirs))
        else:
            mismatches.append(describe(query, mine, theirs))
        if mine[0] == "broken" and ptreedb_server.process.poll() is not None:
            mismatches.append(f"ptreedb exited ({ptreedb_server.process.returncode}) on the query "
                              f"above; log tail:\n{ptreedb_server.log()[-3000:]}")
            break
    if len(unsupported) > MAX_UNSUPPORTED:
        mismatches.extend(unsupported)
    elif unsupported:
        print(f"{name}: {len(unsupported)} queries use constructs ptreedb does not support yet:\n" +
              "\n\n".join(unsupported))
    if mismatches:
        pytest.fail(f"{len(mismatches)} of {len(queries)} {name} queries differ from "
                    f"PostgreSQL:\n\n" + "\n\n".join(mismatches), pytrace=False)


if __name__ == "__main__":
    for family_name in sys.argv[1:] or sorted(FAMILIES):
        for generated in generate(family_name):
            print(f"-- {family_name}{' (ordered)' if generated.ordered else ''}\n{generated.sql};")
