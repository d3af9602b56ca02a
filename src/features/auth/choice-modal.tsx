import { Alert, Form, Modal, Select } from 'antd';
import type { Captcha } from '../../api/types';
import { useMessages } from '../../shared/i18n/i18n-context';
import { CaptchaField } from './captcha-field';
import { preselect, type ChoiceOptions } from './login-choices';
import { loginMessages } from './login-messages';

export interface ChoiceValues {
  deptId: string;
  roleId: string;
  teamId?: string;
  captchaCode?: string;
}

interface Props {
  open: boolean;
  options: ChoiceOptions;
  /** The first captcha was spent by the first token call: a new one is needed when captcha mode is on. */
  captcha?: Captcha;
  captchaMode: boolean;
  submitting: boolean;
  /** Why the last token call was refused, shown in the dialog (the login form is behind its mask). */
  error?: string;
  failures: number;
  onRefreshCaptcha: () => void;
  onSubmit: (values: ChoiceValues) => void;
  onCancel: () => void;
}

/** Asks a user with several departments / roles / teams which one this session acts as. */
export function ChoiceModal({
  open,
  options,
  captcha,
  captchaMode,
  submitting,
  error,
  failures,
  onRefreshCaptcha,
  onSubmit,
  onCancel,
}: Props) {
  const m = useMessages(loginMessages);
  const [form] = Form.useForm<ChoiceValues>();
  const showTeams = options.teams.length > 1;
  return (
    <Modal
      open={open}
      title={m.choiceTitle}
      okText={m.ok}
      cancelText={m.cancel}
      confirmLoading={submitting}
      maskClosable={false}
      destroyOnHidden
      onCancel={onCancel}
      onOk={() => form.submit()}
    >
      <Form<ChoiceValues>
        form={form}
        layout="vertical"
        preserve={false}
        initialValues={{ deptId: preselect(options.depts), roleId: preselect(options.roles), teamId: preselect(options.teams) }}
        onFinish={onSubmit}
      >
        {/* Spec §4: department and role are both required, with the one message 请选择角色. */}
        <Form.Item name="deptId" label={m.dept} rules={[{ required: true, message: m.chooseRole }]}>
          <Select options={options.depts} />
        </Form.Item>
        <Form.Item name="roleId" label={m.role} rules={[{ required: true, message: m.chooseRole }]}>
          <Select options={options.roles} />
        </Form.Item>
        {showTeams && (
          <Form.Item name="teamId" label={m.team} rules={[{ required: true, message: m.chooseTeam }]}>
            <Select options={options.teams} />
          </Form.Item>
        )}
        {captchaMode && <CaptchaField captcha={captcha} onRefresh={onRefreshCaptcha} failures={failures} />}
        {error && <Alert type="error" showIcon message={error} role="alert" />}
      </Form>
    </Modal>
  );
}
