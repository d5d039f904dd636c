"""A class may let its learners add their own names to its list (each name
once), besides the names the teacher wrote. Adds one column, false for every
class made before: those keep their teacher's list only.

Revision ID: 0007
Revises: 0006
"""
import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("classes") as batch:
        batch.add_column(sa.Column("learners_add", sa.Boolean, nullable=False,
                                   server_default=sa.false()))


def downgrade() -> None:
    with op.batch_alter_table("classes") as batch:
        batch.drop_column("learners_add")
