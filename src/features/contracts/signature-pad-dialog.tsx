import { Alert, Button, Modal, Segmented, Typography } from 'antd';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import SignaturePad from 'signature_pad';
import { intervalTicker, startSigning, type SignatureDevice, type Ticker } from '../../bridges/signature-device';
import { useMessages } from '../../shared/i18n/i18n-context';
import { contractMessages } from './contract-messages';
import { appendInk, type PadInk } from './pen-pad-ink';
import { configuredSignatureDevice } from './pen-pad-device';

export interface SignaturePadDialogProps {
  open: boolean;
  /** 确认 with ink on the pad: the signature as a PNG data URL (the server checks it again). */
  onConfirm: (png: string) => Promise<void> | void;
  onCancel: () => void;
  /** The pen signature pad 签名板 uses; by default the clinic's local service (system parameter signatureDeviceUrl). */
  device?: SignatureDevice;
  /** The pad's polling timers (the browser's; a test's own). */
  ticker?: Ticker;
}

type Mode = 'hand' | 'pad';
type PadState = 'connecting' | 'connected' | 'failed';

const WIDTH = 640;
const HEIGHT = 240;
const NO_INK: PadInk = { groups: [], drawing: false };

/**
 * 电子签名 (spec 001 §2: cancel, clear, confirm) in two modes on one canvas. 手写: signature_pad, the
 * resident signs with the mouse, a pen or a finger. 签名板: the clinic's pen pad (src/bridges/
 * signature-device.ts) — initialised for device 3 (没有连接设备! when it does not answer), its ink
 * polled every 50 ms and drawn on the same canvas, its keys every 500 ms (确认 confirms as the
 * button does, 清除 clears); the pad is let go when the mode changes or the dialog closes. Either
 * way an empty signature is refused here (and on the server, which also refuses too little ink),
 * and the canvas is cleared each time the dialog opens or the mode changes.
 */
export function SignaturePadDialog({ open, onConfirm, onCancel, device, ticker = intervalTicker }: SignaturePadDialogProps) {
  const m = useMessages(contractMessages);
  const pad = useRef<SignaturePad | null>(null);
  const ink = useRef<PadInk>(NO_INK);
  const [blank, setBlank] = useState(false);
  const [saving, setSaving] = useState(false);
  const [mode, setMode] = useState<Mode>('hand');
  const [padState, setPadState] = useState<PadState>('connecting');
  const penPad = useMemo(() => device ?? configuredSignatureDevice(), [device]);

  // The canvas mounts with the dialog's content: the pad is made when it appears and dropped when it goes.
  const canvasRef = useCallback((canvas: HTMLCanvasElement | null) => {
    pad.current?.off();
    pad.current = null;
    if (!canvas) return;
    const ratio = Math.max(window.devicePixelRatio || 1, 1);
    canvas.width = WIDTH * ratio;
    canvas.height = HEIGHT * ratio;
    canvas.getContext('2d')?.scale(ratio, ratio);
    const p = new SignaturePad(canvas, { penColor: '#1f1f3a', minWidth: 1.2, maxWidth: 3, backgroundColor: 'rgba(0,0,0,0)' });
    p.addEventListener('beginStroke', () => setBlank(false));
    pad.current = p;
  }, []);

  const clearCanvas = useCallback(() => {
    ink.current = NO_INK;
    pad.current?.clear();
    setBlank(false);
  }, []);

  useEffect(() => {
    if (open) clearCanvas();
    else setMode('hand');
  }, [open, clearCanvas]);

  const confirm = async () => {
    const p = pad.current;
    if (saving) return;
    if (!p || p.isEmpty()) {
      setBlank(true);
      return;
    }
    setSaving(true);
    try {
      await onConfirm(p.toDataURL('image/png'));
    } finally {
      setSaving(false);
    }
  };
  // The pad's confirm key arrives from a poll started earlier: it must reach this render's confirm.
  const confirmNow = useRef(confirm);
  confirmNow.current = confirm;

  // 签名板: a session while the mode is on and the dialog open; the mouse does not draw meanwhile.
  useEffect(() => {
    const p = pad.current;
    if (!open || mode !== 'pad' || !p) return;
    let stopped = false;
    let session: { stop(): Promise<void> } | undefined;
    p.off();
    setPadState('connecting');
    startSigning(penPad, ticker, {
      onInk: (points) => {
        const style = {
          dotSize: p.dotSize,
          minWidth: p.minWidth,
          maxWidth: p.maxWidth,
          penColor: p.penColor,
          velocityFilterWeight: p.velocityFilterWeight,
          compositeOperation: p.compositeOperation,
        };
        ink.current = appendInk(ink.current, points, { width: WIDTH, height: HEIGHT }, style, Date.now());
        p.fromData(ink.current.groups);
        setBlank(false);
      },
      onConfirm: () => void confirmNow.current(),
      onClear: clearCanvas,
    }).then(
      (started) => {
        if (stopped) void started.stop();
        else {
          session = started;
          setPadState('connected');
        }
      },
      () => !stopped && setPadState('failed'),
    );
    return () => {
      stopped = true;
      void session?.stop();
      p.on();
    };
  }, [open, mode, penPad, ticker, clearCanvas]);

  const clear = () => {
    clearCanvas();
    if (mode === 'pad' && padState === 'connected') void penPad.clear().catch(() => undefined);
  };

  return (
    <Modal
      open={open}
      title={m.signatureTitle}
      width={WIDTH + 48}
      onCancel={onCancel}
      maskClosable={false}
      destroyOnHidden
      footer={[
        <Button key="cancel" onClick={onCancel}>
          {m.cancel}
        </Button>,
        <Button key="clear" onClick={clear}>
          {m.clear}
        </Button>,
        <Button key="confirm" type="primary" loading={saving} onClick={() => void confirm()}>
          {m.confirm}
        </Button>,
      ]}
    >
      <Segmented<Mode>
        value={mode}
        onChange={(next) => {
          clearCanvas();
          setMode(next);
        }}
        options={[
          { value: 'hand', label: m.handMode },
          { value: 'pad', label: m.penPadMode },
        ]}
        style={{ marginBottom: 8 }}
      />
      <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
        {mode === 'hand' ? m.padHint : padState === 'connecting' ? m.connecting : m.penPadHint}
      </Typography.Paragraph>
      <canvas
        ref={canvasRef}
        data-testid="signature-pad"
        data-mode={mode}
        aria-label={m.signatureTitle}
        style={{
          width: WIDTH,
          height: HEIGHT,
          border: '1px dashed #bfbfbf',
          borderRadius: 4,
          background: '#fafafa',
          touchAction: 'none',
          display: 'block',
        }}
      />
      {mode === 'pad' && padState === 'failed' && <Alert type="warning" showIcon message={m.noDevice} style={{ marginTop: 8 }} />}
      {blank && <Alert type="error" showIcon message={m.blank} style={{ marginTop: 8 }} />}
    </Modal>
  );
}
