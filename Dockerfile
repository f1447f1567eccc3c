# syntax=docker/dockerfile:1
# The Muggins service image: gunicorn serving service:create_app() as a non-root user.
FROM python:3.11-slim-bookworm

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1 \
    MUGGINS_BIND=0.0.0.0:8000 \
    MUGGINS_DATABASE_URL=sqlite:////var/lib/muggins/muggins.sqlite3

WORKDIR /app
COPY pyproject.toml README.md ./
COPY service ./service
COPY schemas ./schemas
COPY vision_models ./vision_models
RUN pip install --no-cache-dir . \
    && useradd --system --uid 10001 --home-dir /app muggins \
    && mkdir -p /var/lib/muggins \
    && chown muggins /var/lib/muggins

USER 10001
EXPOSE 8000
HEALTHCHECK --interval=30s --timeout=3s --start-period=20s --retries=3 \
    CMD ["python", "-c", "import urllib.request,sys; sys.exit(0 if urllib.request.urlopen('http://127.0.0.1:8000/healthz', timeout=2).status == 200 else 1)"]
CMD ["gunicorn", "--config", "python:service.gunicorn_config", "service:create_app()"]
