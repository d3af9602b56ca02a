import { useState, type ComponentType } from 'react';
import { Alert, Modal, Typography } from 'antd';
import { getMaternalValid } from './maternal-api';
import './maternal-shell.css';

const OPEN_PREGNANCY = '该居民已有在管的孕产妇档案';

/** The app's resident picker (a resident by name from 居民健康档案), handed in by src/app. */
export type ResidentPicker = ComponentType<{
  value?: string;
  onChange?: (archId: string | undefined) => void;
  placeholder: string;
  testId: string;
}>;

export interface MaternalFilingDialogProps {
  open: boolean;
  ResidentPicker: ResidentPicker;
  onCancel: () => void;
  /** Opens the shell for the resident picked: on 孕产妇档案 to file, or on her open pregnancy. */
  onOpen: (archId: string) => void;
}

/**
 * 新增建档 on the maternal list: pick the woman, then the shell opens on 孕产妇档案 for her. Whether a
 * pregnancy may be filed is asked as soon as she is picked, so a refusal (a man, her age) shows here;
 * one already in care is opened instead of filed a second time.
 */
export function MaternalFilingDialog({ open, ResidentPicker, onCancel, onOpen }: MaternalFilingDialogProps) {
  const [archId, setArchId] = useState<string>();
  const [check, setCheck] = useState<{ archId: string; valid: boolean; reason: string }>();
  const pick = (id: string | undefined) => {
    setArchId(id);
    setCheck(undefined);
    if (!id) return;
    getMaternalValid(id).then(
      (v) => setCheck({ archId: id, ...v }),
      (e: unknown) => setCheck({ archId: id, valid: false, reason: (e as { message?: string })?.message ?? '查询失败' }),
    );
  };
  const current = check && check.archId === archId ? check : undefined;
  const hasOpen = current?.reason === OPEN_PREGNANCY;
  return (
    <Modal
      open={open}
      title="新增孕产妇档案"
      okText={hasOpen ? '打开在管档案' : '建档'}
      okButtonProps={{ disabled: !current || (!current.valid && !hasOpen), ...{ 'data-testid': 'maternal-filing-ok' } }}
      onOk={() => archId && onOpen(archId)}
      onCancel={onCancel}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">选择孕妇的居民健康档案，在孕产妇档案页填写末次月经等信息后建档。</Typography.Paragraph>
      <div className="maternal-filing-picker">
        <ResidentPicker value={archId} onChange={pick} placeholder="输入居民姓名查询" testId="maternal-filing-resident" />
      </div>
      {current && !current.valid && (
        <Alert
          style={{ marginTop: 12 }}
          type={hasOpen ? 'info' : 'warning'}
          showIcon
          message={hasOpen ? `${OPEN_PREGNANCY}，可打开该档案查看或随访` : current.reason}
          data-testid="maternal-filing-reason"
        />
      )}
    </Modal>
  );
}
