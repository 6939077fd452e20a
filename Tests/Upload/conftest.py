import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

import catalog_files  # noqa: E402
import catalog_server  # noqa: E402
from upload_support import BINARY, KEY_ID, TEAM, Key, Runner  # noqa: E402


@pytest.fixture
def key(tmp_path_factory):
    return Key(tmp_path_factory.mktemp("key"))


@pytest.fixture
def workdir(tmp_path_factory):
    """The upload's current directory: the default state file lands here."""
    return tmp_path_factory.mktemp("cwd")


@pytest.fixture
def start_server(key):
    servers = []

    def start(**options):
        bundle = options.pop("bundle", catalog_files.BUNDLE)
        server = catalog_server.start(key.public_pem, TEAM, KEY_ID, bundle, **options)
        servers.append(server)
        return server

    yield start
    for server in servers:
        server.shutdown()
        server.server_close()


@pytest.fixture
def runner(key, workdir):
    if not BINARY.exists():
        pytest.fail(f"{BINARY} is missing: run `swift build` first")
    return Runner(key, workdir)
