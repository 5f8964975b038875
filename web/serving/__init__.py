"""How the app meets a request and a server: the URL parameters read into a
SearchRequest (params.py), the app's Config and lazily opened index
(state.py), exceptions mapped to status codes in one place (errors.py), the
waitress server with its stalled-client sweep (server.py) and several
processes sharing one port (processes.py)."""
