"""Alembic migrations, shipped inside the package so that an installed server migrates its
database at start (``connect_arena.server.db.run_migrations``)."""
