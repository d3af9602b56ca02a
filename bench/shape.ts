// Describes a generated document, so a reader can judge whether the workload is realistic.
import type { CompiledForm } from '../src/engine';
import type { Plan } from './generate-document';

export function describeShape(plan: Plan, form: CompiledForm): string {
  const kinds = new Map<string, number>();
  for (const r of plan.rules) kinds.set(r.kind, (kinds.get(r.kind) ?? 0) + 1);
  const depths = plan.fields.filter((f) => f.kind === 'calc').map((f) => f.depth);
  const maxDepth = Math.max(0, ...depths);
  const meanDepth = depths.length ? depths.reduce((a, b) => a + b, 0) / depths.length : 0;
  let fanOut = 0;
  for (const list of form.readers.values()) fanOut = Math.max(fanOut, list.length);
  const mix = [...kinds].map(([k, n]) => `${n} ${k}`).join(', ');
  return `${plan.fields.length} fields, ${plan.rules.length} rules (${mix}); calc chain depth max ${maxDepth}, mean ${meanDepth.toFixed(1)}; widest fan-out ${fanOut} rules read one field`;
}
