"""Unique identifiers for the printers (C locals, ONNX node and value names)."""


def unique_name(base: str, used: set[str]) -> str:
    """``base``, or ``base_1``, ``base_2``, ... the first not in ``used``; added to it."""
    name, suffix = base, 0
    while name in used:
        suffix += 1
        name = f"{base}_{suffix}"
    used.add(name)
    return name
