"""deleted games: the ids of games their scorekeeper deleted, and when

Revision ID: s22_deleted_games
Revises: s22_tables
Create Date: 2026-12-01 21:50:00

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = 's22_deleted_games'
down_revision = 's22_tables'
branch_labels = None
depends_on = None


def upgrade():
    # A new table: SQLite creates it directly (batch mode is for changing an existing table,
    # which SQLite's ALTER TABLE cannot do).
    op.create_table(
        'deleted_games',
        sa.Column('id', sa.String(length=32), nullable=False),
        sa.Column('deleted_at', sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint('id'),
    )


def downgrade():
    op.drop_table('deleted_games')
