// Static types for expressions: walks expr-eval's instruction list with a type stack, so a rule that
// compares a dictionary code with a number (expr-eval's '==' is strict: 1 == "1" is false) or calls
// an unknown function is rejected when the form is compiled, not when a nurse fills it in.
import { FUNCTIONS } from './functions';
import type { Instruction } from './sandbox';
import type { ExprType } from './types';

interface Slot {
  t: ExprType;
  literal?: boolean;
  fn?: string;
  unknown?: string;
}

export interface TypeEnv {
  fieldType(name: string): ExprType | undefined;
}

export interface TypeResult {
  type: ExprType;
  fields: Set<string>;
  functions: Set<string>;
  errors: { message: string; field?: string }[];
}

const ARITH = new Set(['+', '-', '*', '/', '%', '^']);
const ORDER = new Set(['<', '>', '<=', '>=']);

function compatible(a: Slot, b: Slot): boolean {
  if (a.t === 'any' || b.t === 'any' || a.t === b.t) return true;
  // Dates are ISO strings: a date may meet a text literal such as '2024-01-01'.
  return (a.t === 'date' && b.t === 'string' && b.literal === true) || (b.t === 'date' && a.t === 'string' && a.literal === true);
}

export function typecheck(tokens: Instruction[], env: TypeEnv): TypeResult {
  const res: TypeResult = { type: 'any', fields: new Set(), functions: new Set(), errors: [] };
  const reported = new Set<string>();
  const fail = (message: string, field?: string): void => {
    if (reported.has(message)) return;
    reported.add(message);
    res.errors.push(field ? { message, field } : { message });
  };
  const operand = (s: Slot | undefined): Slot => {
    if (!s) return { t: 'any' };
    if (s.unknown !== undefined) {
      fail(`未知的字段: ${s.unknown}`, s.unknown);
      return { t: 'any' };
    }
    if (s.fn !== undefined) {
      fail(`函数 ${s.fn} 必须调用`);
      return { t: 'any' };
    }
    return s;
  };

  const run = (list: Instruction[]): Slot => {
    const stack: Slot[] = [];
    for (const ins of list) {
      switch (ins.type) {
        case 'INUMBER': {
          const v = ins.value;
          stack.push({ t: typeof v === 'number' ? 'number' : typeof v === 'boolean' ? 'boolean' : 'string', literal: true });
          break;
        }
        case 'IVAR': {
          const name = String(ins.value);
          const ft = env.fieldType(name);
          if (ft !== undefined) {
            res.fields.add(name);
            stack.push({ t: ft });
          } else if (name in FUNCTIONS) {
            stack.push({ t: 'any', fn: name });
          } else if (name === 'not') {
            fail("'not' 需要括号外的操作数");
            stack.push({ t: 'any' });
          } else {
            stack.push({ t: 'any', unknown: name });
          }
          break;
        }
        case 'IEXPR':
          stack.push(run(ins.value as Instruction[]));
          break;
        case 'IOP1': {
          const a = operand(stack.pop());
          const op = String(ins.value);
          if (op === 'not') {
            if (a.t !== 'boolean' && a.t !== 'any') fail(`not 需要条件, 得到 ${a.t}`);
            stack.push({ t: 'boolean' });
          } else if (op === '-' || op === '+') {
            if (a.t !== 'number' && a.t !== 'any') fail(`'${op}' 需要数值, 得到 ${a.t}`);
            stack.push({ t: 'number' });
          } else {
            fail(`不支持的运算: ${op}`);
            stack.push({ t: 'any' });
          }
          break;
        }
        case 'IOP2': {
          const b = operand(stack.pop());
          const a = operand(stack.pop());
          const op = String(ins.value);
          if (ARITH.has(op)) {
            if ((a.t !== 'number' && a.t !== 'any') || (b.t !== 'number' && b.t !== 'any')) fail(`'${op}' 需要数值, 得到 ${a.t} 和 ${b.t}`);
            stack.push({ t: 'number' });
          } else if (op === '==' || op === '!=') {
            if (!compatible(a, b)) fail(`'${op}' 两边类型不同: ${a.t} 和 ${b.t} (字典代码是文本, 如 "1")`);
            stack.push({ t: 'boolean' });
          } else if (ORDER.has(op)) {
            const ok = (a.t === 'number' || a.t === 'any') && (b.t === 'number' || b.t === 'any');
            const okDate = (a.t === 'date' || a.t === 'any') && compatible(a, b) && (b.t === 'date' || b.t === 'string' || b.t === 'any');
            if (!ok && !okDate) fail(`'${op}' 只比较数值或日期, 得到 ${a.t} 和 ${b.t}`);
            stack.push({ t: 'boolean' });
          } else if (op === 'and' || op === 'or') {
            if ((a.t !== 'boolean' && a.t !== 'any') || (b.t !== 'boolean' && b.t !== 'any'))
              fail(`'${op}' 需要条件, 得到 ${a.t} 和 ${b.t}`);
            stack.push({ t: 'boolean' });
          } else if (op === 'in') {
            if (b.t !== 'list' && b.t !== 'any') fail(`'in' 右边需要代码列表, 得到 ${b.t}`);
            if (a.t !== 'string' && a.t !== 'any') fail(`'in' 左边需要代码 (文本), 得到 ${a.t}`);
            stack.push({ t: 'boolean' });
          } else if (op === '||') {
            fail("'||' 在表达式中是文本拼接, 逻辑或请写 or");
            stack.push({ t: 'any' });
          } else {
            fail(`不支持的运算: ${op}`);
            stack.push({ t: 'any' });
          }
          break;
        }
        case 'IOP3': {
          const c = operand(stack.pop());
          const b = operand(stack.pop());
          const a = operand(stack.pop());
          if (String(ins.value) !== '?') fail(`不支持的运算: ${String(ins.value)}`);
          if (a.t !== 'boolean' && a.t !== 'any') fail(`'?' 前需要条件, 得到 ${a.t}`);
          if (!compatible(b, c)) fail(`'?:' 两个分支类型不同: ${b.t} 和 ${c.t}`);
          stack.push({ t: b.t === 'any' ? c.t : b.t });
          break;
        }
        case 'IFUNCALL': {
          const argc = Number(ins.value);
          const args: Slot[] = [];
          for (let i = 0; i < argc; i++) args.unshift(operand(stack.pop()));
          const callee = stack.pop();
          if (!callee || callee.fn === undefined) {
            if (callee?.unknown !== undefined) fail(`未知的函数: ${callee.unknown}`);
            else fail('只能调用已注册的函数');
            stack.push({ t: 'any' });
            break;
          }
          const spec = FUNCTIONS[callee.fn];
          if (!spec) break;
          res.functions.add(callee.fn);
          const minArgs = spec.params.length - (spec.optional ?? 0);
          if (argc < minArgs || argc > spec.params.length) {
            fail(
              `函数 ${callee.fn} 需要 ${minArgs === spec.params.length ? minArgs : `${minArgs}–${spec.params.length}`} 个参数, 得到 ${argc}`,
            );
          }
          args.forEach((arg, i) => {
            const p = spec.params[i];
            if (p && !compatible({ t: p }, arg)) fail(`函数 ${callee.fn} 第 ${i + 1} 个参数需要 ${p}, 得到 ${arg.t}`);
          });
          stack.push({ t: spec.returns === 'arg0' ? (args[0]?.t ?? 'any') : spec.returns });
          break;
        }
        case 'IARRAY': {
          const n = Number(ins.value);
          for (let i = 0; i < n; i++) {
            const el = operand(stack.pop());
            if (el.t !== 'string' && el.t !== 'any') fail(`代码列表只能包含文本代码, 得到 ${el.t}`);
          }
          stack.push({ t: 'list' });
          break;
        }
        default:
          fail(`不支持的语法: ${ins.type}`);
          stack.push({ t: 'any' });
      }
    }
    if (stack.length !== 1) {
      fail('表达式只能有一个结果');
      return { t: 'any' };
    }
    return operand(stack[0]);
  };

  res.type = run(tokens).t;
  return res;
}
