"""End-to-end: an upload that tells the whole truth. Every plan names what the content
lost and the command that deletes it; every token carries its own UUID jti; `--verify`
reads each context back with Get a Context, reports what differs, and rebuilds a lost
state file from what the service holds."""

import base64
import json
import shlex
import time
import urllib.error
import urllib.parse
import urllib.request
import uuid

import catalog_files as files
import pytest
from catalog_rules import ApiError
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.asymmetric.utils import decode_dss_signature
from upload_support import KEY_ID, TEAM

B = files.BUNDLE
NOT_CHECKED = ("Not checked: thumbnails, and contexts that neither the build nor the state file names "
               "(the Catalog API has no call that lists contexts).")


def rich_site(directory, sections=2, leaves=1):
    """A catalog whose contexts carry the fields Apple gives back otherwise than sent:
    numbers (returned as strings) and capabilities (a duration one added)."""
    image = files.png(5, 6, 7)
    entries = files.tree(sections, leaves, [files.thumbnail_id(image)])
    files.write_catalog(directory, entries, {files.thumbnail_id(image): image})
    request = directory / "catalog" / "contexts-0001.json"
    body = json.loads(request.read_text())
    for order, context in enumerate(body["contexts"]):
        data = context["data"]
        data["displayOrder"] = order
        if data["type"] == "quiz":
            data["suggestedAge"] = [9, 11]
            data["suggestedCompletionTime"] = [10, 9223372036854775806]
            data["progressReportingCapabilities"] = [{"kind": "score", "details": "The score."}]
    request.write_text(json.dumps(body, ensure_ascii=False))
    return body["contexts"]


def shown(path, locale):
    return f"{json.dumps(path, ensure_ascii=False, separators=(',', ':'))} ({locale})"


def typed(runner, server, site, *extra, credentials=True):
    """The command line as the upload prints it back: `catalog-build` and the arguments."""
    return " ".join(shlex.quote(word) for word in
                    ["catalog-build"] + runner.args(server, site, *extra, credentials=credentials)[1:])


def drop_section(site, old_site_contexts, section):
    """The same catalog without one section and its quizzes (a deleted book)."""
    kept = [c for c in old_site_contexts if section not in c["data"]["identifierPath"]]
    request = site / "catalog" / "contexts-0001.json"
    request.write_text(json.dumps({"contexts": kept}, ensure_ascii=False))
    manifest = json.loads((site / "catalog" / "manifest.json").read_text())
    manifest["contextCount"] = len(kept)
    (site / "catalog" / "manifest.json").write_text(json.dumps(manifest))
    return kept


def held_keys(server):
    with server.lock:
        return {(path, locale) for (_, path, locale) in server.catalog.contexts}


