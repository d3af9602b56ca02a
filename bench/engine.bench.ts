// npm run bench:engine — compile time, one-change re-evaluation and full validation of the rule
// engine on two generated documents, and the same one-change figure for an equivalent plain
// @formily/core form in the same process. Exits 0 whatever the figures: it reports, CI does not gate.
import os from 'node:os';
import type { Field, Form } from '@formily/core';
import {
  compileDocument,
  compileDocumentOrThrow,
  createSession,
  validateForSubmit,
  type CompiledForm,
  type EvalContext,
  type FormDocument,
  type FormSession,
  type FormValues,
} from '../src/engine';
import { changeScript, filledRecord, type Change } from './change-script';
import { buildFormilyForm, FORMILY_KINDS, formilyValue } from './formily-form';
import { FORM_300, generatePlan, planToDocument, YES_NO, type DocSpec, type Plan } from './generate-document';
import { ms, printTable, verdict, type Row } from './print-table';
import { bundledForm, hypertensionVisits } from './real-form';
import { describeShape } from './shape';
import { median, msSince, nowNs, percentile, repeat, timeEach } from './stats';

// (a) a large follow-up form: 300 fields, 500 rules of every kind (FORM_300, shared with bench/designer).

// (b) a calculation-heavy form: 2,000 fields, 1,000 calculations in chains and fan-outs.
const FORM_2000: DocSpec = {
  formCode: 'bench2000',
  fields: 2000,
  rules: { calc: 1000, check: 0, required: 0, display: 0, disabled: 0 },
  seed: 2000,
  maxDepth: 8,
  chainBias: 0.4,
  hubs: 20,
  gates: 0,
};

const TARGET = { compile: 50, changeMedian: 2, changeP95: 10, validate: 100, ratio: 1 };
const CHANGES = 5000;
const WARMUP_CHANGES = 300;

const CTX: EvalContext = {
  now: new Date('2024-06-15T10:00:00'),
  lookupDictionary: (code) =>
    code === YES_NO
      ? [
          { value: '1', label: '否' },
          { value: '2', label: '是' },
        ]
      : undefined,
};

interface EngineRun {
  form: CompiledForm;
  session: FormSession;
  changes: number[];
  /** Rules each timed change ran (0 for a field nothing reads). */
  reach: number[];
}

function compileRows(label: string, doc: FormDocument, runs: number, limit?: number): Row[] {
  const times = repeat(() => compileDocument(doc), runs, 2);
  return [
    {
      doc: label,
      measure: 'compile',
      n: String(runs),
      median: ms(median(times)),
      p95: '',
      target: limit ? `≤ ${limit} ms` : '',
      result: verdict(median(times), limit),
    },
  ];
}

/** Replays the warm-up script, then times each change of the measured script through the session. */
function runEngine(doc: FormDocument, record: FormValues, warmup: Change[], script: Change[]): EngineRun {
  const form = compileDocumentOrThrow(doc);
  const session = createSession(form, record, CTX, { applyDefaults: false });
  for (const c of warmup) session.set(c.field, c.value);
  const reach: number[] = [];
  const changes = timeEach(script, (c) => reach.push(session.set(c.field, c.value).rulesRun.length));
  return { form, session, changes, reach };
}

function changeRow(label: string, measure: string, times: number[], withTargets = false): Row {
  const med = median(times);
  const p95 = percentile(times, 95);
  return {
    doc: label,
    measure,
    n: String(times.length),
    median: ms(med),
    p95: ms(p95),
    target: withTargets ? `≤ ${TARGET.changeMedian} / ≤ ${TARGET.changeP95} ms` : '',
    result: withTargets ? `${verdict(med, TARGET.changeMedian)} / ${verdict(p95, TARGET.changeP95)}` : '',
  };
}

function ratioRow(label: string, measure: string, engine: number[], formily: number[]): Row {
  const rMed = median(engine) / median(formily);
  const rP95 = percentile(engine, 95) / percentile(formily, 95);
  return {
    doc: label,
    measure,
    n: '',
    median: rMed.toFixed(2),
    p95: rP95.toFixed(2),
    target: `≤ ${TARGET.ratio}`,
    result: `${verdict(rMed, TARGET.ratio)} / ${verdict(rP95, TARGET.ratio)}`,
  };
}

/** Many edits touch a field no rule reads; these are the changes that ran at least one rule. */
const reaching = (times: number[], reach: number[]): number[] => times.filter((_, i) => (reach[i] ?? 0) > 0);

function reachNote(label: string, run: EngineRun): string {
  const hit = run.reach.filter((n) => n > 0);
  const mean = hit.reduce((x, y) => x + y, 0) / Math.max(1, hit.length);
  return `${label}: ${hit.length}/${run.reach.length} changes ran rules, ${mean.toFixed(1)} rules on average, at most ${Math.max(0, ...hit)}`;
}

function validationRows(label: string, form: CompiledForm, record: FormValues, runs: number, limit?: number): Row[] {
  const times = repeat(() => validateForSubmit(form, record, CTX), runs, 2);
  return [
    {
      doc: label,
      measure: 'full validation (validateForSubmit)',
      n: String(runs),
      median: ms(median(times)),
      p95: '',
      target: limit ? `≤ ${limit} ms` : '',
      result: verdict(median(times), limit),
    },
  ];
}

