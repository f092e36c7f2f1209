"""first-game hints: a room option

Revision ID: 0004
Revises: 0003
Create Date: 2026-11-25
"""
from alembic import op
import sqlalchemy as sa


revision = '0004'
down_revision = '0003'
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table('rooms') as batch:
        batch.add_column(sa.Column('hints', sa.Boolean(), nullable=False,
                                   server_default=sa.true()))


def downgrade() -> None:
    with op.batch_alter_table('rooms') as batch:
        batch.drop_column('hints')
