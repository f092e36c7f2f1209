"""seats: no index on room_id beside the unique (room_id, position)

The unique constraint's index starts with room_id: it serves every lookup of a room's
seats and the cascade from rooms, so the second index only cost a write per seat taken.

Revision ID: 0006
Revises: 0005
Create Date: 2026-11-28
"""
from alembic import op


revision = '0006'
down_revision = '0005'
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table('seats') as batch:
        batch.drop_index('ix_seats_room_id')


def downgrade() -> None:
    with op.batch_alter_table('seats') as batch:
        batch.create_index('ix_seats_room_id', ['room_id'], unique=False)
