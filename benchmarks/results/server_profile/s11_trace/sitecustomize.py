"""Loads :mod:`commit_trace` into a server started with ``S11_TRACE=PATH`` (session scale11).

Run a benchmark with this folder first on ``PYTHONPATH``; each server process writes
``PATH.<pid>.json`` (and ``.jobs``) every 5 s. Read them with ``analyse.py``.
"""

import os
import sys

if os.environ.get("S11_TRACE") and "serve" in getattr(sys, "orig_argv", []):
    os.environ["S11_TRACE"] = os.environ["S11_TRACE"] + f".{os.getpid()}.json"
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    import commit_trace  # noqa: F401
