"""The engine's declared shapes as marshmallow schemas, so the OpenAPI document types
every move, view, event and option: a dataclass becomes a schema, a ``Literal`` an enum,
and a set of schemas told apart by ``type`` a ``oneOf`` with a ``discriminator``.

The rule for fields, for all three kinds of shape: a field with no default is required
(``X | None``: and nullable); a field declared ``optional()`` may be absent, never null.
"""

import dataclasses
import functools
import types
import typing
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, ClassVar, Literal, cast, get_args, get_origin, get_type_hints

import marshmallow as ma
from apispec import APISpec
from apispec.ext.marshmallow import MarshmallowPlugin, OpenAPIConverter
from marshmallow import fields, validate
from marshmallow.types import StrSequenceOrSet, UnknownOption

from ..engine.base import Rank, Reaction, Suit
from .reading import rank

# Enums published once, by name, and referred to wherever they are used.
NAMED_LITERALS: dict[Any, str] = {Suit: "Suit", Rank: "Rank", Reaction: "Reaction"}


class StrictBoolean(fields.Boolean):
    """A JSON boolean: refuses `"true"`, `1` and the other spellings marshmallow takes."""

    def _deserialize(
        self, value: Any, attr: str | None, data: Mapping[str, Any] | None, **kwargs: Any
    ) -> bool:
        if not isinstance(value, bool):
            raise self.make_error("invalid")
        return value


class JsonInteger(fields.Integer):
    """A JSON integer as JSON Schema has it: `4` and `4.0` (the same number), never `4.5`,
    `"4"` or `true`."""

    def _validated(self, value: Any) -> int:
        if isinstance(value, float) and value.is_integer():
            value = int(value)
        if isinstance(value, bool) or not isinstance(value, int):
            raise self.make_error("invalid")
        return super()._validated(value)


def Int(**kwargs: Any) -> fields.Integer:  # noqa: N802 - reads like a field class
    """A JSON integer that refuses `"4"`, `4.5` and `true` alike."""
    return JsonInteger(**kwargs)


def Enum(name: str, values: Iterable[str], **kwargs: Any) -> fields.String:  # noqa: N802
    """A string from a named enum (a component of its own in the OpenAPI document)."""
    metadata = {**kwargs.pop("metadata", {}), "enum_name": name}
    return fields.String(validate=validate.OneOf(list(values)), metadata=metadata, **kwargs)


def field_for(hint: Any, **kwargs: Any) -> fields.Field:
    """The marshmallow field of a type hint of an engine dataclass."""
    if hint in NAMED_LITERALS:
        return Enum(NAMED_LITERALS[hint], get_args(hint), **kwargs)
    origin, args = get_origin(hint), get_args(hint)
    if origin in (typing.Union, types.UnionType):
        (inner,) = [arg for arg in args if arg is not type(None)]
        return field_for(inner, **kwargs)
    if origin is Literal:
        return fields.String(validate=validate.OneOf(list(args)), **kwargs)
    if origin is list:
        return fields.List(field_for(args[0], required=True), **kwargs)
    if dataclasses.is_dataclass(hint):
        return fields.Nested(schema_of(cast(type, hint)), **kwargs)
    simple: dict[Any, Callable[..., fields.Field]] = {
        int: Int,
        str: fields.String,
        bool: StrictBoolean,
        float: fields.Float,
    }
    return simple[hint](**kwargs)


def fields_of(cls: type) -> dict[str, fields.Field]:
    """A dataclass's fields, by the rule of this module's docstring."""
    hints = get_type_hints(cls)
    return {
        item.name: field_for(hints[item.name], **_presence(item, hints[item.name]))
        for item in dataclasses.fields(cls)
    }


def _presence(item: dataclasses.Field, hint: Any) -> dict[str, bool]:
    if item.metadata.get("optional"):
        return {"required": False}
    nullable = get_origin(hint) in (typing.Union, types.UnionType) and type(None) in get_args(hint)
    return {"required": True, "allow_none": nullable}


@functools.cache
def schema_of(cls: type) -> type[ma.Schema]:
    """The schema of a dataclass, named after it (one per class), with the class's
    ``schema_description`` as its description in the OpenAPI document, if it has one."""
    schema = ma.Schema.from_dict(fields_of(cls), name=cls.__name__)
    description = getattr(cls, "schema_description", None)
    if description is not None:  # not Meta's: apispec would drop additionalProperties
        schema.json_schema = {"description": description}  # type: ignore[attr-defined]
    return schema


def merged_schema(name: str, classes: list[type]) -> type[ma.Schema]:
    """One schema for an event type that several games declare: every field of any of
    them, required only where all of them require it. A field two games type
    differently is a mistake in the engine, refused here."""
    if len(set(classes)) == 1:
        return schema_of(classes[0])
    merged: dict[str, fields.Field] = {}
    hints: dict[str, Any] = {}
    for cls in dict.fromkeys(classes):
        for field_name, field in fields_of(cls).items():
            hint = get_type_hints(cls)[field_name]
            if hints.setdefault(field_name, hint) != hint:
                raise TypeError(f"{name}.{field_name} is typed differently by two games")
            if field_name in merged and not field.required:
                merged[field_name] = field
            merged.setdefault(field_name, field)
    for field_name, field in merged.items():
        if not all(field_name in fields_of(cls) for cls in classes):
            field.required = False
    return ma.Schema.from_dict(merged, name=name)


