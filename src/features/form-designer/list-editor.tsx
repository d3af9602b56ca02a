import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Flex, Input, InputNumber, Tooltip, Typography } from 'antd';
import type { SchemaIssue } from '../../engine';
import { issueText } from './diagnostics';

export interface ListColumn<T> {
  key: keyof T & string;
  title: string;
  kind?: 'text' | 'integer';
  width?: number;
}

export interface ListEditorProps<T extends object> {
  title: string;
  rows: T[];
  columns: ListColumn<T>[];
  onChange: (rows: T[]) => void;
  newRow: (rows: T[]) => T;
  /** The document path of the list (e.g. /placement/tabs): its meta-schema issues mark the cells. */
  path: string;
  issues: SchemaIssue[];
  addText: string;
  removeText: string;
}

/**
 * A small list of a document (tabs, field groups, option items): rows of inputs, added and removed.
 * It checks nothing itself: what is wrong is the meta-schema's issue at the cell's path
 * (validateDocument), shown on the cell — the rules are the document's, never restated here.
 */
export function ListEditor<T extends object>({
  title,
  rows,
  columns,
  onChange,
  newRow,
  path,
  issues,
  addText,
  removeText,
}: ListEditorProps<T>) {
  const issueAt = (i: number, key?: string) => issues.filter((x) => (key ? x.path === `${path}/${i}/${key}` : x.path === `${path}/${i}`));
  const listIssues = issues.filter((x) => x.path === path);
  const set = (i: number, key: keyof T & string, value: unknown) =>
    onChange(
      rows.map((r, j) => {
        if (j !== i) return r;
        const next = { ...r } as Record<string, unknown>;
        if (value === undefined || value === null || value === '') {
          // Required cells keep an empty string so the meta-schema names what is missing.
          if (columns.find((c) => c.key === key)?.kind === 'integer') delete next[key];
          else next[key] = '';
        } else next[key] = value;
        return next as T;
      }),
    );
  return (
    <div className="fd-list-editor">
      <Flex justify="space-between" align="center" style={{ marginBottom: 4 }}>
        <Typography.Text strong>{title}</Typography.Text>
        <Button size="small" icon={<PlusOutlined />} onClick={() => onChange([...rows, newRow(rows)])}>
          {addText}
        </Button>
      </Flex>
      {rows.map((r, i) => (
        <Flex key={i} gap={4} align="center" style={{ marginBottom: 4 }}>
          {columns.map((c) => {
            const cellIssues = issueAt(i, c.key);
            const status = cellIssues.length ? 'error' : undefined;
            const value = (r as Record<string, unknown>)[c.key];
            const control =
              c.kind === 'integer' ? (
                <InputNumber
                  aria-label={`${title} ${i + 1} ${c.title}`}
                  placeholder={c.title}
                  status={status}
                  precision={0}
                  value={typeof value === 'number' ? value : null}
                  style={{ width: c.width ?? 90 }}
                  onChange={(v) => set(i, c.key, v ?? undefined)}
                />
              ) : (
                <Input
                  aria-label={`${title} ${i + 1} ${c.title}`}
                  placeholder={c.title}
                  status={status}
                  value={typeof value === 'string' ? value : ''}
                  style={c.width ? { width: c.width } : { width: '100%' }}
                  onChange={(e) => set(i, c.key, e.target.value)}
                />
              );
            return (
              <span key={c.key} style={c.width ? undefined : { flex: 1 }}>
                {cellIssues.length ? <Tooltip title={cellIssues.map(issueText).join('; ')}>{control}</Tooltip> : control}
              </span>
            );
          })}
          <Button
            size="small"
            type="text"
            danger
            aria-label={`${removeText} ${i + 1}`}
            icon={<DeleteOutlined />}
            onClick={() => onChange(rows.filter((_, j) => j !== i))}
          />
          {issueAt(i).length > 0 && <Typography.Text type="danger">{issueAt(i).map(issueText).join('; ')}</Typography.Text>}
        </Flex>
      ))}
      {listIssues.map((x, k) => (
        <Typography.Text key={k} type="danger" style={{ display: 'block', fontSize: 12 }}>
          {issueText(x)}
        </Typography.Text>
      ))}
    </div>
  );
}
