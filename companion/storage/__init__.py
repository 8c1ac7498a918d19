"""Storage: games and tables in the database, the keys of writes safe to repeat, and what each
process caches by version. Below the HTTP plumbing and the pages; above only the engine."""
