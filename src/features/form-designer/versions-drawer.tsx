import { Alert, App, Button, Drawer, Empty, Flex, Select, Spin, Table, Typography } from 'antd';
import { useMemo, useState } from 'react';
import useSWR from 'swr';
import { diffDocuments, type FormDocument } from '../../engine';
import { useMessages } from '../../shared/i18n/i18n-context';
import { ChangeList, type ChangeLike } from './change-list';
import {
  diffVersions,
  errorText,
  getPublishedDocument,
  isMissingEndpoint,
  listVersions,
  rollbackForm,
  type VersionRow,
} from './designer-api';
import { designerMessages } from './designer-messages';
import { DocumentDialog } from './document-dialog';
import { rollbackNoteDocument } from './property-documents';

export interface VersionsDrawerProps {
  open: boolean;
  formCode: string;
  /** The working copy, comparable with any version. */
  working: FormDocument;
  onClose: () => void;
  /** After a rollback: the server replaced the working copy and published it again. */
  onRolledBack: () => void;
}

/** 'working' stands for the working copy in the comparison. */
type Side = number | 'working';

type DiffState = { state: 'idle' } | { state: 'loading' } | { state: 'done'; changes: ChangeLike[] } | { state: 'failed'; message: string };

/**
 * 版本: the history (version, note, who, when), a readable diff between any two versions (the
 * server's form/diff; without it, or against the working copy, the engine's diffDocuments on the
 * two documents), and 回滚 to a version after a confirmation with a note.
 */
export function VersionsDrawer({ open, formCode, working, onClose, onRolledBack }: VersionsDrawerProps) {
  const m = useMessages(designerMessages);
  const { message } = App.useApp();
  const versions = useSWR(open ? ['form-versions', formCode] : null, () => listVersions(formCode), { revalidateOnFocus: false });
  const rows = [...(versions.data ?? [])].sort((a, b) => b.version - a.version);
  const [from, setFrom] = useState<Side>();
  const [to, setTo] = useState<Side>();
  const [diff, setDiff] = useState<DiffState>({ state: 'idle' });
  const [rollingBack, setRollingBack] = useState<VersionRow>();
  const rollbackDoc = useMemo(() => rollbackNoteDocument(m), [m]);

  const latest = rows[0]?.version;
  const fromValue = from ?? rows[1]?.version ?? latest;
  const toValue = to ?? (rows.length > 1 ? latest : 'working');

  const docOf = async (side: Side): Promise<FormDocument> => {
    if (side === 'working') return working;
    const doc = await getPublishedDocument(formCode, side);
    if (!doc) throw new Error(`${m.version} ${side}?`);
    return doc;
  };

  const compare = async () => {
    if (fromValue === undefined || toValue === undefined) return;
    setDiff({ state: 'loading' });
    try {
      // The server compares a version with another or with the working copy (to=working).
      if (fromValue !== 'working') {
        try {
          const res = await diffVersions(formCode, fromValue, toValue);
          setDiff({ state: 'done', changes: res.changes });
          return;
        } catch (e) {
          // Not offered by this server yet: the engine compares the two documents here instead.
          if (!isMissingEndpoint(e)) throw e;
          void message.info(m.diffMissing);
        }
      }
      const [a, b] = await Promise.all([docOf(fromValue), docOf(toValue)]);
      setDiff({ state: 'done', changes: diffDocuments(a, b) });
    } catch (e) {
      setDiff({ state: 'failed', message: errorText(e) });
    }
  };

  const rollback = async (row: VersionRow, note: string) => {
    try {
      await rollbackForm(formCode, row.version, note);
    } catch (e) {
      void message.error(isMissingEndpoint(e) ? m.rollbackMissing : errorText(e));
      throw e;
    }
    void message.success(m.rollbackDone(row.version));
    setRollingBack(undefined);
    await versions.mutate();
    onRolledBack();
  };

  const sideOptions = [
    ...rows.map((r) => ({ value: r.version as Side, label: `${m.version} ${r.version}` })),
    { value: 'working' as Side, label: m.working },
  ];

  return (
    <Drawer open={open} onClose={onClose} title={m.versionsTitle} width={760} destroyOnHidden>
      {versions.isLoading ? (
        <Spin />
      ) : versions.error ? (
        <Alert type="error" showIcon message={errorText(versions.error)} />
      ) : rows.length === 0 ? (
        <Empty description={m.noVersions} />
      ) : (
        <Flex vertical gap={16}>
          <Table<VersionRow>
            size="small"
            rowKey="version"
            pagination={false}
            dataSource={rows}
            data-testid="versions-table"
            columns={[
              { title: m.version, dataIndex: 'version', width: 60 },
              {
                title: m.versionNote,
                dataIndex: 'note',
                render: (n: string | null | undefined, r) => n || (r.source && r.source !== 'publish' ? r.source : '—'),
              },
              { title: m.publishedBy, dataIndex: 'publishedByName', width: 100 },
              { title: m.publishedAt, dataIndex: 'publishedAt', width: 150 },
              {
                title: m.actions,
                key: 'actions',
                width: 80,
                render: (_: unknown, r) =>
                  r.version !== latest ? (
                    <Button size="small" onClick={() => setRollingBack(r)}>
                      {m.rollback}
                    </Button>
                  ) : null,
              },
            ]}
          />
          <Flex gap={8} align="center">
            <Typography.Text>{m.compareFrom}</Typography.Text>
            <Select<Side> aria-label={m.compareFrom} value={fromValue} options={sideOptions} onChange={setFrom} style={{ width: 120 }} />
            <Typography.Text>{m.compareTo}</Typography.Text>
            <Select<Side> aria-label={m.compareTo} value={toValue} options={sideOptions} onChange={setTo} style={{ width: 120 }} />
            <Button type="primary" onClick={() => void compare()}>
              {m.compare}
            </Button>
          </Flex>
          {diff.state === 'loading' && <Spin />}
          {diff.state === 'failed' && <Alert type="error" showIcon message={diff.message} />}
          {diff.state === 'done' && <ChangeList changes={diff.changes} empty={m.diffNone} />}
        </Flex>
      )}
      {rollingBack && (
        <DocumentDialog
          open
          title={m.rollbackTitle(rollingBack.version)}
          document={rollbackDoc}
          submitText={m.rollback}
          onClose={() => setRollingBack(undefined)}
          onSubmit={(values) => rollback(rollingBack, String(values.note ?? '').trim())}
        >
          <Alert type="warning" showIcon message={m.rollbackWarning(rollingBack.version)} style={{ marginBottom: 12 }} />
        </DocumentDialog>
      )}
    </Drawer>
  );
}
