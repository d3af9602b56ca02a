import { Tag, Typography } from 'antd';
import { useMessages } from '../../shared/i18n/i18n-context';
import { designerMessages } from './designer-messages';

export interface ChangeLike {
  kind: string;
  op: string;
  id: string;
  label?: string;
  text: string;
}

const OP_COLOURS: Record<string, string> = { added: 'green', add: 'green', removed: 'red', remove: 'red', changed: 'blue', change: 'blue' };

/** Changes between two documents as the engine words them (`text`), grouped by kind in document order. */
export function ChangeList({ changes, empty }: { changes: readonly ChangeLike[]; empty: string }) {
  const m = useMessages(designerMessages);
  if (changes.length === 0) return <Typography.Text type="secondary">{empty}</Typography.Text>;
  const kinds = [...new Set(changes.map((c) => c.kind))];
  return (
    <div className="fd-changes" data-testid="change-list">
      {kinds.map((kind) => (
        <div key={kind} style={{ marginBottom: 6 }}>
          <Typography.Text strong>{m.diffKinds(kind)}</Typography.Text>
          <ul style={{ margin: '2px 0 0', paddingInlineStart: 20 }}>
            {changes
              .filter((c) => c.kind === kind)
              .map((c, i) => (
                <li key={`${c.id}-${i}`}>
                  <Tag color={OP_COLOURS[c.op] ?? 'default'} style={{ marginInlineEnd: 6 }}>
                    {m.diffOps(c.op)}
                  </Tag>
                  {c.text}
                </li>
              ))}
          </ul>
        </div>
      ))}
    </div>
  );
}
