"""Wall and CPU time of the mypyc build of ``_build.COMPILED`` in two layouts (issue 24, CI budget).

Run: ``.venv/bin/python benchmarks/build_modes.py {group,separate} [--jobs N] [--out DIR]``.
Prints one line; asserts nothing. ``group`` is what ``_build.compile_native`` does (one shared
library for every module, plus a small shim per module); ``separate`` is mypyc's
``separate=True`` (a shared library per module). ``--jobs`` is setuptools' parallel
``build_ext`` (it runs extensions in parallel, not the C files of one extension). The C files
and libraries go to a new scratch directory under ``--out`` (default: the system's temp
directory); the package's own build is not touched. CPU time counts the C compiler's
processes (``os.times`` children).
"""

from __future__ import annotations

import argparse
import os
import tempfile
import time
from pathlib import Path

from connect_arena import _build


def _cpu(before: os.times_result, after: os.times_result) -> float:
    """CPU seconds (user + system, this process and its waited-for children) between two
    :func:`os.times` readings."""
    spent = (after.user + after.system + after.children_user + after.children_system) - (
        before.user + before.system + before.children_user + before.children_system
    )
    return float(spent)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("mode", choices=["group", "separate"])
    parser.add_argument("--jobs", type=int, default=2, help="parallel build_ext jobs")
    parser.add_argument("--out", type=Path, default=Path(tempfile.gettempdir()))
    args = parser.parse_args()
    from mypyc.build import mypycify
    from setuptools import Distribution  # type: ignore[import-untyped]

    paths = [
        str(_build.PACKAGE.joinpath(*name.split(".")).with_suffix(".py"))
        for name in _build.COMPILED
    ]
    work = Path(tempfile.mkdtemp(prefix="build-modes-", dir=args.out))
    os.chdir(work)  # mypy's cache and the C files go to the scratch directory
    grouping = {"separate": True} if args.mode == "separate" else {"group_name": _build.GROUP}
    start, clock0 = time.perf_counter(), os.times()
    options = ["--ignore-missing-imports", "--follow-imports=silent", *paths]
    extensions = mypycify(options, opt_level="2", **grouping)
    middle, clock1 = time.perf_counter(), os.times()
    dist = Distribution({"name": "build-modes", "ext_modules": extensions})
    command = dist.get_command_obj("build_ext")
    command.build_lib, command.build_temp = str(work / "lib"), str(work / "tmp")
    command.parallel = args.jobs
    dist.run_command("build_ext")
    end, clock2 = time.perf_counter(), os.times()
    print(
        f"{args.mode} -j{args.jobs}: {len(extensions)} extensions; "
        f"mypyc {middle - start:.1f} s wall {_cpu(clock0, clock1):.1f} s CPU; "
        f"C {end - middle:.1f} s wall {_cpu(clock1, clock2):.1f} s CPU; "
        f"total {end - start:.1f} s wall {_cpu(clock0, clock2):.1f} s CPU"
    )


if __name__ == "__main__":
    main()
