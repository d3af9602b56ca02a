import { App, Button } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { IdReaderError, type IdCardReader } from '../../bridges/id-card-reader';
import type { FormRuntime } from '../../form-runtime';
import { useMessages } from '../../shared/i18n/i18n-context';
import { archiveMessages } from './archive-messages';
import { cardToArchiveValues } from './id-card-reading';

interface Props {
  reader: IdCardReader;
  /** The form's runtime; the button waits for it (a read before the form exists would go nowhere). */
  runtime: FormRuntime | undefined;
  /** 快速建档: the card is read once as soon as the form exists, without a click. */
  readOnReady?: boolean;
}

/**
 * 读卡: reads the card on the clinic's reader and enters its values into the form as typed values
 * (runtime.enter), so the form's rules run on them as on the doctor's typing — the ID number's checks,
 * sex and birth date from it, the existing-archive lookup. A failed read says the spec's message and
 * leaves what was typed as it was.
 */
export function ReadCardButton({ reader, runtime, readOnReady = false }: Props) {
  const m = useMessages(archiveMessages);
  const { message } = App.useApp();
  const [reading, setReading] = useState(false);
  const read = async () => {
    if (!runtime || reading) return;
    setReading(true);
    try {
      runtime.enter(cardToArchiveValues(await reader.read()));
      void message.success(m.cardRead);
    } catch (error) {
      void message.warning(error instanceof IdReaderError ? error.message : m.cardReadFailed);
    } finally {
      setReading(false);
    }
  };
  const readOnce = useRef(false);
  useEffect(() => {
    if (!readOnReady || !runtime || readOnce.current) return;
    readOnce.current = true;
    void read();
    // read() is this render's; the read happens once, when the form first exists.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [readOnReady, runtime]);
  return (
    <Button type="primary" ghost loading={reading} disabled={!runtime} onClick={() => void read()}>
      {m.readCard}
    </Button>
  );
}
