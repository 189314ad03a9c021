"""Random and mutated protocol messages against a live server: each bad
connection may be dropped (after an 08P01 error), but the server stays up and a
well-behaved client keeps getting answers throughout."""
import random
import socket
import struct
import threading
import time

STARTUP = struct.pack("!i", 196608) + b"user\0postgres\0database\0postgres\0\0"


def packet(body):
    return struct.pack("!i", len(body) + 4) + body


def typed(kind, body):
    return kind + struct.pack("!i", len(body) + 4) + body


VALID_MESSAGES = [
    typed(b"Q", b"select 1\0"),
    typed(b"P", b"s1\0select $1\0" + struct.pack("!h", 1) + struct.pack("!i", 23)),
    typed(b"B", b"\0s1\0" + struct.pack("!hh", 1, 0) + struct.pack("!h", 1) + struct.pack("!i", 1) + b"7" + struct.pack("!h", 0)),
    typed(b"D", b"S\0"),
    typed(b"E", b"\0" + struct.pack("!i", 0)),
    typed(b"S", b""),
    typed(b"H", b""),
    typed(b"C", b"Ss1\0"),
    typed(b"d", b"1\t2\n"),
    typed(b"c", b""),
    typed(b"f", b"oops\0"),
    typed(b"p", b"secret\0"),
    typed(b"F", struct.pack("!I", 1) + struct.pack("!h", 0) + struct.pack("!h", 0) + struct.pack("!h", 0)),
]


def mutate(data, rng):
    data = bytearray(data)
    for _ in range(rng.randint(1, 4)):
        choice = rng.randrange(5)
        if choice == 0 and data:
            data[rng.randrange(len(data))] = rng.randrange(256)
        elif choice == 1 and data:
            del data[rng.randrange(len(data)):]
        elif choice == 2:
            position = rng.randrange(len(data) + 1)
            data[position:position] = bytes(rng.randrange(256) for _ in range(rng.randint(1, 16)))
        elif choice == 3 and len(data) >= 5:
            # A wild length word: huge, negative or tiny.
            length = rng.choice([0, 1, 3, -1, -100, 0x7FFFFFFF, 1 << 30, rng.randrange(1 << 31)])
            offset = rng.choice([0, 1])
            data[offset:offset + 4] = struct.pack("!i", length)
        elif choice == 4:
            data = bytearray(data.replace(b"\0", b"", 1))
    return bytes(data)


def fuzz_connection(port, payload):
    with socket.create_connection(("127.0.0.1", port), timeout=5) as connection:
        try:
            connection.sendall(payload)
            connection.shutdown(socket.SHUT_WR)
            while connection.recv(65536):
                pass
        except OSError:
            pass  # a reset is a fine answer to garbage


def healthy(server):
    result = server.psql("-c", "selec 1")
    return "syntax error" in result.stderr


def test_server_survives_random_and_mutated_messages(ptreedb_server):
    rng = random.Random(20261121)
    stop = threading.Event()
    failures = []

    def well_behaved_client():
        while not stop.is_set():
            if not healthy(ptreedb_server):
                failures.append(time.monotonic())
            time.sleep(0.05)

    watcher = threading.Thread(target=well_behaved_client)
    watcher.start()
    try:
        deadline = time.monotonic() + 60
        for round_number in range(3000):
            assert time.monotonic() < deadline, "fuzzing took too long"
            kind = rng.randrange(4)
            if kind == 0:  # pure noise, from the first byte
                payload = bytes(rng.randrange(256) for _ in range(rng.randint(0, 64)))
            elif kind == 1:  # a mutated startup packet
                payload = mutate(packet(STARTUP), rng)
            else:  # valid startup, then a stream of mutated or valid messages
                messages = [rng.choice(VALID_MESSAGES) for _ in range(rng.randint(1, 6))]
                if kind == 3:
                    messages = [mutate(m, rng) for m in messages]
                payload = packet(STARTUP) + b"".join(messages)
            fuzz_connection(ptreedb_server.port, payload)
            assert ptreedb_server.process.poll() is None, ptreedb_server.log()
    finally:
        stop.set()
        watcher.join()
    assert not failures, f"well-behaved client failed {len(failures)} times"
    assert healthy(ptreedb_server)
