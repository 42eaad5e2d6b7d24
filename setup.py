"""Ships the top-level ``assets/`` folder inside the wheel as ``allmine_tui/assets``.

Metadata lives in pyproject.toml; this file only lists packages so a new game folder (code under
``allmine_tui/games/`` and data under ``assets/``) is picked up without editing anything here.
"""
from setuptools import find_packages, setup

setup(
    packages=find_packages(include=["allmine_tui", "allmine_tui.*"]) + ["allmine_tui.assets"],
    package_dir={"allmine_tui.assets": "assets"},
    package_data={"allmine_tui": ["ui/*.tcss"], "allmine_tui.assets": ["**/*"]},
    include_package_data=False,
)
