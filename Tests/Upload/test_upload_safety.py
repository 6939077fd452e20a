"""End-to-end: `upload` sends only what `build` wrote, never sends the token astray, and
never lets a server's answer (or a manifest's names) write raw control characters to the
terminal. Every server here is on 127.0.0.1; addresses of other machines are only strings
that must be refused before any connection."""

import json
import os
import re
import shutil
import subprocess
import time

import catalog_files as files
import pytest
from upload_support import BINARY, FIXTURE, KEY_ID, TEAM

CONTROL = re.compile(rb"[\x00-\x09\x0b-\x1f\x7f]|\xc2[\x80-\x9f]")  # C0 but newline, DEL, C1 in UTF-8


def site_copy(tmp_path):
    site = tmp_path / "site"
    shutil.copytree(FIXTURE, site)
    return site


def edit_manifest(site, change):
    path = site / "catalog" / "manifest.json"
    manifest = json.loads(path.read_text())
    change(manifest)
    path.write_text(json.dumps(manifest))


def set_thumbnail_path(site, path):
    def change(manifest):
        manifest["thumbnails"][0]["path"] = path
    edit_manifest(site, change)


def point_at_key_relatively(site, key):
    set_thumbnail_path(site, os.path.relpath(key.path, site / "catalog"))


def point_at_key_absolutely(site, key):
    set_thumbnail_path(site, str(key.path))


def link_thumbnail_to_key(site, key):
    link = site / "thumbnails" / "805924e65dff89cc.png"
    link.unlink()
    link.symlink_to(key.path)


def link_thumbnails_folder_away(site, key):
    folder = site / "thumbnails"
    shutil.copytree(folder, key.path.parent / "copied")
    shutil.rmtree(folder)
    folder.symlink_to(key.path.parent / "copied")


def request_outside(site, key):
    shutil.copy(site / "catalog" / "contexts-0001.json", site.parent / "outside.json")
    edit_manifest(site, lambda manifest: manifest.update(contextRequests=["../../outside.json"]))


HOSTILE = {
    "relative path to the key": (point_at_key_relatively, "thumbnails[0]", "thumbnails"),
    "absolute path to the key": (point_at_key_absolutely, "thumbnails[0]", "thumbnails"),
    "thumbnail linked to the key": (link_thumbnail_to_key, "thumbnails[0]", "thumbnails"),
    "thumbnails folder linked away": (link_thumbnails_folder_away, "thumbnails[0]", "thumbnails"),
    "request file outside the catalog": (request_outside, "contextRequests[0]", "catalog"),
}


@pytest.mark.parametrize("case", sorted(HOSTILE))
def test_a_manifest_naming_a_file_outside_the_output_sends_nothing(runner, start_server, tmp_path, key, case):
    make, entry, folder = HOSTILE[case]
    site = site_copy(tmp_path)
    make(site, key)
    server = start_server()
    result = runner.run(server, site)
    err = result.stderr.decode()
    assert result.returncode == 1, err
    assert err.startswith(f"error: {site}/catalog/manifest.json: {entry}"), err
    assert f"which leads outside {site}/{folder}; upload sends only the files `catalog-build build` writes there" in err
    assert "run `catalog-build build` again" in err
    assert server.calls == [] and server.log == []
    assert not (runner.workdir / ".catalog-upload").exists()
    for secret in key.secrets():
        assert secret not in result.stdout + result.stderr
    # The manifest is checked before the key is read: a missing key is not what stops it.
    without_key = runner.run(server, site, "--private-key", str(tmp_path / "missing.p8"))
    assert without_key.returncode == 1 and without_key.stderr == result.stderr


def test_thumbnail_bytes_that_are_not_the_image_named_are_not_sent(runner, start_server, tmp_path):
    site = site_copy(tmp_path)
    (site / "thumbnails" / "805924e65dff89cc.png").write_bytes(b"<svg onload=alert(1)>".ljust(73, b" "))
    server = start_server()
    result = runner.run(server, site)
    assert result.returncode == 1
    assert (f'thumbnails[0] (thumbnailId "805924e65dff89cc.png") has contentType "image/png" but '
            f"{site.resolve()}/thumbnails/805924e65dff89cc.png holds neither a PNG nor a JPEG image") in result.stderr.decode()
    assert server.calls == []


