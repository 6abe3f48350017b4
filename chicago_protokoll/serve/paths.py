"""The path parameter of a table's number, ``{number:table}``: one to six digits.

Starlette's ``int`` takes any run of digits and converts it with `int`, which refuses
more than 4,300 digits with a ValueError: ``/r/<5000 digits>/x`` was a 500.  A table
number is small, so a longer one matches no route: 404, like any address not ours.
"""

from __future__ import annotations

from starlette.convertors import Convertor, register_url_convertor

TABLE = "table"


class TableNumber(Convertor[int]):
    regex = "[0-9]{1,6}"

    def convert(self, value: str) -> int:
        return int(value)

    def to_string(self, value: int) -> str:
        return str(value)


register_url_convertor(TABLE, TableNumber())
