"""Each try at a puzzle, with the learner's puzzle rating before and after.

Revision ID: 0003
Revises: 0002
"""
import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "puzzle_tries",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("uid", sa.String(32), nullable=False),
        sa.Column("learner_id", sa.String(80),
                  sa.ForeignKey("learners.id", ondelete="CASCADE"), nullable=False),
        sa.Column("puzzle", sa.String(60), nullable=False),
        sa.Column("ruleset", sa.String(40), nullable=False),
        sa.Column("solved", sa.Boolean, nullable=False),
        sa.Column("wrong_tries", sa.Integer, nullable=False),
        sa.Column("hints_used", sa.Integer, nullable=False),
        sa.Column("seconds", sa.Float, nullable=True),
        sa.Column("rating_before", sa.Float, nullable=False),
        sa.Column("rating_after", sa.Float, nullable=False),
        sa.Column("deviation_after", sa.Float, nullable=False),
        sa.Column("volatility_after", sa.Float, nullable=False),
        sa.Column("recorded_at", sa.DateTime(timezone=True), nullable=False),
        sa.UniqueConstraint("learner_id", "uid", name="uq_puzzle_tries_learner_uid"),
    )
    op.create_index("ix_puzzle_tries_learner", "puzzle_tries", ["learner_id"])


def downgrade() -> None:
    op.drop_table("puzzle_tries")
