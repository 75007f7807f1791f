"""The one error type users see: a message naming the file and the place, shown on one line."""

from __future__ import annotations


class TrackwrightError(Exception):
    """Bad input. ``where`` is the file (and place in it) the problem is in."""

    def __init__(self, message: str, where: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.where = where

    def __str__(self) -> str:
        return f"{self.where}: {self.message}" if self.where else self.message
