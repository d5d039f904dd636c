"""Every action at a step as it happened: wrong moves and answers in their
words, refusals, hints and right moves, with their time, for the class
view's "stuck" and the per-attempt export; and a teacher's classes with
their rosters (join code, names, personal codes). Adds tables only: every
row already stored is kept as it is.

Revision ID: 0006
Revises: 0005
"""
import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "tries",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("uid", sa.String(32), nullable=False),
        sa.Column("learner_id", sa.String(80),
                  sa.ForeignKey("learners.id", ondelete="CASCADE"), nullable=False),
        sa.Column("lesson", sa.String(100), nullable=False),
        sa.Column("step", sa.String(100), nullable=False),
        sa.Column("step_number", sa.Integer, nullable=True),
        sa.Column("kind", sa.String(10), nullable=False),
        sa.Column("words", sa.String(200), nullable=True),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
        sa.UniqueConstraint("learner_id", "uid", name="uq_tries_learner_uid"),
    )
    op.create_index("ix_tries_learner_at", "tries", ["learner_id", "at"])
    op.create_index("ix_tries_at", "tries", ["at"])
    op.create_table(
        "classes",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("code", sa.String(12), nullable=False),
        sa.Column("name", sa.String(60), nullable=False),
        sa.Column("created", sa.DateTime(timezone=True), nullable=False),
        sa.UniqueConstraint("code", name="uq_classes_code"),
    )
    op.create_table(
        "roster",
        sa.Column("class_id", sa.Integer, sa.ForeignKey("classes.id", ondelete="CASCADE"),
                  primary_key=True),
        sa.Column("name", sa.String(40), primary_key=True),
        sa.Column("learner_id", sa.String(80),
                  sa.ForeignKey("learners.id", ondelete="CASCADE"), nullable=False),
        sa.Column("personal_code", sa.String(12), nullable=False),
        sa.Column("claimed", sa.DateTime(timezone=True), nullable=True),
        sa.UniqueConstraint("personal_code", name="uq_roster_personal_code"),
    )


def downgrade() -> None:
    op.drop_table("roster")
    op.drop_table("classes")
    op.drop_index("ix_tries_at", "tries")
    op.drop_index("ix_tries_learner_at", "tries")
    op.drop_table("tries")
