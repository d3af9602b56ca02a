import { App } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { archiveConflictOf, getArchive, updateArchive, type ArchiveConflict, type ArchiveRecord } from '../../api/archives';
import { RequestError } from '../../api/request';
import type { FieldValue, FormValues } from '../../engine';
import type { FormRuntime } from '../../form-runtime';
import { FormDialog } from '../../form-runtime';
import { useMessages } from '../../shared/i18n/i18n-context';
import { ArchiveConflictDialog, type ComparedField } from './archive-conflict-dialog';
import { archiveEditMessages } from './archive-edit-messages';

interface Props {
  archive: ArchiveRecord;
  open: boolean;
  onClose: () => void;
  onSaved: (archive: ArchiveRecord) => void;
}

/** The archive's form (schemas/archiveedit.json): with an id it locks the ID number and hides the crowd labels. */
const ARCHIVE_FORM = 'archiveedit';

/** The archive as the form holds it; the ID number and phones may be masked (the server keeps the stored ones). */
const valuesOf = (a: ArchiveRecord): FormValues => ({
  id: a.archId ?? a.id,
  cardType: a.cardType || '1',
  idCard: a.idCard ?? null,
  personName: a.personName,
  sex: a.sex ?? null,
  birthday: a.birthday ?? null,
  phone: a.phone || null,
  contactPhone: a.contactPhone || null,
  homeAddress: a.homeAddress || null,
});

const text = (v: FieldValue | undefined) => (typeof v === 'string' ? v.trim() : '');

/**
 * Edits an archive's name, phones and address. The save carries the row version read when the
 * dialog opened (issue 22 §6); when someone saved in between the server answers 409 and the
 * conflict dialog opens over this one, the user's input untouched. The ID number is shown, not
 * edited: the server keeps the stored one (and a masked phone sent back unchanged stays as stored).
 */
export function EditArchiveDialog({ archive, open, onClose, onSaved }: Props) {
  const m = useMessages(archiveEditMessages);
  const { message } = App.useApp();
  const [initial, setInitial] = useState(() => valuesOf(archive));
  const [generation, setGeneration] = useState(0);
  const [rowVersion, setRowVersion] = useState(archive.rowVersion ?? 1);
  const [conflict, setConflict] = useState<ArchiveConflict>();
  const [compared, setCompared] = useState<ComparedField[]>();
  const [comparing, setComparing] = useState(false);
  const runtime = useRef<FormRuntime>(undefined);

  // Each opening starts from the archive as the page holds it, and that version.
  useEffect(() => {
    if (!open) return;
    setInitial(valuesOf(archive));
    setGeneration((g) => g + 1);
    setRowVersion(archive.rowVersion ?? 1);
    setConflict(undefined);
    setCompared(undefined);
  }, [open, archive]);

  const save = async (values: Record<string, FieldValue>, version: number) => {
    try {
      const saved = await updateArchive({
        id: archive.archId ?? archive.id,
        rowVersion: version,
        personName: text(values.personName),
        idCard: archive.idCard ?? '',
        cardType: archive.cardType ?? '1',
        sex: archive.sex ?? '',
        birthday: archive.birthday ?? '',
        phone: text(values.phone),
        contactPhone: text(values.contactPhone),
        homeAddress: text(values.homeAddress),
      });
      void message.success(m.saved);
      setConflict(undefined);
      onSaved(saved);
    } catch (e) {
      const clash = archiveConflictOf(e);
      if (clash) {
        setCompared(undefined);
        setConflict(clash);
      } else if (e instanceof RequestError) void message.error(e.message);
      // Refused: the dialog keeps the input (FormDialog stays open on a rejection).
      throw e;
    }
  };

  /** Loads the archive as saved now: reload puts it in the form, compare lays it beside the input. */
  const latest = async () => {
    const now = await getArchive(archive.archId ?? archive.id);
    if (!now) throw new Error(m.conflictTitle);
    return now;
  };
  const reload = async () => {
    const now = await latest();
    setInitial(valuesOf(now));
    setGeneration((g) => g + 1);
    setRowVersion(now.rowVersion ?? rowVersion);
    setConflict(undefined);
  };
  const compare = async () => {
    setComparing(true);
    try {
      const now = await latest();
      const mine = runtime.current?.session.inputs() ?? {};
      const theirs = valuesOf(now);
      setCompared(
        (['personName', 'phone', 'homeAddress'] as const).map((prop) => ({
          label: m[prop],
          mine: text(mine[prop]),
          theirs: text(theirs[prop]),
        })),
      );
      // Saving mine after comparing is a deliberate choice over their change: it carries their version.
      setRowVersion(now.rowVersion ?? rowVersion);
    } finally {
      setComparing(false);
    }
  };

  return (
    <>
      <FormDialog
        open={open}
        title={m.editTitle}
        formCode={ARCHIVE_FORM}
        values={initial}
        generation={generation}
        width={720}
        okText={m.save}
        cancelText={m.cancel}
        onRuntime={(r) => {
          runtime.current = r;
        }}
        onClose={onClose}
        onSubmit={(values) => save(values, rowVersion)}
      />
      <ArchiveConflictDialog
        conflict={conflict}
        compared={compared}
        comparing={comparing}
        onReload={() => void reload().catch((e: unknown) => message.error(e instanceof Error ? e.message : String(e)))}
        onCompare={() => void compare().catch((e: unknown) => message.error(e instanceof Error ? e.message : String(e)))}
        onKeepMine={() => {
          setConflict(undefined);
          // The input as it is now, checked again by the form's rules, with the version now saved.
          const form = runtime.current;
          const result = form?.validate();
          if (!form || !result) return;
          form.showFieldErrors(result);
          if (result.ok) void save(result.values, rowVersion).catch(() => undefined);
        }}
        onBack={() => setConflict(undefined)}
      />
    </>
  );
}
