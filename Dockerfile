# The Saloon server image: the app, its migrations and the browser client.
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 PYTHONUNBUFFERED=1 PIP_NO_CACHE_DIR=1
WORKDIR /srv/saloon

COPY pyproject.toml README.md alembic.ini ./
COPY app ./app
COPY games ./games
COPY migrations ./migrations
COPY static ./static
RUN pip install . \
 && useradd --system --home-dir /srv/saloon saloon \
 && chown -R saloon /srv/saloon
USER saloon

EXPOSE 8000
HEALTHCHECK --interval=10s --timeout=3s --retries=5 \
  CMD python -c "import urllib.request; urllib.request.urlopen('http://127.0.0.1:8000/api/games', timeout=2)"
CMD ["saloon", "serve", "--host", "0.0.0.0", "--port", "8000"]
