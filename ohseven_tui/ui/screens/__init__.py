"""Screens of the Oh-Seven app; each owns one step of the flow."""
