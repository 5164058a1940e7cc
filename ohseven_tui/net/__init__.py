"""Network play: a headless table server, its wire protocol and a client library
(docs/network.md). No textual or rich here: the server runs without a screen."""
