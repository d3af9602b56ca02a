import { App } from 'antd';
import dayjs from 'dayjs';
import { useMemo } from 'react';
import { cancelArchive, type ArchiveRecord, type CancelForm } from '../../api/archives';
import type { FieldValue } from '../../engine';
import { FormDialog } from '../../form-runtime';
import { useMessages } from '../../shared/i18n/i18n-context';
import { archiveMessages } from './archive-messages';

/** Who cancels and where: ids go to the server, names are what the read-only fields show. */
export interface CancelActor {
  userId?: string;
  userName?: string;
  tenantId?: string;
  tenantName?: string;
}

export interface CancelArchiveDialogProps {
  archive: ArchiveRecord | undefined;
  actor: CancelActor;
  onClose: () => void;
  onDone: () => void;
  today?: () => string;
}

/** The cancel dialog's form: schemas/archivecancel.json + rules/archivecancel.rules.json (spec 001 §5), checked again by the server. */
export const CANCEL_FORM = 'archivecancel';
const DEATH = '1';

const text = (v: FieldValue | undefined) => (typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined);

/** The body of userarchives/cancel: death fields only for a death (the form hides them otherwise). */
export function cancelBody(archId: string, values: Record<string, FieldValue>): CancelForm {
  const death = values.offType === DEATH;
  return {
    archId,
    offType: String(values.offType ?? ''),
    offReason: text(values.offReason),
    deadFlag: death ? '1' : '0',
    deadDate: death ? text(values.deadDate) : undefined,
    deadReason: death ? text(values.deadReason) : undefined,
    offDate: String(values.offDate ?? ''),
    offUser: String(values.offUser ?? ''),
    offTenant: String(values.offTenant ?? ''),
  };
}

/**
 * Cancel-archive dialog, 960 wide (spec 001 §2). Date, user and institution are prefilled and
 * read-only (the user's and institution's ids are the values; their names are shown).
 */
export function CancelArchiveDialog({
  archive,
  actor,
  onClose,
  onDone,
  today = () => dayjs().format('YYYY-MM-DD'),
}: CancelArchiveDialogProps) {
  const m = useMessages(archiveMessages);
  const { message } = App.useApp();
  const open = archive !== undefined;
  // Read by the form when it mounts, once per opening: the date does not move while the dialog is open.
  const values = { offDate: today(), offUser: actor.userId ?? null, offTenant: actor.tenantId ?? null };
  const widgetProps = useMemo(
    () => ({ offUser: { text: actor.userName ?? '' }, offTenant: { text: actor.tenantName ?? '' } }),
    [actor.userName, actor.tenantName],
  );

  return (
    <FormDialog
      open={open}
      title={archive ? `${m.cancelTitle} - ${archive.personName}` : m.cancelTitle}
      formCode={CANCEL_FORM}
      values={values}
      widgetProps={widgetProps}
      width={960}
      okText={m.confirm}
      cancelText={m.close}
      onClose={onClose}
      onSubmit={async (v) => {
        if (!archive) return;
        await cancelArchive(cancelBody(archive.archId ?? archive.id, v));
        void message.success(m.done);
        onDone();
      }}
    />
  );
}
