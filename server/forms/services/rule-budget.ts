// How long one submit's rules may run on the server (issue 22 §2), and the refusal when they do not
// finish: the event loop is shared by every tenant, so a form that needs more is a form to fix.
import { EvaluationBudgetExceeded } from '../../../src/engine';
import { Unprocessable } from '../../domain/errors';

/** Steps (rules and field checks) and wall time per evaluation; RULE_BUDGET_MS overrides the time. */
export const RULE_BUDGET = {
  steps: 200_000,
  ms: positiveInteger(process.env.RULE_BUDGET_MS) ?? 2000,
};

/** Runs an evaluation; a spent budget becomes a 422 refusal in Chinese instead of a hung request. */
export function withinBudget<T>(evaluate: () => T): T {
  try {
    return evaluate();
  } catch (error) {
    if (error instanceof EvaluationBudgetExceeded) throw new Unprocessable(error.message);
    throw error;
  }
}

function positiveInteger(text: string | undefined): number | undefined {
  const n = Number(text);
  return text && Number.isInteger(n) && n > 0 ? n : undefined;
}
