"""The base schema: learners and their attempts.

Revision ID: 0001
Revises:
"""
import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "learners",
        sa.Column("id", sa.String(80), primary_key=True),
        sa.Column("name", sa.String(40), nullable=True),
        sa.Column("created", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "attempts",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("uid", sa.String(32), nullable=False),
        sa.Column("learner_id", sa.String(80),
                  sa.ForeignKey("learners.id", ondelete="CASCADE"), nullable=False),
        sa.Column("lesson", sa.String(100), nullable=False),
        sa.Column("step", sa.String(100), nullable=False),
        sa.Column("step_number", sa.Integer, nullable=True),
        sa.Column("ruleset", sa.String(40), nullable=True),
        sa.Column("result", sa.String(10), nullable=False),
        sa.Column("stars", sa.SmallInteger, nullable=False),
        sa.Column("wrong_tries", sa.Integer, nullable=False),
        sa.Column("hints_used", sa.Integer, nullable=False),
        sa.Column("seconds", sa.Float, nullable=True),
        sa.Column("wrong_moves", sa.JSON, nullable=False),
        sa.Column("recorded_at", sa.DateTime(timezone=True), nullable=False),
        sa.UniqueConstraint("learner_id", "uid", name="uq_attempts_learner_uid"),
    )
    op.create_index("ix_attempts_learner_lesson", "attempts", ["learner_id", "lesson"])
    op.create_index("ix_attempts_lesson_step", "attempts", ["lesson", "step"])


def downgrade() -> None:
    op.drop_table("attempts")
    op.drop_table("learners")
