"""The web table: a page at ``/`` where a person plays against bots in the browser.

The page is plain HTML, CSS and JavaScript modules under ``static/`` (no build step,
nothing from a CDN; the cards are SVG drawn by the page). It is a client like any
other: it calls only the public API, in sealed games, from the server's own origin.
:mod:`foraccio.web.routes` serves it.
"""
