"""pyrite.chat: conversations as the models were trained on them.

render(template, messages, *, tools=None, add_generation_prompt=True, **kwargs) -> str renders a model's own
chat template exactly as transformers does (template.py).
"""
from .template import CHATML, DEFAULT_NAME, render

__all__ = ["CHATML", "DEFAULT_NAME", "render"]
