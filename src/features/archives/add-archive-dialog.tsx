import { App, Typography } from 'antd';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { findArchiveByIdCard, saveArchive, type ArchiveRecord } from '../../api/archives';
import type { IdCardReader } from '../../bridges/id-card-reader';
import { checkIdCard, type FieldValue } from '../../engine';
import type { FormRuntime } from '../../form-runtime';
import { FormDialog } from '../../form-runtime';
import { useMessages } from '../../shared/i18n/i18n-context';
import { archiveMessages } from './archive-messages';
import { configuredIdCardReader } from './id-card-reading';
import { ReadCardButton } from './read-card-button';

export interface AddArchiveDialogProps {
  open: boolean;
  onClose: () => void;
  onSaved: (archive: ArchiveRecord) => void;
  /** The clock is passed in so tests and the dialog agree on "today" for the age. */
  now?: () => Date;
  /** The ID-card reader 读卡 asks; by default the clinic's local service (system parameter idCardReaderUrl). */
  reader?: IdCardReader;
  /** 快速建档: the card is read as soon as the form is there. */
  readCardOnOpen?: boolean;
}

/** The archive's form: schemas/archiveedit.json + rules (ID number, name, phones), checked again by the server. */
export const ARCHIVE_FORM = 'archiveedit';

const text = (v: FieldValue | undefined) => (typeof v === 'string' ? v.trim() : '');
const optional = (v: FieldValue | undefined) => text(v) || undefined;

/**
 * New archive: the form's rules fill birth date, sex and age from a typed ID number (read-only:
 * the ID number is their source of truth) and give the spec's messages; a complete number is also
 * looked up, and an archive the institution already holds for it is named under the form.
 */
export function AddArchiveDialog({
  open,
  onClose,
  onSaved,
  now = () => new Date(),
  reader,
  readCardOnOpen = false,
}: AddArchiveDialogProps) {
  const m = useMessages(archiveMessages);
  const { message } = App.useApp();
  const [existing, setExisting] = useState<string>();
  const [formRuntime, setFormRuntime] = useState<FormRuntime>();
  const cardReader = useMemo(() => reader ?? configuredIdCardReader(), [reader]);
  const unsubscribe = useRef<() => void>(undefined);
  const clock = useRef(now);
  clock.current = now;
  useEffect(() => () => unsubscribe.current?.(), []);

  // Each valid ID number typed is looked up once; no archive (or a failed lookup) says nothing: the server decides.
  const watchIdCard = useCallback(
    (runtime: FormRuntime) => {
      setFormRuntime(runtime);
      unsubscribe.current?.();
      let asked = '';
      unsubscribe.current = runtime.subscribe(() => {
        const idCard = text(runtime.session.inputs().idCard);
        if (idCard === asked) return;
        asked = idCard;
        setExisting(undefined);
        if (!checkIdCard(idCard, clock.current()).ok) return;
        findArchiveByIdCard(idCard)
          .then((found) => {
            if (asked === idCard) setExisting(found?.personName ? m.exists(found.personName) : undefined);
          })
          .catch(() => undefined);
      });
    },
    [m],
  );

  return (
    <FormDialog
      open={open}
      title={m.addTitle}
      formCode={ARCHIVE_FORM}
      okText={m.save}
      cancelText={m.close}
      now={now}
      onRuntime={watchIdCard}
      toolbar={<ReadCardButton reader={cardReader} runtime={open ? formRuntime : undefined} readOnReady={readCardOnOpen} />}
      onClose={() => {
        setExisting(undefined);
        setFormRuntime(undefined);
        onClose();
      }}
      onSubmit={async (v) => {
        const saved = await saveArchive({
          personName: text(v.personName),
          idCard: text(v.idCard),
          cardType: text(v.cardType) || '1',
          sex: text(v.sex),
          birthday: text(v.birthday),
          phone: optional(v.phone),
          contactPhone: optional(v.contactPhone),
          homeAddress: optional(v.homeAddress),
          crowdLabels: Array.isArray(v.crowdLabels) ? v.crowdLabels : [],
        });
        void message.success(m.saved);
        setExisting(undefined);
        onSaved(saved);
      }}
    >
      {existing && <Typography.Text type="warning">{existing}</Typography.Text>}
    </FormDialog>
  );
}
