import { Button, Card, Descriptions, Flex, Typography } from 'antd';
import { LanguageSwitch } from '../../components/language-switch';
import { useMessages } from '../../shared/i18n/i18n-context';
import { homeMessages } from './home-messages';

export interface HomeCardProps {
  realName?: string;
  account?: string;
  roleName?: string;
  tenantName?: string;
  loggingOut?: boolean;
  onLogout: () => void;
}

/** Who is logged in, as what and where — the facts a user checks before filling any form. */
export function HomeCard({ realName, account, roleName, tenantName, loggingOut, onLogout }: HomeCardProps) {
  const m = useMessages(homeMessages);
  const show = (value: string | undefined) => value || m.unknown;
  return (
    <Card
      title={
        <Typography.Title level={4} style={{ margin: 0 }}>
          {m.welcome(show(realName))}
        </Typography.Title>
      }
      extra={
        <Flex gap={8} align="center">
          <LanguageSwitch />
          <Button danger onClick={onLogout} loading={loggingOut}>
            {m.logout}
          </Button>
        </Flex>
      }
      style={{ maxWidth: 640 }}
    >
      <Descriptions column={1} bordered size="small">
        <Descriptions.Item label={m.realName}>{show(realName)}</Descriptions.Item>
        <Descriptions.Item label={m.account}>{show(account)}</Descriptions.Item>
        <Descriptions.Item label={m.role}>{show(roleName)}</Descriptions.Item>
        <Descriptions.Item label={m.institution}>{show(tenantName)}</Descriptions.Item>
      </Descriptions>
    </Card>
  );
}
