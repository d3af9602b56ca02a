import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/test-app';

// Every route answers through a contract schema (src/shared/contract): fastify serialises the
// answer with it, so a field the contract does not name never leaves the server, and the web app
// types what it reads from the same schema. A route added without one fails here.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('answer schemas', () => {
  it('every route declares the schema of its 200 answer', () => {
    const routes = t.app.routeCatalogue.filter((r) => r.method !== 'HEAD' && r.method !== 'OPTIONS');
    expect(routes.length).toBeGreaterThan(300);
    const missing = routes.filter((r) => !r.answerSchema).map((r) => `${r.method} ${r.url}`);
    expect(missing, 'declare schema.response[200] from src/shared/contract').toEqual([]);
  });
});
