"""The API keeps the contract its OpenAPI document states, checked by schemathesis.

Every operation gets generated requests, valid and invalid, with all of
schemathesis' default checks: no 5xx, only documented statuses, content
types and headers, bodies matching their schemas, invalid data rejected,
valid data accepted (a well-formed state may still be inconsistent: 422).
"""

import os
from pathlib import Path

import schemathesis
from hypothesis import HealthCheck, settings
from schemathesis.config import SchemathesisConfig

from foraccio.api.app import create_app

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = int(os.environ.get("SCHEMATHESIS_EXAMPLES", "50"))
"""Generated cases per operation and phase; raise it for a deeper run."""

schema = schemathesis.openapi.from_asgi(
    "/schema/openapi.json", create_app(),
    config=SchemathesisConfig.from_path(ROOT / "schemathesis.toml"),
)


@schema.parametrize()
@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=list(HealthCheck))
def test_every_operation_keeps_its_contract(case):
    case.call_and_validate()
