import { useCallback, useEffect, useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import dayjs from 'dayjs';
import {
  Alert,
  App,
  Avatar,
  Button,
  DatePicker,
  Empty,
  Flex,
  Form,
  Input,
  InputNumber,
  Select,
  Space,
  Table,
  Tabs,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
import { getParamByKey } from '../../api/profile';
import { copyText } from '../../components/copy-text';
import { useFormDocument } from '../../form-runtime';
import { dueDateFromLmp, gestationAt, gestationText } from '../../engine';
import { getMaternalCase, getOpenPregnancy, listMaternalCases, saveMaternalCase, type CasePage, type MaternalCase } from './maternal-api';
import { LIST_PATH, MATERNAL_TABS, RISK_COLORS, tabShown } from './maternal-messages';

const today = () => new Date().toISOString().slice(0, 10);
const errorText = (e: unknown) => (e as { message?: string })?.message ?? '操作失败';

function CopyValue({ value }: { value: string | null | undefined }) {
  const { message } = App.useApp();
  if (!value) return <Typography.Text type="secondary">-</Typography.Text>;
  return (
    <Tooltip title="点击复制">
      <Typography.Link
        onClick={() => void copyText(value).then((done) => (done ? message.success('复制成功') : message.error('复制失败')))}
      >
        {value}
      </Typography.Link>
    </Tooltip>
  );
}

function Item({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <span style={{ whiteSpace: 'nowrap' }}>
      <Typography.Text type="secondary">{label}：</Typography.Text>
      {children}
    </span>
  );
}

/** The header as spec 001 lists it: gestational weeks and due date made from the LMP with the engine's helpers. */
export function MaternalHeader({ c, onClose }: { c: MaternalCase; onClose: () => void }) {
  const cancelled = c.status === '3';
  const g = c.status === '1' ? gestationAt(c.lastMenstrualPeriod, today()) : null;
  const due = dueDateFromLmp(c.lastMenstrualPeriod);
  const risk = RISK_COLORS[c.riskColor];
  const grey = (color: string) => (cancelled ? 'default' : color);
  return (
    <Flex
      align="center"
      gap={16}
      style={{ padding: '10px 16px', background: '#fff', borderBottom: '1px solid #f0f0f0' }}
      data-testid="maternal-header"
    >
      <Avatar size={48} style={{ background: cancelled ? '#bfbfbf' : '#eb2f96', flex: 'none' }}>
        {c.personName.slice(0, 1)}
      </Avatar>
      <Flex vertical gap={4} style={{ flex: 1, minWidth: 0 }}>
        <Space size={12} wrap>
          <Typography.Text strong style={{ fontSize: 18 }}>
            {c.personName}
          </Typography.Text>
          <Tag color={grey('magenta')}>孕产期</Tag>
          {risk && (
            <Tag color={grey(risk.color)} data-testid="risk-tag">
              {risk.text}
            </Tag>
          )}
          <Tag color={grey(c.status === '1' ? 'blue' : 'default')}>{c.statusText}</Tag>
          {cancelled && <Tag data-testid="cancelled-tag">已注销</Tag>}
        </Space>
        <Space size={16} wrap style={cancelled ? { color: '#999' } : undefined}>
          <Item label="孕产妇档案号">
            <CopyValue value={c.pregnantBookId} />
          </Item>
          <Item label="末次月经">{c.lastMenstrualPeriod ?? '-'}</Item>
          <Item label="当前孕周">
            <span data-testid="gestation">{g ? gestationText(g) : '-'}</span>
          </Item>
          <Item label="预产期">
            <span data-testid="due-date">{due ?? '-'}</span>
          </Item>
          <Item label="孕产次">{`G${c.gravidity ?? '-'}P${c.parity ?? '-'}`}</Item>
          <Item label="身份证号">
            <CopyValue value={c.idCard} />
          </Item>
          <Item label="责任医生">{c.doctorName || '-'}</Item>
          <Item label="管理单位">{c.unitName || '-'}</Item>
          <Item label="条码">
            <CopyValue value={c.barcode} />
          </Item>
        </Space>
      </Flex>
      <Button onClick={onClose} data-testid="maternal-close">
        关闭
      </Button>
    </Flex>
  );
}

interface CaseFormValues {
  lastMenstrualPeriod: string;
  gravidity: number | null;
  parity: number | null;
  pregnantBookId: string;
  barcode: string;
}

/** 孕产妇档案: the case itself, filed or edited through create-or-update; a refusal keeps what was typed. */
function CaseForm({ archId, c, onSaved }: { archId: string; c: MaternalCase | null; onSaved: (c: MaternalCase) => void }) {
  const [form] = Form.useForm<CaseFormValues>();
  const [error, setError] = useState('');
  const [saving, setSaving] = useState(false);
  const { message } = App.useApp();
  const lmp = Form.useWatch('lastMenstrualPeriod', form);
  const submit = async (values: CaseFormValues) => {
    setSaving(true);
    setError('');
    try {
      const saved = await saveMaternalCase({ ...values, archId, ...(c && { id: c.id, rowVersion: c.rowVersion }) });
      message.success(c ? '修改成功' : '建档成功');
      onSaved(saved);
    } catch (e) {
      setError(errorText(e));
    } finally {
      setSaving(false);
    }
  };
  return (
    <Form
      form={form}
      layout="inline"
      style={{ padding: 16, rowGap: 12 }}
      initialValues={{
        lastMenstrualPeriod: c?.lastMenstrualPeriod ?? '',
        gravidity: c?.gravidity ?? 1,
        parity: c?.parity ?? 0,
        pregnantBookId: c?.pregnantBookId ?? '',
        barcode: c?.barcode ?? '',
      }}
      onFinish={(v) => void submit(v)}
      data-testid="maternal-case-form"
    >
      {error && <Alert type="error" showIcon message={error} style={{ width: '100%' }} data-testid="maternal-case-error" />}
      {/* antd's picker (zh_CN, yyyy-MM-dd as typed) holding the form's value as text, as the server takes it. */}
      <Form.Item
        label="末次月经"
        name="lastMenstrualPeriod"
        rules={[{ required: true, message: '请填写末次月经日期' }]}
        getValueProps={(v: string) => ({ value: v ? dayjs(v) : null })}
        normalize={(d: dayjs.Dayjs | null) => (d ? d.format('YYYY-MM-DD') : '')}
      >
        <DatePicker data-testid="lmp-input" style={{ width: 150 }} />
      </Form.Item>
      <Form.Item label="预产期">
        <span data-testid="due-preview">{dueDateFromLmp(lmp) ?? '-'}</span>
      </Form.Item>
      <Form.Item label="孕次" name="gravidity">
        <InputNumber min={1} max={20} />
      </Form.Item>
      <Form.Item label="产次" name="parity">
        <InputNumber min={0} max={20} />
      </Form.Item>
      <Form.Item label="孕产妇档案号" name="pregnantBookId">
        <Input maxLength={50} />
      </Form.Item>
      <Form.Item label="条码" name="barcode">
        <Input maxLength={50} />
      </Form.Item>
      <Form.Item>
        <Button type="primary" htmlType="submit" loading={saving} disabled={c?.status === '3'} data-testid="maternal-case-save">
          {c ? '保存' : '建档'}
        </Button>
      </Form.Item>
    </Form>
  );
}

/** A tab's form by code; until the form is published it says so. */
function FormTab({ code, label }: { code: string; label: string }) {
  const { doc, loading } = useFormDocument(code, undefined, 'server');
  if (loading) return null;
  if (!doc) return <Empty description="该表单尚未发布" data-testid={`form-missing-${code}`} />;
  return <Alert type="info" showIcon message={`${label}（表单 ${code}）：请在档案页的随访中填写，记录归入本孕产妇档案`} />;
}

const PARAM_KEYS = ['HIDE_PRENATAL_SCREENING', 'mother-newborn-visit', 'isShowBabyVisit'];

/** The maternal shell /publichealthwork/maternal/ (spec 001 lines 17, 24): header, top tabs by the settings. */
function MaternalShell({ archId, otherId }: { archId: string; otherId: string }) {
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const [c, setCase] = useState<MaternalCase | null | undefined>(undefined);
  const [params, setParams] = useState<Record<string, string>>({});
  const [loadError, setLoadError] = useState('');
  useEffect(() => {
    void Promise.all(PARAM_KEYS.map((k) => getParamByKey(k).catch(() => ''))).then((values) =>
      setParams(Object.fromEntries(PARAM_KEYS.map((k, i) => [k, String(values[i] ?? '')]))),
    );
  }, []);
  useEffect(() => {
    const load = otherId ? getMaternalCase(otherId) : getOpenPregnancy(archId);
    load.then((found) => setCase(found ?? null)).catch((e) => setLoadError(errorText(e)));
  }, [archId, otherId]);
  const tabs = useMemo(() => MATERNAL_TABS.filter((t) => tabShown(t, params)), [params]);
  // The tab is the page's own state (seeded from ?tab=): the detail layout keys its tabs by URL, so
  // writing the tab or the new otherId into the URL would open another layout tab.
  const [active, setActive] = useState(search.get('tab') ?? 'maternalArchive');
  const close = () => {
    const nav = window.location.hash.replace(/^#nav_name=/, '');
    navigate(nav ? decodeURIComponent(nav) : (sessionStorage.getItem('maternal-list-url') ?? LIST_PATH));
  };
  if (loadError) return <Alert type="error" showIcon message={loadError} style={{ margin: 16 }} />;
  if (c === undefined) return null;
  const caseArch = c?.archId ?? archId;
  return (
    <Flex vertical style={{ background: '#fff', minHeight: '100%' }}>
      {c ? (
        <MaternalHeader c={c} onClose={close} />
      ) : (
        <Flex justify="space-between" style={{ padding: 16 }}>
          <Typography.Title level={5}>新建孕产妇档案</Typography.Title>
          <Button onClick={close}>关闭</Button>
        </Flex>
      )}
      <Tabs
        activeKey={c ? active : 'maternalArchive'}
        style={{ padding: '0 16px' }}
        onChange={(key) => {
          // A tab change only when the target differs from the current tab.
          if (key !== active) setActive(key);
        }}
        items={tabs.map((t) => ({
          key: t.key,
          label: t.label,
          disabled: !c && t.key !== 'maternalArchive',
          children:
            t.key === 'maternalArchive' ? (
              <CaseForm key={c?.rowVersion ?? 0} archId={caseArch} c={c} onSaved={setCase} />
            ) : t.formCodes ? (
              <Flex vertical gap={12} style={{ padding: 16 }}>
                {t.formCodes.map((f) => (
                  <FormTab key={f.code} code={f.code} label={f.label} />
                ))}
              </Flex>
            ) : (
              <Empty style={{ padding: 32 }} description={`${t.label}：规范未给出本页内容，暂为只读占位`} />
            ),
        }))}
      />
    </Flex>
  );
}

/** The maternal management list (spec 001 line 16), the shell's close target. */
export function MaternalListPage() {
  const navigate = useNavigate();
  const [search, setSearch] = useSearchParams();
  const [data, setData] = useState<CasePage | null>(null);
  const [error, setError] = useState('');
  const filters = useMemo(() => Object.fromEntries(search.entries()), [search]);
  const load = useCallback(() => {
    listMaternalCases({ current: 1, size: 20, ...filters })
      .then(setData)
      .catch((e) => setError(errorText(e)));
  }, [filters]);
  useEffect(load, [load]);
  // Several filters at once (a date range's two ends) in one change of the address.
  const setFilters = (changes: Record<string, string | undefined>) => {
    const next = new URLSearchParams(search);
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    setSearch(next, { replace: true });
  };
  const setFilter = (key: string, value: string | undefined) => setFilters({ [key]: value });
  const open = (c: MaternalCase) => {
    sessionStorage.setItem('maternal-list-url', `${window.location.pathname}${window.location.search}`);
    navigate(
      `/publichealthwork/maternal/archive?arch_id=${c.archId}&otherId=${c.id}&otherType=maternal&lastMenstrualPeriod=${c.lastMenstrualPeriod ?? ''}`,
    );
  };
  return (
    <Flex vertical gap={12} style={{ padding: 16, background: '#fff' }} data-testid="maternal-list">
      <Space wrap>
        <Input.Search
          placeholder="姓名/身份证号"
          allowClear
          defaultValue={filters.keyword}
          onSearch={(v) => setFilter('keyword', v.trim())}
          style={{ width: 220 }}
        />
        <Select
          placeholder="状态"
          allowClear
          style={{ width: 120 }}
          value={filters.status}
          onChange={(v) => setFilter('status', v)}
          options={[
            { value: '1', label: '在管' },
            { value: '2', label: '结案' },
            { value: '3', label: '已注销' },
          ]}
        />
        <Select
          placeholder="风险颜色"
          allowClear
          style={{ width: 150 }}
          value={filters.riskColor}
          onChange={(v) => setFilter('riskColor', v)}
          options={Object.entries(RISK_COLORS).map(([value, r]) => ({ value, label: r.text }))}
        />
        <DatePicker.RangePicker
          placeholder={['预产期起', '预产期止']}
          value={[filters.dueStart ? dayjs(filters.dueStart) : null, filters.dueEnd ? dayjs(filters.dueEnd) : null]}
          onChange={(range) => setFilters({ dueStart: range?.[0]?.format('YYYY-MM-DD'), dueEnd: range?.[1]?.format('YYYY-MM-DD') })}
          allowEmpty={[true, true]}
        />
      </Space>
      {error && <Alert type="error" showIcon message={error} />}
      <Table<MaternalCase>
        rowKey="id"
        size="small"
        dataSource={data?.records ?? []}
        pagination={{ total: data?.total ?? 0, pageSize: 20 }}
        onRow={(c) => ({ onClick: () => open(c), style: { cursor: 'pointer' } })}
        columns={[
          { title: '姓名', dataIndex: 'personName' },
          { title: '年龄', dataIndex: 'age' },
          { title: '孕产妇档案号', dataIndex: 'pregnantBookId' },
          { title: '末次月经', dataIndex: 'lastMenstrualPeriod' },
          { title: '当前孕周', render: (_, c) => (c.gestation ? c.gestation.text : '-') },
          { title: '预产期', dataIndex: 'dateOfPrenatal' },
          { title: '孕产次', render: (_, c) => `G${c.gravidity ?? '-'}P${c.parity ?? '-'}` },
          {
            title: '风险',
            render: (_, c) =>
              RISK_COLORS[c.riskColor] ? <Tag color={RISK_COLORS[c.riskColor]!.color}>{RISK_COLORS[c.riskColor]!.text}</Tag> : '-',
          },
          { title: '状态', dataIndex: 'statusText' },
          { title: '责任医生', dataIndex: 'doctorName' },
        ]}
      />
    </Flex>
  );
}

/** /publichealthwork/maternal/*: the shell for ?arch_id (and otherId); without them, the management list. */
export function MaternalPage() {
  const [search] = useSearchParams();
  const archId = search.get('arch_id') ?? '';
  const otherId = search.get('otherId') ?? '';
  if (!archId && !otherId) return <MaternalListPage />;
  return <MaternalShell archId={archId} otherId={otherId} />;
}
