"""The one table: each row a figure, its unit, the reference measured in the same run and
their ratio."""

import sys
from dataclasses import dataclass


@dataclass
class Row:
    part: str
    measure: str
    figure: str
    unit: str = ""
    reference: str = ""
    ratio: str = ""


class Report:
    def __init__(self):
        self.rows: list[Row] = []
        self.notes: list[str] = []

    def add(self, part, measure, figure, unit="", reference="", ratio="") -> None:
        self.rows.append(Row(part, measure, figure, unit, reference, ratio))

    def note(self, text: str) -> None:
        self.notes.append(text)

    def print(self, out=sys.stdout) -> None:
        header = Row("part", "measure", "figure", "unit", "reference (same run)", "ratio")
        rows = [header, *self.rows]
        widths = [max(len(getattr(r, f)) for r in rows) for f in Row.__dataclass_fields__]
        line = "  ".join("-" * w for w in widths)
        last_part = None
        print(line, file=out)
        for n, row in enumerate(rows):
            cells = [getattr(row, f) for f in Row.__dataclass_fields__]
            if n and row.part == last_part:
                cells[0] = ""
            elif n > 1:
                print(file=out)
            last_part = row.part
            print(
                "  ".join(c.ljust(w) for c, w in zip(cells, widths, strict=True)).rstrip(), file=out
            )
            if n == 0:
                print(line, file=out)
        print(line, file=out)
        for text in self.notes:
            print(text, file=out)


def progress(text: str) -> None:
    print(f"[bench] {text}", file=sys.stderr, flush=True)


def num(value: float, digits: int = 0) -> str:
    if value != value:  # NaN
        return "-"
    return f"{value:,.{digits}f}"


def ratio(a: float, b: float) -> str:
    return f"{a / b:.2f}x" if b else "-"


def percentile(values: list[float], p: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * p))]
