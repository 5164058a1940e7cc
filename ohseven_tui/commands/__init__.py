"""Subcommands of ``ohseven``: each module has ``register(subparsers)``."""
