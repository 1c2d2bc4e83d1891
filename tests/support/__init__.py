"""Helpers the tests share, each defined once: the engine's prompt, golden continuation, corpus and
memory probes (engine.py), the CLI runner (cli.py), GGUF writers (gguf.py) and the tests' own site
(site.py). tests/ is on sys.path (the root conftest's folder), so tests import them as `support.X`."""
