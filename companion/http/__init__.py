"""The HTTP plumbing every answer passes through: security headers and cookies, the session,
conditional GETs, content codings, static files, downloads' names, languages, the installable
app and the Flask extensions. Above storage; below the API and the pages, which it never
imports."""
