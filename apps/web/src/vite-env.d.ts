/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** API base, set at build time when the API is not served under /api of the same origin. */
  readonly VITE_API_BASE?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
