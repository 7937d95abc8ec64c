FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 PYTHONUNBUFFERED=1 PIP_NO_CACHE_DIR=1
WORKDIR /app

COPY pyproject.toml README.md ./
COPY service ./service
RUN pip install .

COPY alembic.ini ./
COPY migrations ./migrations

RUN useradd --create-home --uid 10001 app && mkdir -p /app/instance && chown app /app/instance
USER app

ENV PORT=8000 WORKERS=4 MIGRATIONS_DIR=/app/migrations
EXPOSE 8000
# Migrations run once per deploy (`alembic upgrade head`), not in every replica's start.
# service.run starts gunicorn and a worker, restarted if it dies; more workers can run
# from the same image: `docker run IMAGE python -m service.worker`.
ENV BIND=0.0.0.0:8000
CMD ["python", "-m", "service.run"]
