import { App, Button, Card, DatePicker, Form, Input, Popconfirm, Select, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { Dayjs } from 'dayjs';
import { useCallback, useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useButtonGrants } from '../../api/button-permissions';
import {
  listEducation,
  pushEducation,
  removeEducation,
  removePrescriptions,
  type EducationFormCode,
  type EducationListQuery,
  type EducationRecord,
} from '../../api/education';
import { codemapOptions } from '../../form-runtime';
import { useMessages } from '../../shared/i18n/i18n-context';
import { EducationDialog } from './education-dialog';
import { educationMessages } from './education-messages';

interface Filters {
  formCode?: EducationFormCode;
  personName?: string;
  method?: string;
  range?: [Dayjs | null, Dayjs | null] | null;
}

/** The one-key batch a history entry's state names. */
const batchOf = (state: unknown): string | undefined => {
  const wanted = (state as { mainId?: unknown } | null)?.mainId;
  return typeof wanted === 'string' ? wanted : undefined;
};

const GW_COLOR: Record<string, string> = { '1': 'success', '2': 'error' };

/**
 * 健康教育 (/propaganda_education/index; issue 34, decision 0036): the education given to the caller's
 * residents — 健康教育记录 (this page's own, 新增 / 编辑 through the form document's dialog) and the
 * 健康教育处方 of the hypertension and diabetes follow-ups — newest first, with filters by kind,
 * resident, method and date; removal, 上报 again, and 一键宣教. A `mainId` in the location's state
 * narrows it to one batch.
 */
export function EducationPage() {
  const m = useMessages(educationMessages);
  const { message } = App.useApp();
  const { grants } = useButtonGrants();
  const navigate = useNavigate();
  const location = useLocation();
  // A one-key batch to show (一键宣教 leads here with it): kept in the history entry's state, so the
  // page stays one tab (a tab is its path and query).
  const [mainId, setMainId] = useState<string | undefined>(() => batchOf(location.state));
  useEffect(() => {
    setMainId(batchOf(location.state));
    setCurrent(1);
  }, [location.key, location.state]);
  const [form] = Form.useForm<Filters>();
  const [filters, setFilters] = useState<Filters>({});
  const [rows, setRows] = useState<EducationRecord[]>([]);
  const [total, setTotal] = useState(0);
  const [current, setCurrent] = useState(1);
  const [size, setSize] = useState(10);
  const [loading, setLoading] = useState(true);
  const [dialog, setDialog] = useState<{ record?: EducationRecord } | undefined>();

  const load = useCallback(async () => {
    setLoading(true);
    try {
      const [from, to] = filters.range ?? [];
      const query: EducationListQuery = {
        current,
        size,
        ...(filters.formCode && { formCode: filters.formCode }),
        ...(filters.personName?.trim() && { personName_like: filters.personName.trim() }),
        ...(filters.method && { method_equal: filters.method }),
        ...(from && { startDate: from.format('YYYY-MM-DD') }),
        ...(to && { endDate: to.format('YYYY-MM-DD') }),
        ...(mainId && { mainId }),
      };
      const page = await listEducation(query);
      setRows(page.records);
      setTotal(page.total);
    } finally {
      setLoading(false);
    }
  }, [current, size, filters, mainId]);

  useEffect(() => {
    void load().catch(() => undefined);
  }, [load]);

  const remove = async (r: EducationRecord) => {
    await (r.formCode === 'propaganda' ? removeEducation([r.id]) : removePrescriptions([r.id]));
    void message.success(m.removed);
    await load();
  };
  const push = async (r: EducationRecord) => {
    const { ids } = await pushEducation(r.formCode as EducationFormCode, [r.id]);
    void message.success(m.pushed(ids.length));
    await load();
  };

  const columns: ColumnsType<EducationRecord> = [
    { title: m.dates, dataIndex: 'eduDate', width: 110 },
    { title: m.name, dataIndex: 'personName', width: 100 },
    { title: m.sex, dataIndex: 'sex', width: 60, render: (s: string) => (s === '1' ? m.male : s === '2' ? m.female : '') },
    {
      title: m.kind,
      dataIndex: 'formCode',
      width: 120,
      render: (code: string) => (
        <Tag color={code === 'propaganda' ? 'blue' : 'purple'}>{code === 'propaganda' ? m.record : m.prescription}</Tag>
      ),
    },
    { title: m.method, dataIndex: 'methodName', width: 110 },
    { title: m.topic, dataIndex: 'title', ellipsis: true },
    { title: m.educator, dataIndex: 'educator', width: 90 },
    {
      title: m.gw,
      dataIndex: 'gwStatus',
      width: 90,
      render: (s: string, r) => (
        <Tag color={GW_COLOR[s] ?? 'default'} title={r.gwMsg}>
          {m.gwText(s)}
        </Tag>
      ),
    },
    {
      title: m.actions,
      key: 'actions',
      width: 170,
      render: (_, r) => (
        <Space size={4}>
          {r.formCode === 'propaganda' && grants.propaganda_edit && (
            <Button type="link" size="small" onClick={() => setDialog({ record: r })}>
              {m.edit}
            </Button>
          )}
          {grants.propaganda_push && (
            <Button type="link" size="small" onClick={() => void push(r).catch(() => undefined)}>
              {m.push}
            </Button>
          )}
          {(r.formCode === 'propaganda' ? grants.propaganda_delete : grants.propaganda_prescription) && (
            <Popconfirm title={m.removeConfirm} onConfirm={() => remove(r)}>
              <Button type="link" size="small" danger>
                {m.remove}
              </Button>
            </Popconfirm>
          )}
        </Space>
      ),
    },
  ];

  return (
    <Card data-testid="education-page">
      <Form
        form={form}
        layout="inline"
        style={{ rowGap: 8, marginBottom: 12 }}
        onFinish={(v) => {
          setCurrent(1);
          setFilters(v);
        }}
      >
        <Form.Item name="formCode" label={m.kind}>
          <Select
            allowClear
            placeholder={m.allKinds}
            style={{ width: 150 }}
            options={[
              { value: 'propaganda', label: m.record },
              { value: 'healtheducation', label: m.prescription },
            ]}
          />
        </Form.Item>
        <Form.Item name="personName" label={m.name}>
          <Input allowClear placeholder={m.namePlaceholder} style={{ width: 130 }} />
        </Form.Item>
        <Form.Item name="method" label={m.method}>
          <Select allowClear placeholder={m.allMethods} style={{ width: 140 }} options={codemapOptions('edu_method') ?? []} />
        </Form.Item>
        <Form.Item name="range" label={m.dates}>
          <DatePicker.RangePicker style={{ width: 240 }} />
        </Form.Item>
        <Form.Item>
          <Space>
            <Button type="primary" htmlType="submit">
              {m.search}
            </Button>
            <Button
              onClick={() => {
                form.resetFields();
                setCurrent(1);
                setFilters({});
              }}
            >
              {m.reset}
            </Button>
          </Space>
        </Form.Item>
      </Form>
      <Space style={{ marginBottom: 12 }} wrap>
        {grants.propaganda_add && (
          <Button type="primary" onClick={() => setDialog({})}>
            {m.add}
          </Button>
        )}
        {grants.propaganda_onekey && <Button onClick={() => navigate('/publichealthwork/onekeyeducation')}>{m.oneKey}</Button>}
        {mainId && (
          <Typography.Text data-testid="education-batch">
            {m.batch(total)}{' '}
            <Button type="link" size="small" onClick={() => setMainId(undefined)}>
              {m.clearBatch}
            </Button>
          </Typography.Text>
        )}
      </Space>
      <Table<EducationRecord>
        data-testid="education-list"
        rowKey="id"
        size="middle"
        loading={loading}
        columns={columns}
        dataSource={rows}
        pagination={{
          current,
          pageSize: size,
          total,
          showSizeChanger: true,
          showTotal: (n) => m.total(n),
          onChange: (p, s) => {
            setCurrent(p);
            setSize(s);
          },
        }}
      />
      <EducationDialog
        open={dialog !== undefined}
        record={dialog?.record}
        onClose={(saved) => {
          setDialog(undefined);
          if (saved) void load().catch(() => undefined);
        }}
      />
    </Card>
  );
}
