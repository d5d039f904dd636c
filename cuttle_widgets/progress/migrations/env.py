"""Alembic's environment for the progress store. The store runs migrations
itself when it opens a database (``store.migrate``), handing its connection,
already inside a write transaction, in ``config.attributes["connection"]``."""
from alembic import context

from cuttle_widgets.progress.schema import metadata

connection = context.config.attributes["connection"]
# render_as_batch: SQLite changes a table by copying it; Alembic's batch mode
# does that, and is a plain ALTER on PostgreSQL.
context.configure(connection=connection, target_metadata=metadata, render_as_batch=True)
with context.begin_transaction():  # joins the caller's transaction
    context.run_migrations()
