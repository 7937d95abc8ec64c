"""`make bench` (``python -m bench [http] [shortcuts] [rounds] [length] [sweep] [engine]``):
one table of figures, each beside a reference measured in the same run. It asserts
nothing about speed.

- ``http``: the service as ``make run`` serves it (gunicorn, ``gunicorn.conf.py``, plus
  ``python -m service.worker``) on a fresh PostgreSQL database, against a bare Flask app
  under the same gunicorn settings (``bare.py``: the framework's ceiling) and pgbench
  running the SQL one move sends (captured in process: the database's ceiling); between
  them, the bare app making the service's round trips with the store's own statements
  on dealt games (``bare_sql.py``: read a game; read and save it with an event). What the
  change hints cost: the service again with them off (``unhinted.py``), and pgbench with
  the hint after the move's commit (as the service sends it) or in its transaction. The
  four servers run side by side, and each load is cut into slices taken by turns.
- ``shortcuts``: gunicorn's CPU per request of the service, and of the same on its
  general paths (``general_paths.py``: SQLAlchemy for its hot statements,
  python-json-logger's general path for its access lines), each beside bare Flask
  running the store's SQL (``bare_sql.py``), by turns.
- ``rounds``: SQL statements, transactions and pool pings per view, move, automatic move,
  worker sweep and events page, counted with SQLAlchemy's engine events.
- ``length``: move, view, automatic move and last events page at event 10, 1,000 and
  10,000 of one long game.
- ``sweep``: the workers' picks of due games, statements, transactions and rows read
  per second with 1 and 3 workers, idle and with bots' moves due, and the bots' moves'
  lateness; beside the same with every worker picking (before they took turns).
- ``engine``: random playouts per second, ours against OpenSpiel (``.venv-openspiel``) in
  short slices by turns (the machine's speed drifts within seconds), and every game's
  playouts and stored bytes per move.

Nothing here is imported by the load client before gevent patches it (``client.py``), so
this package's ``__init__`` imports nothing.
"""
