"""Printers from the lowered slice IR to target languages (``c``: see ``c.py``)."""
