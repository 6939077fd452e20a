"""End-to-end tests: the built `catalog-build upload` against the local Catalog API server."""

import json
import signal
import time

import catalog_files as files
from upload_support import FIXTURE, KEY_ID, TEAM


def fixture_expectation():
    contexts = [c for name in json.loads((FIXTURE / "catalog" / "manifest.json").read_text())["contextRequests"]
                for c in json.loads((FIXTURE / "catalog" / name).read_text())["contexts"]]
    images = {p.name: p.read_bytes() for p in (FIXTURE / "thumbnails").iterdir()}
    return files.expected_state(contexts, images)


def held(server):
    with server.lock:
        return files.server_state(server.catalog.snapshot())


def mutating_calls(server):
    with server.lock:
        return [entry for entry in server.log if entry[0] != "GET"]


def large_catalog(directory, sections=4, leaves=60):
    images = {files.thumbnail_id(data): data for data in (files.png(n * 40, 90, 200 - n * 30) for n in range(sections))}
    contexts = files.write_catalog(directory, files.tree(sections, leaves, sorted(images)), images)
    return contexts, images


def test_upload_under_faults_leaves_exactly_the_catalog(runner, start_server):
    server = start_server(fault_rate=0.1, seed=7)
    result = runner.run(server, FIXTURE)
    assert result.returncode == 0, result.stderr.decode()
    assert held(server) == fixture_expectation()
    assert b"sent 14 contexts and 2 thumbnails" in result.stderr


def test_large_catalog_is_sent_in_requests_of_at_most_200(runner, start_server, tmp_path):
    contexts, images = large_catalog(tmp_path / "site")
    server = start_server(fault_rate=0.1, seed=3)
    result = runner.run(server, tmp_path / "site")
    assert result.returncode == 0, result.stderr.decode()
    assert held(server) == files.expected_state(contexts, images)
    assert sum(1 for call in mutating_calls(server) if call[1] == "/v1/contexts" and call[2] in (201, 202)) >= 3


def test_second_run_sends_nothing(runner, start_server):
    server = start_server()
    assert runner.run(server, FIXTURE).returncode == 0
    before = len(server.log)
    result = runner.run(server, FIXTURE)
    assert result.returncode == 0, result.stderr.decode()
    assert len(server.log) == before
    assert b"sent 0 contexts and 0 thumbnails, skipped 14 unchanged contexts and 2 thumbnails" in result.stderr


def test_killed_run_resumes_and_completes(runner, start_server, tmp_path):
    contexts, images = large_catalog(tmp_path / "site")
    server = start_server(delay=0.2, async_rate=0.0)
    server.event_at = 2
    process = runner.popen(server, tmp_path / "site")
    assert server.confirmed_event.wait(60), "the upload never got going"
    process.send_signal(signal.SIGKILL)
    process.communicate(timeout=30)
    assert held(server) != files.expected_state(contexts, images), "the upload finished before it was killed"
    state = json.loads((runner.workdir / ".catalog-upload" / "development.json").read_text())
    recorded = len(state["contexts"])
    assert 200 <= recorded < len(contexts), "the state file should hold the confirmed requests only"
    server.delay = 0.0
    posted_before = len(mutating_calls(server))
    result = runner.run(server, tmp_path / "site")
    assert result.returncode == 0, result.stderr.decode()
    assert held(server) == files.expected_state(contexts, images)
    resent = [call for call in mutating_calls(server)[posted_before:] if call[1] == "/v1/contexts"]
    assert len(resent) < 3, "the re-run should skip what the killed run confirmed"


def test_prune_leaves_exactly_the_new_catalog(runner, start_server, tmp_path):
    old_images = {files.thumbnail_id(d): d for d in (files.png(10, 10, 10), files.png(20, 20, 20))}
    first, second = sorted(old_images)
    entries = files.tree(3, 3, [first, second])
    files.write_catalog(tmp_path / "site", entries, old_images)
    server = start_server(fault_rate=0.1, seed=11)
    assert runner.run(server, tmp_path / "site").returncode == 0
    # Drop section-02 and its quizzes, and move the other sections to a new image: the
    # server deletes `first` by itself with the last context using it (L5), while
    # `second` stays behind, orphaned, until the prune deletes it.
    replacement = files.png(30, 30, 30)
    new_id = files.thumbnail_id(replacement)
    new_images = {new_id: replacement}
    kept = [(path, kind, new_id if thumb else None) for path, kind, thumb in entries if "section-02" not in path]
    (tmp_path / "new").mkdir()
    contexts = files.write_catalog(tmp_path / "new", kept, new_images)
    plan = runner.run(None, tmp_path / "new", "--prune", "--dry-run", credentials=False)
    assert plan.returncode == 0 and b'delete context ["com.example.sciencebooks","section-02"] (en-us)' in plan.stdout
    result = runner.run(server, tmp_path / "new", "--prune")
    assert result.returncode == 0, result.stderr.decode()
    assert held(server) == files.expected_state(contexts, new_images)
    assert b"deleted 8 contexts and 2 thumbnails" in result.stderr


