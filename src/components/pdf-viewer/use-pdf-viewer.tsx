import { useCallback, useRef, useState, type ReactElement } from 'react';
import { PdfViewer } from './pdf-viewer';

export interface ShowPdfOptions {
  /** The viewer's title; the viewer's own when absent. */
  title?: string;
  /** What the viewer says when the PDF cannot be had, whatever the error; by default the error's own message. */
  failureText?: (error: unknown) => string;
  /** What the viewer says when the error carries no message of its own. */
  fallback?: string;
}

export interface PdfViewing {
  /** Opens the viewer at once (loading), then shows the PDF `load` answers, or why there is none. */
  show: (load: () => Promise<Uint8Array>, options?: ShowPdfOptions) => void;
  /** The viewer, to be placed once in the screen. */
  viewer: ReactElement;
}

interface Viewing {
  key: number;
  title?: string | undefined;
  data?: Uint8Array;
  error?: string;
}

const errorText = (error: unknown, fallback = '') =>
  (error instanceof Error ? error.message : typeof error === 'string' ? error : '') || fallback || String(error);

/**
 * One PDF viewer for a screen that prints from the server (a record, an archive, an agreement, a
 * report): the viewer opens as soon as it is asked, so a slow PDF shows as loading rather than as
 * nothing; a later request wins over a slower earlier one, and closing drops whatever still comes.
 */
export function usePdfViewer(): PdfViewing {
  const [viewing, setViewing] = useState<Viewing>();
  const asked = useRef(0);
  const show = useCallback((load: () => Promise<Uint8Array>, options: ShowPdfOptions = {}) => {
    const key = ++asked.current;
    setViewing({ key, title: options.title });
    const settle = (part: Pick<Viewing, 'data' | 'error'>) => setViewing((v) => (v?.key === key ? { ...v, ...part } : v));
    load().then(
      (data) => settle({ data }),
      (error: unknown) => settle({ error: options.failureText ? options.failureText(error) : errorText(error, options.fallback) }),
    );
  }, []);
  const viewer = (
    <PdfViewer
      open={viewing !== undefined}
      title={viewing?.title}
      data={viewing?.data}
      error={viewing?.error}
      onClose={() => setViewing(undefined)}
    />
  );
  return { show, viewer };
}
