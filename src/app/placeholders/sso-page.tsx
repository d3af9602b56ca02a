import { useEffect, useState } from 'react';
import { Button, Descriptions, Result, Spin } from 'antd';
import { useLocation, useNavigate } from 'react-router-dom';
import { RequestError } from '../../api/request';
import { setStore } from '../../api/session';
import { ssoTokenByTicket } from '../../api/user';
import { LOGIN_PATH } from '../../shared/config';
import { defineMessages } from '../../shared/i18n/define-messages';
import { useMessages } from '../../shared/i18n/i18n-context';
import { adoptLogin, goHomeReloaded, SSO_SESSION_KEY } from '../shell/session-actions';

const messages = defineMessages(
  { signing: '正在单点登录…', failed: '单点登录失败', toLogin: '使用账号密码登录', role: '角色', org: '机构', ticket: '票据' },
  {
    signing: 'Signing in…',
    failed: 'Single sign-on failed',
    toLogin: 'Sign in with account and password',
    role: 'Role',
    org: 'Institution',
    ticket: 'Ticket',
  },
);

/**
 * /sso/yunan: exchanges the ticket for a session; accepts role and organisation ids (spec §2).
 * The server says plainly when no single sign-on provider is configured; that text is shown.
 */
export function SsoPage() {
  const m = useMessages(messages);
  const navigate = useNavigate();
  const { search } = useLocation();
  const query = new URLSearchParams(search);
  const ticket = query.get('ticket') ?? '';
  const roleId = query.get('roleId') ?? '';
  const orgId = query.get('orgId') ?? '';
  const [failure, setFailure] = useState<string>();

  useEffect(() => {
    let live = true;
    ssoTokenByTicket(ticket || '-', roleId || orgId || '-').then(
      async (answer) => {
        if (!answer.access_token) throw new Error('');
        await adoptLogin(answer);
        setStore(SSO_SESSION_KEY, true, 'session');
        goHomeReloaded();
      },
      (e: unknown) => {
        if (live) setFailure(e instanceof RequestError || e instanceof Error ? e.message : '');
      },
    );
    return () => {
      live = false;
    };
  }, [ticket, roleId, orgId]);

  if (failure === undefined) return <Spin fullscreen tip={m.signing} />;
  return (
    <Result
      status="warning"
      title={m.failed}
      subTitle={failure}
      extra={
        <>
          <Descriptions size="small" column={1} style={{ maxWidth: 360, margin: '0 auto 16px' }}>
            <Descriptions.Item label={m.ticket}>{ticket || '-'}</Descriptions.Item>
            <Descriptions.Item label={m.role}>{roleId || '-'}</Descriptions.Item>
            <Descriptions.Item label={m.org}>{orgId || '-'}</Descriptions.Item>
          </Descriptions>
          <Button type="primary" onClick={() => navigate(LOGIN_PATH)}>
            {m.toLogin}
          </Button>
        </>
      }
    />
  );
}
