import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/test-app';

// Every route answers through a contract schema (src/shared/contract): fastify serialises the
// answer with it, so a field the contract does not name never leaves the server. The routes written
// before the contract existed are listed in routes-without-answer-schema.txt; the list only
// shrinks — a new route without a schema fails here, and so does a listed route that gained one
// (take it off the list).
const LIST = new URL('./routes-without-answer-schema.txt', import.meta.url);
const listed = () =>
  new Set(
    fs
      .readFileSync(LIST, 'utf8')
      .split('\n')
      .map((l) => l.trim())
      .filter((l) => l && !l.startsWith('#')),
  );

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('answer schemas', () => {
  const routes = () => t.app.routeCatalogue.filter((r) => r.method !== 'HEAD' && r.method !== 'OPTIONS');

  it('every route not on the old list declares the schema of its answer', () => {
    const old = listed();
    const missing = routes()
      .filter((r) => !r.answerSchema)
      .map((r) => `${r.method} ${r.url}`)
      .filter((r) => !old.has(r));
    expect(missing, 'declare schema.response[200] from src/shared/contract').toEqual([]);
  });

  it('the old list names only routes still without one', () => {
    const without = new Set(
      routes()
        .filter((r) => !r.answerSchema)
        .map((r) => `${r.method} ${r.url}`),
    );
    expect(
      [...listed()].filter((r) => !without.has(r)),
      'these now have a schema: remove them from the list',
    ).toEqual([]);
  });
});
