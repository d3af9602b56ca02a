import { getData } from './envelope';

/**
 * The form registry (blade-iph-business): one call returns the whole document of a version, the
 * newest published one when no version is given. Silent: the form runtime falls back to the
 * bundled files and says so itself. The document type belongs to the engine, which api/ may not
 * import: the caller names it (and checks what came back).
 */
export function getFormVersion<Doc>(formCode: string, version?: number): Promise<Doc | null> {
  const params: Record<string, string | number> = { formCode };
  if (version !== undefined) params.version = version;
  return getData<Doc | null>('/api/blade-iph-business/form/version', { params, meta: { silent: true, noLoading: true } });
}