/** Engine and Formily must end the same script in the same state, or the comparison is void. */
function crossCheck(plan: Plan, session: FormSession, formily: Form): string {
  let checked = 0;
  const bad: string[] = [];
  for (const r of plan.rules) {
    if (!FORMILY_KINDS.has(r.kind)) continue;
    checked += 1;
    const field = formily.fields[r.field] as Field;
    const state = session.state(r.field);
    const same =
      r.kind === 'calc'
        ? Object.is(session.value(r.field), formilyValue(formily, r.field))
        : r.kind === 'display'
          ? state?.visible === (field.display === 'visible')
          : r.kind === 'required'
            ? state?.required === field.required
            : state?.disabled === (field.pattern === 'disabled');
    if (!same) bad.push(r.id);
  }
  return bad.length === 0
    ? `engine and Formily agree on all ${checked} rule effects`
    : `MISMATCH on ${bad.length}/${checked}: ${bad.slice(0, 5).join(', ')}`;
}

function main(): void {
  const started = nowNs();
  const rows: Row[] = [];
  const notes: string[] = [];

  // (a) 300 fields / 500 rules, with every target.
  const planA = generatePlan(FORM_300);
  const docA = planToDocument(planA);
  const recordA = filledRecord(planA, 1);
  const warmA = changeScript(planA, WARMUP_CHANGES, 2);
  const scriptA = changeScript(planA, CHANGES, 3);
  const a = '300/500';
  const engineA = runEngine(docA, recordA, warmA, scriptA);
  // Like for like: the engine with only the rule kinds the Formily form has.
  const sameA = runEngine(
    planToDocument(planA, (r) => FORMILY_KINDS.has(r.kind)),
    recordA,
    warmA,
    scriptA,
  );

  const buildStart = nowNs();
  const formily = buildFormilyForm(planA, recordA);
  const buildMs = msSince(buildStart);
  const fieldOf = (c: Change): Field => formily.fields[c.field] as Field;
  for (const c of warmA) fieldOf(c).setValue(c.value);
  const formilyA = timeEach(scriptA, (c) => fieldOf(c).setValue(c.value));

  notes.push(`${a}: ${describeShape(planA, engineA.form)}`);
  notes.push(reachNote(`${a} all rules`, engineA), reachNote(`${a} same rules as Formily`, sameA));
  notes.push(
    `cross-check after the script: ${crossCheck(planA, engineA.session, formily)} (full engine), ${crossCheck(planA, sameA.session, formily)} (same rules)`,
  );
  rows.push(...compileRows(a, docA, 25, TARGET.compile));
  rows.push(changeRow(a, 'one change, engine (all rules)', engineA.changes, true));
  rows.push(changeRow(a, '  changes that ran rules', reaching(engineA.changes, engineA.reach), true));
  rows.push(...validationRows(a, engineA.form, recordA, 25, TARGET.validate));
  rows.push(changeRow(a, 'one change, engine (calc/display/required/disabled)', sameA.changes));
  rows.push(changeRow(a, 'one change, @formily/core reactions (same rules)', formilyA));
  rows.push(ratioRow(a, 'ratio engine (all rules) / Formily', engineA.changes, formilyA));
  rows.push(ratioRow(a, 'ratio engine (same rules) / Formily', sameA.changes, formilyA));
  rows.push(ratioRow(a, '  changes that ran rules', reaching(sameA.changes, sameA.reach), reaching(formilyA, sameA.reach)));
  rows.push({
    doc: a,
    measure: '@formily/core form build (createForm + fields)',
    n: '1',
    median: ms(buildMs),
    p95: '',
    target: '',
    result: '',
  });

  // (b) 2,000 fields / 1,000 calculations: no targets, the figures show how the engine scales.
  const planB = generatePlan(FORM_2000);
  const docB = planToDocument(planB);
  const recordB = filledRecord(planB, 4);
  const b = '2000/1000';
  const engineB = runEngine(docB, recordB, changeScript(planB, WARMUP_CHANGES, 5), changeScript(planB, CHANGES, 6));
  notes.push(`${b}: ${describeShape(planB, engineB.form)}`);
  notes.push(reachNote(b, engineB));
  rows.push(...compileRows(b, docB, 15));
  rows.push(changeRow(b, 'one change, engine', engineB.changes));
  rows.push(changeRow(b, '  changes that ran rules', reaching(engineB.changes, engineB.reach)));
  rows.push(...validationRows(b, engineB.form, recordB, 15));

  // (c) the real hypertension follow-up, each of 200 visits checked as the server checks a submit.
  const c = 'hypertension';
  const real = bundledForm('hypertensionfollowup');
  const visits = hypertensionVisits(200, CTX.now, 7);
  for (let i = 0; i < 2_000; i++) validateForSubmit(real, visits[i % visits.length] as FormValues, CTX);
  const perCheck = repeat(
    () => {
      for (const v of visits) validateForSubmit(real, v, CTX);
    },
    15,
    2,
  ).map((t) => t / visits.length);
  notes.push(
    `${c}: the bundled form, ${real.fields.length} fields and ${real.rules.length} rules; 200 visits as bench:server submits them`,
  );
  rows.push({
    doc: c,
    measure: 'one submit check (validateForSubmit)',
    n: '15×200',
    median: ms(median(perCheck)),
    p95: '',
    target: '',
    result: '',
  });

  console.log(`engine benchmark — Node ${process.version}, ${os.cpus().length} cores, ${os.cpus()[0]?.model ?? 'unknown CPU'}`);
  for (const n of notes) console.log(`  ${n}`);
  console.log('');
  printTable(rows);
  console.log(`\nwhole run ${(msSince(started) / 1000).toFixed(1)} s. A change is timed from session.set / field.setValue to its return;`);
  console.log('p95 includes garbage collection pauses, as a user would feel them.');
}

main();
