# The service: gunicorn (gevent workers) and the worker side by side (python -m service.run),
# after `alembic upgrade head`. compose.yaml runs it beside PostgreSQL 16.
#
#   docker build -t card-table .
#   docker run -e DATABASE_URL=postgresql://user:password@host:5432/db -p 127.0.0.1:8000:8000 card-table
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1
WORKDIR /app

# The runtime dependencies from their lock (`make lock`), every file's hash checked; then
# the package alone, into site-packages: no source stays in /app, so what runs is what was
# installed.
COPY requirements/service.txt /tmp/requirements.txt
RUN pip install --no-cache-dir --require-hashes -r /tmp/requirements.txt && rm /tmp/requirements.txt
COPY pyproject.toml README.md /tmp/src/
COPY service /tmp/src/service
RUN pip install --no-cache-dir --no-deps /tmp/src && rm -rf /tmp/src

COPY alembic.ini gunicorn.conf.py ./
COPY migrations ./migrations

# No root at run time. /app/instance: the SQLite file, should DATABASE_URL name one there.
RUN groupadd --system --gid 10001 app \
    && useradd --system --uid 10001 --gid 10001 --home-dir /app --no-create-home app \
    && mkdir /app/instance && chown 10001:10001 /app/instance
USER 10001:10001

ENV GUNICORN_CONFIG=/app/gunicorn.conf.py \
    MIGRATIONS_DIR=/app/migrations \
    BIND=0.0.0.0:8000
EXPOSE 8000

# Liveness: /v1/health on the port of BIND (no curl in slim images).
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 \
    CMD ["python", "-c", "import os, urllib.request; urllib.request.urlopen('http://127.0.0.1:%s/v1/health' % os.environ['BIND'].rpartition(':')[2], timeout=2)"]

# Every start migrates first (replicas starting together take turns under an advisory
# lock in migrations/env.py; MIGRATE=0 skips it, e.g. when a release job migrates), then
# exec's the command, so that it is PID 1 and gets docker stop's SIGTERM.
# `docker run IMAGE python -m service.worker` runs one more worker alone.
ENTRYPOINT ["sh", "-c", ": \"${DATABASE_URL:?set DATABASE_URL=postgresql://user:password@host:5432/db}\"; if [ \"${MIGRATE:-1}\" != 0 ]; then alembic upgrade head || exit; fi; exec \"$@\"", "entrypoint"]
CMD ["python", "-m", "service.run"]
