import { useEffect, useState } from 'react';
import { Alert, DatePicker, Form, Modal, Radio, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMessages } from '../../shared/i18n/i18n-context';
import { printYearDialogMessages } from './print-year-dialog-messages';

export interface PrintChoice {
  code: string;
  name: string;
}

export interface PrintYearDialogProps {
  open: boolean;
  /** How many archives are printed (shown above the year). */
  count: number;
  /** The templates to choose from; one is chosen without asking. */
  choices: readonly PrintChoice[];
  onConfirm: (year: number, code: string) => void;
  onCancel: () => void;
  /** Today, for the current year (tests fix it). */
  now?: () => Date;
}

/**
 * The print dialog for archives (spec 001 line 36, 77): which printout and the year, `yyyy`, this
 * year by default. A year after this one is refused here with the spec's message (不能大于当前年份!),
 * as the server would; the picker does not hide those years, so the rule is said rather than guessed.
 */
export function PrintYearDialog({ open, count, choices, onConfirm, onCancel, now = () => new Date() }: PrintYearDialogProps) {
  const m = useMessages(printYearDialogMessages);
  const [year, setYear] = useState<Dayjs | null>(dayjs(now()));
  const [code, setCode] = useState(choices[0]?.code ?? '');
  const [problem, setProblem] = useState<string>();
  useEffect(() => {
    if (!open) return;
    setYear(dayjs(now()));
    setProblem(undefined);
    setCode((c) => (choices.some((x) => x.code === c) ? c : (choices[0]?.code ?? '')));
  }, [open]); // eslint-disable-line react-hooks/exhaustive-deps -- reset on opening only
  const confirm = () => {
    const chosen = (year ?? dayjs(now())).year();
    if (chosen > now().getFullYear()) return setProblem(m.futureYear);
    onConfirm(chosen, code);
  };
  return (
    <Modal open={open} title={m.title} okText={m.ok} cancelText={m.cancel} onOk={confirm} onCancel={onCancel} destroyOnHidden width={420}>
      <Typography.Paragraph type="secondary">{m.chosen(count)}</Typography.Paragraph>
      <Form layout="vertical">
        {choices.length > 1 && (
          <Form.Item label={m.template}>
            <Radio.Group value={code} onChange={(e) => setCode(e.target.value as string)} data-testid="print-template">
              {choices.map((c) => (
                <Radio key={c.code} value={c.code}>
                  {c.name}
                </Radio>
              ))}
            </Radio.Group>
          </Form.Item>
        )}
        <Form.Item label={m.year}>
          <DatePicker
            picker="year"
            format="YYYY"
            value={year}
            allowClear={false}
            onChange={(d) => {
              setYear(d);
              setProblem(undefined);
            }}
            data-testid="print-year"
          />
        </Form.Item>
      </Form>
      {problem && <Alert type="error" showIcon message={problem} data-testid="print-year-problem" />}
    </Modal>
  );
}
