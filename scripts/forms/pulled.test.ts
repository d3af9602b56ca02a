import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PULLED_FILE, pulledVersion, readPulled, recordPulled } from './pulled';
import { tempProjects } from './temp-project';

const project = tempProjects('forms-pulled-');

describe('forms.pulled.json', () => {
  it('records per server and tenant the version of each form, canonically, and updates it in place', () => {
    const root = project({});
    expect(readPulled(root)).toEqual({ servers: [] });
    recordPulled(root, 'http://b.example:8080/', '100001', 'zeta', 2);
    recordPulled(root, 'http://a.example:8080', '100001', 'beta', 1);
    recordPulled(root, 'http://b.example:8080', '100001', 'alpha', 5);
    recordPulled(root, 'http://b.example:8080', '100001', 'zeta', 3);
    expect(readFileSync(path.join(root, PULLED_FILE), 'utf8')).toBe(
      `${JSON.stringify(
        {
          servers: [
            { server: 'http://a.example:8080', tenant: '100001', forms: { beta: 1 } },
            { server: 'http://b.example:8080', tenant: '100001', forms: { alpha: 5, zeta: 3 } },
          ],
        },
        null,
        2,
      )}\n`,
    );
    const record = readPulled(root);
    expect(pulledVersion(record, 'http://b.example:8080/', '100001', 'zeta')).toBe(3);
    expect(pulledVersion(record, 'http://b.example:8080', '100002', 'zeta')).toBeUndefined();
    expect(pulledVersion(record, 'http://a.example:8080', '100001', 'zeta')).toBeUndefined();
  });
});
