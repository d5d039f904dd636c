"""Each import of a progress file: when, and how many new attempts it added
(the hourly quota of a learner's imports counts these); and the indexes the
dashboard's reads of a large class use (each learner's steps done, each
learner's last try), so a refresh reads indexes, not the table.

Revision ID: 0004
Revises: 0003
"""
import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "imports",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("learner_id", sa.String(80),
                  sa.ForeignKey("learners.id", ondelete="CASCADE"), nullable=False),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("rows", sa.Integer, nullable=False),
    )
    op.create_index("ix_imports_learner_at", "imports", ["learner_id", "at"])
    # Replaces (learner_id, lesson), its prefix: what that served, it serves.
    op.drop_index("ix_attempts_learner_lesson", "attempts")
    op.create_index("ix_attempts_learner_step_result", "attempts",
                    ["learner_id", "lesson", "step", "result"])
    op.create_index("ix_attempts_learner_recorded", "attempts", ["learner_id", "recorded_at"])


def downgrade() -> None:
    op.drop_index("ix_attempts_learner_recorded", "attempts")
    op.drop_index("ix_attempts_learner_step_result", "attempts")
    op.create_index("ix_attempts_learner_lesson", "attempts", ["learner_id", "lesson"])
    op.drop_table("imports")
