import { App, Alert, Button, Card, Col, Form, Input, Row, Segmented, Select, Space, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import {
  crowdResidents,
  listEducationBatches,
  saveOneKeyEducation,
  saveOneKeyPrescription,
  type EducationBatch,
} from '../../api/education';
import { useButtonGrants } from '../../api/button-permissions';
import { listTeamOptions, type TeamOption } from '../../api/task-centre';
import type { CrowdResident } from '../../shared/contract/education';
import { bundledForm, codemapOptions, SchemaForm } from '../../form-runtime';
import { useMessages } from '../../shared/i18n/i18n-context';
import { EDUCATION_FORM, newEducationValues } from './education-dialog';
import { educationMessages } from './education-messages';

const EDUCATION_DOCUMENT = bundledForm(EDUCATION_FORM);
/** The 健康教育处方 given to many at once (save-hypersion-or-diabetes): hypertension or diabetes residents only. */
const PRESCRIPTION_FORM = 'healtheducation';
const PRESCRIPTION_DOCUMENT = bundledForm(PRESCRIPTION_FORM);
const PRESCRIPTION_CROWDS = ['hypertension', 'diabetes'];

interface Filters {
  crowdLabel?: string;
  teamId?: string;
  personName?: string;
}

/**
 * 一键宣教 (/publichealthwork/onekeyeducation; issue 34, decisions 0036, 0041): the caller's residents
 * by crowd label, team and name, ticked; one 健康教育记录 filled once and saved for every resident ticked
 * (userpromotion/save-prescription-crowd-label), then the 健康教育 list of that batch. With the
 * 健康教育处方 button (propaganda_prescription) the same for a 健康教育处方 (save-hypersion-or-diabetes),
 * the residents then of the hypertension or diabetes label.
 */
export function OneKeyEducationPage() {
  const m = useMessages(educationMessages);
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [form] = Form.useForm<Filters>();
  const [filters, setFilters] = useState<Filters>({});
  const [rows, setRows] = useState<CrowdResident[]>([]);
  const [total, setTotal] = useState(0);
  const [current, setCurrent] = useState(1);
  const [loading, setLoading] = useState(true);
  const [chosen, setChosen] = useState<string[]>([]);
  const [batches, setBatches] = useState<EducationBatch[]>([]);
  const [teams, setTeams] = useState<TeamOption[]>([]);
  const { grants } = useButtonGrants();
  const [kind, setKind] = useState<'propaganda' | 'healtheducation'>('propaganda');
  const prescribing = kind === PRESCRIPTION_FORM;
  const start = useMemo(() => newEducationValues(), []);
  const startPrescription = useMemo(() => ({ visitDate: start.visitDate ?? '', educator: start.educator ?? '' }), [start]);

  const load = useCallback(async () => {
    setLoading(true);
    try {
      const page = await crowdResidents({
        current,
        size: 10,
        ...(filters.crowdLabel && { crowdLabel: filters.crowdLabel }),
        ...(filters.teamId && { teamId: filters.teamId }),
        ...(filters.personName?.trim() && { personName: filters.personName.trim() }),
      });
      setRows(page.records);
      setTotal(page.total);
    } finally {
      setLoading(false);
    }
  }, [current, filters]);

  useEffect(() => {
    void load().catch(() => undefined);
  }, [load]);
  useEffect(() => {
    void listTeamOptions()
      .then(setTeams)
      .catch(() => undefined);
  }, []);
  useEffect(() => {
    void listEducationBatches({ size: 5 })
      .then((p) => setBatches(p.records))
      .catch(() => undefined);
  }, []);

  const allCrowdOptions = codemapOptions('crowd_label') ?? [];
  const crowdOptions = prescribing ? allCrowdOptions.filter((o) => PRESCRIPTION_CROWDS.includes(String(o.value))) : allCrowdOptions;
  const crowdName = (codes: string) =>
    codes
      .split(',')
      .filter(Boolean)
      .map((c) => allCrowdOptions.find((o) => o.value === c)?.label ?? c)
      .join('、');

  const columns: ColumnsType<CrowdResident> = [
    { title: m.name, dataIndex: 'personName', width: 90 },
    { title: m.sex, dataIndex: 'sex', width: 56, render: (s: string) => (s === '1' ? m.male : s === '2' ? m.female : '') },
    { title: m.birthday, dataIndex: 'birthday', width: 110 },
    { title: m.crowd, dataIndex: 'crowdLabels', ellipsis: true, render: (c: string) => crowdName(c) },
    { title: m.team, dataIndex: 'teamName', width: 100, ellipsis: true },
    { title: m.lastEdu, dataIndex: 'lastEduDate', width: 110, render: (d: string | null) => d ?? m.never },
  ];

  // The form shown: the one-key 健康教育处方 or the one-key record, each with its own start values.
  const shown = prescribing
    ? { formCode: PRESCRIPTION_FORM, document: PRESCRIPTION_DOCUMENT, values: startPrescription }
    : { formCode: EDUCATION_FORM, document: EDUCATION_DOCUMENT, values: start };
  const submit = async (values: Record<string, unknown>) => {
    if (chosen.length === 0) {
      void message.warning(m.pickFirst);
      throw new Error(m.pickFirst);
    }
    // The crowd label and team searched are sent too: the server refuses a resident outside them.
    const result = await (prescribing ? saveOneKeyPrescription : saveOneKeyEducation)({
      archIds: chosen,
      ...(filters.crowdLabel && { crowdLabel: filters.crowdLabel }),
      ...(filters.teamId && { teamId: filters.teamId }),
      values,
    });
    void message.success(m.oneKeySaved(result.count));
    navigate('/propaganda_education/index', { state: { mainId: result.mainId } });
  };

  return (
    <Row gutter={16} data-testid="one-key-education">
      <Col span={13}>
        <Card title={m.chosen(chosen.length)} size="small">
          <Form
            form={form}
            layout="inline"
            style={{ rowGap: 8, marginBottom: 12 }}
            onFinish={(v) => {
              setCurrent(1);
              setFilters(v);
            }}
          >
            <Form.Item name="crowdLabel" label={m.crowd}>
              <Select allowClear placeholder={m.allCrowds} style={{ width: 140 }} options={crowdOptions} data-testid="one-key-crowd" />
            </Form.Item>
            <Form.Item name="teamId" label={m.team}>
              <Select
                allowClear
                placeholder={m.allTeams}
                style={{ width: 140 }}
                options={teams.map((t) => ({ value: t.id, label: t.name }))}
                data-testid="one-key-team"
              />
            </Form.Item>
            <Form.Item name="personName" label={m.name}>
              <Input allowClear placeholder={m.namePlaceholder} style={{ width: 120 }} />
            </Form.Item>
            <Form.Item>
              <Button type="primary" htmlType="submit">
                {m.search}
              </Button>
            </Form.Item>
          </Form>
          <Table<CrowdResident>
            data-testid="one-key-residents"
            rowKey="archId"
            size="small"
            loading={loading}
            columns={columns}
            dataSource={rows}
            rowSelection={{ selectedRowKeys: chosen, preserveSelectedRowKeys: true, onChange: (keys) => setChosen(keys.map(String)) }}
            pagination={{
              current,
              pageSize: 10,
              total,
              showTotal: (n) => m.total(n),
              onChange: (p) => setCurrent(p),
              showSizeChanger: false,
            }}
          />
        </Card>
        {batches.length > 0 && (
          <Card title={m.recentBatches} size="small" style={{ marginTop: 16 }}>
            <Space direction="vertical" style={{ width: '100%' }}>
              {batches.map((b) => (
                <Typography.Text key={b.id}>
                  {b.eduDate} {b.title}（{m.residents(b.residentCount)}）
                  <Button type="link" size="small" onClick={() => navigate('/propaganda_education/index', { state: { mainId: b.id } })}>
                    {m.openBatch}
                  </Button>
                </Typography.Text>
              ))}
            </Space>
          </Card>
        )}
      </Col>
      <Col span={11}>
        <Card
          title={m.oneKey}
          size="small"
          extra={
            grants['propaganda_prescription'] && (
              <Segmented
                size="small"
                value={kind}
                onChange={(v) => setKind(v as typeof kind)}
                options={[
                  { value: 'propaganda', label: m.record },
                  { value: PRESCRIPTION_FORM, label: m.prescription },
                ]}
                data-testid="one-key-kind"
              />
            )
          }
        >
          <Alert type="info" showIcon message={m.oneKeyHint} style={{ marginBottom: 12 }} />
          <div className="fr-dialog" data-testid="one-key-form">
            {shown.document && (
              <SchemaForm
                key={shown.formCode}
                formCode={shown.formCode}
                document={shown.document}
                values={shown.values}
                mode="edit"
                draft={false}
                submitText={m.save}
                onSubmit={submit}
              />
            )}
          </div>
        </Card>
      </Col>
    </Row>
  );
}
