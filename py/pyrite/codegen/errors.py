"""The codegen's own error: a shader source, a rendered kernel or the publication is wrong."""
from __future__ import annotations

from pyrite.errors import PyriteError


class CodegenError(PyriteError):
    """A shader source or rendered kernel that cannot be published; `where` names the file
    (with a line when known) or the kernel id."""

    def __init__(self, where: str, problem: str):
        self.where, self.problem = where, problem
        super().__init__(f"{where}: {problem}")
