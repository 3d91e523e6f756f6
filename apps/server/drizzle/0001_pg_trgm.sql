-- Trigram matching for search: typos and prefixes still find videos and channels.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
