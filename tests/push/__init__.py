"""Real-time push (long polls and Server-Sent Events) against a live gunicorn: a light
asyncio client, a server fixture and the capacity bench (`make bench-push`)."""
