import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formDictionaryLookup, validateForSubmit, type FormValues } from '../../../src/engine';
import { Refusal } from '../../domain/errors';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { SERVER_CODEMAPS } from './codemaps';
import { checkDialog, DIALOG_FORMS, DialogForms, type DialogFormCode } from './dialog-forms';

interface CasesFile {
  now: string;
  cases: { name: string; now?: string; given: FormValues; expect: { submit?: string } }[];
}

const casesOf = (code: string) =>
  JSON.parse(readFileSync(new URL(`../../../rules/${code}.cases.json`, import.meta.url), 'utf8')) as CasesFile;
const forms = new DialogForms();

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** What the server answers for these values: 'ok', or the message of its 400. */
async function serverAnswer(code: DialogFormCode, values: FormValues, now: Date): Promise<string> {
  try {
    await checkDialog({ db: t.deps.db, tenantId: '100001', now, forms }, code, values);
    return 'ok';
  } catch (e) {
    if (!(e instanceof Refusal)) throw e;
    return e.message;
  }
}

describe('the server refuses what a dialog form refuses, with the browser’s words', () => {
  for (const code of Object.values(DIALOG_FORMS)) {
    const file = casesOf(code);
    it(`${code}: every analyst case answers as the engine does in the browser (the bundled document, code maps)`, async () => {
      const form = forms.get(code);
      expect(form.document.placement?.kind).toBe('dialog');
      for (const c of file.cases) {
        const now = new Date(c.now ?? file.now);
        // The browser's answer: the same document with the code maps (the dialogs render offline).
        const browser = validateForSubmit(form, c.given, {
          now,
          lookupDictionary: formDictionaryLookup(form.document, undefined, SERVER_CODEMAPS),
        });
        const expected = browser.ok ? 'ok' : browser.message;
        expect(browser.stage, c.name).toBe(c.expect.submit ?? browser.stage);
        expect(await serverAnswer(code, c.given, now), c.name).toBe(expected);
      }
    });
  }

  it('reads the reasons from the platform dictionary: a reason the dictionary lacks is refused as unchosen', async () => {
    const values = { offType: '7', offDate: '2026-11-23', offUser: '2302', offTenant: '100001' };
    expect(await serverAnswer(DIALOG_FORMS.archiveCancel, values, new Date('2026-11-23T10:00:00'))).toBe('请选择注销原因');
    expect(await serverAnswer(DIALOG_FORMS.archiveCancel, { ...values, offType: '3' }, new Date('2026-11-23T10:00:00'))).toBe('ok');
  });
});
