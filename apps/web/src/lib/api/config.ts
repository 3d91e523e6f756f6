/**
 * Base of every call: `VITE_API_BASE` at build time, else `/api/v1` on the same origin.
 * Read on each call (not once at import) so tests can point it at their own server.
 */
export function apiBase(): string {
  const configured = import.meta.env.VITE_API_BASE;
  return (configured && configured.trim() ? configured.trim() : '/api/v1').replace(/\/+$/, '');
}