def test_every_plan_names_what_the_content_lost_and_the_command_that_deletes_it(runner, start_server, tmp_path):
    site = tmp_path / "site"
    contexts = rich_site(site)
    server = start_server()
    assert runner.run(server, site).returncode == 0
    drop_section(site, contexts, "section-01")
    gone = [([B, "section-01", 'quiz 01/000 "ñ"'], "en-us"), ([B, "section-01", 'quiz 01/000 "ñ"'], "es-us"),
            ([B, "section-01"], "en-us"), ([B, "section-01"], "es-us")]

    plan = runner.run(None, site, "--dry-run", credentials=False)
    assert plan.returncode == 0, plan.stderr.decode()
    assert plan.stdout.decode() == "\n".join([
        "Upload plan for the development environment:",
        "  create:    0 (0 contexts, 0 thumbnails)",
        "  replace:   0 (0 contexts, 0 thumbnails)",
        "  delete:    0 (0 contexts, 0 thumbnails)",
        "  unchanged: 6 contexts, 1 thumbnails",
        "  left:      4 (4 contexts, 0 thumbnails) no longer in the content but still at Apple: not deleted without --prune",
        "  requests:  0 context requests, 0 thumbnail uploads, 0 deletes",
        *[f"left context {shown(path, locale)}" for path, locale in gone],
        "Not up to date: 4 contexts that the content no longer has are still in the development environment, "
        "where teachers can still find and assign the contexts. To delete them (leaf first, in every locale), run:",
        "  " + typed(runner, None, site, "--prune", credentials=False),
    ]) + "\n"
    assert b"up to date" not in plan.stdout.replace(b"Not up to date", b"")

    result = runner.run(server, site)
    assert result.returncode == 0, result.stderr.decode()
    err = result.stderr.decode()
    assert err.endswith("upload: Not up to date: 4 contexts that the content no longer has are still in the development "
                        "environment, where teachers can still find and assign the contexts. To delete them (leaf first, "
                        "in every locale), run:\nupload:   " + typed(runner, server, site, "--prune") + "\n")
    assert {(tuple(p), l) for p, l in gone} <= held_keys(server)

    # The command it printed deletes exactly those, and the next plan has nothing left.
    command = shlex.split(err.splitlines()[-1].removeprefix("upload:   "))
    assert runner.run(server, site, *command[len(runner.args(server, site)):]).returncode == 0
    assert not {(tuple(p), l) for p, l in gone} & held_keys(server)
    again = runner.run(None, site, "--dry-run", credentials=False)
    assert again.stdout.decode().endswith("Nothing to do: the development environment is up to date.\n")


def test_every_token_carries_its_own_uuid_jti(runner, start_server, tmp_path):
    site = tmp_path / "site"
    rich_site(site, sections=1)
    server = start_server()
    assert runner.run(server, site).returncode == 0
    assert runner.run(server, site, "--verify").returncode == 0
    tokens = {auth for _, _, auth in server.calls}
    claims = [json.loads(base64.urlsafe_b64decode(t.split(".")[1] + "==")) for t in tokens]
    assert len(claims) >= 2, "each run mints its own token"
    for claim in claims:
        assert set(claim) == {"iss", "iat", "exp", "jti"}
        assert str(uuid.UUID(claim["jti"])) == claim["jti"]
    assert len({claim["jti"] for claim in claims}) == len(claims)


def sign(key, claims):
    """A token as the emulator expects it, with these claims."""
    def part(value):
        return base64.urlsafe_b64encode(json.dumps(value).encode()).rstrip(b"=").decode()
    head = part({"alg": "ES256", "typ": "JWT", "kid": KEY_ID}) + "." + part(claims)
    r, s = decode_dss_signature(key.private.sign(head.encode(), ec.ECDSA(hashes.SHA256())))
    raw = r.to_bytes(32, "big") + s.to_bytes(32, "big")
    return "Bearer " + head + "." + base64.urlsafe_b64encode(raw).rstrip(b"=").decode()


def test_the_emulator_refuses_a_token_without_a_fresh_uuid_jti(start_server, key):
    catalog = start_server().catalog
    now = int(time.time())
    base = {"iss": TEAM, "iat": now, "exp": now + 1500}
    first = sign(key, {**base, "jti": str(uuid.uuid4())})
    catalog.check_token(first)
    catalog.check_token(first)  # the same token again, before it expires
    for claims, reason in [(base, "must be a UUID, not None"), ({**base, "jti": "not-a-uuid"}, "must be a UUID"),
                           ({**base, "iat": now - 1, "jti": json.loads(base64.urlsafe_b64decode(
                               first.split(".")[1] + "=="))["jti"]}, "already used by another token")]:
        with pytest.raises(ApiError) as refused:
            catalog.check_token(sign(key, claims))
        assert refused.value.status == 403 and reason in refused.value.message


def verify_report(lines, verdict, *tail):
    return "\n".join([*lines, NOT_CHECKED, verdict, *tail]) + "\n"


