"""A recorded concurrent history checked for anomalies, list-append style (as
Jepsen's Elle checks them): keys hold comma-separated lists; transactions
read some keys and append their own unique id to others. From the final
lists we know each key's version order; then

* every read must be a prefix of the key's final list (no phantom or lost
  appends), and a transaction reads its own appends;
* the writers' order implied by all lists must be acyclic (no G0/G1c among
  committed writers);
* each transaction's reads must come from one snapshot: if it saw writer W's
  append, it saw the appends of every writer ordered before W on every key
  it read (no fractured or skewed reads: snapshot isolation's guarantee).
"""
import random
import threading
import time

import pytest

from simple_client import SimpleClient, SqlStateError

KEYS = 8


def run_history(server, isolation, clients=8, seconds=3.0):
    setup = SimpleClient(server.dsn)
    setup.run("create table lists (k int primary key, v text)")
    setup.run("insert into lists values " + ", ".join(f"({k}, '')" for k in range(KEYS)))
    history, lock = [], threading.Lock()
    stop = time.monotonic() + seconds

    def worker(number):
        rng = random.Random(number)
        client = SimpleClient(server.dsn)
        sequence = 0
        while time.monotonic() < stop:
            sequence += 1
            tid = f"{number}.{sequence}"
            reads, appends = {}, []
            try:
                client.run(f"begin isolation level {isolation}")
                for key in rng.sample(range(KEYS), 3):
                    if rng.random() < 0.5:
                        value = client.scalar(f"select v from lists where k = {key}")
                        reads[key] = [x for x in value.split(",") if x]
                    else:
                        client.run(f"update lists set v = v || ',' || '{tid}' where k = {key}")
                        appends.append(key)
                        after = client.scalar(f"select v from lists where k = {key}")
                        if not after.endswith(tid):
                            raise AssertionError(f"{tid} does not read its own append on {key}: {after}")
                client.run("commit")
                with lock:
                    history.append((tid, reads, appends))
            except SqlStateError as error:
                assert error.sqlstate == "40001", error
                if client.status != "I":
                    client.run("rollback")
        client.close()

    threads = [threading.Thread(target=worker, args=(n,)) for n in range(clients)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    final = {int(k): [x for x in v.split(",") if x] for k, v in setup.run("select k, v from lists")}
    setup.close()
    return history, final


def check_history(history, final):
    committed = {tid for tid, _, _ in history}
    # Every committed append is in the final list exactly once, nothing else is.
    for tid, _, appends in history:
        for key in appends:
            assert final[key].count(tid) == 1, (tid, key)
    for key, values in final.items():
        assert set(values) <= committed, f"key {key} holds uncommitted appends"
    # Writer order from the lists: each writer after every earlier one on a key.
    position = {key: {tid: i for i, tid in enumerate(values)} for key, values in final.items()}
    before = {tid: set() for tid in committed}
    for values in final.values():
        for i, tid in enumerate(values):
            before[tid].update(values[:i])
    # Acyclic: a topological order exists.
    order, state = [], {}

    def visit(tid, path):
        if state.get(tid) == "done":
            return
        assert state.get(tid) != "active", f"cycle among writers through {tid}"
        state[tid] = "active"
        for earlier in before[tid]:
            visit(earlier, path)
        state[tid] = "done"
        order.append(tid)

    import sys
    sys.setrecursionlimit(100000)
    for tid in committed:
        visit(tid, [])
    # Transitive predecessors, for the snapshot check.
    ancestors = {}
    for tid in order:
        closure = set(before[tid])
        for earlier in before[tid]:
            closure |= ancestors[earlier]
        ancestors[tid] = closure
    for tid, reads, appends in history:
        seen = set()
        for key, value in reads.items():
            assert value == final[key][:len(value)], f"{tid} read a non-prefix of key {key}"
            seen.update(value)
        for key, value in reads.items():
            unseen = set(final[key][len(value):]) - {tid}
            for writer in seen:
                missed = unseen & ancestors.get(writer, set())
                assert not missed, f"{tid} saw {writer} but not its predecessors {missed} on key {key}"


@pytest.mark.parametrize("isolation", ["repeatable read", "serializable"])
def test_list_append_history_has_no_anomalies(ptreedb_server, isolation):
    history, final = run_history(ptreedb_server, isolation)
    assert len(history) > 20
    check_history(history, final)


def test_the_checker_finds_a_fractured_read():
    # W1 then W2 appended to keys 0 and 1; T saw W2 on key 0 but missed W1 on key 1.
    history = [("w1", {}, [0, 1]), ("w2", {}, [0, 1]), ("t", {0: ["w1", "w2"], 1: []}, [])]
    final = {0: ["w1", "w2"], 1: ["w1", "w2"]}
    with pytest.raises(AssertionError):
        check_history(history, final)
