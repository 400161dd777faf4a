/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Channel id sent as X-CH-ID and cId; the server's CHANNEL_ID. */
  readonly VITE_CHANNEL_ID?: string;
  /** Origin of the platform server when it is not the page's own origin (empty: same origin). */
  readonly VITE_API_BASE_URL?: string;
  /** Name of the deployment environment; keys the per-environment login error time. */
  readonly VITE_APP_ENV?: string;
}
