"""A finished game's rematch; the keys of the writes that are safe to repeat

Revision ID: s22_idempotency_rematch
Revises: f28f393e8cd9
Create Date: 2026-12-01 21:45:00

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = 's22_idempotency_rematch'
down_revision = 'f28f393e8cd9'
branch_labels = None
depends_on = None


def upgrade():
    # SQLite alters a table by copying it: batch mode does that.
    with op.batch_alter_table('games') as batch:
        batch.add_column(sa.Column('rematch_id', sa.String(length=32), nullable=True))
    op.create_table(
        'idempotency_keys',
        sa.Column('scope', sa.String(length=100), nullable=False),
        sa.Column('key_hash', sa.String(length=64), nullable=False),
        sa.Column('fingerprint', sa.String(length=64), nullable=False),
        sa.Column('status', sa.Integer(), nullable=False),
        sa.Column('game_id', sa.String(length=32), nullable=True),
        sa.Column('version', sa.Integer(), nullable=True),
        sa.Column('resource', sa.String(length=64), nullable=True),
        sa.Column('sealed', sa.Text(), nullable=True),
        sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(['game_id'], ['games.id'], ondelete='CASCADE'),
        sa.PrimaryKeyConstraint('scope', 'key_hash'),
    )
    op.create_index('ix_idempotency_keys_game_id', 'idempotency_keys', ['game_id'])


def downgrade():
    op.drop_index('ix_idempotency_keys_game_id', table_name='idempotency_keys')
    op.drop_table('idempotency_keys')
    with op.batch_alter_table('games') as batch:
        batch.drop_column('rematch_id')
