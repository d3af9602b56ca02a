import { Modal } from 'antd';
import type { ReactNode } from 'react';
import type { FieldValue, FormDocument } from '../../engine';
import { SchemaForm } from '../../form-runtime';

export interface DocumentDialogProps {
  open: boolean;
  title: ReactNode;
  document: FormDocument;
  submitText: string;
  /** Resolve when done (the dialog closes); reject to keep it open (the caller showed why). */
  onSubmit: (values: Record<string, FieldValue>) => Promise<void>;
  onClose: () => void;
  width?: number;
  /** Shown above the form (a summary the user should read first). */
  children?: ReactNode;
}

/**
 * A dialog of the designer: a form document rendered by <SchemaForm> (its required fields,
 * patterns and messages are the document's own), destroyed on close so each opening starts blank.
 */
export function DocumentDialog({ open, title, document, submitText, onSubmit, onClose, width = 560, children }: DocumentDialogProps) {
  return (
    <Modal open={open} title={title} onCancel={onClose} footer={null} width={width} destroyOnHidden maskClosable={false}>
      {children}
      {open && (
        <div className="fd-panel-form">
          <SchemaForm
            formCode={document.formCode}
            document={document}
            mode="edit"
            draft={false}
            submitText={submitText}
            onSubmit={(values) => onSubmit(values)}
          />
        </div>
      )}
    </Modal>
  );
}
