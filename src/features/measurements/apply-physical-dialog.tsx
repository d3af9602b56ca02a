import { Alert, App, Button, Form, Input, Modal, Select, Space } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { applyPhysical, barCodeRows, measureProjects, type BarCodeRow, type MeasureProject } from '../../api/measurements';
import { getParamByKey } from '../../api/profile';
import {
  DEFAULT_LABEL_TEMPLATE,
  LABEL_MESSAGES,
  LABEL_TEMPLATES,
  LabelError,
  hasBarCode,
  layOutLabel,
  shellLabelPrinter,
  type LabelPrinter,
} from '../../bridges/label-printer';
import { useMessages } from '../../shared/i18n/i18n-context';
import { measureMessages } from './measure-messages';
import { MeasureLabel } from './measure-label';
import './labels.css';

export interface ApplyPhysicalDialogProps {
  archId: string;
  personName: string;
  /** An application already made: its labels shown at once (to print them again). */
  mainId?: string | undefined;
  onClose: (applied: boolean) => void;
  /** The handheld label printer 标签打印机 sends to; by default the Android assistant app's, when the page runs in it. */
  printer?: LabelPrinter;
}

/** The system parameter naming the clinic's label template (spec line 147; 40x30-qr when unset). */
export const LABEL_TEMPLATE_PARAM = 'labelPrintTemplate';

/** 体检申请 for the resident: the projects chosen, then the labels to print (one per project). */
export function ApplyPhysicalDialog({ archId, personName, mainId, onClose, printer }: ApplyPhysicalDialogProps) {
  const m = useMessages(measureMessages);
  const { message } = App.useApp();
  const [projects, setProjects] = useState<MeasureProject[]>([]);
  const [chosen, setChosen] = useState<string[]>([]);
  const [remark, setRemark] = useState('');
  const [saving, setSaving] = useState(false);
  const [labels, setLabels] = useState<BarCodeRow[]>();
  const [template, setTemplate] = useState<string>(DEFAULT_LABEL_TEMPLATE);
  const labelPrinter = useMemo(() => printer ?? shellLabelPrinter(), [printer]);

  // The clinic's template, when it set one: a name that is no template is kept, and refused on printing.
  useEffect(() => {
    getParamByKey(LABEL_TEMPLATE_PARAM)
      .then((name) => name?.trim() && setTemplate(name.trim()))
      .catch(() => undefined);
  }, []);

  useEffect(() => {
    if (mainId)
      void barCodeRows(mainId)
        .then(setLabels)
        .catch(() => onClose(false));
    // Once per opening.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [mainId]);
  useEffect(() => {
    measureProjects()
      .then(setProjects)
      .catch(() => setProjects([]));
  }, []);

  const apply = async () => {
    if (chosen.length === 0) return void message.warning(m.chooseProjects);
    setSaving(true);
    try {
      const { id } = await applyPhysical({ archId, projIds: chosen, ...(remark.trim() ? { remark: remark.trim() } : {}) });
      void message.success(m.applied);
      setLabels(await barCodeRows(id));
    } catch {
      // The request layer said why; the choice stays.
    } finally {
      setSaving(false);
    }
  };

  // Rows without a bar code (kept from before codes were given) cannot be printed: said above the
  // labels, and only they are skipped — the others still print.
  const withoutCode = (labels ?? []).filter((row) => !hasBarCode(row));

  /** 标签打印机: the labels laid out on the template and sent to the assistant app's printer. */
  const sendToPrinter = async () => {
    if (!labels) return;
    try {
      const printable = labels.filter(hasBarCode);
      if (printable.length === 0) throw new LabelError(LABEL_MESSAGES.noBarcode);
      const laidOut = printable.map((row) => layOutLabel(row, template));
      if (!labelPrinter.available()) throw new LabelError(LABEL_MESSAGES.noPrinter);
      await labelPrinter.print(laidOut);
      void message.info(LABEL_MESSAGES.sent);
    } catch (error) {
      void message.warning(error instanceof LabelError ? error.message : m.printerFailed);
    }
  };

  return (
    <Modal
      open
      width={760}
      title={`${m.applyTitle} - ${personName}`}
      maskClosable={false}
      destroyOnHidden
      onCancel={() => onClose(labels !== undefined)}
      footer={
        labels ? (
          <Space>
            <Select
              aria-label={m.labelTemplate}
              data-testid="label-template"
              value={template}
              onChange={setTemplate}
              style={{ width: 150 }}
              options={Object.entries(LABEL_TEMPLATES).map(([name, t]) => ({
                value: name,
                label: `${t.width}x${t.height} ${t.code === 'qrcode' ? m.qrCode : m.barCodeKind}`,
              }))}
            />
            <Button onClick={() => void sendToPrinter()} data-testid="label-printer">
              {m.labelPrinter}
            </Button>
            <Button onClick={() => window.print()}>{m.printLabels}</Button>
            <Button type="primary" onClick={() => onClose(true)}>
              {m.close}
            </Button>
          </Space>
        ) : (
          <Space>
            <Button onClick={() => onClose(false)}>{m.close}</Button>
            <Button type="primary" loading={saving} onClick={() => void apply()} data-testid="apply-submit">
              {m.apply}
            </Button>
          </Space>
        )
      }
    >
      {labels ? (
        <>
          {withoutCode.length > 0 && (
            <Alert
              type="warning"
              showIcon
              data-testid="labels-without-code"
              style={{ marginBottom: 12 }}
              message={withoutCode.map((row) => `${row.proj_name}：${LABEL_MESSAGES.noBarcode}`).join('；')}
            />
          )}
          <div className="measure-labels" data-testid="measure-labels">
            {labels.map((row, i) => (
              <MeasureLabel key={row.bar_code || `no-code-${i}`} row={row} />
            ))}
          </div>
        </>
      ) : (
        <Form layout="horizontal" labelCol={{ span: 4 }}>
          <Form.Item label={m.applyProjects} required>
            <Select
              mode="multiple"
              data-testid="apply-projects"
              value={chosen}
              onChange={setChosen}
              placeholder={m.projectPlaceholder}
              notFoundContent={m.noProjects}
              options={projects.map((p) => ({ value: p.id, label: `${p.proj_name}（${p.proj_code}）` }))}
            />
          </Form.Item>
          <Form.Item label={m.remark}>
            <Input maxLength={200} value={remark} onChange={(e) => setRemark(e.target.value)} />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}
