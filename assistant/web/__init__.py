"""The table's game in a browser (``assistant serve``): a small web server for one game on the
table's own network. Its imports (Starlette, uvicorn) stay inside the ``serve`` command, so no
other command pays for them.

- ``address.py``: which address to listen on (the one LAN address found, or the one named);
- ``pages.py``: the HTML of each page, from the service layer's views (every text escaped);
- ``app.py``: the Starlette application: routes, the live event stream, security headers.
"""
