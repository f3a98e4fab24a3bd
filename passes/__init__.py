"""Passes of the slice compiler: canonicalization and lowering to loops."""
