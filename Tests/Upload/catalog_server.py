"""A local stand-in for the ClassKit Catalog API (shared/spec/catalog-api.md).

It enforces what the spec documents (ES256 JWT with kid/iss/exp and a UUID jti that no
other token carried, at most 200 contexts per request, parents before children,
thumbnails only once referenced, leaf-first deletes), answers Get a Context as Apple's
example does (numbers as strings, the implicit duration capability), answers some calls
with 202 + Location + Get Status, and injects faults from a seed: 500s, 429 with
Retry-After, dropped connections and slow answers. GET /__state
shows what it stores. It listens on 127.0.0.1 only.

Hostile modes, set on a running server: `redirect_to` (a base URL) answers every call
with `redirect_status` and a Location there; `error_body` answers every call with 400
and these bytes, or with `huge_error` bytes streamed. `calls` records the method, path
and Authorization header of every call that arrives, answered or not.
"""

import argparse
import json
import random
import socket
import struct
import threading
import time
import uuid
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, unquote, urlsplit

from catalog_rules import ApiError, Catalog

UNRESERVED = set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~%")
FAULTS = ("500", "429", "drop", "drop-after", "slow")


class CatalogServer(ThreadingHTTPServer):
    daemon_threads = True

    def __init__(self, catalog, fault_rate=0.0, async_rate=0.3, seed=0, delay=0.0):
        super().__init__(("127.0.0.1", 0), Handler)
        self.catalog, self.fault_rate, self.async_rate, self.delay = catalog, fault_rate, async_rate, delay
        self.random = random.Random(seed)
        self.lock = threading.RLock()
        self.log = []  # (method, path, status) of every answered API call
        self.confirmed = 0  # mutating calls that succeeded
        self.confirmed_event = threading.Event()
        self.event_at = None
        self.calls = []  # (method, path, Authorization header or None) of every call received
        self.redirect_to, self.redirect_status = None, 307
        self.error_body, self.huge_error, self.streamed = None, 0, 0
        self.huge_error_pause = 0.0  # seconds between megabytes of a huge error
        self.missing_answer = "empty"  # how Get a Context answers for a context it does not hold

    @property
    def url(self):
        return f"http://127.0.0.1:{self.server_address[1]}"

    def draw(self, probability):
        with self.lock:
            return self.random.random() < probability

    def fault(self):
        with self.lock:
            return self.random.choice(FAULTS) if self.random.random() < self.fault_rate else None

    def note(self, method, path, status, mutating):
        with self.lock:
            self.log.append((method, path, status))
            if mutating and status in (200, 201, 202, 204):
                self.confirmed += 1
                if self.event_at is not None and self.confirmed >= self.event_at:
                    self.confirmed_event.set()


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def do_GET(self):
        self.handle_call("GET")

    def do_POST(self):
        self.handle_call("POST")

    def do_DELETE(self):
        self.handle_call("DELETE")

    def handle_call(self, method):
        server, url = self.server, urlsplit(self.path)
        body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
        if url.path == "/__state":
            with server.lock:
                return self.answer(200, server.catalog.snapshot())
        with server.lock:
            server.calls.append((method, url.path, self.headers.get("Authorization")))
        if server.redirect_to:
            return self.answer(server.redirect_status, None, {"Location": server.redirect_to + self.path})
        if server.huge_error:
            return self.stream_error(server.huge_error)
        if server.error_body is not None:
            return self.answer_bytes(400, server.error_body)
        time.sleep(server.delay)
        fault = server.fault()
        if fault == "drop":
            return self.drop()
        if fault in ("500", "429"):
            headers = {"Retry-After": "1"} if fault == "429" else {}
            return self.answer(int(fault), {"code": "TRY_AGAIN", "message": "injected fault"}, headers)
        if fault == "slow":
            time.sleep(1.5)
        try:
            with server.lock:
                server.catalog.check_token(self.headers.get("Authorization"))
                status, payload, headers = self.route(method, url, body)
        except ApiError as error:
            status, payload, headers = error.status, {"id": uuid.uuid4().hex.upper(), "code": error.code,
                                                      "message": error.message}, {}
        server.note(method, url.path, status, method != "GET")
        if fault == "drop-after":
            return self.drop()
        self.answer(status, payload, headers)

    def route(self, method, url, body):
        query = {k: v[0] for k, v in parse_qs(url.query).items()}
        catalog = self.server.catalog
        if method == "GET" and url.path.startswith("/v1/status/"):
            return self.status(url.path.rsplit("/", 1)[-1])
        env = query.get("environment")
        if env not in ("development", "production"):
            raise ApiError(400, "INVALID_ENVIRONMENT", "environment must be development or production.")
        if (method, url.path) == ("POST", "/v1/contexts"):
            if self.headers.get("Content-Type") != "application/json":
                raise ApiError(400, "INVALID_REQUEST", "Content-Type must be application/json.")
            catalog.put_contexts(env, body)
            return self.accepted(201)
        if url.path == "/v1/thumbnails" and method in ("POST", "DELETE"):
            thumbnail_id = query.get("thumbnailId")
            if not thumbnail_id:
                raise ApiError(400, "INVALID_REQUEST", "thumbnailId is required.")
            if method == "DELETE":
                if catalog.thumbnails.pop((env, thumbnail_id), None) is None:
                    raise ApiError(404, "NOT_FOUND", f"No thumbnail {thumbnail_id}.")
                return self.accepted(204)
            if not body or self.headers.get("Content-Type") not in ("image/png", "image/jpeg"):
                raise ApiError(400, "INVALID_THUMBNAIL", "A thumbnail is PNG or JPEG bytes.")
            if not catalog.referenced(env, thumbnail_id):
                return self.deferred(400, {"code": "THUMBNAIL_NOT_REFERENCED", "message":
                                           f"The thumbnail with 'thumbnailId': {thumbnail_id} is not referenced by any context."})
            catalog.thumbnails[(env, thumbnail_id)] = (self.headers["Content-Type"], body)
            return self.accepted(201)
        if (method, url.path) == ("DELETE", "/v1/contexts"):
            path, locale = self.path_parameter(url.query), query.get("locale")
            catalog.delete_context(env, path, locale)
            return self.accepted(204)
        if (method, url.path) == ("GET", "/v1/contexts"):
            # Get a Context answers 200 with a ContextsResponse, 400 or 403 (catalog-api.md
            # E2), never 202. Apple does not document the answer for a context it does not
            # hold: `missing_answer` is an empty ContextsResponse ("empty") or a 404 ("404").
            path, locale = self.path_parameter(url.query), query.get("locale")
            if not locale:
                raise ApiError(400, "INVALID_REQUEST", "locale is required.")
            context = catalog.get_context(env, path, locale)
            if context is None and self.server.missing_answer == "404":
                raise ApiError(404, "NOT_FOUND", "No such context.")
            return 200, {"contexts": [] if context is None else [context]}, {}
        raise ApiError(404, "NOT_FOUND", f"No endpoint {method} {url.path}.")

    def path_parameter(self, raw_query):
        """identifierPath must be compact JSON, percent-encoded except unreserved characters."""
        raw = dict(pair.split("=", 1) for pair in raw_query.split("&") if "=" in pair).get("identifierPath", "")
        if not raw or not set(raw) <= UNRESERVED:
            raise ApiError(400, "INVALID_IDENTIFIER_PATH", f"identifierPath is not percent-encoded: {raw}")
        text = unquote(raw)
        path = json.loads(text)
        if json.dumps(path, separators=(",", ":"), ensure_ascii=False) != text:
            raise ApiError(400, "INVALID_IDENTIFIER_PATH", "identifierPath is not compact JSON.")
        return tuple(path)

    def accepted(self, status):
        """Success, sometimes deferred through 202 + Get Status as Apple may do."""
        if self.server.draw(self.server.async_rate):
            return self.deferred(None, None)
        return status, None, {}

    def deferred(self, status_code, error):
        status_id = uuid.uuid4().hex.upper()[:26]
        polls = self.server.random.randint(0, 2)
        self.server.catalog.statuses[status_id] = [polls, status_code, error]
        # Apple's example Location has no scheme.
        location = f"{self.server.url.removeprefix('http://')}/v1/status/{status_id}"
        return 202, None, {"Location": location}

    def status(self, status_id):
        entry = self.server.catalog.statuses.get(status_id)
        if entry is None:
            raise ApiError(404, "NOT_FOUND", f"No status {status_id}.")
        body = {"statusId": status_id, "teamId": self.server.catalog.team_id,
                "location": f"{self.server.url.removeprefix('http://')}/v1/status/{status_id}"}
        if entry[0] > 0:
            entry[0] -= 1
            return 200, {**body, "state": "pending"}, {}
        if entry[2] is None:
            return 200, {**body, "state": "complete", "statusCode": "200"}, {}
        return 200, {**body, "state": "error", "statusCode": str(entry[1]), "error": {"id": status_id, **entry[2]}}, {}

    def answer(self, status, payload, headers=None):
        data = b"" if payload is None or status == 204 else json.dumps(payload).encode()
        self.send_response(status)
        for name, value in (headers or {}).items():
            self.send_header(name, value)
        if data:
            self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def answer_bytes(self, status, data, content_type="application/json"):
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def stream_error(self, size):
        """A 400 whose body is `size` bytes, written a megabyte at a time without holding it."""
        self.send_response(400)
        self.send_header("Content-Type", "text/plain")
        self.send_header("Content-Length", str(size))
        self.end_headers()
        chunk = b"error body " * ((1 << 20) // 11)
        sent = 0
        try:
            while sent < size:
                part = chunk[:size - sent]
                self.wfile.write(part)
                sent += len(part)
                time.sleep(self.server.huge_error_pause)
        except OSError:
            self.close_connection = True
        with self.server.lock:
            self.server.streamed = sent

    def drop(self):
        """Closes the connection without an answer, as a network failure would."""
        self.close_connection = True
        # Linger 0: close sends a reset, as when a proxy or the network drops the call.
        self.connection.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
        self.connection.close()

    def finish(self):
        try:
            super().finish()
        except OSError:
            pass


def start(public_key_pem, team_id, key_id, bundle_id, **options):
    """Starts a server on a free 127.0.0.1 port in a daemon thread; call shutdown() to stop."""
    server = CatalogServer(Catalog(public_key_pem, team_id, key_id, bundle_id), **options)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--public-key", required=True, help="PEM file of the key's public half")
    parser.add_argument("--team-id", required=True)
    parser.add_argument("--key-id", required=True)
    parser.add_argument("--bundle-id", required=True)
    parser.add_argument("--fault-rate", type=float, default=0.0)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    with open(args.public_key, "rb") as file:
        server = start(file.read(), args.team_id, args.key_id, args.bundle_id,
                       fault_rate=args.fault_rate, seed=args.seed)
    print(server.url, flush=True)
    try:
        threading.Event().wait()
    except KeyboardInterrupt:
        server.shutdown()


if __name__ == "__main__":
    main()
