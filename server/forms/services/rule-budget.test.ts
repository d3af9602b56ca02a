import { describe, expect, it } from 'vitest';
import { EvaluationBudgetExceeded } from '../../../src/engine';
import { Unprocessable } from '../../domain/errors';
import { DOMAIN_ERROR_STATUS } from '../../http/error-handler';
import { withinBudget } from './rule-budget';

describe('a submit’s rule budget on the server (issue 22 §2)', () => {
  it('turns a spent budget into a 422 refusal in Chinese, and lets other errors through', () => {
    const refused = (() => {
      try {
        return withinBudget(() => {
          throw new EvaluationBudgetExceeded('time');
        });
      } catch (e) {
        return e;
      }
    })();
    expect(refused).toBeInstanceOf(Unprocessable);
    expect(DOMAIN_ERROR_STATUS[(refused as Unprocessable).kind]).toBe(422);
    expect(refused).toMatchObject({ message: '表单规则计算超出限制，已停止校验，请联系管理员检查表单规则' });
    expect(() => withinBudget(() => JSON.parse('{'))).toThrow(SyntaxError);
    expect(withinBudget(() => 42)).toBe(42);
  });
});
