"""Game families, one package each, written only against ``engine.protocol``.

Every package here registers its games when imported; ``engine.registry`` imports
them all on its first lookup.
"""
