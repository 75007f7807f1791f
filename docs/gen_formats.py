"""Writes the file-format pages (docs/formats/*.md) from the JSON Schemas the loaders check
against (scorer/trackwright/core/schema/*.schema.json), so the pages say what the code checks.

Run after changing a schema: `python docs/gen_formats.py`; tests/project/test_docs.py fails
while a page is not what this script writes.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SCHEMAS = ROOT / "scorer" / "trackwright" / "core" / "schema"
OUT = ROOT / "docs" / "formats"

#: The schema files in the order the pages list them, with the page's title.
PAGES = {
    "map": "Map files",
    "region": "Region files (TransAmerica)",
    "transamerica-record": "TransAmerica game records",
    "dampfross-record": "Dampfross game records",
    "lastrada-record": "La Strada game records",
    "transamerica-rules": "TransAmerica rules presets",
    "dampfross-rules": "Dampfross rules presets",
    "lastrada-rules": "La Strada rules presets",
    "photo-case": "Photo cases (trackwright photo check)",
}


def cell(text: str) -> str:
    text = " ".join(str(text).split()).replace("|", "\\|")
    return text.replace("<", "&lt;").replace(">", "&gt;")


def kind(spec: object) -> str:
    """A property's type in a few words: its type, enum, const or reference."""
    if not isinstance(spec, dict):
        return ""
    if "$ref" in spec:
        return f"`{spec['$ref'].rsplit('/', 1)[-1]}`"
    if "const" in spec:
        return f"`{json.dumps(spec['const'])}`"
    if "enum" in spec:
        return "one of " + ", ".join(f"`{json.dumps(v)}`" for v in spec["enum"])
    for key in ("oneOf", "anyOf"):
        if key in spec:
            return " or ".join(filter(None, (kind(s) for s in spec[key]))) or key
    kinds = spec.get("type", "")
    text = " or ".join(kinds) if isinstance(kinds, list) else kinds
    if text == "array" and "items" in spec:
        inner = kind(spec["items"])
        text = f"array of {inner}" if inner else text
    if text == "object" and isinstance(spec.get("additionalProperties"), dict):
        text = f"object of {kind(spec['additionalProperties'])}"
    return text


def nested(name: str, spec: object) -> list[tuple[str, dict]]:
    """The objects with keys of their own inside a property (its items, its alternatives),
    each with the name its section gets: ``rounds[]``, ``turns[]``."""
    if not isinstance(spec, dict):
        return []
    if "properties" in spec:
        return [(name, spec)]
    if isinstance(spec.get("items"), dict):
        return nested(f"{name}[]", spec["items"])
    return []


def table(spec: dict, prefix: str = "") -> list[str]:
    """The keys of an object as a table, then a section for each object nested in a key."""
    props = spec.get("properties", {})
    if not props:
        return []
    required = set(spec.get("required", []))
    rows = ["| key | required | type | meaning |", "| --- | --- | --- | --- |"]
    inner: list[tuple[str, dict]] = []
    for name, sub in props.items():
        meaning = sub.get("description", "") if isinstance(sub, dict) else ""
        yes = "yes" if name in required else ""
        found = nested(f"{prefix}{name}", sub)
        what = "object, below" if found and found[0][0].endswith(name) else kind(sub)
        what = "array of objects, below" if found and found[0][0].endswith("[]") else what
        rows.append(f"| `{name}` | {yes} | {cell(what)} | {cell(meaning)} |")
        inner += found
    rows.append("")
    for title, sub in inner:
        rows += [f"### `{title}`", ""]
        if sub.get("description"):
            rows += [cell(sub["description"]), ""]
        rows += table(sub, f"{title}.")
    return rows


def section(name: str, spec: dict) -> list[str]:
    lines = [f"## `{name}`", ""]
    if spec.get("description"):
        lines += [cell(spec["description"]), ""]
    rows = table(spec)
    if not rows and kind(spec):
        rows = [f"Type: {kind(spec)}.", ""]
    return lines + rows


def page(stem: str, title: str) -> str:
    path = SCHEMAS / f"{stem}.schema.json"
    schema = json.loads(path.read_text(encoding="utf-8"))
    lines = [
        f"# {title}",
        "",
        "<!-- Written by docs/gen_formats.py from the schema: do not edit by hand. -->",
        "",
        f"Schema: `scorer/trackwright/core/schema/{path.name}`"
        " (`trackwright schema map` and `trackwright schema record GAME` print the schemas too).",
        "",
    ]
    if schema.get("title"):
        lines += [f"**{cell(schema['title'])}.** " + cell(schema.get("description", "")), ""]
    lines += table(schema)
    for name, sub in schema.get("$defs", {}).items():
        lines += section(name, sub)
    return "\n".join(lines).rstrip() + "\n"


def pages() -> dict[str, str]:
    """Every page this script writes: its file name under docs/formats/ and its text."""
    return {f"{stem}.md": page(stem, title) for stem, title in PAGES.items()}


def main() -> int:
    OUT.mkdir(parents=True, exist_ok=True)
    for name, text in pages().items():
        (OUT / name).write_text(text, encoding="utf-8", newline="\n")
    print(f"wrote {len(PAGES)} pages in {OUT.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
