"""The package version (the same as pyproject.toml's; a test holds them equal)."""

__version__ = "0.1.0"