class OneOfSchema(ma.Schema):
    """One of several schemas, told apart by the value of ``type``: loads and dumps
    with the chosen one, and is published as a ``oneOf`` with a ``discriminator``."""

    choices: ClassVar[dict[str, type[ma.Schema]]] = {}

    def load(
        self,
        data: Mapping[str, Any] | Sequence[Mapping[str, Any]],
        *,
        many: bool | None = None,
        partial: bool | StrSequenceOrSet | None = None,
        unknown: UnknownOption | None = None,
    ) -> Any:
        if not isinstance(data, dict):
            raise ma.ValidationError({"_schema": ["must be an object"]})
        choice = self._choice(data.get("type"))
        if choice is None:
            known = ", ".join(self.choices)
            raise ma.ValidationError({"type": [f"must be one of: {known}"]})
        return choice.load(data, partial=partial, unknown=unknown)

    def dump(self, obj: Any, *, many: bool | None = None) -> Any:
        if many:
            return [self.dump(item) for item in obj]
        return cast(ma.Schema, self._choice(obj["type"])).dump(obj)  # a known type

    @classmethod
    def _choice(cls, kind: Any) -> ma.Schema | None:
        if not isinstance(kind, str) or kind not in cls.choices:
            return None
        return _instance(cls.choices[kind])


@functools.cache
def _instance(schema: type[ma.Schema]) -> ma.Schema:
    return schema()


def one_of(name: str, choices: dict[str, type[ma.Schema]]) -> type[OneOfSchema]:
    return type(name, (OneOfSchema,), {"choices": choices})


class Converter(OpenAPIConverter):
    """apispec's converter, plus ``OneOfSchema`` and named enums."""

    def init_attribute_functions(self) -> None:
        super().init_attribute_functions()
        self.add_attribute_function(named_enum)
        self.add_attribute_function(nullable_enum)
        self.add_attribute_function(constant)

    def schema2jsonschema(self, schema: ma.Schema) -> dict[str, Any]:
        if not isinstance(schema, OneOfSchema):
            json_schema = super().schema2jsonschema(schema)
            if "properties" in json_schema:  # as the answers have them (a stable sort)
                properties = json_schema["properties"].items()
                json_schema["properties"] = dict(sorted(properties, key=lambda item: rank(item[0])))
            # what the fields alone cannot say (one field or another, one given another)
            return {**json_schema, **getattr(schema, "json_schema", {})}
        refs = {kind: self.resolve_nested_schema(choice) for kind, choice in schema.choices.items()}
        unique = list({ref["$ref"]: ref for ref in refs.values()}.values())
        mapping = {kind: ref["$ref"] for kind, ref in refs.items()}
        return {
            "oneOf": unique,
            "discriminator": {"propertyName": "type", "mapping": mapping},
        }


def named_enum(self: Converter, field: fields.Field, ret: dict, **_: Any) -> dict:
    """A field of a named enum refers to its component instead of repeating the values."""
    name = field.metadata.get("enum_name")
    if name is None:
        return {}
    ref = {"$ref": f"#/components/schemas/{name}"}
    for key in ("type", "enum", "enum_name"):
        ret.pop(key, None)
    return {"anyOf": [ref, {"type": "null"}]} if field.allow_none else ref


def constant(self: Converter, field: fields.Field, ret: dict, **_: Any) -> dict:
    """A field that must equal one value (each move's, view's and event's ``type``) as
    ``const``: a literal type in generated clients, which narrow on it."""
    equal = [check for check in field.validators if isinstance(check, validate.Equal)]
    if not equal:
        return {}
    ret.pop("enum", None)  # apispec's one-value enum: a class of its own in a generated client
    return {"const": equal[0].comparable}


def nullable_enum(self: Converter, field: fields.Field, ret: dict, **_: Any) -> dict:
    """An enum that may be null, as ``anyOf`` [the enum, null]: one enum class in a
    generated client, where ``type: [integer, null]`` with a null in the enum makes
    several."""
    if not (field.allow_none and "enum" in ret and isinstance(ret.get("type"), list)):
        return {}
    (kind,) = [item for item in ret.pop("type") if item != "null"]
    values = [value for value in ret.pop("enum") if value is not None]
    return {"anyOf": [{"type": kind, "enum": values}, {"type": "null"}]}


class Plugin(MarshmallowPlugin):
    Converter = Converter

    # MarshmallowPlugin's own signature, which differs from apispec's BasePlugin
    def schema_helper(  # type: ignore[override]
        self,
        name: str,
        _: dict[str, Any] | None,
        schema: type[ma.Schema] | ma.Schema | None = None,
        **kwargs: Any,
    ) -> dict[str, Any] | None:
        """Every component titled with its name: Swagger UI, ReDoc and the generators
        then show ``TakeMove``, not ``object``, for each member of a ``oneOf``."""
        json_schema = super().schema_helper(name, _, schema, **kwargs)
        return None if json_schema is None else {"title": name, **json_schema}


def register_enums(spec: APISpec, enums: dict[str, list[str]]) -> None:
    """The named enums as components (``Suit``, ``Rank``, the statuses, ...)."""
    for literal, name in NAMED_LITERALS.items():
        enums = {**enums, name: list(get_args(literal))}
    for name, values in enums.items():
        spec.components.schema(name, {"title": name, "type": "string", "enum": values})
