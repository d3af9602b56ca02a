// The page the runtime benchmark drives in Chromium: ?variant=engine renders <SchemaForm> (the
// engine drives Formily), ?variant=plain renders the same fields as a plain Formily ISchema with
// function reactions. ?subject=generated (default) is the generated 300-field form, ?subject=pe
// the real 健康体检表 (physical-exam-subject.ts), ?subject=printed&values=<JSON> a saved hypertension
// follow-up as its page shows it (printed-visit-subject.ts; bench:pdf). It times the first render itself and exposes
// hooks for the keystroke measurement (run.ts types into the hub field, or 体重 for pe).
import * as AntdV5 from '@formily/antd-v5';
import { createForm } from '@formily/core';
import { createSchemaField, FormProvider } from '@formily/react';
import { createRoot } from 'react-dom/client';
import { SWRConfig } from 'swr';
import { UiProviders } from '../../src/components/ui-providers';
import { SchemaForm } from '../../src/form-runtime';
import { CALCS, CHECK_MESSAGE, CHECKS, FIELD_COUNT, generateForm, SHOWN } from './generate-form';
import { expectedBmi, PE_RESULT, PE_VALUES, peReactionOf, physicalExamDocument, visibleFields } from './physical-exam-subject';
import { plainSchema } from './plain-schema';
import { PRINTED_VISIT_NOW, printedVisitDocument, printedVisitRows, printedVisitValues } from './printed-visit-subject';

declare global {
  interface Window {
    benchRender?: { domMs: number; frameMs: number; widgetsMs: number };
    /** Whether the screen shows what the typed number implies (hub: calculations, shown fields, warnings; pe: the BMI of that weight). */
    benchShows?: (typed: number | null) => boolean;
    benchLongTasks?: { start: number; duration: number }[];
  }
}

const query = new URLSearchParams(location.search);
const variant = query.get('variant') === 'plain' ? 'plain' : 'engine';
const isPe = query.get('subject') === 'pe';
const isPrinted = query.get('subject') === 'printed';
const doc = isPe ? physicalExamDocument() : isPrinted ? printedVisitDocument() : generateForm();
const peShown = isPe ? visibleFields(doc) : undefined;
const printedValues = isPrinted ? printedVisitValues(query) : undefined;
/** Rows on screen once rendered: hidden display-dependent rows are not rendered at first. */
const expectedRows = peShown ? peShown.size : printedValues ? printedVisitRows(doc, printedValues) : FIELD_COUNT - SHOWN;
// The exam's age rules read the clock: pinned, so both variants show the same rows.
const peNow = () => new Date('2024-06-15T10:00:00');

window.benchLongTasks = [];
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) window.benchLongTasks?.push({ start: e.startTime, duration: e.duration });
}).observe({ type: 'longtask', buffered: true });

const rows = () => document.querySelectorAll('[data-field]').length;
const warningSelector = variant === 'engine' ? '.fr-msg-warning' : '[class*="formily-item-warning-help"]';

const hubShows = (hub: number | null) => {
  const last = document.querySelector<HTMLInputElement>(`[data-field="calc${CALCS}"] input`);
  const expected = hub === null ? '' : String(hub * CALCS);
  if (!last || last.value !== expected) return false;
  const shown = document.querySelectorAll('[data-field^="shown"]').length;
  if (shown !== (hub !== null && hub > 5 ? SHOWN : 0)) return false;
  const warnings = [...document.querySelectorAll(warningSelector)].filter((e) => e.textContent?.includes(CHECK_MESSAGE)).length;
  return warnings === (hub !== null && hub > 10 ? CHECKS : 0);
};
const bmiShows = (weight: number | null) => {
  const bmi = document.querySelector<HTMLInputElement>(`[data-field="${PE_RESULT}"] input`);
  if (!bmi) return false;
  return weight === null ? bmi.value === '' : Number.parseFloat(bmi.value) === expectedBmi(weight);
};
window.benchShows = isPe ? bmiShows : hubShows;

function PlainForm() {
  const form = createForm(isPe ? { initialValues: PE_VALUES } : {});
  const SchemaField = createSchemaField({
    components: {
      ...AntdV5,
      'Radio.Group': AntdV5.Radio.Group,
      'Checkbox.Group': AntdV5.Checkbox.Group,
      'Input.TextArea': AntdV5.Input.TextArea,
    } as never,
  });
  return (
    <FormProvider form={form}>
      <AntdV5.FormLayout labelCol={8} wrapperCol={16}>
        <SchemaField schema={plainSchema(doc, isPe ? { reactionOf: peReactionOf, shown: peShown } : {})} />
      </AntdV5.FormLayout>
    </FormProvider>
  );
}

const app =
  variant === 'engine' ? (
    <SchemaForm
      formCode={doc.formCode}
      document={doc}
      draft={false}
      onSubmit={() => undefined}
      {...(isPe ? { values: PE_VALUES, now: peNow } : {})}
      {...(printedValues ? { values: printedValues, now: PRINTED_VISIT_NOW } : {})}
    />
  ) : (
    <PlainForm />
  );

// Time to every field row in the DOM, then to the frame that paints it, then until no row of a
// long form still waits for its widget (widget-mount.ts; the plain form has no such wait).
const start = performance.now();
const pending = () => document.querySelectorAll('.fr-widget-pending').length;
const widgetsMounted = (): Promise<number> =>
  new Promise((resolve) => {
    const check = () => {
      if (pending() > 0) return false;
      resolve(performance.now() - start);
      return true;
    };
    if (check()) return;
    const watcher = new MutationObserver(() => {
      if (check()) watcher.disconnect();
    });
    watcher.observe(document.body, { childList: true, subtree: true });
  });
const observer = new MutationObserver(() => {
  if (rows() < expectedRows) return;
  observer.disconnect();
  const domMs = performance.now() - start;
  requestAnimationFrame(() =>
    setTimeout(() => {
      const frameMs = performance.now() - start;
      void widgetsMounted().then((widgetsMs) => (window.benchRender = { domMs, frameMs, widgetsMs }));
    }, 0),
  );
});
observer.observe(document.body, { childList: true, subtree: true });
createRoot(document.getElementById('root') as HTMLElement).render(
  <SWRConfig value={{ provider: () => new Map() }}>
    <UiProviders lang="zh">{app}</UiProviders>
  </SWRConfig>,
);
