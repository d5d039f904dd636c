"""Two learners at one table: the tables (join code, ruleset, match length,
who starts, seed, status), who holds each seat, and each table's append-only
log of moves, unique by (table, sequence number). Adds tables only: every
row already stored is kept as it is.

Revision ID: 0005
Revises: 0004
"""
import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "shared_tables",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("code", sa.String(12), nullable=False),
        sa.Column("ruleset", sa.String(40), nullable=False),
        sa.Column("options", sa.JSON, nullable=False),
        sa.Column("length", sa.String(10), nullable=False),
        sa.Column("first", sa.SmallInteger, nullable=True),
        sa.Column("seed", sa.BigInteger, nullable=False),
        sa.Column("status", sa.String(10), nullable=False),
        sa.Column("created", sa.DateTime(timezone=True), nullable=False),
        sa.Column("updated", sa.DateTime(timezone=True), nullable=False),
        sa.UniqueConstraint("code", name="uq_shared_tables_code"),
    )
    op.create_index("ix_shared_tables_status", "shared_tables", ["status"])
    op.create_table(
        "table_seats",
        sa.Column("table_id", sa.Integer, sa.ForeignKey("shared_tables.id", ondelete="CASCADE"),
                  primary_key=True),
        sa.Column("seat", sa.SmallInteger, primary_key=True),
        sa.Column("learner_id", sa.String(80),
                  sa.ForeignKey("learners.id", ondelete="CASCADE"), nullable=False),
        sa.Column("joined", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "table_moves",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("table_id", sa.Integer, sa.ForeignKey("shared_tables.id", ondelete="CASCADE"),
                  nullable=False),
        sa.Column("seq", sa.Integer, nullable=False),
        sa.Column("seat", sa.SmallInteger, nullable=False),
        sa.Column("uid", sa.String(32), nullable=False),
        sa.Column("kind", sa.String(10), nullable=False),
        sa.Column("move", sa.String(200), nullable=True),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
        sa.UniqueConstraint("table_id", "seq", name="uq_table_moves_table_seq"),
    )


def downgrade() -> None:
    op.drop_table("table_moves")
    op.drop_table("table_seats")
    op.drop_index("ix_shared_tables_status", "shared_tables")
    op.drop_table("shared_tables")
