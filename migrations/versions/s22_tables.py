"""tables: the people who play together (docs/rules.md section 7), and games.table_id

Revision ID: s22_tables
Revises: f28f393e8cd9
"""
from alembic import op
import sqlalchemy as sa


revision = "s22_tables"
down_revision = "f28f393e8cd9"
branch_labels = None
depends_on = None


def upgrade():
    op.create_table(
        "tables",
        sa.Column("id", sa.String(length=32), nullable=False),
        sa.Column("name", sa.String(length=40), nullable=False),
        sa.Column("edit_token_hash", sa.String(length=64), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("renames", sa.JSON(), nullable=False),
        sa.Column("changed_game", sa.String(length=32), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id"),
    )
    # SQLite cannot add a foreign key to a table in place: batch mode copies it.
    with op.batch_alter_table("games") as batch:
        batch.add_column(sa.Column("table_id", sa.String(length=32), nullable=True))
        batch.create_index("ix_games_table_id", ["table_id"])
        batch.create_foreign_key("fk_games_table_id_tables", "tables", ["table_id"], ["id"])


def downgrade():
    with op.batch_alter_table("games") as batch:
        batch.drop_constraint("fk_games_table_id_tables", type_="foreignkey")
        batch.drop_index("ix_games_table_id")
        batch.drop_column("table_id")
    op.drop_table("tables")
