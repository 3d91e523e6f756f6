/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Base of the HTTP API; `/api/v1` on the same origin unless set. */
  readonly VITE_API_BASE?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
