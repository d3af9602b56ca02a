// JSON text with positions, for messages an analyst can act on: a syntax error names its line and
// column, and a meta-schema problem (a JSON pointer such as /fields/3/fieldType) is found again in
// the text by the line of that property. The value itself comes from JSON.parse; a small scanner
// walks the same text to check it and to note where each property and array item starts. A key
// repeated in one object is refused (第L行第C列: 属性 "x" 重复), where JSON.parse keeps the last.

export interface JsonPosition {
  /** 1-based. */
  line: number;
  /** 1-based, in UTF-16 code units as editors count them. */
  column: number;
}

export type JsonText =
  | { ok: true; value: unknown; positionOf: (pointer: string) => JsonPosition }
  | {
      ok: false;
      position: JsonPosition;
      message: string;
      /** Set when the error is a key repeated in one object (JSON.parse would keep the last value silently). */
      duplicateKey?: string;
    };

class JsonSyntaxError extends Error {
  constructor(
    readonly offset: number,
    message: string,
    readonly duplicateKey?: string,
  ) {
    super(message);
  }
}

/** Deeper documents are refused rather than overflow the stack (a form is a few levels deep). */
const MAX_DEPTH = 256;

/** Escapes a key as a JSON pointer token (RFC 6901), as ajv's instancePath does. */
const token = (key: string) => key.replace(/~/g, '~0').replace(/\//g, '~1');

class Scanner {
  private i = 0;
  /** JSON pointer → offset where its value's key (for a property) or value (for an item) starts. */
  readonly starts = new Map<string, number>();

  constructor(private readonly text: string) {}

  scan(): void {
    this.space();
    this.value('');
    this.space();
    if (this.i < this.text.length) throw new JsonSyntaxError(this.i, '文档结束后还有多余的内容');
  }

  private space(): void {
    while (this.i < this.text.length && ' \t\n\r'.includes(this.text[this.i] as string)) this.i++;
  }

  private unexpected(expected: string): JsonSyntaxError {
    if (this.i >= this.text.length) return new JsonSyntaxError(this.i, `文件意外结束，缺少${expected}`);
    return new JsonSyntaxError(this.i, `意外的字符 ${JSON.stringify(this.text[this.i])}，应为${expected}`);
  }

  private depth = 0;

  private value(pointer: string): void {
    if (!this.starts.has(pointer)) this.starts.set(pointer, this.i);
    if (++this.depth > MAX_DEPTH) throw new JsonSyntaxError(this.i, `嵌套超过 ${MAX_DEPTH} 层`);
    const c = this.text[this.i];
    if (c === '{') this.object(pointer);
    else if (c === '[') this.array(pointer);
    else if (c === '"') this.string();
    else if (c === '-' || (c !== undefined && c >= '0' && c <= '9')) this.number();
    else if (!this.literal('true') && !this.literal('false') && !this.literal('null'))
      throw this.unexpected('一个值（对象、数组、字符串、数字、true、false 或 null）');
    this.depth--;
  }

  private literal(word: string): boolean {
    if (!this.text.startsWith(word, this.i)) return false;
    this.i += word.length;
    return true;
  }

  private object(pointer: string): void {
    this.i++;
    this.space();
    if (this.text[this.i] === '}') {
      this.i++;
      return;
    }
    // A key given twice is an error of its own: JSON.parse keeps the last value without a word.
    const keys = new Set<string>();
    for (;;) {
      if (this.text[this.i] !== '"') throw this.unexpected('用双引号括起的属性名');
      const keyStart = this.i;
      const key = this.string();
      if (keys.has(key)) throw new JsonSyntaxError(keyStart, `属性 "${key}" 重复`, key);
      keys.add(key);
      const child = `${pointer}/${token(key)}`;
      this.starts.set(child, keyStart);
      this.space();
      if (this.text[this.i] !== ':') throw this.unexpected(`属性 "${key}" 后的冒号`);
      this.i++;
      this.space();
      this.value(child);
      this.space();
      const c = this.text[this.i];
      this.i++;
      if (c === '}') return;
      if (c !== ',') {
        this.i--;
        throw this.unexpected('逗号或 }');
      }
      this.space();
    }
  }

  private array(pointer: string): void {
    this.i++;
    this.space();
    if (this.text[this.i] === ']') {
      this.i++;
      return;
    }
    for (let n = 0; ; n++) {
      this.value(`${pointer}/${n}`);
      this.space();
      const c = this.text[this.i];
      this.i++;
      if (c === ']') return;
      if (c !== ',') {
        this.i--;
        throw this.unexpected('逗号或 ]');
      }
      this.space();
    }
  }

  private string(): string {
    const start = this.i;
    this.i++;
    for (;;) {
      const c = this.text[this.i];
      if (c === undefined) throw new JsonSyntaxError(start, '字符串没有结束（缺少右双引号）');
      if (c === '"') break;
      if (c < ' ') throw new JsonSyntaxError(this.i, '字符串中有未转义的控制字符（如换行）');
      if (c === '\\') {
        const e = this.text[this.i + 1];
        if (e === 'u') {
          if (!/^[0-9a-fA-F]{4}$/.test(this.text.slice(this.i + 2, this.i + 6)))
            throw new JsonSyntaxError(this.i, '\\u 后应为四位十六进制数');
          this.i += 6;
          continue;
        }
        if (e === undefined || !'"\\/bfnrt'.includes(e)) throw new JsonSyntaxError(this.i, '不正确的转义字符');
        this.i += 2;
        continue;
      }
      this.i++;
    }
    this.i++;
    return JSON.parse(this.text.slice(start, this.i)) as string;
  }

  private number(): void {
    const m = /^-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?/.exec(this.text.slice(this.i, this.i + 400));
    if (!m || m[0] === '-') throw new JsonSyntaxError(this.i, '数字格式不正确');
    this.i += m[0].length;
  }
}

/** Offsets → line and column, with the line starts found once. */
function positions(text: string): (offset: number) => JsonPosition {
  const starts = [0];
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  return (offset) => {
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((starts[mid] as number) <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + 1, column: offset - (starts[lo] as number) + 1 };
  };
}

/**
 * Parses JSON text (a leading byte-order mark is allowed, as Windows editors write it). A pointer
 * that is not in the text (a missing property) is placed at its nearest parent that is.
 */
export function parseJsonText(input: string): JsonText {
  const bom = input.startsWith('\uFEFF') ? 1 : 0;
  const text = bom ? input.slice(1) : input;
  const scanner = new Scanner(text);
  const positionAt = positions(text);
  try {
    scanner.scan();
  } catch (e) {
    if (!(e instanceof JsonSyntaxError)) throw e;
    return {
      ok: false,
      position: positionAt(e.offset),
      message: e.message,
      ...(e.duplicateKey !== undefined && { duplicateKey: e.duplicateKey }),
    };
  }
  const value = JSON.parse(text) as unknown;
  const positionOf = (pointer: string): JsonPosition => {
    let p = pointer === '/' ? '' : pointer;
    while (p !== '' && !scanner.starts.has(p)) p = p.slice(0, p.lastIndexOf('/'));
    return positionAt(scanner.starts.get(p) ?? 0);
  };
  return { ok: true, value, positionOf };
}
