"""Python client for the MCP Server Catalog REST API (standard library only)."""

from .client import CatalogClient
from .errors import ApiError, CheckTimeout, RateLimited

__all__ = ["ApiError", "CatalogClient", "CheckTimeout", "RateLimited"]
