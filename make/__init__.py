"""build.py's steps that are more than a few lines: the wheels the page ships (wheels.py), the worker's
runtime module (runtime.py), the npm package (pack.py)."""
