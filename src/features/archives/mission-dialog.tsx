import { App } from 'antd';
import { sendCrowdLabelMission, sendMission } from '../../api/messages';
import type { FieldValue } from '../../engine';
import { FormDialog } from '../../form-runtime';
import { escapeHtml } from '../../shared/rich-text';
import { useMessages } from '../../shared/i18n/i18n-context';
import { archiveMessages } from './archive-messages';

/** The dialog's form: schemas/messagemission.json + rules/messagemission.rules.json (decision 0040). */
export const MISSION_FORM = 'messagemission';
const CROWD_LABEL = '2';

const text = (v: FieldValue | undefined) => (typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined);

/** The typed text as the messages' rich text: each line a paragraph, every character escaped. */
export function plainToHtml(plain: string): string {
  return plain
    .split(/\r?\n/)
    .map((line) => `<p>${escapeHtml(line)}</p>`)
    .join('');
}

/** What mission / mission-crowd-label are sent: the template, or the title and text typed (they win over the template's). */
export function missionWording(values: Record<string, FieldValue>) {
  const content = text(values.content);
  return {
    ...(text(values.templateId) && { templateId: text(values.templateId) }),
    ...(text(values.title) && { title: text(values.title) }),
    ...(content && { content: plainToHtml(content) }),
  };
}

export interface MissionDialogProps {
  open: boolean;
  /** The residents chosen on the list (the 所选居民 target). */
  archIds: string[];
  onClose: () => void;
}

/**
 * 消息任务 (msgtemp/mission, mission-crowd-label): one message to each resident chosen on the archive
 * list, or to every resident of a crowd label the caller reaches; placeholders are filled per
 * resident by the server. A form document, so its rules (a label for a crowd, text without a
 * template) are the engine's.
 */
export function MissionDialog({ open, archIds, onClose }: MissionDialogProps) {
  const m = useMessages(archiveMessages);
  const { message } = App.useApp();
  const submit = async (values: Record<string, FieldValue>) => {
    const wording = missionWording(values);
    if (values.target !== CROWD_LABEL && archIds.length === 0) {
      void message.warning(m.missionNoResidents);
      throw new Error(m.missionNoResidents);
    }
    const result =
      values.target === CROWD_LABEL
        ? await sendCrowdLabelMission({ crowdLabel: String(values.crowdLabel ?? ''), ...wording })
        : await sendMission({ archIds, ...wording });
    void message.success(m.missionSent(result.count));
    onClose();
  };
  return (
    <FormDialog
      open={open}
      title={m.missionTitle(archIds.length)}
      formCode={MISSION_FORM}
      values={{ target: archIds.length ? '1' : CROWD_LABEL }}
      okText={m.missionSend}
      cancelText={m.close}
      width={640}
      onSubmit={submit}
      onClose={onClose}
    />
  );
}
