import { App, Button, Form, Input, Select, Space, Table, Upload } from 'antd';
import dayjs from 'dayjs';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { FormDialog, type FormRuntime } from '../../form-runtime';
import type { FieldValue } from '../../engine';
import { getUserInfo } from '../../api/session';
import { measureProjects, saveMeasure, uploadReportImage, type MeasureProject } from '../../api/measurements';
import { useMessages } from '../../shared/i18n/i18n-context';
import { measureMessages } from './measure-messages';

/** The entry's form document (schemas/measureentry.json): the server checks save-measure-data with the same file. */
export const MEASURE_ENTRY_FORM = 'measureentry';

export interface ResidentOfEntry {
  archId: string;
  personName: string;
  sex?: string;
  age?: number | '';
  idCard?: string;
}

interface ResultRowDraft {
  key: number;
  jyzb_code: string;
  jyzb_name: string;
  jyzb_result: string;
  jyzb_unit: string;
  ehr_code: string;
  ehr_name: string;
}

const emptyRow = (key: number): ResultRowDraft => ({
  key,
  jyzb_code: '',
  jyzb_name: '',
  jyzb_result: '',
  jyzb_unit: '',
  ehr_code: '',
  ehr_name: '',
});

/**
 * Spec 001 line 54's defaults: a lab report, the dates today, the doctors the signed-in user, the
 * source 本系统, the resident's particulars from the archive (an id card shown masked is left out:
 * the archive names the resident). The unit (yydm / yymc) is the caller's institution, set by the server.
 */
export function entryDefaults(resident: ResidentOfEntry, today: string, doctor: string): Record<string, FieldValue> {
  const values: Record<string, FieldValue> = {
    proj_type: '2',
    charge: '3',
    card_type: '1',
    source_code: '0',
    uname: resident.personName,
    cjrq: today,
    jyrq: today,
    bgrq: today,
    jyys_xm: doctor,
    bgys_xm: doctor,
    shys_xm: doctor,
  };
  if (resident.sex) values.usex = resident.sex;
  if (typeof resident.age === 'number') values.uage = resident.age;
  if (resident.idCard && !resident.idCard.includes('*')) values.id_card = resident.idCard;
  return values;
}

export interface MeasureEntryDialogProps {
  open: boolean;
  resident: ResidentOfEntry;
  onClose: () => void;
  /** Saved: the server's message (an overwrite of the same jyid says so) and whether it overwrote a report. */
  onSaved: (msg: string, overwritten: boolean) => void;
}

/**
 * 测量/检验/检查报告录入: the form document's fields, then the project (its indicators become the
 * result rows), the result rows, and for 检查报告 the image with its findings.
 */
