"""actions: who chose an action when not the person in its seat (a bot, or the server)

Revision ID: 0007
Revises: 0006
Create Date: 2026-11-29
"""
from alembic import op
import sqlalchemy as sa


revision = '0007'
down_revision = '0006'
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table('actions') as batch:
        batch.add_column(sa.Column('made_by', sa.String(length=8), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table('actions') as batch:
        batch.drop_column('made_by')
