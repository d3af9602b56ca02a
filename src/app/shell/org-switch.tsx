import { useState } from 'react';
import { SwapOutlined } from '@ant-design/icons';
import { App, Button, Form, Modal, Select, Tooltip } from 'antd';
import useSWR from 'swr';
import { getUserInfo } from '../../api/session';
import { listAdministratorTenants, listDiseaseControlTenants, switchTenantLogin } from '../../api/tenant';
import type { UserDefault } from '../../api/types';
import { useMessages } from '../../shared/i18n/i18n-context';
import { adoptLogin, goHomeReloaded } from './session-actions';
import { shellMessages } from './shell-messages';
import { orgSwitchKind } from './top-bar-rules';

/** How long the 切换成功 / 切换失败 message stays readable before the reload. */
const RELOAD_DELAY_MS = 1000;

/**
 * The organisation switch (spec §2, §4, §6): shown only to a user whose flag matches the last
 * role alias; the current organisation is listed disabled; success and failure both reload.
 */
export function OrgSwitch({ userDefault, color }: { userDefault: UserDefault | undefined; color: string }) {
  const m = useMessages(shellMessages);
  const { message } = App.useApp();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm<{ tenantId: string }>();
  const kind = orgSwitchKind(userDefault);
  const { data: tenants, isLoading } = useSWR(open && kind ? ['org-switch', kind] : null, () =>
    kind === 'administrator'
      ? listAdministratorTenants()
      : listDiseaseControlTenants({ userId: userDefault?.userId, regionCode: userDefault?.tenantLastRegionCode }),
  );
  if (!kind) return null;
  const currentTenant = getUserInfo()?.tenant_id ?? userDefault?.tenantId;

  const onOk = async () => {
    const { tenantId } = await form.validateFields();
    setBusy(true);
    try {
      const answer = await switchTenantLogin(tenantId);
      if (!answer.access_token) throw new Error(m.switchFailed);
      await adoptLogin(answer);
      void message.success(m.switchOk);
    } catch {
      void message.error(m.switchFailed);
    } finally {
      window.setTimeout(goHomeReloaded, RELOAD_DELAY_MS);
    }
  };

  return (
    <>
      <Tooltip title={m.switchOrg}>
        <Button type="text" aria-label={m.switchOrg} icon={<SwapOutlined />} onClick={() => setOpen(true)} style={{ color }} />
      </Tooltip>
      <Modal
        open={open}
        title={m.switchOrg}
        okText={m.confirm}
        cancelText={m.cancel}
        confirmLoading={busy}
        maskClosable={false}
        destroyOnHidden
        onCancel={() => setOpen(false)}
        onOk={() => void onOk().catch(() => undefined)}
      >
        <Form form={form} layout="vertical" preserve={false}>
          <Form.Item name="tenantId" label={m.org} rules={[{ required: true, message: m.orgRequired }]}>
            <Select
              loading={isLoading}
              placeholder={m.orgRequired}
              options={(tenants ?? []).map((t) => ({
                value: t.tenantId,
                label: `${t.tenantName}（${t.tenantId}）`,
                disabled: t.current === true || t.tenantId === currentTenant,
              }))}
            />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
