"""SCALING.md's rule that a game's statement runs on one shard, checked with PostgreSQL's
own parser (pglast) on the statements the test suite sent: every reference to a sharded
table is pinned by an equality of its distribution column to a value (a parameter or a
constant) in its own query level, an INSERT into one carries that column in VALUES, and
all of a statement's pins name one value of one co-location group. A join, an outer
join's ON or a subquery correlated on another table's column pins nothing: Citus then
plans the statement across shards. Statements that read across games on purpose say so
with a comment ``/* across games: <name> */``, and the name must be one of
``ACROSS_GAMES``.

    python tools/shard_check.py FOLDER

FOLDER holds a JSON file per test process (``tests/conftest.py``): statement text ->
where in the service it was sent. None when the suite ran on SQLite: then nothing is
checked, unless ``REQUIRE_POSTGRES`` is set."""

import json
import os
import re
import sys
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

from pglast import ast, parse_sql
from pglast.enums import A_Expr_Kind, BoolExprType, JoinType

# The sharded tables, their distribution columns and co-location groups (the rows of one
# value of a group live on one node): migrations/versions/0008_citus.py, 0013, 0014.
DISTRIBUTED_BY = {
    "games": "id",
    "events": "game_id",
    "idempotent_answers": "game_id",
    "join_codes": "code_hash",
    "presence": "game_id",
    "rate_counters": "client",
}
GROUP = {
    "games": "games",
    "events": "games",
    "idempotent_answers": "games",
    "presence": "games",
    "join_codes": "codes",
    "rate_counters": "clients",
}
# The statements that may fan out to every shard, each listed in docs/operations.md's Citus section.
ACROSS_GAMES = {"lobby", "due games", "retention", "presence"}
_ACROSS = re.compile(r"/\* across games: ([a-z ]+) \*/")
_PYFORMAT = re.compile(r"%\((\w+)\)s|%s")
Pin = tuple[str, str]  # (co-location group, the value: "$1", or a constant)


def problems(statement: str) -> list[str]:
    """Why a statement is not one shard's business; none when it is, touches no sharded
    table, or is a named cross-game statement."""
    named = _ACROSS.search(statement)
    if named:
        known = named.group(1) in ACROSS_GAMES
        return [] if known else [f"an unknown cross-game name {named.group(1)!r}"]
    try:
        parsed = parse_sql(as_postgres(statement))
    except Exception as error:  # pglast's ParseError, or a node it cannot build
        return [f"does not parse: {error}"]
    found: list[str] = []
    for raw in parsed:
        pins: set[Pin] = set()
        checked = 0
        for level in _levels(raw.stmt):
            level_problems, level_pins, references = _check_level(level)
            found += level_problems
            pins |= level_pins
            checked += references
        unread = _count_references(raw.stmt) - checked
        if unread:
            found.append(f"{unread} reference(s) where the check does not read (MERGE, COPY...)")
        if len({group for group, _ in pins}) > 1:
            found.append("tables of different co-location groups: not one shard")
        elif len({value for _, value in pins}) > 1:
            found.append(f"pinned to different values {sorted(v for _, v in pins)}: not one shard")
    return found


def as_postgres(statement: str) -> str:
    """The driver's ``%(name)s`` placeholders as PostgreSQL's ``$n``."""
    numbers: dict[str, int] = {}

    def number(match: re.Match[str]) -> str:
        name = match.group(1) or f"#{len(numbers)}"
        return f"${numbers.setdefault(name, len(numbers) + 1)}"

    return _PYFORMAT.sub(number, statement).replace("%%", "%")


def _nodes(node: Any) -> Iterator[ast.Node]:
    """Every node of the statement but ``FOR UPDATE OF``'s (which names a table only to
    lock it), the statement first."""
    if isinstance(node, ast.LockingClause):
        return
    if isinstance(node, ast.Node):
        yield node
        for field in node:  # pglast's nodes iterate over their fields' names
            yield from _nodes(getattr(node, field))
    elif isinstance(node, tuple | list):
        for item in node:
            yield from _nodes(item)


def _levels(statement: ast.Node) -> Iterator[ast.Node]:
    """Every query level in the statement: itself, its CTEs and subqueries."""
    levels = ast.SelectStmt | ast.InsertStmt | ast.UpdateStmt | ast.DeleteStmt
    return (node for node in _nodes(statement) if isinstance(node, levels))


def _count_references(statement: ast.Node) -> int:
    """The sharded tables named anywhere in the statement."""
    return sum(
        isinstance(node, ast.RangeVar) and node.relname in DISTRIBUTED_BY
        for node in _nodes(statement)
    )


def _check_level(level: ast.Node) -> tuple[list[str], set[Pin], int]:
    """The level's problems, what pins its sharded tables, and how many it names."""
    references = list(_references(level))
    if not references:
        return [], set(), 0
    if isinstance(level, ast.InsertStmt):
        found, values = _insert_problems(level)
        group = GROUP[level.relation.relname]
        return found, {(group, value) for value in values}, 1
    pinned = _pinned_columns(level, references)
    found, pins = [], set()
    for name, table in references:
        value = pinned.get((name, DISTRIBUTED_BY[table]))
        if value is None:
            found.append(f"{table} (as {name}) is not pinned by {DISTRIBUTED_BY[table]} = a value")
        else:
            pins.add((GROUP[table], value))
    return found, pins, len(references)


