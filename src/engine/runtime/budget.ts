// A limit on one evaluation (issue 22 §2): a submit runs the form's rules and field checks on the
// server's one event loop, so no form may hold it for long, whatever its authors wrote. Each rule
// is linear (no loops in the expression language, patterns on RE2), so counting steps and checking
// the host's clock between them bounds the whole evaluation.

export const BUDGET_MESSAGE = '表单规则计算超出限制，已停止校验，请联系管理员检查表单规则';

/** Thrown by a budget when an evaluation has used up its allowance; hosts answer it as a refusal. */
export class EvaluationBudgetExceeded extends Error {
  constructor(readonly reason: 'steps' | 'time') {
    super(BUDGET_MESSAGE);
    this.name = 'EvaluationBudgetExceeded';
  }
}

/** What the runner and the field checks call before each step (a rule, a field check). */
export interface EvaluationBudget {
  spend(): void;
}

/**
 * At most `maxSteps` steps and `maxMs` milliseconds of the host's clock (`clock`: a monotonic
 * millisecond counter such as `performance.now`, passed in because the engine reads no clock).
 */
export function stepAndTimeBudget(maxSteps: number, maxMs: number, clock: () => number): EvaluationBudget {
  const start = clock();
  let steps = 0;
  return {
    spend() {
      steps += 1;
      if (steps > maxSteps) throw new EvaluationBudgetExceeded('steps');
      if (clock() - start >= maxMs) throw new EvaluationBudgetExceeded('time');
    },
  };
}
