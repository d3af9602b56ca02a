import { Button, Result } from 'antd';
import { useNavigate } from 'react-router-dom';
import { LOGIN_PATH } from '../../shared/config';
import { defineMessages } from '../../shared/i18n/define-messages';
import { useMessages } from '../../shared/i18n/i18n-context';

const messages = defineMessages(
  {
    title: 'HIS 跳转登录',
    text: '医院信息系统（HIS）携带账号凭据打开本页后将自动登录。本系统尚未接入 HIS，请使用账号密码登录。',
    toLogin: '使用账号密码登录',
  },
  {
    title: 'Sign-in from the hospital system',
    text: 'The hospital information system (HIS) opens this page with the user’s credentials to sign in directly. No HIS is connected yet: sign in with account and password.',
    toLogin: 'Sign in with account and password',
  },
);

/** /HISlogin: the hand-over from a hospital information system (spec §2); none is connected yet. */
export function HisLoginPage() {
  const m = useMessages(messages);
  const navigate = useNavigate();
  return (
    <Result
      status="info"
      title={m.title}
      subTitle={m.text}
      extra={
        <Button type="primary" onClick={() => navigate(LOGIN_PATH)}>
          {m.toLogin}
        </Button>
      }
    />
  );
}
