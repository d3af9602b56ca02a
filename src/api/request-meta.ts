/**
 * Per-request options callers put on the axios config as `meta`; they drive headers, toasts,
 * caching and the loading bar without the caller touching headers by hand.
 */
export interface RequestMeta {
  /** Send Blade-Refresh (refresh token) — the export call needs it. */
  withRefreshToken?: boolean;
  /** Send Blade-Account (the user's account) — the export call needs it. */
  withAccount?: boolean;
  /** Paginated selects: Tenant-Ignore 0 or 1. */
  tenantIgnore?: 0 | 1;
  /** Send the body as text/plain. */
  textPlain?: boolean;
  /** Reject errors without a toast; the caller shows them (e.g. the login form). */
  silent?: boolean;
  /** Do not show the top loading bar for this call. */
  noLoading?: boolean;
}

declare module 'axios' {
  interface AxiosRequestConfig {
    meta?: RequestMeta;
  }
}