@pytest.mark.parametrize("status", [301, 302, 303, 307, 308])
def test_a_redirect_to_another_origin_is_an_error_and_the_token_stays_behind(runner, start_server, status):
    elsewhere = start_server()  # another port on 127.0.0.1: another origin
    server = start_server()
    server.redirect_to, server.redirect_status = elsewhere.url, status
    result = runner.run(server, FIXTURE)
    err = result.stderr.decode()
    assert result.returncode == 1, err
    assert f'HTTP {status} a redirect to "{elsewhere.url}/v1/contexts?environment=development"' in err
    assert "The upload never follows a redirect, so that the token goes only to --api-url" in err
    assert elsewhere.calls == [], "the redirect was followed"
    assert [call[:2] for call in server.calls] == [("POST", "/v1/contexts")]
    assert "sent 0 contexts and 0 thumbnails" in err
    assert not (runner.workdir / ".catalog-upload" / "development.json").exists()


def test_a_redirect_to_the_same_origin_is_an_error_too(runner, start_server):
    server = start_server()
    server.redirect_to = server.url + "/moved"
    result = runner.run(server, FIXTURE)
    assert result.returncode == 1
    assert f'HTTP 307 a redirect to "{server.url}/moved/v1/contexts?environment=development"' in result.stderr.decode()
    assert len(server.calls) == 1


def run_measured(runner, server, output, *extra):
    """Runs the upload and returns (exit status, stderr, seconds, peak resident MB)."""
    err_path = runner.workdir / "stderr.txt"
    with open(err_path, "wb") as err:
        process = subprocess.Popen(runner.args(server, output, *extra), cwd=runner.workdir, env=runner.environment(),
                                   stdout=subprocess.DEVNULL, stderr=err)
        started = time.monotonic()
        _, status, usage = os.wait4(process.pid, 0)
        process.returncode = os.waitstatus_to_exitcode(status)
    return process.returncode, err_path.read_bytes(), time.monotonic() - started, usage.ru_maxrss / 1024


def test_a_huge_error_body_is_read_only_up_to_the_limit(runner, start_server):
    # 300 MB at about 100 MB/s, a fast network's rate. (Over loopback at full speed,
    # Foundation on Linux can queue much of the body for the delegate before the
    # cancel lands: see URLSessionTransport.)
    server = start_server()
    server.huge_error, server.huge_error_pause = 300 << 20, 0.01
    status, err, seconds, peak = run_measured(runner, server, FIXTURE)
    assert status == 1, err.decode()
    assert b"HTTP 400 error body error body" in err and b"(an overlong answer, cut off unread)" in err
    assert len(err) < 4096
    assert peak < 150, f"peak memory {peak:.0f} MB: the body was buffered"
    for _ in range(100):  # the server notices the cut at its next write
        if server.streamed:
            break
        time.sleep(0.05)
    assert 0 < server.streamed < 64 << 20, "the client read far past its limit"
    assert seconds < 60


def test_escape_sequences_in_answers_never_reach_the_terminal(runner, start_server):
    server = start_server()
    server.error_body = json.dumps({"code": "BAD\x1b[31m", "id": "\x9b2J",
                                    "message": "\x1b]0;owned\x07\x1b[2J\r\nupload: sent 14 contexts"}).encode()
    result = runner.run(server, FIXTURE)
    assert result.returncode == 1
    assert not CONTROL.search(result.stderr), result.stderr
    assert (r"HTTP 400 BAD\u{1B}[31m: \u{1B}]0;owned\u{7}\u{1B}[2J\u{D}\u{A}upload: sent 14 contexts (error id \u{9B}2J)"
            in result.stderr.decode())
    server.error_body = b"<html>\x1b[2J\x1b]8;;http://x\x07link\r</html>"
    result = runner.run(server, FIXTURE)
    assert result.returncode == 1
    assert not CONTROL.search(result.stderr), result.stderr
    # The excerpt of a body that is not JSON joins its lines with spaces.
    assert r"HTTP 400 <html>\u{1B}[2J\u{1B}]8;;http://x\u{7}link </html>" in result.stderr.decode()


