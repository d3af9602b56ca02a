import { Alert, Button, Modal, Typography } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import SignaturePad from 'signature_pad';
import { useMessages } from '../../shared/i18n/i18n-context';
import { contractMessages } from './contract-messages';

export interface SignaturePadDialogProps {
  open: boolean;
  /** 确认 with ink on the pad: the signature as a PNG data URL (the server checks it again). */
  onConfirm: (png: string) => Promise<void> | void;
  onCancel: () => void;
}

const WIDTH = 640;
const HEIGHT = 240;

/**
 * 电子签名 (spec 001 §2: cancel, clear, confirm) on signature_pad: the resident signs with the mouse,
 * a pen or a finger. An empty pad is refused here (and on the server, which also refuses too little
 * ink); the pad is cleared each time the dialog opens.
 */
export function SignaturePadDialog({ open, onConfirm, onCancel }: SignaturePadDialogProps) {
  const m = useMessages(contractMessages);
  const pad = useRef<SignaturePad | null>(null);
  const [blank, setBlank] = useState(false);
  const [saving, setSaving] = useState(false);

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

  useEffect(() => {
    if (open) {
      pad.current?.clear();
      setBlank(false);
    }
  }, [open]);

  const confirm = async () => {
    const p = pad.current;
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
        <Button
          key="clear"
          onClick={() => {
            pad.current?.clear();
            setBlank(false);
          }}
        >
          {m.clear}
        </Button>,
        <Button key="confirm" type="primary" loading={saving} onClick={() => void confirm()}>
          {m.confirm}
        </Button>,
      ]}
    >
      <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
        {m.padHint}
      </Typography.Paragraph>
      <canvas
        ref={canvasRef}
        data-testid="signature-pad"
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
      {blank && <Alert type="error" showIcon message={m.blank} style={{ marginTop: 8 }} />}
    </Modal>
  );
}