export function MeasureEntryDialog({ open, resident, onClose, onSaved }: MeasureEntryDialogProps) {
  const m = useMessages(measureMessages);
  const { message } = App.useApp();
  const [runtime, setRuntime] = useState<FormRuntime>();
  const [projType, setProjType] = useState('2');
  const [projects, setProjects] = useState<MeasureProject[]>([]);
  const [projectId, setProjectId] = useState<string>();
  const [rows, setRows] = useState<ResultRowDraft[]>([emptyRow(1)]);
  const [image, setImage] = useState({ file_url: '', check_find: '', check_result: '' });
  useEffect(() => {
    if (!open) return;
    setRows([emptyRow(1)]);
    setImage({ file_url: '', check_find: '', check_result: '' });
  }, [open]);
  const values = useMemo(
    () => entryDefaults(resident, dayjs().format('YYYY-MM-DD'), getUserInfo()?.real_name ?? ''),
    // Read when the form mounts, once per opening.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [open],
  );

  // The report type decides the projects offered and whether the image part shows.
  useEffect(() => {
    if (!runtime) return undefined;
    const read = () => setProjType(String(runtime.session.inputs().proj_type ?? ''));
    read();
    return runtime.subscribe(read);
  }, [runtime]);
  useEffect(() => {
    if (!open || !projType) return;
    setProjectId(undefined);
    measureProjects(Number(projType))
      .then(setProjects)
      .catch(() => setProjects([]));
  }, [open, projType]);

  const chooseProject = useCallback(
    (id: string) => {
      const project = projects.find((p) => p.id === id);
      if (!project) return;
      setProjectId(id);
      runtime?.enter({ proj_code: project.proj_code, proj_name: project.proj_name });
      if (project.indicators.length > 0)
        setRows(
          project.indicators.map((i, n) => ({
            ...emptyRow(n + 1),
            jyzb_code: i.ehr_code,
            jyzb_name: i.ehr_name,
            jyzb_unit: i.unit,
            ehr_code: i.ehr_code,
            ehr_name: i.ehr_name,
          })),
        );
    },
    [projects, runtime],
  );

  const setCell = (key: number, prop: keyof ResultRowDraft, value: string) =>
    setRows((list) => list.map((r) => (r.key === key ? { ...r, [prop]: value } : r)));

  const submit = async (v: Record<string, FieldValue>) => {
    const filled = rows.filter((r) => r.jyzb_name.trim() !== '' || r.jyzb_result.trim() !== '');
    const nameless = filled.findIndex((r) => r.jyzb_name.trim() === '');
    if (nameless >= 0) {
      void message.warning(m.resultNameRequired(nameless + 1));
      throw new Error('result row');
    }
    const text = (prop: string) => (v[prop] === undefined || v[prop] === null ? undefined : String(v[prop]));
    const exam = text('proj_type') === '3';
    const { msg, saved } = await saveMeasure({
      arch_id: resident.archId,
      jyid: text('jyid') ?? '',
      uname: text('uname') ?? '',
      proj_type: Number(text('proj_type')) as 1 | 2 | 3,
      jyrq: text('jyrq') ?? '',
      ...Object.fromEntries(
        [
          'bar_code',
          'serial_no',
          'card_type',
          'id_card',
          'usex',
          'proj_code',
          'proj_name',
          'sqyy_mc',
          'sqks_mc',
          'sqys_xm',
          'cjrq',
          'bb_mc',
          'jyxm_dm',
          'jyxm_mc',
          'source_code',
          'bgrq',
          'jyys_xm',
          'bgys_xm',
          'shys_xm',
          'remark',
        ]
          .map((p) => [p, text(p)])
          .filter(([, x]) => x !== undefined && x !== ''),
      ),
      ...(typeof v.uage === 'number' ? { uage: v.uage } : {}),
      ...(text('charge') ? { charge: Number(text('charge')) as 1 | 2 | 3 } : {}),
      results: filled.map(({ key: _key, ...r }) => r),
      ...(exam && (image.file_url || image.check_find || image.check_result) ? { reports: [{ file_type: 1 as const, ...image }] } : {}),
    });
    onSaved(msg, saved.overwritten);
  };

  const columns = [
    {
      title: m.jyzbName,
      dataIndex: 'jyzb_name',
      render: (_: string, r: ResultRowDraft) => (
        <Input aria-label={`${m.jyzbName}${r.key}`} value={r.jyzb_name} onChange={(e) => setCell(r.key, 'jyzb_name', e.target.value)} />
      ),
    },
    {
      title: m.jyzbResult,
      dataIndex: 'jyzb_result',
      width: 140,
      render: (_: string, r: ResultRowDraft) => (
        <Input
          aria-label={`${m.jyzbResult}${r.key}`}
          value={r.jyzb_result}
          onChange={(e) => setCell(r.key, 'jyzb_result', e.target.value)}
        />
      ),
    },
    {
      title: m.jyzbUnit,
      dataIndex: 'jyzb_unit',
      width: 110,
      render: (_: string, r: ResultRowDraft) => (
        <Input aria-label={`${m.jyzbUnit}${r.key}`} value={r.jyzb_unit} onChange={(e) => setCell(r.key, 'jyzb_unit', e.target.value)} />
      ),
    },
    { title: m.ehrCode, dataIndex: 'ehr_name', width: 130, render: (_: string, r: ResultRowDraft) => r.ehr_name || '—' },
    {
      title: m.actions,
      width: 70,
      render: (_: unknown, r: ResultRowDraft) => (
        <Button size="small" type="link" danger onClick={() => setRows((list) => list.filter((x) => x.key !== r.key))}>
          {m.removeRow}
        </Button>
      ),
    },
  ];

  return (
    <FormDialog
      open={open}
      title={`${m.entryTitle} - ${resident.personName}`}
      formCode={MEASURE_ENTRY_FORM}
      values={values}
      width={1080}
      okText={m.save}
      cancelText={m.close}
      onClose={onClose}
      onRuntime={setRuntime}
      onSubmit={submit}
    >
      <div data-testid="measure-entry-extra">
        <Form layout="horizontal" labelCol={{ span: 3 }} style={{ marginTop: 8 }}>
          <Form.Item label={m.project} required>
            <Select
              data-testid="measure-project"
              value={projectId}
              placeholder={m.projectPlaceholder}
              notFoundContent={m.noProjects}
              onChange={chooseProject}
              options={projects.map((p) => ({ value: p.id, label: `${p.proj_name}（${p.proj_code}）` }))}
              style={{ width: 320 }}
            />
          </Form.Item>
        </Form>
        <Table
          data-testid="measure-results"
          size="small"
          rowKey="key"
          pagination={false}
          title={() => (
            <Space>
              <strong>{m.results}</strong>
              <Button size="small" onClick={() => setRows((list) => [...list, emptyRow(Math.max(0, ...list.map((r) => r.key)) + 1)])}>
                {m.addRow}
              </Button>
            </Space>
          )}
          columns={columns}
          dataSource={rows}
        />
        {projType === '3' && (
          <Form layout="horizontal" labelCol={{ span: 3 }} style={{ marginTop: 12 }} data-testid="measure-image">
            <Form.Item label={m.image}>
              <Space>
                <Upload
                  accept="image/png,image/jpeg,image/gif"
                  maxCount={1}
                  showUploadList={false}
                  customRequest={({ file, onSuccess, onError }) => {
                    uploadReportImage(file as File)
                      .then((link) => {
                        setImage((x) => ({ ...x, file_url: link }));
                        onSuccess?.(link);
                      })
                      .catch((e: Error) => {
                        void message.error(m.uploadFailed);
                        onError?.(e);
                      });
                  }}
                >
                  <Button>{m.upload}</Button>
                </Upload>
                {image.file_url && <img src={image.file_url} alt={m.image} style={{ maxHeight: 64 }} />}
              </Space>
            </Form.Item>
            <Form.Item label={m.checkFind}>
              <Input.TextArea
                rows={2}
                maxLength={2000}
                value={image.check_find}
                onChange={(e) => setImage((x) => ({ ...x, check_find: e.target.value }))}
              />
            </Form.Item>
            <Form.Item label={m.checkResult}>
              <Input.TextArea
                rows={2}
                maxLength={2000}
                value={image.check_result}
                onChange={(e) => setImage((x) => ({ ...x, check_result: e.target.value }))}
              />
            </Form.Item>
          </Form>
        )}
      </div>
    </FormDialog>
  );
}
