"""The key that signs session cookies: from the environment, or generated once and kept."""

from __future__ import annotations

import os
import secrets
from pathlib import Path


def load_or_create_secret_key(instance_path: str | os.PathLike[str]) -> str:
    """Return the key that signs sessions, generating it once and keeping it in the instance folder.

    The first process to need a key writes it with O_EXCL, so workers started together agree.
    """
    folder = Path(instance_path)
    folder.mkdir(parents=True, exist_ok=True)
    key_file = folder / "secret_key"
    try:
        fd = os.open(key_file, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        key = key_file.read_text().strip()
        if len(key) >= 32:
            return key
        raise RuntimeError(f"{key_file} is too short to be a secret key; delete it") from None
    key = secrets.token_hex(32)
    with os.fdopen(fd, "w") as out:
        out.write(key + "\n")
    return key
