"""The offline HTML pages: the playable game and the artwork player (their JS, CSS and HTML live here)."""