def test_credentials_come_from_environment_variables(runner, start_server, key):
    server = start_server()
    variables = {"CLASSKIT_TEAM_ID": TEAM, "CLASSKIT_KEY_ID": KEY_ID, "CLASSKIT_PRIVATE_KEY_FILE": str(key.path)}
    result = runner.run(server, FIXTURE, credentials=False, env=variables)
    assert result.returncode == 0, result.stderr.decode()
    assert held(server) == fixture_expectation()


def test_dry_run_prints_the_plan_without_credentials(runner, workdir):
    result = runner.run(None, FIXTURE, "--dry-run", credentials=False)
    assert result.returncode == 0, result.stderr.decode()
    out = result.stdout.decode()
    assert "create:    16 (14 contexts, 2 thumbnails)" in out
    assert 'create context ["com.example.sciencebooks"] (en-us)' in out
    assert "create thumbnail 805924e65dff89cc.png" in out
    assert not (workdir / ".catalog-upload").exists()


def test_wrong_command_line_missing_credentials_or_bad_key_is_a_usage_error(runner, tmp_path):
    assert runner.run(None, FIXTURE, credentials=False).returncode == 2
    assert runner.run(None, FIXTURE, "--bogus").returncode == 2
    assert runner.run(None, FIXTURE, "--environment", "staging").returncode == 2
    bad = tmp_path / "bad.p8"
    bad.write_text("-----BEGIN PRIVATE KEY-----\nnot a key\n-----END PRIVATE KEY-----\n")
    result = runner.run(None, FIXTURE, "--team-id", "T", "--key-id", "K", "--private-key", str(bad),
                        credentials=False)
    assert result.returncode == 2
    assert b"not a key" not in result.stderr + result.stdout
    assert runner.run(None, FIXTURE, "--team-id", "T", "--key-id", "K", "--private-key",
                      str(tmp_path / "missing.p8"), credentials=False).returncode == 2


def test_forbidden_answer_reports_apples_code_and_message(runner, start_server, key):
    server = start_server()
    server.catalog.key_id = "OTHERKEY00"
    result = runner.run(server, FIXTURE)
    assert result.returncode == 1
    err = result.stderr.decode()
    assert "HTTP 403 NOT_AUTHORIZED: The token header does not name this key with ES256" in err
    assert "check the key id" in err
    assert len(mutating_calls(server)) == 1, "a 403 must stop the upload at once"


def test_identifier_path_error_names_the_context_and_the_fix(runner, start_server):
    server = start_server(bundle="com.example.other")
    result = runner.run(server, FIXTURE)
    assert result.returncode == 1
    err = result.stderr.decode()
    assert "INVALID_IDENTIFIER_PATH" in err and "com.example.sciencebooks" in err
    assert "Register the App ID" in err


def test_thumbnail_apple_does_not_see_referenced_fails_through_get_status(runner, start_server, tmp_path):
    image = files.png(1, 2, 3)
    entries = files.tree(1, 1, [files.thumbnail_id(image)])
    files.write_catalog(tmp_path / "without", entries, {})
    files.write_catalog(tmp_path / "with", entries, {files.thumbnail_id(image): image})
    # The state file says the contexts are at Apple, but this server has none: the
    # thumbnail goes out, and Apple's asynchronous THUMBNAIL_NOT_REFERENCED comes back.
    assert runner.run(start_server(), tmp_path / "without").returncode == 0
    server = start_server(async_rate=0.0)
    result = runner.run(server, tmp_path / "with")
    assert result.returncode == 1
    assert f"thumbnail {files.thumbnail_id(image)}: HTTP 400 THUMBNAIL_NOT_REFERENCED" in result.stderr.decode()
    assert server.log[0][:2] == ("POST", "/v1/thumbnails")
    assert all(call[:1] == ("GET",) and call[1].startswith("/v1/status/") for call in server.log[1:])


def test_nothing_printed_or_written_contains_the_key(runner, start_server, tmp_path, key):
    server = start_server(fault_rate=0.1, seed=5)
    runner.run(server, FIXTURE)
    runner.run(server, FIXTURE, "--dry-run")
    runner.run(server, FIXTURE, "--verify", "--rebuild-state")
    server.catalog.key_id = "OTHERKEY00"
    runner.run(server, FIXTURE, "--verify")
    (tmp_path / "new").mkdir()
    files.write_catalog(tmp_path / "new", files.tree(1, 1), {})
    runner.run(server, tmp_path / "new", "--prune")
    secrets = key.secrets()
    written = [path.read_bytes() for path in runner.workdir.rglob("*") if path.is_file()]
    assert written, "the state file should have been written"
    for blob in runner.outputs + written:
        for secret in secrets:
            assert secret not in blob
