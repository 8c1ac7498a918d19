"""games.summary: what a table counts of a game, kept with its entries

Revision ID: s39_games_summary
Revises: s29_tables_updated_at
Create Date: 2026-12-07 12:50:00

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = 's39_games_summary'
down_revision = 's29_tables_updated_at'
branch_labels = None
depends_on = None


def upgrade():
    # Null for every game there is: its table folds it, as before, until its next write.
    op.add_column("games", sa.Column("summary", sa.JSON(), nullable=True))


def downgrade():
    # SQLite (3.35 and later) drops a column in place, as s29's downgrade does.
    op.drop_column("games", "summary")
