"""The build step of ``pip install .`` (everything else is in pyproject.toml).

The repository keeps ``templates/``, ``static/`` and ``migrations/`` at its top level; a wheel
carries them inside the package (``companion/templates`` …), with the translations compiled to
``.mo`` files (they are not kept in git). ``companion.paths`` finds them either way: in a checkout
(an editable install) at the top level, in an installed wheel inside the package.
"""

from __future__ import annotations

import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

ROOT = Path(__file__).resolve().parent
FOLDERS = ("templates", "static", "migrations")


class BuildWithAppFiles(build_py):
    def run(self) -> None:
        super().run()
        if self.editable_mode:  # a checkout reads its own folders
            return
        package = Path(self.build_lib) / "companion"
        for folder in FOLDERS:
            target = package / folder
            shutil.rmtree(target, ignore_errors=True)
            shutil.copytree(ROOT / folder, target,
                            ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
        self._compile_catalogues(package / "translations")

    @staticmethod
    def _compile_catalogues(translations: Path) -> None:
        from babel.messages.mofile import write_mo
        from babel.messages.pofile import read_po

        for po in sorted((ROOT / "companion" / "translations").glob("*/LC_MESSAGES/messages.po")):
            with po.open("rb") as f:
                catalog = read_po(f, locale=po.parent.parent.name)
            if catalog.fuzzy:
                raise SystemExit(f"{po} is marked fuzzy: it would not be compiled")
            target = translations / po.relative_to(ROOT / "companion" / "translations")
            target = target.with_suffix(".mo")
            target.parent.mkdir(parents=True, exist_ok=True)
            with target.open("wb") as f:
                write_mo(f, catalog)


setup(cmdclass={"build_py": BuildWithAppFiles})
