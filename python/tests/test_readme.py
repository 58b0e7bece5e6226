"""The package README's examples work as printed: its Python blocks run in order in one
namespace, each against the output block after it."""

import contextlib
import io
import pathlib
import re

import pytest

README = pathlib.Path(__file__).resolve().parents[1] / "README.md"


def examples():
    """Each ```python block with the ```text block that follows it (None if none does)."""
    blocks = re.findall(r"```(\w+)\n(.*?)```", README.read_text(), re.S)
    found = []
    for index, (language, code) in enumerate(blocks):
        if language != "python":
            continue
        following = blocks[index + 1] if index + 1 < len(blocks) else None
        expected = following[1] if following and following[0] == "text" else None
        found.append((code, expected))
    return found


def test_the_readme_examples_print_what_it_says():
    pytest.importorskip("pyspiel")
    pytest.importorskip("pettingzoo")
    namespace = {}
    shown = examples()
    assert len(shown) >= 6
    for code, expected in shown:
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            exec(compile(code, str(README), "exec"), namespace)
        if expected is not None:
            assert out.getvalue() == expected, code
