import { describe, expect, it } from 'vitest';
import { beginScopedSql } from './scope-sql';

// The one-round-trip BEGIN writes the tenant id into SQL as a literal (the simple protocol has no
// parameters): only what TENANT_ID_PATTERN allows may get there.
describe('BEGIN with the tenant scope in one string', () => {
  it('switches to the app role and sets the tenant, or the bypass, for the transaction only', () => {
    expect(beginScopedSql('phw_app', { tenantId: '100001', bypass: false })).toBe(
      "BEGIN; SET LOCAL ROLE phw_app; SET LOCAL app.tenant_id = '100001'; SET LOCAL app.bypass_rls = 'off'",
    );
    expect(beginScopedSql('phw_app', { tenantId: '', bypass: true })).toBe(
      "BEGIN; SET LOCAL ROLE phw_app; SET LOCAL app.tenant_id = ''; SET LOCAL app.bypass_rls = 'on'",
    );
    expect(beginScopedSql(null, { tenantId: '100001', bypass: false })).toBe("BEGIN; SET LOCAL app.bypass_rls = 'on'");
  });

  it('refuses a tenant id or role that could carry SQL, before anything is sent', () => {
    for (const tenantId of ["100001'; set app.bypass_rls = 'on", "1' or '1'='1", '100001;', 'a b', 'x'.repeat(65)]) {
      expect(() => beginScopedSql('phw_app', { tenantId, bypass: false })).toThrow(/not a tenant id/);
    }
    expect(() => beginScopedSql('phw_app; reset role', { tenantId: '100001', bypass: false })).toThrow(/not a plain role name/);
  });
});
