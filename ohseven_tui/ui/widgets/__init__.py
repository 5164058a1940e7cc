"""Widgets of the Oh-Seven app. They render what they are given and post messages
upward; the screens own the flow."""
