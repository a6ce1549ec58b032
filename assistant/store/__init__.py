"""The history database: SQLModel tables and the :class:`Store` that opens, migrates and
backs it up. It knows tables and transactions, no game rules."""
