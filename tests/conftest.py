# Shared pytest fixtures: every test module gets servers it starts itself, on a
# free port with a temporary data directory, stopped at the end.
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from fixtures.server import ptreedb_server  # noqa: E402,F401
from fixtures.postgres import postgres_oracle  # noqa: E402,F401

# C++ unit tests and fuzz entry points run under ctest, not pytest.
collect_ignore = ["unit", "fuzz"]
