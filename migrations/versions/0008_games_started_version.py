"""games: the room's version when a game started, where its setting up stands in the log

Revision ID: 0008
Revises: 0007
Create Date: 2026-11-30
"""
from alembic import op
import sqlalchemy as sa


revision = '0008'
down_revision = '0007'
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table('games') as batch:
        batch.add_column(sa.Column('started_version', sa.Integer(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table('games') as batch:
        batch.drop_column('started_version')
