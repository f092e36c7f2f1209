"""The admin's side of the server: the token, and the API over stored games."""

from app.admin.routes import router

__all__ = ["router"]
