// The callers the department, post and region tests share, and their test app: one app per file,
// started before its tests and closed after them.
import { afterAll, beforeAll } from 'vitest';
import { createTestApp, type TestApp } from './test-app';
import { loginAs, type Caller } from '../forms/routes/form-test-support';

export interface OrgAdminCallers {
  /** The administrator of tenant 100001. */
  admin: Caller;
  /** The administrator of tenant 100002. */
  otherAdmin: Caller;
  /** A doctor of tenant 100001 (no administration). */
  doctor: Caller;
  /** The platform administrator (tenant 000000). */
  platform: Caller;
}

/**
 * A caller usable at a file's top level: it forwards to the one logged in before the tests run
 * (the login itself needs the app, which beforeAll starts).
 */
function forwarding(current: () => Caller | undefined): Caller {
  const logged = () => {
    const caller = current();
    if (!caller) throw new Error('the test app is not started yet: call the API inside a test');
    return caller;
  };
  return {
    get token() {
      return logged().token;
    },
    get: (url) => logged().get(url),
    post: (url, payload, headers) => logged().post(url, payload, headers),
  };
}

/** Registers the file's test app (beforeAll / afterAll) and answers its callers. */
export function orgAdminCallers(): OrgAdminCallers {
  let t: TestApp | undefined;
  let logged: OrgAdminCallers | undefined;
  beforeAll(async () => {
    t = await createTestApp();
    logged = {
      admin: await loginAs(t.app, 'admin'),
      otherAdmin: await loginAs(t.app, 'admin', '100002'),
      doctor: await loginAs(t.app, 'doctor'),
      platform: await loginAs(t.app, 'admin', '000000'),
    };
  });
  afterAll(() => t?.close());
  return {
    admin: forwarding(() => logged?.admin),
    otherAdmin: forwarding(() => logged?.otherAdmin),
    doctor: forwarding(() => logged?.doctor),
    platform: forwarding(() => logged?.platform),
  };
}
