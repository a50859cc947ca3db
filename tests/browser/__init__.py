"""Helpers for driving the HTML pages in a real headless Chromium (Debian's, through Playwright)."""
