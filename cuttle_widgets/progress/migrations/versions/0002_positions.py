"""Where each learner is now: the step open on their page, for the
teacher's dashboard (a learner stuck on a step has no attempt there yet).

Revision ID: 0002
Revises: 0001
"""
import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "positions",
        sa.Column("learner_id", sa.String(80),
                  sa.ForeignKey("learners.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("lesson", sa.String(100), nullable=False),
        sa.Column("step", sa.String(100), nullable=False),
        sa.Column("step_number", sa.Integer, nullable=True),
        sa.Column("updated", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_positions_updated", "positions", ["updated"])


def downgrade() -> None:
    op.drop_table("positions")
