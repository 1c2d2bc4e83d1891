"""A compiler refusal as one line, and the reason it shares with other refusals (for counts)."""
from __future__ import annotations

import re

from pyrite.errors import LimitError, RequestError

REFUSALS = (RequestError, LimitError)   # what compile_schema raises on purpose; anything else is a bug


def refusal(e: Exception) -> str:
    """The error's kind, the path it names (a RequestError's field) and the first clause of its message."""
    where = f"{e.field}: " if isinstance(e, RequestError) else ""
    return f"{type(e).__name__}: {where}{' '.join(str(e).split('; ')[0].split())}"


def reason_key(refused: str) -> str:
    """A refusal without its specifics (its path, the value or reference it quotes, numbers)."""
    kind, _, rest = refused.partition(": ")
    message = rest.split(": ", 1)[-1]   # a RequestError's field, a LimitError's sub-schema
    message = re.sub(r"'#[^']*'", "'#...'", re.sub(r", not .*", "", message))
    return re.sub(r"\d+", "N", message)
