/**
 * Reads docs/spec-api/calls.txt, the transcription of every call the spec documents name, into
 * records. The format is described in docs/spec-api/README.md; this parser is strict so a typo in
 * the transcription is an error with its line number, never a silently dropped call.
 */

export type SpecDoc = '000' | '001' | '002';
export type HttpMethod = 'GET' | 'POST';

export interface SpecCall {
  doc: SpecDoc;
  /** 1-based line of the spec document that names the call. */
  specLine: number;
  method: HttpMethod;
  /** false when the spec does not say, and the method follows BladeX's convention. */
  methodStated: boolean;
  /** Full path as a client calls it, e.g. `/api/blade-system/dept/lazy-tree`. */
  path: string;
  params: string[];
  /** True when a `# reading` comment in its block explains how the name was read from prose. */
  reading: boolean;
}

export interface SpecNote {
  doc: SpecDoc;
  specLine: number;
  text: string;
}

export interface CatalogueBlock {
  doc: SpecDoc;
  specLine: number;
  base: string;
  calls: SpecCall[];
  notes: SpecNote[];
  comments: string[];
}

export interface ParsedCatalogue {
  blocks: CatalogueBlock[];
  errors: string[];
}

const HEADER = /^@(000|001|002):(\d+)\s+(\S+)\s*$/;
const CALL_LINE = /^(GET|POST)(\?)?\s+(.+)$/;
const SEGMENT = /^[A-Za-z0-9_.{}-]+$/;
const PARAM = /^[A-Za-z_][A-Za-z0-9_-]*$/;

export function parseCatalogue(text: string): ParsedCatalogue {
  const blocks: CatalogueBlock[] = [];
  const errors: string[] = [];
  let current: CatalogueBlock | undefined;
  let readingSeen = false;

  text.split('\n').forEach((raw, index) => {
    const where = `calls.txt:${index + 1}`;
    const line = raw.trim();
    if (!line) return;
    const header = HEADER.exec(line);
    if (header) {
      const [, doc, lineNo, base] = header as unknown as [string, SpecDoc, string, string];
      if (base !== '-' && (base.startsWith('/') || base.endsWith('/') || !base.split('/').every((s) => SEGMENT.test(s)))) {
        errors.push(`${where}: base "${base}" must be a path without leading or trailing slash, or "-"`);
      }
      current = { doc, specLine: Number(lineNo), base, calls: [], notes: [], comments: [] };
      readingSeen = false;
      blocks.push(current);
      return;
    }
    if (line.startsWith('#')) {
      if (current) {
        current.comments.push(line.slice(1).trim());
        if (/^#\s*reading\b/i.test(line)) readingSeen = true;
      }
      return;
    }
    if (!current) {
      errors.push(`${where}: a line before the first @DOC:LINE header`);
      return;
    }
    if (line.startsWith('!')) {
      current.notes.push({ doc: current.doc, specLine: current.specLine, text: line.slice(1).trim() });
      return;
    }
    const call = CALL_LINE.exec(line);
    if (!call) {
      errors.push(`${where}: expected "GET …", "POST …", "GET? …", "POST? …", "! note" or "# comment", got "${line}"`);
      return;
    }
    const [, method, unstated, rest] = call as unknown as [string, HttpMethod, string | undefined, string];
    for (const item of splitItems(rest)) {
      const parsed = parseItem(item, current.base);
      if (typeof parsed === 'string') {
        errors.push(`${where}: ${parsed}`);
        continue;
      }
      current.calls.push({
        doc: current.doc,
        specLine: current.specLine,
        method,
        methodStated: !unstated,
        path: parsed.path,
        params: parsed.params,
        reading: readingSeen,
      });
    }
  });
  return { blocks, errors };
}

/** Splits "a, b(x, y), c" at the commas outside parentheses. */
function splitItems(text: string): string[] {
  const items: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i += 1) {
    const ch = text[i];
    if (ch === '(') depth += 1;
    else if (ch === ')') depth -= 1;
    else if (ch === ',' && depth === 0) {
      items.push(text.slice(start, i).trim());
      start = i + 1;
    }
  }
  items.push(text.slice(start).trim());
  return items.filter(Boolean);
}

function parseItem(item: string, base: string): { path: string; params: string[] } | string {
  const match = /^([^()\s]+)(?:\((.*)\))?$/.exec(item);
  if (!match) return `item "${item}" is not path or path(params)`;
  const [, rawPath, rawParams] = match as unknown as [string, string, string | undefined];
  const absolute = rawPath.startsWith('/');
  if (!absolute && base === '-') return `item "${item}" is relative but the block's base is "-"`;
  const relative = absolute ? rawPath.slice(1) : rawPath;
  const segments = relative.split('/');
  if (!segments.every((s) => SEGMENT.test(s))) return `item "${item}": path segments take letters, digits and _ . - { } only`;
  if (relative.startsWith('api/')) return `item "${item}": write paths without /api`;
  const params =
    rawParams === undefined
      ? []
      : rawParams
          .split(',')
          .map((p) => p.trim())
          .filter(Boolean);
  const badParam = params.find((p) => !PARAM.test(p));
  if (badParam) return `item "${item}": parameter "${badParam}" is not an identifier`;
  return { path: `/api/${absolute ? relative : `${base}/${relative}`}`, params };
}

/** A call's identity for counting: the same method and path named twice in one document is one call. */
export function callKey(call: Pick<SpecCall, 'method' | 'path'>): string {
  return `${call.method} ${call.path}`;
}