def counts(built, state_more, equal, different=0, missing=0, left=0, gone=0):
    return [f"Verify of the development environment: {built} contexts in the build, {state_more} more in the state file",
            f"  equal:     {equal}", f"  different: {different}",
            f"  missing:   {missing} (in the build, not at Apple)",
            f"  left:      {left} (no longer in the build, still at Apple)",
            f"  gone:      {gone} (in the state file only, no longer at Apple)"]


def test_verify_of_an_environment_that_holds_the_build_exits_0(runner, start_server, tmp_path):
    site = tmp_path / "site"
    contexts = rich_site(site)
    server = start_server(fault_rate=0.1, seed=9)
    assert runner.run(server, site).returncode == 0
    state = (runner.workdir / ".catalog-upload" / "development.json").read_bytes()
    before = len(server.log)
    result = runner.run(server, site, "--verify")
    assert result.returncode == 0, result.stderr.decode()
    assert result.stdout.decode() == verify_report(
        counts(len(contexts), 0, len(contexts)), "The development environment holds every context of the build, as built.")
    assert (runner.workdir / ".catalog-upload" / "development.json").read_bytes() == state
    err = result.stderr.decode().splitlines()
    assert err[0] == f"verify: reading {len(contexts)} contexts back from the development environment"
    assert err[1:] == [f"verify: [{n}/{len(contexts)} contexts read]" for n in range(1, len(contexts) + 1)]
    calls = server.log[before:]
    assert all(call[:2] == ("GET", "/v1/contexts") for call in calls) and len(calls) >= len(contexts)


@pytest.mark.parametrize("missing_answer", ["empty", "404"])
def test_verify_reports_a_differing_field_and_a_missing_context_and_exits_1(runner, start_server, tmp_path, missing_answer):
    site = tmp_path / "site"
    contexts = rich_site(site)
    server = start_server()
    assert runner.run(server, site).returncode == 0
    server.missing_answer = missing_answer
    changed = ([B, "section-00"], "es-us")
    lost = ([B, "section-01", 'quiz 01/000 "ñ"'], "en-us")
    with server.lock:
        server.catalog.contexts[("development", tuple(changed[0]), changed[1])]["data"]["title"] = "Renamed at Apple"
        del server.catalog.contexts[("development", tuple(lost[0]), lost[1])]
    result = runner.run(server, site, "--verify")
    assert result.returncode == 1, result.stderr.decode()
    assert result.stdout.decode() == verify_report(
        counts(len(contexts), 0, len(contexts) - 2, different=1, missing=1) + [
            f"different context {shown(*changed)}",
            '  data.title: the build has "section-00 (es-us)", Apple has "Renamed at Apple"',
            f"missing context {shown(*lost)}"],
        "The development environment differs from the build.",
        "The state file records 2 contexts otherwise than Apple holds them, so an upload planned from it would skip "
        "or misname them. Rewrite it from what Apple holds:",
        "  " + typed(runner, server, site, "--verify", "--rebuild-state"),
        "To send the 2 contexts that differ or are missing:",
        "  " + typed(runner, server, site))


def test_a_lost_state_file_is_rebuilt_from_what_apple_holds(runner, start_server, tmp_path):
    site = tmp_path / "site"
    contexts = rich_site(site)
    server = start_server()
    assert runner.run(server, site).returncode == 0
    state_file = runner.workdir / ".catalog-upload" / "development.json"
    state_file.unlink()
    changed, lost = ([B, "section-01"], "en-us"), ([B, "section-00", 'quiz 00/000 "ñ"'], "es-us")
    with server.lock:
        server.catalog.contexts[("development", tuple(changed[0]), changed[1])]["data"]["displayOrder"] = 40
        del server.catalog.contexts[("development", tuple(lost[0]), lost[1])]

    assert runner.run(server, site, "--verify").returncode == 1
    assert not state_file.exists(), "--verify alone writes nothing"
    result = runner.run(server, site, "--verify", "--rebuild-state")
    assert result.returncode == 1, result.stderr.decode()
    out = result.stdout.decode()
    assert f'different context {shown(*changed)}\n  data.displayOrder: the build has 6, Apple has 40\n' in out
    assert (f"Rebuilt the state file {state_file} from what Apple holds: "
            f"{len(contexts) - 1} contexts, 0 thumbnails.\n") in out
    rebuilt = json.loads(state_file.read_text())
    assert len(rebuilt["contexts"]) == len(contexts) - 1 and rebuilt["thumbnails"] == []

    plan = runner.run(None, site, "--dry-run", credentials=False).stdout.decode()
    assert "  create:    2 (1 contexts, 1 thumbnails)\n  replace:   1 (1 contexts, 0 thumbnails)\n" in plan
    assert runner.run(server, site).returncode == 0
    final = runner.run(server, site, "--verify")
    assert final.returncode == 0, final.stdout.decode()