def test_identifiers_with_control_characters_are_escaped_in_the_plan_and_progress(runner, start_server, tmp_path):
    image = files.png(9, 9, 9)
    thumbnail = "t\x1b[2J\u009b.png"
    entries = [([files.BUNDLE], "app", None), ([files.BUNDLE, "s\x1b]0;x\x07\u202e"], "section", thumbnail)]
    files.write_catalog(tmp_path / "site", entries, {thumbnail: image})
    plan = runner.run(None, tmp_path / "site", "--dry-run", credentials=False)
    assert plan.returncode == 0, plan.stderr.decode()
    assert not CONTROL.search(plan.stdout.replace(b"\n", b"")) and "\u202e" not in plan.stdout.decode()
    assert r"create thumbnail t\u{1B}[2J\u{9B}.png" in plan.stdout.decode()
    assert r'create context ["com.example.sciencebooks","s\u001b]0;x\u0007\u{202E}"] (en-us)' in plan.stdout.decode()
    server = start_server(async_rate=0.0)
    result = runner.run(server, tmp_path / "site")
    assert result.returncode == 0, result.stderr.decode()
    assert not CONTROL.search(result.stderr.replace(b"\n", b"")) and "\u202e" not in result.stderr.decode()
    assert r"sent thumbnail t\u{1B}[2J\u{9B}.png" in result.stderr.decode()


def test_plain_http_to_another_machine_is_refused_before_anything_is_read(runner, tmp_path):
    # 192.0.2.1 is a documentation address: it must be refused as a string, with no
    # connection tried (the output does not even exist: the address is checked first).
    result = runner.run(None, tmp_path / "none", "--api-url", "http://192.0.2.1:8080")
    assert result.returncode == 2
    assert result.stderr.decode() == (
        "error: --api-url http://192.0.2.1:8080 would send the bearer token in clear text to 192.0.2.1, which is not "
        "this machine; use an https URL (plain http is allowed to 127.0.0.1, ::1 and localhost), or give --insecure "
        "if you trust every network on the way\n")


def test_insecure_allows_it_with_a_warning(runner, tmp_path):
    # No credentials: the warning comes before the key is looked for, and nothing is sent.
    result = runner.run(None, FIXTURE, "--api-url", "http://192.0.2.1:8080", "--insecure", credentials=False)
    assert result.returncode == 2
    assert result.stderr.decode() == (
        "warning: --insecure: the bearer token goes to 192.0.2.1 in clear text; anyone on the way can read it and use "
        "it until it expires (25 minutes)\n"
        "error: missing --team-id (or the CLASSKIT_TEAM_ID environment variable)\n")


def test_a_key_file_others_can_read_gets_a_warning(runner, start_server, key):
    server = start_server()
    key.path.chmod(0o644)
    result = runner.run(server, FIXTURE)
    assert result.returncode == 0, result.stderr.decode()
    assert (f"warning: the private key file {key.path} can be read or changed by others (mode 0644); "
            f"run `chmod 600 {key.path}` so that only you can read it\n").encode() in result.stderr
    for secret in key.secrets():
        assert secret not in result.stdout + result.stderr
    key.path.chmod(0o600)
    again = runner.run(server, FIXTURE)
    assert b"warning" not in again.stderr


def test_the_token_is_sent_only_to_the_api_url(runner, start_server):
    server = start_server(fault_rate=0.1, seed=9)
    assert runner.run(server, FIXTURE).returncode == 0
    assert server.calls and all(call[2] and call[2].startswith("Bearer ey") for call in server.calls)


assert BINARY and TEAM and KEY_ID  # the shared names this module relies on
