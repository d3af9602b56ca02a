import { useState } from 'react';
import { LockOutlined } from '@ant-design/icons';
import { Button, Form, Input, Modal, Tooltip } from 'antd';
import { useNavigate } from 'react-router-dom';
import { getStore, setStore, STORE_KEYS } from '../../api/session';
import { LOCK_PATH } from '../../shared/config';
import { useMessages } from '../../shared/i18n/i18n-context';
import { shellMessages } from './shell-messages';

/** Locks the screen: the lock state lives in sessionStorage (spec §4 Lock), so it is per browser tab. */
export function lockScreen(): void {
  setStore(STORE_KEYS.isLock, true, 'session');
}

/**
 * The lock icon (spec §2, §4): without a lock password a dialog asks for one (设置锁屏密码,
 * 锁屏密码不能为空); otherwise the screen locks and goes to /lock.
 */
export function LockButton({ color }: { color: string }) {
  const m = useMessages(shellMessages);
  const navigate = useNavigate();
  const [asking, setAsking] = useState(false);
  const [form] = Form.useForm<{ password: string }>();

  const lock = () => {
    lockScreen();
    navigate(LOCK_PATH);
  };
  const onClick = () => {
    if (getStore<string>(STORE_KEYS.lockPasswd, 'session')) lock();
    else setAsking(true);
  };
  const onSave = async () => {
    const { password } = await form.validateFields();
    setStore(STORE_KEYS.lockPasswd, password, 'session');
    setAsking(false);
    lock();
  };

  return (
    <>
      <Tooltip title={m.lock}>
        <Button type="text" aria-label={m.lock} icon={<LockOutlined />} onClick={onClick} style={{ color }} />
      </Tooltip>
      <Modal
        open={asking}
        title={m.setLockPassword}
        okText={m.confirm}
        cancelText={m.cancel}
        maskClosable={false}
        destroyOnHidden
        onCancel={() => setAsking(false)}
        onOk={() => void onSave().catch(() => undefined)}
      >
        <Form form={form} layout="vertical" preserve={false} onFinish={() => void onSave()}>
          <Form.Item name="password" label={m.lockPassword} rules={[{ required: true, whitespace: true, message: m.lockPasswordRequired }]}>
            <Input.Password autoFocus autoComplete="new-password" />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
