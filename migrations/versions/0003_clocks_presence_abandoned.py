"""clocks, presence and abandoned games: the turn clock, seat clocks, private notices

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-24
"""
from alembic import op
import sqlalchemy as sa


revision = '0003'
down_revision = '0002'
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table('rooms') as batch:
        batch.add_column(sa.Column('turn_clock', sa.JSON(), nullable=True))
        batch.add_column(sa.Column('gone_after', sa.Float(), nullable=True))
        batch.add_column(sa.Column('clock', sa.JSON(), nullable=True))
        batch.add_column(sa.Column('deadline', sa.DateTime(timezone=True), nullable=True))
        batch.add_column(sa.Column('touched_at', sa.DateTime(timezone=True), nullable=True))
        batch.create_index('ix_rooms_deadline', ['deadline'])
    with op.batch_alter_table('games') as batch:
        batch.add_column(sa.Column('ended_reason', sa.Text(), nullable=True))
        batch.add_column(sa.Column('carried', sa.JSON(), nullable=True))
    with op.batch_alter_table('chat') as batch:
        batch.add_column(sa.Column('only', sa.JSON(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table('chat') as batch:
        batch.drop_column('only')
    with op.batch_alter_table('games') as batch:
        batch.drop_column('carried')
        batch.drop_column('ended_reason')
    with op.batch_alter_table('rooms') as batch:
        batch.drop_index('ix_rooms_deadline')
        batch.drop_column('touched_at')
        batch.drop_column('deadline')
        batch.drop_column('clock')
        batch.drop_column('gone_after')
        batch.drop_column('turn_clock')
