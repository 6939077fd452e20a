"""Shared pieces of the upload tests: paths, the test key, and a runner for the binary.

Kept out of conftest.py so that test modules can import them by a name no other test
directory uses."""

import base64
import os
import subprocess
from pathlib import Path

from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec

ROOT = Path(__file__).resolve().parents[2]
BINARY = ROOT / ".build" / "debug" / "catalog-build"
FIXTURE = ROOT / "Tests" / "Fixtures" / "upload" / "basic"
TEAM, KEY_ID = "4J2MBDPZ6M", "9QVIE72P19"


class Key:
    """A P-256 key written as a .p8 file outside the upload's working directory."""

    def __init__(self, directory):
        self.private = ec.generate_private_key(ec.SECP256R1())
        self.pem = self.private.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
                                              serialization.NoEncryption())
        self.public_pem = self.private.public_key().public_bytes(
            serialization.Encoding.PEM, serialization.PublicFormat.SubjectPublicKeyInfo)
        self.path = directory / f"AuthKey_{KEY_ID}.p8"
        self.path.write_bytes(self.pem)
        self.path.chmod(0o600)

    def secrets(self):
        """Every form of the key that must never appear in anything printed, written or sent."""
        body_lines = [line for line in self.pem.decode().splitlines() if line and not line.startswith("-----")]
        found = [line.encode() for line in body_lines] + ["".join(body_lines).encode(), self.pem]
        der = base64.b64decode("".join(body_lines))
        found += [der, base64.urlsafe_b64encode(der).rstrip(b"=")]
        number = self.private.private_numbers().private_value.to_bytes(32, "big")
        return found + [number, number.hex().encode(), base64.b64encode(number),
                        base64.urlsafe_b64encode(number).rstrip(b"=")]


class Runner:
    def __init__(self, key, workdir):
        self.key, self.workdir, self.outputs = key, workdir, []

    def args(self, server, output, *extra, credentials=True):
        command = [str(BINARY), "upload", "--output", str(output), "--environment", "development"]
        if server is not None:
            command += ["--api-url", server.url]
        if credentials:
            command += ["--team-id", TEAM, "--key-id", KEY_ID, "--private-key", str(self.key.path)]
        return command + list(extra)

    def environment(self):
        # Credentials come from options, and the server is local: keep the caller's
        # CLASSKIT_* and proxy variables (libcurl honours them) out of the run.
        return {k: v for k, v in os.environ.items()
                if not k.startswith("CLASSKIT_") and not k.lower().endswith("_proxy")}

    def run(self, server, output, *extra, credentials=True, timeout=300, env=None):
        result = subprocess.run(self.args(server, output, *extra, credentials=credentials), cwd=self.workdir,
                                env={**self.environment(), **(env or {})}, capture_output=True, timeout=timeout)
        self.outputs += [result.stdout, result.stderr]
        return result

    def popen(self, server, output, *extra):
        return subprocess.Popen(self.args(server, output, *extra), cwd=self.workdir, env=self.environment(),
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE)
