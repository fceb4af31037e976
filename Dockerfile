# The Connect Arena server image used by compose.yaml (docs/scaling.md).
FROM python:3.11-slim
WORKDIR /srv/connect-arena
COPY pyproject.toml README.md hatch_build.py ./
COPY src ./src
RUN pip install --no-cache-dir . && useradd --system --home-dir /data arena \
    && mkdir -p /data && chown arena /data
USER arena
EXPOSE 8000
CMD ["connect-arena", "serve", "--host", "0.0.0.0", "--port", "8000"]
