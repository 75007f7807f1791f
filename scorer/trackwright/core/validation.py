"""A small JSON Schema (draft 2020-12) validator in pure Python, for the keywords trackwright's
schemas use.

Each schema is compiled once into nested closures (``compile_schema``); checking a document is
then one walk over it. Messages and the choice of the error to report follow the reference
implementation (the ``jsonschema`` package, which the tests use as an oracle): the error
nearest the root wins, ``3 is not one of [1, 2]``, ``'x' is a required property``. A keyword
the compiler does not know is refused, so a schema can never be half-checked.

Why not ``jsonschema`` itself: it needs ``rpds-py``, a compiled extension a browser (Pyodide)
build cannot load. Why not ``fastjsonschema``: generating and compiling Python code for the map
schema takes longer (about 0.15 s per process) than checking a map does.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from trackwright.core import messages
from trackwright.core.errors import quote

Path = tuple[str | int, ...]


@dataclass(frozen=True)
class Problem:
    """One violation: where in the document (``path``), which keyword, and the message (in
    English, as the reference validator words it; ``code`` and ``params`` say it in the message
    catalogue's terms, for other languages)."""

    path: Path
    keyword: str
    message: str
    code: str = ""
    params: dict[str, object] = field(default_factory=dict)


def problem(path: Path, keyword: str, code: str, **params: object) -> Problem:
    """The violation of ``keyword`` at ``path``, worded by the catalogue's ``code``."""
    return Problem(path, keyword, messages.say(code, "en", params), code, params)


Check = Callable[[Any, Path, list[Problem]], None]

NOTES = frozenset(
    {"$schema", "$id", "$comment", "title", "description", "examples", "default", "$defs"}
)
LATER = frozenset({"then", "else", "items", "prefixItems", "additionalProperties"})
WEAK = frozenset({"anyOf", "oneOf"})
# Size keywords: what they measure and the catalogue's codes of the reference validator's words
# for too few, too many.
SIZES: dict[str, tuple[type[list[Any]] | type[str] | type[dict[str, Any]], str, str]] = {
    **dict.fromkeys(("minItems", "maxItems"), (list, "schema.short", "schema.long")),
    **dict.fromkeys(("minLength", "maxLength"), (str, "schema.short", "schema.long")),
    **dict.fromkeys(
        ("minProperties", "maxProperties"),
        (dict, "schema.few-keys", "schema.many-keys"),
    ),
}
SHOWN_KEYS = 5  # unknown keys named in one message


def _is_type(value: Any, name: str) -> bool:
    if name == "object":
        return isinstance(value, dict)
    if name == "array":
        return isinstance(value, list)
    if name == "string":
        return isinstance(value, str)
    if name == "boolean":
        return isinstance(value, bool)
    if name == "null":
        return value is None
    if isinstance(value, bool):
        return False
    if name == "integer":
        return isinstance(value, int) or (isinstance(value, float) and value.is_integer())
    if name == "number":
        return isinstance(value, int | float)
    raise ValueError(f"unknown JSON Schema type {name!r}")


def _key(value: Any) -> Any:
    """A hashable form that tells true from 1, as JSON does."""
    if isinstance(value, bool):
        return ("bool", value)
    if isinstance(value, list):
        return ("list", tuple(_key(v) for v in value))
    if isinstance(value, dict):
        return ("dict", tuple(sorted((k, _key(v)) for k, v in value.items())))
    return value


def _equal(a: Any, b: Any) -> bool:
    return _key(a) == _key(b)


def unknown_keys(value: dict[str, Any], schema: dict[str, Any]) -> str:
    """The message for keys no ``properties`` or ``patternProperties`` allow."""
    return unknown_keys_problem(value, schema, ()).message


def unknown_keys_problem(value: dict[str, Any], schema: dict[str, Any], path: Path) -> Problem:
    """The violation of keys no ``properties`` or ``patternProperties`` allow."""
    known = schema.get("properties", {})
    patterns = list(schema.get("patternProperties", {}))
    extra = [k for k in value if k not in known and not any(re.search(p, k) for p in patterns)]
    shown = ", ".join(map(quote, extra[:SHOWN_KEYS]))
    more = len(extra) - SHOWN_KEYS
    code = "schema.unknown" + (".more" if more > 0 else "") + (".own" if patterns else "")
    return problem(path, "additionalProperties", code, keys=shown, more=more)


class Compiler:
    """Compiles one schema document (with its ``$defs``) into a check function."""

    def __init__(self, root: dict[str, Any]) -> None:
        self.root = root
        self.refs: dict[str, Check] = {}

    def ref(self, pointer: str) -> Check:
        if pointer not in self.refs:
            if not pointer.startswith("#/"):
                raise ValueError(f"only local $ref are supported, not {pointer!r}")
            target: Any = self.root
            for part in pointer[2:].split("/"):
                target = target[part.replace("~1", "/").replace("~0", "~")]
            slot: list[Check] = []
            self.refs[pointer] = lambda v, p, out: slot[0](v, p, out)  # resolved below
            slot.append(self.compile(target))
        return self.refs[pointer]

    def compile(self, schema: Any) -> Check:
        if schema is True or schema == {}:
            return lambda v, p, out: None
        if schema is False:
            return lambda v, p, out: out.append(problem(p, "false", "schema.false", value=quote(v)))
        checks: list[Check] = []
        for keyword, arg in schema.items():
            if keyword in NOTES or keyword in LATER:
                continue
            checks.append(self.keyword(keyword, arg, schema))
        if "items" in schema or "prefixItems" in schema:
            checks.append(self.items(schema))
        if "additionalProperties" in schema:
            checks.append(self.additional(schema))
        if len(checks) == 1:
            return checks[0]

        def check(v: Any, p: Path, out: list[Problem]) -> None:
            for c in checks:
                c(v, p, out)

        return check

    def keyword(self, keyword: str, arg: Any, schema: dict[str, Any]) -> Check:
        """The check of one keyword of ``schema`` (whose argument is ``arg``)."""
        build = KEYWORDS.get(keyword)
        if build is None:
            raise ValueError(f"the JSON Schema keyword {keyword!r} is not supported here")
        return build(self, keyword, arg, schema)

    def type_check(self, keyword: str, arg: Any, schema: dict[str, Any]) -> Check:
        """``type``: one name or a list of names."""
        names = arg if isinstance(arg, list) else [arg]
        shown = ", ".join(map(repr, names))

        def check_type(v: Any, p: Path, out: list[Problem]) -> None:
            if not any(_is_type(v, n) for n in names):
                out.append(problem(p, "type", "schema.type", value=quote(v), types=shown))

        return check_type

    def enum_check(self, keyword: str, arg: Any, schema: dict[str, Any]) -> Check:
        """``enum``: one of the values (true is not 1)."""
        keys = [_key(a) for a in arg]

        def check_enum(v: Any, p: Path, out: list[Problem]) -> None:
            if _key(v) not in keys:
                out.append(problem(p, "enum", "schema.enum", value=quote(v), choices=repr(arg)))

        return check_enum

    def const_check(self, keyword: str, arg: Any, schema: dict[str, Any]) -> Check:
        """``const``: exactly the value."""

        def check_const(v: Any, p: Path, out: list[Problem]) -> None:
            if not _equal(v, arg):
                out.append(problem(p, "const", "schema.const", expected=repr(arg)))

        return check_const

    def required_check(self, keyword: str, arg: Any, schema: dict[str, Any]) -> Check:
        """``required``: an object has each of the names."""

        def check_required(v: Any, p: Path, out: list[Problem]) -> None:
            if isinstance(v, dict):
                for name in arg:
                    if name not in v:
                        out.append(problem(p, "required", "schema.required", name=repr(name)))

        return check_required

    def properties_check(self, keyword: str, arg: Any, schema: dict[str, Any]) -> Check:
        """``properties``: each named property present checked by its schema."""
        props = {name: self.compile(sub) for name, sub in arg.items()}

        def check_properties(v: Any, p: Path, out: list[Problem]) -> None:
            if isinstance(v, dict):
                for name, c in props.items():
                    if name in v:
                        c(v[name], (*p, name), out)

        return check_properties

    def patterns_check(self, keyword: str, arg: Any, schema: dict[str, Any]) -> Check:
        """``patternProperties``: each property whose name matches checked by its schema."""
        patterns = [(re.compile(pat), self.compile(sub)) for pat, sub in arg.items()]

        def check_patterns(v: Any, p: Path, out: list[Problem]) -> None:
            if isinstance(v, dict):
                for pat, c in patterns:
                    for name, item in v.items():
                        if pat.search(name):
                            c(item, (*p, name), out)

        return check_patterns

    def names_check(self, keyword: str, arg: Any, schema: dict[str, Any]) -> Check:
        """``propertyNames``: each property's name checked by the schema."""
        each_name = self.compile(arg)

        def check_names(v: Any, p: Path, out: list[Problem]) -> None:
            if isinstance(v, dict):
                for name in v:
                    each_name(name, p, out)

        return check_names

    def size_check(self, keyword: str, arg: Any, schema: dict[str, Any]) -> Check:
        """``minItems``, ``maxLength``, ``minProperties`` and the like: a size limit."""
        kind, too_few, too_many = SIZES[keyword]
        least = keyword.startswith("min")
        if least:
            said = "schema.non-empty" if arg == 1 else too_few
        else:
            said = "schema.empty" if arg == 0 else too_many

        def check_size(v: Any, p: Path, out: list[Problem]) -> None:
            if isinstance(v, kind):
                size = len(v)
                if size < arg if least else size > arg:
                    out.append(problem(p, keyword, said, value=quote(v)))

        return check_size

    def pattern_check(self, keyword: str, arg: Any, schema: dict[str, Any]) -> Check:
        """``pattern``: a string matches the regular expression."""
        # The schemas are ours and their patterns anchored and simple (``^[0-9a-f]{64}$``):
        # no pattern backtracks on the data's strings.
        regex = re.compile(arg)

        def check_pattern(v: Any, p: Path, out: list[Problem]) -> None:
            if isinstance(v, str) and regex.search(v) is None:
                out.append(problem(p, keyword, "schema.pattern", value=quote(v), pattern=repr(arg)))

        return check_pattern

    def unique_check(self, keyword: str, arg: Any, schema: dict[str, Any]) -> Check:
        """``uniqueItems``: no two items of a list equal."""

        def check_unique(v: Any, p: Path, out: list[Problem]) -> None:
            if arg and isinstance(v, list) and len({_key(x) for x in v}) < len(v):
                out.append(problem(p, keyword, "schema.unique", value=quote(v)))

        return check_unique

    def bound_check(self, keyword: str, arg: Any, schema: dict[str, Any]) -> Check:
        """``minimum``, ``maximum`` and their exclusive forms: a number's bound."""
        words = {
            "minimum": (lambda v: v < arg, "schema.minimum"),
            "maximum": (lambda v: v > arg, "schema.maximum"),
            "exclusiveMinimum": (lambda v: v <= arg, "schema.exclusive-minimum"),
            "exclusiveMaximum": (lambda v: v >= arg, "schema.exclusive-maximum"),
        }
        fails, said = words[keyword]

        def check_bound(v: Any, p: Path, out: list[Problem]) -> None:
            if _is_type(v, "number") and fails(v):
                out.append(problem(p, keyword, said, value=quote(v), limit=repr(arg)))

        return check_bound

    def ref_check(self, keyword: str, arg: Any, schema: dict[str, Any]) -> Check:
        """``$ref``: the schema it points to (in this document)."""
        return self.ref(arg)

    def all_check(self, keyword: str, arg: Any, schema: dict[str, Any]) -> Check:
        """``allOf``: every one of the schemas."""
        return self.compile_all([self.compile(sub) for sub in arg])

    def of_check(self, keyword: str, arg: Any, schema: dict[str, Any]) -> Check:
        """``anyOf`` (at least one of the schemas) and ``oneOf`` (exactly one)."""
        subs = [self.compile(sub) for sub in arg]

        def check_of(v: Any, p: Path, out: list[Problem]) -> None:
            valid = []
            for i, c in enumerate(subs):
                trial: list[Problem] = []
                c(v, p, trial)
                if not trial:
                    valid.append(i)
                    if keyword == "anyOf":
                        return
            if not valid:
                out.append(problem(p, keyword, "schema.any", value=quote(v)))
            elif len(valid) > 1:
                # Worded as the reference validator: the later matches, then the first.
                each = ", ".join(repr(arg[i]) for i in [*valid[1:], valid[0]])
                out.append(problem(p, keyword, "schema.one", value=quote(v), each=each))

        return check_of

    def if_check(self, keyword: str, arg: Any, schema: dict[str, Any]) -> Check:
        """``if`` with the ``then`` and ``else`` beside it."""
        test = self.compile(arg)
        then = self.compile(schema["then"]) if "then" in schema else None
        other = self.compile(schema["else"]) if "else" in schema else None

        def check_if(v: Any, p: Path, out: list[Problem]) -> None:
            trial: list[Problem] = []
            test(v, p, trial)
            branch = other if trial else then
            if branch is not None:
                branch(v, p, out)

        return check_if

    @staticmethod
    def compile_all(checks: list[Check]) -> Check:
        def check_all(v: Any, p: Path, out: list[Problem]) -> None:
            for c in checks:
                c(v, p, out)

        return check_all

    def items(self, schema: dict[str, Any]) -> Check:
        prefix = [self.compile(sub) for sub in schema.get("prefixItems", [])]
        rest = self.compile(schema.get("items", True))
        n = len(prefix)
        # A list over its maxItems is reported as such (nearer the root than anything in it), so
        # its items need no walk: a list of a million items is refused as fast as one of ten.
        most = schema.get("maxItems")

        def check_items(v: Any, p: Path, out: list[Problem]) -> None:
            if isinstance(v, list) and (most is None or len(v) <= most):
                for i, item in enumerate(v):
                    (prefix[i] if i < n else rest)(item, (*p, i), out)

        return check_items

    def additional(self, schema: dict[str, Any]) -> Check:
        arg = schema["additionalProperties"]
        known = set(schema.get("properties", {}))
        patterns = [re.compile(pat) for pat in schema.get("patternProperties", {})]

        def extra(v: dict[str, Any]) -> list[str]:
            return [k for k in v if k not in known and not any(pat.search(k) for pat in patterns)]

        if arg is False:

            def check_closed(v: Any, p: Path, out: list[Problem]) -> None:
                if isinstance(v, dict) and extra(v):
                    out.append(unknown_keys_problem(v, schema, p))

            return check_closed
        sub = self.compile(arg)

        def check_additional(v: Any, p: Path, out: list[Problem]) -> None:
            if isinstance(v, dict):
                for name in extra(v):
                    sub(v[name], (*p, name), out)

        return check_additional


# The keywords the compiler knows, each with the method that compiles it.
KEYWORDS: dict[str, Callable[[Compiler, str, Any, dict[str, Any]], Check]] = {
    "type": Compiler.type_check,
    "enum": Compiler.enum_check,
    "const": Compiler.const_check,
    "required": Compiler.required_check,
    "properties": Compiler.properties_check,
    "patternProperties": Compiler.patterns_check,
    "propertyNames": Compiler.names_check,
    **dict.fromkeys(SIZES, Compiler.size_check),
    "pattern": Compiler.pattern_check,
    "uniqueItems": Compiler.unique_check,
    **dict.fromkeys(
        ("minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"), Compiler.bound_check
    ),
    "$ref": Compiler.ref_check,
    "allOf": Compiler.all_check,
    "anyOf": Compiler.of_check,
    "oneOf": Compiler.of_check,
    "if": Compiler.if_check,
}


def compile_schema(schema: dict[str, Any]) -> Callable[[Any], Problem | None]:
    """A function from a document to its most relevant problem (None if it is valid)."""
    check = Compiler(schema).compile(schema)

    def first_problem(document: Any) -> Problem | None:
        out: list[Problem] = []
        check(document, (), out)
        if not out:
            return None
        # As the reference validator's best_match: nearest the root, then a definite keyword
        # rather than an anyOf/oneOf, then the first found.
        return min(out, key=lambda e: (len(e.path), e.keyword in WEAK))

    return first_problem
