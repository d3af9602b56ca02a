import { useEffect, useMemo, useState } from 'react';
import { Checkbox, DatePicker, Modal, Progress, Space, Tree, Typography, message } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import useSWR from 'swr';
import {
  getDictSyncProgress,
  listDictParents,
  listTenantNames,
  startDictSync,
  type DictAdminRow,
  type DictSyncProgress,
} from '../../api/dict-admin';
import { useMessages } from '../../shared/i18n/i18n-context';
import { dictSyncMessages } from './dict-sync-messages';

/** The tenant-selection dialog of spec 002 §2: 345 px wide. */
export const SYNC_DIALOG_WIDTH = 345;
const ROOT_TENANT = '000000';
const POLL_MS = 500;

/** The platform's dictionaries to sync: the chosen ones, else every one (created within the range, when given). */
async function dictionariesToSync(chosen: DictAdminRow[], range: [Dayjs, Dayjs] | null): Promise<string[]> {
  if (chosen.length > 0) return chosen.map((r) => r.id);
  const params: Record<string, unknown> = { current: 1, size: 200 };
  if (range) Object.assign(params, { createTime_datege: range[0].format('YYYY-MM-DD'), createTime_datele: range[1].format('YYYY-MM-DD') });
  const page = await listDictParents(params);
  return page.records.filter((r) => r.tenantId === ROOT_TENANT).map((r) => r.id);
}

/**
 * Syncing the platform's business dictionaries into chosen tenants (spec 002 §2, §4): date range
 * (no future dates), select-all, overwrite, the tenant tree, then a progress bar that follows
 * syndict-progress until the job ends.
 */
export function DictSyncDialog({ open, chosen, onClose }: { open: boolean; chosen: DictAdminRow[]; onClose: () => void }) {
  const m = useMessages(dictSyncMessages);
  const tenants = useSWR(open ? 'dict-sync-tenants' : null, listTenantNames, { revalidateOnFocus: false });
  const targets = useMemo(() => (tenants.data ?? []).filter((t) => t.tenantId !== ROOT_TENANT), [tenants.data]);
  const [checked, setChecked] = useState<string[]>([]);
  const [over, setOver] = useState(false);
  const [range, setRange] = useState<[Dayjs, Dayjs] | null>(null);
  const [jobId, setJobId] = useState<string>();
  const [progress, setProgress] = useState<DictSyncProgress | null>(null);

  useEffect(() => {
    if (!jobId) return undefined;
    let stopped = false;
    const poll = async () => {
      try {
        const p = await getDictSyncProgress(jobId);
        if (stopped) return;
        setProgress(p);
        if (p && p.status === 'running') setTimeout(() => void poll(), POLL_MS);
        else if (p?.status === 'done') message.success(m.done);
        else message.error(p?.message || m.failed);
      } catch {
        if (!stopped) message.error(m.failed);
      }
    };
    void poll();
    return () => {
      stopped = true;
    };
  }, [jobId, m]);

  const running = !!jobId && progress?.status !== 'done' && progress?.status !== 'failed';
  const close = () => {
    setJobId(undefined);
    setProgress(null);
    onClose();
  };

  const confirm = () => {
    if (checked.length === 0) {
      message.warning(m.pickTenant);
      return;
    }
    Modal.confirm({
      title: chosen.length > 0 ? m.confirmChosen : m.confirmAll,
      onOk: async () => {
        const ids = await dictionariesToSync(chosen, range);
        if (ids.length === 0) {
          message.warning(m.nothing);
          return;
        }
        const started = await startDictSync(ids, checked, over);
        setProgress(null);
        setJobId(started.jobId);
      },
    });
  };

  return (
    <Modal
      open={open}
      title={m.title}
      width={SYNC_DIALOG_WIDTH}
      maskClosable={false}
      onCancel={close}
      onOk={confirm}
      okButtonProps={{ disabled: running }}
      destroyOnClose
    >
      <Space direction="vertical" style={{ width: '100%' }}>
        <DatePicker.RangePicker
          aria-label={m.range}
          value={range}
          onChange={(v) => setRange(v && v[0] && v[1] ? [v[0], v[1]] : null)}
          disabledDate={(d) => d.isAfter(dayjs(), 'day')}
        />
        <Space>
          <Checkbox
            checked={targets.length > 0 && checked.length === targets.length}
            indeterminate={checked.length > 0 && checked.length < targets.length}
            onChange={(e) => setChecked(e.target.checked ? targets.map((t) => t.tenantId) : [])}
          >
            {m.selectAll}
          </Checkbox>
          <Checkbox checked={over} onChange={(e) => setOver(e.target.checked)}>
            {m.over}
          </Checkbox>
        </Space>
        <Tree
          checkable
          selectable={false}
          treeData={targets.map((t) => ({ key: t.tenantId, title: t.tenantName }))}
          checkedKeys={checked}
          onCheck={(keys) => setChecked((Array.isArray(keys) ? keys : keys.checked).map(String))}
        />
        {jobId && (
          <div aria-label={m.progress}>
            <Progress percent={progress?.percent ?? 0} status={progress?.status === 'failed' ? 'exception' : undefined} />
            <Typography.Text type="secondary">
              {progress?.status === 'running' && progress.tenantName ? m.syncing(progress.tenantName) : ''}
              {progress ? ` ${progress.done}/${progress.total}` : ''}
            </Typography.Text>
          </div>
        )}
      </Space>
    </Modal>
  );
}
