// Field patterns (a field's `regExp`, spec 002 §3) matched in linear time (issue 22 §2).
//
// A JavaScript RegExp backtracks: `^(a+)+$` against 32 a's and a '!' holds the event loop for
// seconds, and every tenant of the server waits. re2js (RE2's automaton, pure JavaScript) matches
// in time linear in the input and runs unchanged in the browser and on the server, so both sides
// agree on every value. What RE2 cannot run (backreferences, lookaround) is refused when the form
// is compiled, which is also what a publish checks.
import { RE2JS } from 're2js';

/**
 * The JavaScript spelling RE2 does not read: `\uXXXX` (common in Chinese patterns such as
 * `[\u4e00-\u9fa5]`) becomes RE2's `\x{XXXX}`. An escaped backslash is copied as it is.
 */
export function toRe2Syntax(source: string): string {
  let out = '';
  for (let i = 0; i < source.length; i++) {
    const c = source[i];
    if (c !== '\\') {
      out += c;
      continue;
    }
    const next = source[i + 1] ?? '';
    const hex = source.slice(i + 2, i + 6);
    if (next === 'u' && /^[0-9A-Fa-f]{4}$/.test(hex)) {
      out += `\\x{${hex}}`;
      i += 5;
    } else {
      out += c + next;
      i += 1;
    }
  }
  return out;
}

/** Why RE2 refuses a pattern, in Chinese, or null when it can run it. */
export function patternProblem(source: string): string | null {
  const compiled = compilePattern(source);
  return compiled instanceof Error ? describeRefusal(source, compiled) : null;
}

/**
 * Whether the whole text matches the field's pattern, as `new RegExp(source).test(text)` would
 * (unanchored search), in linear time. A pattern RE2 cannot run is not enforced: compile and
 * publish refuse such patterns, so only a version published before this check can carry one, and
 * a value must not become unsavable because of it.
 */
export function matchesFieldPattern(source: string, text: string): boolean {
  const compiled = compilePattern(source);
  if (compiled instanceof Error) return true;
  return compiled.matcher(text).find();
}

// Compiling is the slow part and forms repeat the same few patterns: keep the most recent ones.
const CACHE_LIMIT = 256;
const cache = new Map<string, RE2JS | Error>();

function compilePattern(source: string): RE2JS | Error {
  const kept = cache.get(source);
  if (kept !== undefined) return kept;
  let compiled: RE2JS | Error;
  try {
    compiled = RE2JS.compile(toRe2Syntax(source));
  } catch (e) {
    compiled = e instanceof Error ? e : new Error(String(e));
  }
  if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value as string);
  cache.set(source, compiled);
  return compiled;
}

function describeRefusal(source: string, error: Error): string {
  if (/\(\?<?[=!]/.test(source)) return '不支持前后断言（(?=…)、(?!…)、(?<=…)、(?<!…)），请改写为不含断言的正则';
  if (/\\[1-9]|\\k</.test(source)) return '不支持反向引用（\\1、\\k<名称>），请改写为不含反向引用的正则';
  return `不是有效的正则表达式（${error.message}）`;
}