def _references(level: ast.Node) -> Iterator[tuple[str, str]]:
    """(name in the level, table) of each sharded table this level reads or writes,
    not its subqueries'."""
    if isinstance(level, ast.SelectStmt):
        sources = level.fromClause
    elif isinstance(level, ast.UpdateStmt):
        sources = (level.relation, *(level.fromClause or ()))
    elif isinstance(level, ast.DeleteStmt):
        sources = (level.relation, *(level.usingClause or ()))
    else:
        sources = (level.relation,)
    for source in _range_vars(sources or ()):
        if source.relname in DISTRIBUTED_BY:
            yield (source.alias.aliasname if source.alias else source.relname), source.relname


def _range_vars(sources: Iterable[Any]) -> Iterator[ast.RangeVar]:
    for source in sources:
        if isinstance(source, ast.RangeVar):
            yield source
        elif isinstance(source, ast.JoinExpr):
            yield from _range_vars((source.larg, source.rarg))


def _pinned_columns(
    level: ast.Node, references: list[tuple[str, str]]
) -> dict[tuple[str, str], str]:
    """The (table name, column) pairs an equality to a value fixes, and that value, in
    the level's WHERE and its inner joins' ON, taken only where every row must satisfy
    them (AND, not OR; an outer join's ON keeps rows that fail it)."""
    conditions = [level.whereClause, *_inner_join_quals(getattr(level, "fromClause", None) or ())]
    pinned = {}
    for condition in conditions:
        for conjunct in _conjuncts(condition):
            equality = _pinning_equality(conjunct)
            if equality is not None:
                column, value = equality
                pinned[_qualified(column, references)] = value
    return pinned


def _inner_join_quals(sources: Iterable[Any]) -> Iterator[Any]:
    for source in sources:
        if isinstance(source, ast.JoinExpr):
            if source.jointype == JoinType.JOIN_INNER:
                yield source.quals
            yield from _inner_join_quals((source.larg, source.rarg))


def _conjuncts(condition: Any) -> Iterator[Any]:
    if isinstance(condition, ast.BoolExpr) and condition.boolop == BoolExprType.AND_EXPR:
        for argument in condition.args:
            yield from _conjuncts(argument)
    elif condition is not None:
        yield condition


def _pinning_equality(condition: Any) -> tuple[tuple[str, ...], str] | None:
    """The column and the value of ``column = value`` (either way round), or None."""
    if not (
        isinstance(condition, ast.A_Expr)
        and condition.kind == A_Expr_Kind.AEXPR_OP
        and [name.sval for name in condition.name] == ["="]
    ):
        return None
    for column, value in ((condition.lexpr, condition.rexpr), (condition.rexpr, condition.lexpr)):
        key = _value(value)
        if isinstance(column, ast.ColumnRef) and key is not None:
            return tuple(field.sval for field in column.fields), key
    return None


def _value(node: Any) -> str | None:
    """A parameter (``$1``) or a constant, as text; None for anything else."""
    if isinstance(node, ast.TypeCast):
        return _value(node.arg)
    if isinstance(node, ast.ParamRef):
        return f"${node.number}"
    if isinstance(node, ast.A_Const):
        return repr(node.val)
    return None


def _qualified(column: tuple[str, ...], references: list[tuple[str, str]]) -> tuple[str, str]:
    """(table name, column): an unqualified column belongs to the level's one table."""
    if len(column) >= 2:
        return column[-2], column[-1]
    if len(references) == 1:
        return references[0][0], column[0]
    return "?", column[0]


def _insert_problems(insert: ast.InsertStmt) -> tuple[list[str], set[str]]:
    """What is wrong with an INSERT into a sharded table, and the values it puts in the
    distribution column."""
    table = insert.relation.relname
    key = DISTRIBUTED_BY[table]
    columns = [target.name for target in insert.cols or ()]
    rows = insert.selectStmt.valuesLists if insert.selectStmt else None
    if not rows:
        return [
            f"INSERT into {table} not from VALUES (INSERT ... SELECT runs on every shard)"
        ], set()
    if key not in columns:
        return [f"INSERT into {table} names no {key}"], set()
    values = [_value(row[columns.index(key)]) for row in rows]
    if None in values:
        return [f"INSERT into {table} takes {key} from an expression, not a value"], set()
    return [], {value for value in values if value is not None}


def check(sent: dict[str, str]) -> list[str]:
    """A report line per statement that fails, with where it was sent from."""
    report = []
    for statement, origin in sorted(sent.items(), key=lambda item: item[1]):
        for problem in problems(statement):
            report.append(f"{origin}: {problem}\n    {' '.join(statement.split())[:400]}")
    return report


def main(folder: str) -> int:
    sent: dict[str, str] = {}
    for path in sorted(Path(folder).glob("*.json")):
        sent.update(json.loads(path.read_text()))
    if not sent:
        print(f"shard check: no statements in {folder}/ (the suite ran on SQLite?)")
        return 1 if os.environ.get("REQUIRE_POSTGRES") else 0
    report = check(sent)
    for line in report:
        print(line, file=sys.stderr)
    print(f"shard check: {len(sent)} distinct statements, {len(report)} not on one shard")
    return 1 if report else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
