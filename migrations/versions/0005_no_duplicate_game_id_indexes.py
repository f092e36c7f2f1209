"""actions and snapshots: no index on game_id beside the unique (game_id, seq)

The unique constraint's index starts with game_id: it serves every lookup by game and
the cascade from games, so the second index only cost a write per move.

Revision ID: 0005
Revises: 0004
Create Date: 2026-11-25
"""
from alembic import op


revision = '0005'
down_revision = '0004'
branch_labels = None
depends_on = None


def upgrade() -> None:
    for table in ('actions', 'snapshots'):
        with op.batch_alter_table(table) as batch:
            batch.drop_index(f'ix_{table}_game_id')


def downgrade() -> None:
    for table in ('actions', 'snapshots'):
        with op.batch_alter_table(table) as batch:
            batch.create_index(f'ix_{table}_game_id', ['game_id'], unique=False)
