import {
  autocompletion,
  closeBrackets,
  completionKeymap,
  type Completion,
  type CompletionContext,
  type CompletionResult,
} from '@codemirror/autocomplete';
import { defaultKeymap, history, historyKeymap } from '@codemirror/commands';
import { forceLinting, linter, setDiagnostics, type Diagnostic } from '@codemirror/lint';
import { EditorState } from '@codemirror/state';
import { EditorView, keymap, placeholder as placeholderText } from '@codemirror/view';
import { useEffect, useRef } from 'react';

/** One completion offered while typing (a field with its label, a function with its signature, a code in a string). */
export interface CompletionItem {
  label: string;
  /** Shown beside the label (a field's label, a function's signature, a code's text). */
  detail?: string;
  info?: string;
  type: 'variable' | 'function' | 'constant' | 'keyword';
  /** Text inserted instead of the label (a function's opening bracket). */
  apply?: string;
  boost?: number;
}

/** A compile message about some characters of the expression (underlined, with a tooltip). */
export interface ExpressionDiagnostic {
  from: number;
  to: number;
  severity: 'error' | 'warning';
  message: string;
}

export interface ExpressionEditorProps {
  value: string;
  onChange: (text: string) => void;
  /** Completion items for the text before the cursor (fields, functions, keywords, or codes in a string). */
  complete: (before: string) => { items: CompletionItem[]; inString: boolean };
  /** The engine's compile diagnostics for the text (CodeMirror lint: underlined, with a tooltip). */
  diagnose: (text: string) => ExpressionDiagnostic[];
  ariaLabel: string;
  placeholder?: string;
  testId?: string;
}

const toCompletion = (i: CompletionItem): Completion => ({
  label: i.label,
  type: i.type,
  ...(i.detail !== undefined && { detail: i.detail }),
  ...(i.info !== undefined && { info: i.info }),
  ...(i.apply !== undefined && { apply: i.apply }),
  ...(i.boost !== undefined && { boost: i.boost }),
});

/** The engine's messages as CodeMirror's lint marks. */
const toMarks = (diagnostics: ExpressionDiagnostic[]): Diagnostic[] =>
  diagnostics.map((d) => ({ from: d.from, to: Math.max(d.to, d.from), severity: d.severity, message: d.message, source: '编译' }));

const theme = EditorView.theme({
  '&': { border: '1px solid #d9d9d9', borderRadius: '4px', background: '#fff', fontSize: '13px' },
  '&.cm-focused': { outline: 'none', borderColor: '#409EFF', boxShadow: '0 0 0 2px rgba(64,158,255,0.15)' },
  '.cm-content': { fontFamily: 'Menlo, Consolas, "Courier New", monospace', padding: '4px 0', minHeight: '22px' },
  '.cm-line': { padding: '0 6px' },
  '.cm-tooltip-autocomplete ul li[aria-selected]': { background: '#409EFF', color: '#fff' },
  '.cm-completionDetail': { marginLeft: '8px', fontStyle: 'normal', color: '#8c8c8c' },
  '.cm-tooltip-autocomplete ul li[aria-selected] .cm-completionDetail': { color: '#e6f4ff' },
});

/**
 * One expression of a rule on CodeMirror 6 (the form designer's rules, the quality topics' rules): completion of the form's fields (with their labels),
 * the engine's functions (with their doc) and, inside a string, dictionary codes; the engine's
 * compile diagnostics inline as you type. The editor owns its text while focused; a value from
 * outside (reload, another panel) replaces it.
 */
export function ExpressionEditor(props: ExpressionEditorProps) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView>();
  // The latest callbacks, read by the extensions (created once per editor).
  const latest = useRef(props);
  latest.current = props;

  useEffect(() => {
    if (!host.current) return undefined;
    const source = (ctx: CompletionContext): CompletionResult | null => {
      const before = ctx.state.sliceDoc(0, ctx.pos);
      const { items, inString } = latest.current.complete(before);
      if (inString) {
        const from = before.lastIndexOf('"') + 1;
        return { from, options: items.map(toCompletion), validFor: /^[^"]*$/ };
      }
      const word = ctx.matchBefore(/[A-Za-z_][A-Za-z0-9_]*/);
      if (!word && !ctx.explicit) return null;
      return { from: word ? word.from : ctx.pos, options: items.map(toCompletion), validFor: /^[A-Za-z0-9_]*$/ };
    };
    const lint = (v: EditorView): Diagnostic[] => toMarks(latest.current.diagnose(v.state.doc.toString()));
    const state = EditorState.create({
      doc: latest.current.value,
      extensions: [
        history(),
        closeBrackets(),
        keymap.of([...completionKeymap, ...defaultKeymap, ...historyKeymap]),
        autocompletion({ override: [source], activateOnTyping: true, icons: false }),
        linter(lint, { delay: 250 }),
        EditorView.lineWrapping,
        theme,
        placeholderText(latest.current.placeholder ?? ''),
        EditorView.contentAttributes.of({
          'aria-label': latest.current.ariaLabel,
          ...(latest.current.testId && { 'data-testid': latest.current.testId }),
        }),
        EditorView.updateListener.of((u) => {
          if (u.docChanged) latest.current.onChange(u.state.doc.toString());
        }),
      ],
    });
    const v = new EditorView({ state, parent: host.current });
    view.current = v;
    return () => {
      v.destroy();
      view.current = undefined;
    };
  }, []);

  // A value from outside (not what was just typed) replaces the text.
  useEffect(() => {
    const v = view.current;
    if (v && v.state.doc.toString() !== props.value) v.dispatch({ changes: { from: 0, to: v.state.doc.length, insert: props.value } });
  }, [props.value]);

  // The rest of the document changed (a field renamed, a rule added, the fields arrived): the same
  // text may now read differently. Its marks are replaced at once — a lint run only follows an edit,
  // so marks made against the old fields would otherwise stay until the next keystroke.
  useEffect(() => {
    const v = view.current;
    if (!v) return;
    v.dispatch(setDiagnostics(v.state, toMarks(latest.current.diagnose(v.state.doc.toString()))));
    forceLinting(v);
  }, [props.diagnose]);

  return <div ref={host} className="fd-expression" />;
}
