"""The corpus's pydantic schemas: model_json_schema() of typical pydantic v2 models (nested models, lists of
models, Enum and Literal fields, Optional[Model], discriminated unions, dict[str, X], patterns and
constrained strings, datetime/UUID/email-like fields, recursive models), written to pydantic/<name>.json
with their entries in index.json.

    .venv/bin/python tests/constrain/corpus/make_pydantic.py
"""
from __future__ import annotations

import datetime as dt
import enum
import uuid
from decimal import Decimal
from typing import Annotated, Literal, Optional, Union

import pydantic
from pydantic import BaseModel, Field, RootModel, conint, constr

from corpus_index import write_source


class Color(str, enum.Enum):
    RED = "red"
    GREEN = "green"
    BLUE = "blue"


class Priority(enum.IntEnum):
    LOW = 1
    MEDIUM = 2
    HIGH = 3


class Address(BaseModel):
    street: str
    city: str
    postal_code: constr(pattern=r"^[0-9]{5}(-[0-9]{4})?$")
    country: Literal["US", "CA", "MX"] = "US"


class User(BaseModel):
    id: uuid.UUID
    name: Annotated[str, Field(min_length=1, max_length=64)]
    email: Annotated[str, Field(pattern=r"^[^@\s]+@[^@\s]+\.[a-z]{2,}$")]
    age: Optional[conint(ge=0, le=150)] = None
    created_at: dt.datetime
    address: Optional[Address] = None


class LineItem(BaseModel):
    sku: constr(pattern=r"^[A-Z]{3}-[0-9]{4}$")
    quantity: Annotated[int, Field(gt=0, le=1000)]
    unit_price: Annotated[float, Field(ge=0)]


class Order(BaseModel):
    order_id: int
    customer: User
    items: list[LineItem] = Field(min_length=1)
    status: Literal["pending", "paid", "shipped", "cancelled"]
    notes: Optional[str] = None
    placed_on: dt.date


class Task(BaseModel):
    title: str
    done: bool = False
    priority: Priority = Priority.MEDIUM
    color: Color | None = None
    due: Optional[dt.datetime] = None
    tags: list[str] = []


class TreeNode(BaseModel):
    value: int
    children: list["TreeNode"] = []


class Comment(BaseModel):
    author: str
    text: str
    replies: Optional[list["Comment"]] = None


class Cat(BaseModel):
    pet_type: Literal["cat"]
    meows: int


class Dog(BaseModel):
    pet_type: Literal["dog"]
    barks: float


class Lizard(BaseModel):
    pet_type: Literal["reptile", "lizard"]
    scales: bool


class Owner(BaseModel):
    pet: Union[Cat, Dog, Lizard] = Field(discriminator="pet_type")
    name: str


class Inventory(BaseModel):
    counts: dict[str, int]
    locations: dict[str, Address] = {}


class Settings(BaseModel):
    model_config = pydantic.ConfigDict(extra="forbid")
    theme: Literal["light", "dark", "system"] = "system"
    font_size: Annotated[int, Field(ge=8, le=72)] = 14
    language: constr(min_length=2, max_length=5) = "en"
    beta_features: bool = False


class Weather(BaseModel):
    """Current weather at a location."""
    location: str = Field(description="City and country, e.g. Paris, France")
    temperature_c: float
    condition: Literal["sunny", "cloudy", "rain", "snow", "fog"]
    humidity: Annotated[int, Field(ge=0, le=100)]
    wind_kph: Optional[float] = None


class Event(BaseModel):
    name: str
    starts: dt.datetime
    ends: dt.datetime
    duration: dt.timedelta
    venue: Optional[Address]
    attendees: list[User] = []


class Invoice(BaseModel):
    number: constr(pattern=r"^INV-\d{6}$")
    total: Decimal
    currency: Literal["USD", "EUR", "GBP"]
    lines: list[LineItem]


class Point(BaseModel):
    x: float
    y: float


class Polygon(BaseModel):
    kind: Literal["polygon"] = "polygon"
    points: list[Point] = Field(min_length=3)


class Circle(BaseModel):
    kind: Literal["circle"] = "circle"
    center: Point
    radius: Annotated[float, Field(gt=0)]


class Drawing(BaseModel):
    shapes: list[Annotated[Union[Polygon, Circle], Field(discriminator="kind")]]
    background: Color = Color.RED


class Expression(BaseModel):
    op: Literal["+", "-", "*", "/"]
    left: Union[float, "Expression"]
    right: Union[float, "Expression"]


class Tags(RootModel[list[constr(min_length=1, max_length=20)]]):
    pass


class Classification(BaseModel):
    label: Literal["positive", "negative", "neutral"]
    confidence: Annotated[float, Field(ge=0, le=1)]
    reasons: list[str] = Field(max_length=5)


class ExtractedPerson(BaseModel):
    first_name: str
    last_name: str
    birth_year: Optional[int] = Field(default=None, ge=1900, le=2030)
    phone_numbers: list[constr(pattern=r"^\+?[0-9 ()-]{7,20}$")] = []
    website: Optional[pydantic.AnyUrl] = None


class SearchQuery(BaseModel):
    query: str
    filters: dict[str, Union[str, int, bool]] = {}
    page: Annotated[int, Field(ge=1)] = 1
    per_page: Annotated[int, Field(ge=1, le=100)] = 20
    sort: Optional[tuple[str, Literal["asc", "desc"]]] = None


MODELS = {"address": Address, "user": User, "order": Order, "task": Task, "tree_node": TreeNode,
          "comment": Comment, "owner_discriminated": Owner, "inventory": Inventory, "settings_forbid": Settings,
          "weather": Weather, "event": Event, "invoice": Invoice, "drawing": Drawing, "expression": Expression,
          "tags_root": Tags, "classification": Classification, "extracted_person": ExtractedPerson,
          "search_query": SearchQuery}


def main() -> None:
    made = {name: model.model_json_schema() for name, model in MODELS.items()}
    write_source("pydantic", made, {"package": "pydantic", "version": pydantic.VERSION,
                                    "made_by": "make_pydantic.py"})


if __name__ == "__main__":
    main()
