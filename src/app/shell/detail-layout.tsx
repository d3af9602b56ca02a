import { ArrowLeftOutlined } from '@ant-design/icons';
import { Button, Flex, Layout, Typography } from 'antd';
import type { ReactNode } from 'react';
import { Outlet, useNavigate } from 'react-router-dom';
import { PUBLIC_HEALTH_INDEX_PATH } from '../../shared/config';
import { commonMessages } from '../../shared/i18n/common-messages';
import { useMessages } from '../../shared/i18n/i18n-context';
import { AccessGate } from '../access-gate';
import { shellMessages } from './shell-messages';
import { TabBar } from './tab-bar';

/**
 * The full-page layout of /publichealthwork/detail, /maternal and /ipad (spec §2): no sidebar
 * or top bar; its tab bar shows only the tabs under the detail routes, and closing them all
 * returns to /publichealthwork/index (tab-rules.ts).
 */
export function DetailLayout({ sessionWatch }: { sessionWatch?: ReactNode }) {
  const m = useMessages(shellMessages);
  const common = useMessages(commonMessages);
  const navigate = useNavigate();
  return (
    <Layout style={{ height: '100vh' }} data-layout="detail">
      <Layout.Header style={{ height: 44, lineHeight: 'normal', paddingInline: 12, borderBottom: '1px solid rgba(5,5,5,0.06)' }}>
        <Flex align="center" gap={12} style={{ height: '100%' }}>
          <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(PUBLIC_HEALTH_INDEX_PATH)}>
            {m.backToList}
          </Button>
          <Typography.Text strong>{common.systemTitle}</Typography.Text>
        </Flex>
      </Layout.Header>
      <TabBar />
      <Layout.Content style={{ overflow: 'auto' }}>
        <AccessGate>
          <Outlet />
        </AccessGate>
      </Layout.Content>
      {sessionWatch}
    </Layout>
  );
}
