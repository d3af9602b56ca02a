import { useState } from 'react';
import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { Avatar, Button, Card, Flex, Form, Input, Typography } from 'antd';
import { useNavigate } from 'react-router-dom';
import { getUserInfo } from '../../api/session';
import { useThemeChoice } from '../../components/theme/theme-context';
import { LanguageSwitch } from '../../components/language-switch';
import { useMessages } from '../../shared/i18n/i18n-context';
import { logoutEverywhere } from '../shell/session-actions';
import { tabPath } from '../tabs/tab-rules';
import { tabStore } from '../tabs/tab-store';
import { lockMessages } from './lock-messages';
import { tryUnlock } from './unlock';

/** /lock: the lock screen takes the lock password (spec §2) and returns to the current tab. */
export function LockPage() {
  const m = useMessages(lockMessages);
  const navigate = useNavigate();
  const { colour } = useThemeChoice();
  const [error, setError] = useState<string>();
  const user = getUserInfo();

  const onFinish = ({ password }: { password: string }) => {
    if (!tryUnlock(password)) {
      setError(m.wrong);
      return;
    }
    const { tabs, current } = tabStore.get();
    const tab = tabs.find((t) => t.value === current);
    navigate(tab ? tabPath(tab) : current, { replace: true });
  };

  return (
    <Flex align="center" justify="center" style={{ minHeight: '100vh', background: `linear-gradient(135deg, ${colour} 0%, #1d2b3a 100%)` }}>
      <Card style={{ width: 360 }}>
        <Flex vertical align="center" gap={8} style={{ marginBottom: 16 }}>
          <Avatar size={64} src={user?.avatar || undefined} icon={<UserOutlined />} />
          <Typography.Title level={4} style={{ margin: 0 }}>
            {user?.real_name}
          </Typography.Title>
          <Typography.Text type="secondary">
            <LockOutlined /> {m.locked}
          </Typography.Text>
        </Flex>
        <Form layout="vertical" onFinish={onFinish} onValuesChange={() => setError(undefined)}>
          <Form.Item
            name="password"
            label={m.password}
            rules={[{ required: true, message: m.required }]}
            {...(error ? { validateStatus: 'error' as const, help: error } : {})}
          >
            <Input.Password autoFocus placeholder={m.hint} autoComplete="off" />
          </Form.Item>
          <Button type="primary" htmlType="submit" block>
            {m.unlock}
          </Button>
        </Form>
        <Flex justify="space-between" align="center" style={{ marginTop: 16 }}>
          <LanguageSwitch />
          <Button type="link" onClick={() => void logoutEverywhere()}>
            {m.logout}
          </Button>
        </Flex>
      </Card>
    </Flex>
  );
}