def test_rebuild_state_never_writes_through_a_symbolic_link(runner, start_server, tmp_path):
    site = tmp_path / "site"
    rich_site(site, sections=1)
    server = start_server()
    assert runner.run(server, site, "--state", str(tmp_path / "elsewhere.json")).returncode == 0
    target = tmp_path / "target"
    target.mkdir()
    (runner.workdir / ".catalog-upload").symlink_to(target)
    result = runner.run(server, site, "--verify", "--rebuild-state")
    assert result.returncode == 1
    assert b"is a symbolic link" in result.stderr
    assert list(target.iterdir()) == []


def test_verify_flags_that_do_not_go_together_are_a_usage_error(runner, tmp_path):
    for extra in (["--rebuild-state"], ["--verify", "--dry-run"], ["--verify", "--prune"]):
        result = runner.run(None, tmp_path / "site", *extra)
        assert result.returncode == 2, (extra, result.stderr.decode())
        assert b"--verify" in result.stderr


def test_the_emulators_get_a_context_answers_as_apple_documents(runner, start_server, tmp_path, key):
    """catalog-api.md E2 and 6.2: 200 with a ContextsResponse whose numbers are strings
    and which has the duration capability the system adds; 400 and 403; never 202."""
    site = tmp_path / "site"
    rich_site(site, sections=1)
    server = start_server(async_rate=1.0)
    assert runner.run(server, site).returncode == 0

    def get(path, locale="en-us", token=None):
        query = {"environment": "development", "identifierPath": json.dumps(path, separators=(",", ":"),
                                                                            ensure_ascii=False)}
        if locale:
            query["locale"] = locale
        now = int(time.time())
        request = urllib.request.Request(
            f"{server.url}/v1/contexts?{urllib.parse.urlencode(query, quote_via=urllib.parse.quote, safe='')}",
            headers={"Authorization": token or sign(key, {"iss": TEAM, "iat": now, "exp": now + 600,
                                                          "jti": str(uuid.uuid4())})})
        try:
            with urllib.request.urlopen(request) as answer:
                return answer.status, json.loads(answer.read() or b"null")
        except urllib.error.HTTPError as error:
            return error.code, json.loads(error.read() or b"null")

    quiz = [B, "section-00", 'quiz 00/000 "ñ"']
    status, body = get(quiz)
    assert status == 200
    assert body == {"contexts": [{
        "data": {"identifierPath": quiz, "title": 'quiz 00/000 "ñ" (en-us)', "type": "quiz", "displayOrder": "4",
                 "suggestedAge": ["9", "11"], "suggestedCompletionTime": ["10", "9223372036854775806"],
                 "progressReportingCapabilities": [{"kind": "score", "details": "The score."},
                                                   {"kind": "duration", "details": ""}]},
        "metadata": {"locale": "en-us", "presentableLocales": ["en-us"]}}]}
    assert get(quiz, locale="fr") == (200, {"contexts": []})
    server.missing_answer = "404"
    status, body = get(quiz, locale="fr")
    assert status == 404 and body["code"] == "NOT_FOUND" and set(body) == {"id", "code", "message"}
    assert get(quiz, locale=None)[0] == 400
    assert get(quiz, token="Bearer x.y.z")[0] == 403
