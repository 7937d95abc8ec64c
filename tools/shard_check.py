"""SCALING.md's rule that a game's statement runs on one shard, checked with PostgreSQL's
own parser (pglast) on the statements the test suite sent: every reference to a sharded
table is pinned by an equality of its distribution column to a value (a parameter or a
constant) in its own query level, and an INSERT into one carries that column in VALUES.
A join or a subquery correlated on another table's column pins nothing: Citus then plans
the statement across shards. Statements that read across games on purpose say so with a
comment ``/* across games: <name> */``, and the name must be one of ``ACROSS_GAMES``.

    python tools/shard_check.py STATEMENTS.json...

Each file holds a JSON object of statement text -> where in the service it was sent."""

import json
import re
import sys
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

from pglast import ast, parse_sql
from pglast.enums import A_Expr_Kind, BoolExprType

# The sharded tables and their distribution columns (migrations/versions/0008_citus.py).
DISTRIBUTED_BY = {
    "games": "id",
    "seats": "game_id",
    "events": "game_id",
    "idempotent_answers": "game_id",
    "join_codes": "code_hash",
}
# The statements that may fan out to every shard, each listed in SCALING.md.
ACROSS_GAMES = {"lobby", "due games", "retention"}
_ACROSS = re.compile(r"/\* across games: ([a-z ]+) \*/")
_PYFORMAT = re.compile(r"%\((\w+)\)s|%s")


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
        for level in _levels(raw.stmt):
            found.extend(_level_problems(level))
    return found


def as_postgres(statement: str) -> str:
    """The driver's ``%(name)s`` placeholders as PostgreSQL's ``$n``."""
    numbers: dict[str, int] = {}

    def number(match: re.Match[str]) -> str:
        name = match.group(1) or f"#{len(numbers)}"
        return f"${numbers.setdefault(name, len(numbers) + 1)}"

    return _PYFORMAT.sub(number, statement).replace("%%", "%")


def _levels(node: Any) -> Iterator[ast.Node]:
    """Every query level in the statement: itself, its CTEs and subqueries."""
    if isinstance(node, ast.SelectStmt | ast.InsertStmt | ast.UpdateStmt | ast.DeleteStmt):
        yield node
    if isinstance(node, ast.Node):
        for field in node:  # pglast's nodes iterate over their fields' names
            yield from _levels(getattr(node, field))
    elif isinstance(node, tuple | list):
        for item in node:
            yield from _levels(item)


def _level_problems(level: ast.Node) -> list[str]:
    references = list(_references(level))
    if not references:
        return []
    if isinstance(level, ast.InsertStmt):
        return _insert_problems(level)
    pinned = _pinned_columns(level, references)
    return [
        f"{table} (as {name}) is not pinned by {DISTRIBUTED_BY[table]} = a value"
        for name, table in references
        if (name, DISTRIBUTED_BY[table]) not in pinned
    ]


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


def _pinned_columns(level: ast.Node, references: list[tuple[str, str]]) -> set[tuple[str, str]]:
    """The (table name, column) pairs an equality to a value fixes, in the level's WHERE
    and its joins' ON, taken only where every row must satisfy them (AND, not OR)."""
    conditions = [level.whereClause, *_join_quals(getattr(level, "fromClause", None) or ())]
    pinned = set()
    for condition in conditions:
        for conjunct in _conjuncts(condition):
            column = _pinning_equality(conjunct)
            if column is not None:
                pinned.add(_qualified(column, references))
    return pinned


def _join_quals(sources: Iterable[Any]) -> Iterator[Any]:
    for source in sources:
        if isinstance(source, ast.JoinExpr):
            yield source.quals
            yield from _join_quals((source.larg, source.rarg))


def _conjuncts(condition: Any) -> Iterator[Any]:
    if isinstance(condition, ast.BoolExpr) and condition.boolop == BoolExprType.AND_EXPR:
        for argument in condition.args:
            yield from _conjuncts(argument)
    elif condition is not None:
        yield condition


def _pinning_equality(condition: Any) -> tuple[str, ...] | None:
    """The column of ``column = value`` (either way round), or None."""
    if not (
        isinstance(condition, ast.A_Expr)
        and condition.kind == A_Expr_Kind.AEXPR_OP
        and [name.sval for name in condition.name] == ["="]
    ):
        return None
    for column, value in ((condition.lexpr, condition.rexpr), (condition.rexpr, condition.lexpr)):
        if isinstance(column, ast.ColumnRef) and _is_value(value):
            return tuple(field.sval for field in column.fields)
    return None


def _is_value(node: Any) -> bool:
    if isinstance(node, ast.TypeCast):
        return _is_value(node.arg)
    return isinstance(node, ast.ParamRef | ast.A_Const)


def _qualified(column: tuple[str, ...], references: list[tuple[str, str]]) -> tuple[str, str]:
    """(table name, column): an unqualified column belongs to the level's one table."""
    if len(column) >= 2:
        return column[-2], column[-1]
    if len(references) == 1:
        return references[0][0], column[0]
    return "?", column[0]


def _insert_problems(insert: ast.InsertStmt) -> list[str]:
    table = insert.relation.relname
    key = DISTRIBUTED_BY[table]
    columns = [target.name for target in insert.cols or ()]
    rows = insert.selectStmt.valuesLists if insert.selectStmt else None
    if not rows:
        return [f"INSERT into {table} not from VALUES (INSERT ... SELECT runs on every shard)"]
    if key not in columns:
        return [f"INSERT into {table} names no {key}"]
    at = columns.index(key)
    if all(_is_value(row[at]) for row in rows):
        return []
    return [f"INSERT into {table} takes {key} from an expression, not a value"]


def check(sent: dict[str, str]) -> list[str]:
    """A report line per statement that fails, with where it was sent from."""
    report = []
    for statement, origin in sorted(sent.items(), key=lambda item: item[1]):
        for problem in problems(statement):
            report.append(f"{origin}: {problem}\n    {' '.join(statement.split())[:400]}")
    return report


def main(paths: list[str]) -> int:
    sent: dict[str, str] = {}
    for path in paths:
        sent.update(json.loads(Path(path).read_text()))
    report = check(sent)
    for line in report:
        print(line, file=sys.stderr)
    print(f"shard check: {len(sent)} distinct statements, {len(report)} not on one shard")
    return 1 if report or not sent else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
