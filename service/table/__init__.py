"""A table's own rules, pure as the engine's: the record of a table (``records``), the
clock's policy (``clock``), who may do what (``access``), how a change of a table is
made (``rules``) and how a table looks from outside (``render``)."""
