"""Branch Line's CPython half: its kit (one printed page), the board the phone shows, and its
commands (``trackwright generate branchline``, ``trackwright score branchline``)."""
