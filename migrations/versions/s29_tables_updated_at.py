"""tables.updated_at: when the table's version last moved (an export is dated by it)

Revision ID: s29_tables_updated_at
Revises: s22_idempotency_rematch
Create Date: 2026-12-04 10:00:00

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = 's29_tables_updated_at'
down_revision = 's22_idempotency_rematch'
branch_labels = None
depends_on = None

#: What an existing table's last change is taken to be: its making (nothing older is known).
FILL = "UPDATE tables SET updated_at = created_at"


def upgrade():
    if op.get_bind().dialect.name == "sqlite":
        # SQLite cannot make a column NOT NULL in place, and batch mode's copy of the table
        # would drop `tables` while games point at it (refused with foreign keys on). So the
        # column comes NOT NULL with a stand-in default, which the fill replaces at once; the
        # app writes the column on every row it makes or moves, never relying on the default.
        op.add_column("tables", sa.Column("updated_at", sa.DateTime(timezone=True),
                                          nullable=False,
                                          server_default="1970-01-01 00:00:00.000000"))
        op.execute(FILL)
    else:
        op.add_column("tables", sa.Column("updated_at", sa.DateTime(timezone=True),
                                          nullable=True))
        op.execute(FILL)
        op.alter_column("tables", "updated_at", existing_type=sa.DateTime(timezone=True),
                        nullable=False)


def downgrade():
    # SQLite (3.35 and later) drops a column in place: no copy of the table, whose games point at it.
    op.drop_column("tables", "updated_at")
