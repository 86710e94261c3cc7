"""Serving the app for real: gunicorn (``serve``), signed-cookie sessions, the security
headers, gzip, versioned static files, the picture sprite, and the secret key."""
