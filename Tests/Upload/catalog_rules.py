"""The Catalog API's rules as shared/spec/catalog-api.md documents them: the JWT
(§5), at most 200 contexts per request, parents first (H10), leaf-first deletes (L3),
thumbnails only once referenced (T1) and deleted with their last context (L5)."""

import base64
import copy
import hashlib
import json
import time
import uuid

from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.asymmetric.utils import encode_dss_signature


class ApiError(Exception):
    def __init__(self, status, code, message):
        super().__init__(message)
        self.status, self.code, self.message = status, code, message


def b64url(text):
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


class Catalog:
    """The service's data and rules; every method runs under the server's lock."""

    def __init__(self, public_key_pem, team_id, key_id, bundle_id):
        self.public_key = serialization.load_pem_public_key(public_key_pem)
        self.team_id, self.key_id, self.bundle_id = team_id, key_id, bundle_id
        self.contexts = {}  # (environment, tuple(path), locale) -> context object
        self.thumbnails = {}  # (environment, thumbnailId) -> (content type, bytes)
        self.statuses = {}  # statusId -> [polls left before the outcome, outcome]
        self.tokens = {}  # jti -> the token that carried it

    def check_token(self, header):
        if not header or not header.startswith("Bearer "):
            raise ApiError(403, "NOT_AUTHORIZED", "The request has no bearer token.")
        try:
            head, claims, signature = header[len("Bearer "):].split(".")
            fields, payload = json.loads(b64url(head)), json.loads(b64url(claims))
            raw = b64url(signature)
        except ValueError as error:
            raise ApiError(403, "NOT_AUTHORIZED", f"The token is malformed: {error}.")
        if fields.get("alg") != "ES256" or fields.get("typ") != "JWT" or fields.get("kid") != self.key_id:
            raise ApiError(403, "NOT_AUTHORIZED", "The token header does not name this key with ES256.")
        der = encode_dss_signature(int.from_bytes(raw[:32], "big"), int.from_bytes(raw[32:], "big"))
        try:
            self.public_key.verify(der, f"{head}.{claims}".encode(), ec.ECDSA(hashes.SHA256()))
        except InvalidSignature:
            raise ApiError(403, "NOT_AUTHORIZED", "The token signature does not verify with the key's public key.")
        now = time.time()
        if payload.get("iss") != self.team_id:
            raise ApiError(403, "NOT_AUTHORIZED", "The token's issuer is not this team.")
        if not isinstance(payload.get("exp"), int) or not isinstance(payload.get("iat"), int):
            raise ApiError(403, "NOT_AUTHORIZED", "iat and exp must be integers.")
        if payload["exp"] <= now or payload["iat"] > now + 60 or payload["exp"] - payload["iat"] > 3600:
            raise ApiError(403, "NOT_AUTHORIZED", "The token has expired or lives too long.")
        self.check_jti(payload.get("jti"), header)

    def check_jti(self, jti, token):
        """jti names one token (RFC 7519 4.1.7): a UUID, never seen in another token. The
        same token may be sent again until it expires, as a token's 10-30 minutes suggest."""
        try:
            if not isinstance(jti, str) or str(uuid.UUID(jti)) != jti.lower():
                raise ValueError(jti)
        except ValueError:
            raise ApiError(403, "NOT_AUTHORIZED", f"The token's jti must be a UUID, not {jti!r}.")
        if self.tokens.setdefault(jti, token) != token:
            raise ApiError(403, "NOT_AUTHORIZED", f"The jti {jti} was already used by another token.")

    def has_children(self, env, path, locale):
        return any(e == env and len(p) == len(path) + 1 and p[:-1] == path and l == locale
                   for (e, p, l) in self.contexts)

    def put_contexts(self, env, body):
        try:
            contexts = json.loads(body)["contexts"]
        except (ValueError, KeyError, TypeError):
            raise ApiError(400, "INVALID_REQUEST", "The body is not a ContextsRequest.")
        if not isinstance(contexts, list) or not 1 <= len(contexts) <= 200:
            raise ApiError(400, "INVALID_REQUEST", "A request holds 1 to 200 contexts.")
        pending = {}
        for context in contexts:
            path, locale = self.validate_context(context)
            if len(path) > 1 and (env, path[:-1], locale) not in self.contexts and (path[:-1], locale) not in pending:
                raise ApiError(400, "PARENT_NOT_FOUND", f"The parent of {list(path)} ({locale}) does not exist.")
            pending[(path, locale)] = context
        for (path, locale), context in pending.items():
            self.contexts[(env, path, locale)] = context

    def validate_context(self, context):
        data, metadata = context.get("data", {}), context.get("metadata", {})
        path, locale = data.get("identifierPath"), metadata.get("locale")
        if not isinstance(path, list) or not 1 <= len(path) <= 8 or not all(isinstance(p, str) for p in path):
            raise ApiError(400, "INVALID_IDENTIFIER_PATH", f"{path!r} is not a valid identifierPath.")
        if path[0] != self.bundle_id:
            raise ApiError(400, "INVALID_IDENTIFIER_PATH",
                           f"A context with the 'identifierPath': {path[0]} does not start with an identifier "
                           "that you have permission to manage.")
        if not isinstance(locale, str) or not data.get("title") or not data.get("type"):
            raise ApiError(400, "INVALID_CONTEXT", f"{path!r} lacks locale, title or type.")
        if (data["type"] == "app") != (len(path) == 1):
            raise ApiError(400, "INVALID_CONTEXT", "Only the main app context has type app.")
        return tuple(path), locale

    def referenced(self, env, thumbnail_id):
        return any(e == env and c["data"].get("thumbnailId") == thumbnail_id
                   for (e, _, _), c in self.contexts.items())

    def delete_context(self, env, path, locale):
        if (env, path, locale) not in self.contexts:
            raise ApiError(404, "NOT_FOUND", f"No context {list(path)} ({locale}).")
        if self.has_children(env, path, locale):
            raise ApiError(400, "CONTEXT_HAS_CHILDREN", f"{list(path)} ({locale}) still has child contexts.")
        gone = self.contexts.pop((env, path, locale))["data"].get("thumbnailId")
        # Apple deletes a thumbnail once no context references it (catalog-api.md L5).
        if gone and not self.referenced(env, gone):
            self.thumbnails.pop((env, gone), None)

    def get_context(self, env, path, locale):
        """A stored context as Get a Context returns it (catalog-api.md 6.2): displayOrder
        and both ranges as strings, and the duration capability the system adds when none
        was given (2.5). None when there is no such version."""
        stored = self.contexts.get((env, path, locale))
        if stored is None:
            return None
        context = copy.deepcopy(stored)
        data = context["data"]
        if "displayOrder" in data:
            data["displayOrder"] = str(data["displayOrder"])
        for name in ("suggestedAge", "suggestedCompletionTime"):
            if name in data:
                data[name] = [str(value) for value in data[name]]
        capabilities = data.get("progressReportingCapabilities", [])
        if not any(entry.get("kind") == "duration" for entry in capabilities):
            data["progressReportingCapabilities"] = capabilities + [{"kind": "duration", "details": ""}]
        return {"data": data, "metadata": context["metadata"]}

    def snapshot(self):
        return {
            "contexts": [{"environment": e, "identifierPath": list(p), "locale": l, "context": c}
                         for (e, p, l), c in sorted(self.contexts.items())],
            "thumbnails": [{"environment": e, "thumbnailId": t, "contentType": v[0],
                            "sha256": hashlib.sha256(v[1]).hexdigest()}
                           for (e, t), v in sorted(self.thumbnails.items())],
        }
