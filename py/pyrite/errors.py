"""Typed errors. Every message names the thing at fault (file, tensor, op, limit, shape, field).

The public attributes an error carries are its details where it crosses to the page (pyrite.web
error_shape); the kinds that can cross are listed in pyrite.schema.SEAM_ERRORS (docs/errors.md).
"""
from __future__ import annotations

import traceback as _traceback


class PyriteError(Exception):
    """Base of every error pyrite raises on purpose."""


class FieldError(PyriteError, ValueError):
    """Base of the errors that name one field of a request (details.field), refused before any work."""

    def __init__(self, field: str, message: str):
        self.field = field
        super().__init__(message)


class RequestError(FieldError):
    """A request field (prompt, messages, max_tokens, stop, ...) missing, unknown, mistyped or out of bounds."""


class SamplingError(FieldError):
    """A sampling field (temperature, top_k, top_p, min_p, repetition_*, seed) of the wrong type or out of range."""


class OptionError(FieldError):
    """An unknown runtime option, or a value the option does not allow."""


class ProtocolError(PyriteError):
    """A request the seam does not know, a payload that is no JSON object, or a request before any load."""


class InternalError(PyriteError):
    """An exception pyrite did not expect (a bug): details carry its Python type, message and traceback."""

    def __init__(self, type: str, message: str, traceback: str):
        self.type, self.message, self.traceback = type, message, traceback
        super().__init__(f"{type}: {message}")

    @classmethod
    def of(cls, e: BaseException) -> "InternalError":
        return cls(type(e).__qualname__, str(e), "".join(_traceback.format_exception(e)))


class GGUFError(PyriteError):
    """A GGUF file is missing, corrupt, truncated or uses something we do not support."""

    def __init__(self, path: object, problem: str):
        self.path = str(path)
        self.problem = problem
        super().__init__(f"{self.path}: {problem}")


class ModelFormatError(PyriteError):
    """A pyrite model directory (model.json + shards) is malformed."""


class ShardChecksumError(ModelFormatError):
    """A weight shard's sha256 differs from the one model.json records."""


class LimitError(PyriteError):
    """A buffer or dispatch would exceed an adapter limit."""

    def __init__(self, what: str, size: int, limit_name: str, limit: int):
        self.what, self.size, self.limit_name, self.limit = what, size, limit_name, limit
        super().__init__(f"{what}: {size} exceeds the adapter's {limit_name} ({limit})")


class ShapeError(PyriteError):
    """Shapes that an op cannot accept (rank, broadcast, alignment)."""


class DTypeError(PyriteError):
    """A dtype an op does not support (and a GGUF tensor type the exact recipe cannot keep, named)."""


class KernelError(PyriteError):
    """An unknown kernel id or a kernel registry problem."""


class ManifestError(PyriteError):
    """A malformed shader template manifest."""

    def __init__(self, path: object, key: str, problem: str):
        self.path, self.key, self.problem = str(path), key, problem
        super().__init__(f"{self.path}: {key}: {problem}")


class PromptError(PyriteError):
    """An empty prompt or one longer than the model's context."""


class DeviceError(PyriteError):
    """No WebGPU adapter, or the device was lost."""


class EngineBusyError(PyriteError):
    """A second generation or score on an engine that is still running one (it owns one KV cache)."""


class DeviceLostError(DeviceError):
    """The GPU device was lost (destroyed, a driver reset, a browser's GPU process gone): everything
    on it is gone; load the model again (on a new device)."""


class TokenizerError(PyriteError):
    """A tokenizer description we cannot use (unknown pre-tokenizer, bad vocab) or a bad token id."""


class ChatTemplateError(TokenizerError):
    """A chat template that does not parse, refuses the messages (its raise_exception), or reaches outside its
    sandbox."""


class StorageError(PyriteError):
    """The origin's storage cannot hold a local model (its quota), or a local model is missing."""

    def __init__(self, message: str, needed: int = 0, available: int = 0):
        self.needed, self.available = needed, available
        super().__init__(message)


class StoppedError(PyriteError):
    """A long request (a conversion) was stopped before it finished; it left nothing behind."""
