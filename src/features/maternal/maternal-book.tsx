import { useEffect, useState } from 'react';
import { Alert, Descriptions, Empty, Spin, Tag, Timeline, Typography } from 'antd';
import { followupStore, listRecords } from '../../api/followups';
import type { MaternalCase } from './maternal-api';
import { BOOK_FORMS, bookEntries, type BookEntry } from './maternal-book-entries';
import { RISK_COLORS } from './maternal-messages';

/** The colour the timeline's dot takes: the assessment's, else blue. */
const DOT: Record<string, string> = { green: 'green', yellow: 'gold', orange: 'orange', red: 'red' };

/**
 * 孕产妇手册: the case's records, read only, oldest visit first (maternal-book-entries.ts says what each shows).
 * Loaded again whenever the shell's case changes (a save reloads it), so the book follows the forms.
 */
export function MaternalBook({ c }: { c: MaternalCase }) {
  const [entries, setEntries] = useState<BookEntry[]>();
  const [error, setError] = useState('');
  useEffect(() => {
    let alive = true;
    Promise.all(BOOK_FORMS.map((f) => listRecords(followupStore, c.archId, f.code, c.id)))
      .then((lists) => alive && setEntries(bookEntries(lists.flat())))
      .catch((e: unknown) => alive && setError((e as { message?: string })?.message || '孕产妇手册加载失败'));
    return () => {
      alive = false;
    };
  }, [c]);
  if (error) return <Alert type="error" showIcon message={error} />;
  if (!entries) return <Spin style={{ display: 'block', padding: 32 }} />;
  return <BookTimeline entries={entries} />;
}

/** The book's page itself: the entries as a timeline, each dot in its risk colour. */
export function BookTimeline({ entries }: { entries: BookEntry[] }) {
  if (entries.length === 0) return <Empty style={{ padding: 32 }} description="本次妊娠尚无产检、分娩或产后记录" />;
  return (
    <div style={{ padding: '8px 16px', overflow: 'auto', height: '100%' }} data-testid="maternal-book">
      <Typography.Paragraph type="secondary">本次妊娠的记录（只读，按就诊日期排列）；修改请到对应页签。</Typography.Paragraph>
      <Timeline
        items={entries.map((e) => ({
          key: e.id,
          color: (e.riskColor && DOT[e.riskColor]) || 'blue',
          children: (
            <div data-testid="book-entry">
              <Typography.Text strong>{e.date}</Typography.Text>
              <Typography.Text style={{ margin: '0 8px' }}>{e.title}</Typography.Text>
              {e.riskColor && RISK_COLORS[e.riskColor] && (
                <Tag color={RISK_COLORS[e.riskColor]!.color} data-testid="book-risk">
                  {RISK_COLORS[e.riskColor]!.text}
                </Tag>
              )}
              {e.riskInfectious && <Tag color="purple">紫色(传染性疾病)</Tag>}
              {e.items.length > 0 && (
                <Descriptions
                  size="small"
                  column={5}
                  style={{ marginTop: 4 }}
                  items={e.items.map(([label, value]) => ({ key: label, label, children: value }))}
                />
              )}
            </div>
          ),
        }))}
      />
    </div>
  );
}
