"""The contract the old clients hold the server to (tests/clients/test_released_clients.py):
which document it is, and whether an answer keeps it.

The contract document is ``releases.line_release(foraccio.__version__)``, the newest
release of the current compatibility line, whose generated clients this server must keep
working with; when the line has no release yet (``0.2.0.dev0`` before 0.2.0), it is the
committed ``openapi/openapi.json``, since a new line's first clients are generated from
its own document. It is read from the file each time it is asked for, never from a copy,
so a document changed meanwhile is the one checked.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path

import httpx
import jsonschema_rs

import foraccio
from tests.api.releases import CURRENT, line_release

DIALECT = "https://json-schema.org/draft/2020-12/schema"
"""OpenAPI 3.1's schemas are JSON Schema 2020-12."""


def contract_document() -> Path:
    """The document the current version's clients were generated from (module docstring)."""
    return line_release(foraccio.__version__) or CURRENT


class ContractBreak(AssertionError):
    """An answer that a client generated from the contract document cannot take."""


@dataclass
class Contract:
    """The answers a document promises, by operation, status and media type; ``check``
    holds an answer to them with a JSON Schema 2020-12 validator of the document's own
    schema (its ``components`` resolved in place)."""

    path: Path
    document: dict = field(init=False)
    routes: list[tuple[re.Pattern[str], str]] = field(init=False)
    validators: dict[str, jsonschema_rs.Validator] = field(init=False, default_factory=dict)

    def __post_init__(self) -> None:
        self.document = json.loads(self.path.read_text(encoding="utf-8"))
        # Fixed paths first, so that a literal segment wins over a template's parameter.
        templates = sorted(self.document["paths"], key=lambda path: ("{" in path, path))
        self.routes = [(re.compile(re.sub(r"\\\{[^/]+\\\}", "[^/]+", re.escape(path)) + "$"),
                        path) for path in templates]

    @property
    def version(self) -> str:
        return self.document["info"]["version"]

    def template(self, path: str) -> str:
        """The document's path that ``path`` (a request's) is an instance of."""
        for pattern, template in self.routes:
            if pattern.match(path):
                return template
        raise ContractBreak(self.broke(f"{path}: no such path in its document"))

    def answer_schema(self, method: str, path: str, status: int, media_type: str) -> dict:
        """The schema the document gives the answer ``status`` of ``method path`` in
        ``media_type``; a status or media type it does not list is a break."""
        operation = f"{method.upper()} {self.template(path)}"
        responses = self.document["paths"][self.template(path)][method.lower()]["responses"]
        answer = responses.get(str(status)) or responses.get(f"{str(status)[0]}XX")
        if answer is None:
            raise ContractBreak(self.broke(f"{operation} answered {status}, which its "
                                           f"document does not list ({sorted(responses)})"))
        content = answer.get("content") or {}
        if media_type not in content:
            raise ContractBreak(self.broke(f"{operation} answered {status} as {media_type}, "
                                           f"its document says {sorted(content)}"))
        return content[media_type]["schema"]

    def check(self, method: str, path: str, status: int, media_type: str, body: bytes) -> None:
        """Hold one answer to the document; a break raises :class:`ContractBreak`."""
        schema = self.answer_schema(method, path, status, media_type)
        if not media_type.endswith("json"):
            return  # an event stream's events are not a JSON document
        answer = json.loads(body)
        errors = self.errors(schema, answer)
        if errors:
            # "not valid under any of the schemas" says little: the member the
            # discriminator names says what is wrong.
            errors = self.errors(self.member(schema, answer), answer) or errors
            raise ContractBreak(self.broke(
                f"{method.upper()} {self.template(path)} answered {status} against its "
                f"schema {schema_name(schema)}:\n  " + "\n  ".join(errors[:10])))

    def check_response(self, response: httpx.Response) -> None:
        """:meth:`check` for an httpx answer: usable as an httpx ``response`` event hook,
        so that every answer a client gets passes through it."""
        response.read()
        media_type = response.headers.get("content-type", "").partition(";")[0].strip()
        self.check(response.request.method, response.request.url.path, response.status_code,
                   media_type, response.content)

    def errors(self, schema: dict, answer: object) -> list[str]:
        """Where ``answer`` fails ``schema``, and why, each in a line of its own."""
        return [f"{'/'.join(map(str, error.instance_path)) or '(the body)'}: "
                f"{shortened(error.message)}"
                for error in self.validator(schema).iter_errors(answer)]

    def member(self, schema: dict, answer: object) -> dict:
        """The member of a discriminated union (``schema`` or the component it refers to)
        that ``answer`` names; ``schema`` itself when there is none."""
        union = self.document["components"]["schemas"].get(schema_name(schema), schema)
        discriminator = union.get("discriminator") or {}
        tag = answer.get(discriminator.get("propertyName")) if isinstance(answer, dict) else None
        member = (discriminator.get("mapping") or {}).get(tag)
        return {"$ref": member} if member else schema

    def validator(self, schema: dict) -> jsonschema_rs.Validator:
        """A validator of ``schema``, its ``#/components/...`` references resolved in the
        document (one validator per schema, built when first needed)."""
        key = json.dumps(schema, sort_keys=True)
        if key not in self.validators:
            rooted = {"$schema": DIALECT, **schema, "components": self.document["components"]}
            self.validators[key] = jsonschema_rs.validator_for(rooted, validate_formats=True)
        return self.validators[key]

    def broke(self, what: str) -> str:
        """The message of a break: which client breaks, and where."""
        return (f"a client generated from the document of foraccio {self.version} "
                f"({self.path.name}) breaks against this server ({foraccio.__version__}): {what}")


def schema_name(schema: dict) -> str:
    """The component a schema refers to (``Problem`` for ``#/components/schemas/Problem``),
    or ``inline``."""
    return schema.get("$ref", "inline").rpartition("/")[2]


def shortened(message: str, most: int = 300) -> str:
    """A validator's message, which may quote a whole state, cut to ``most`` characters."""
    return message if len(message) <= most else message[:most] + " ..."
