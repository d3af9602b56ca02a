import { UserOutlined } from '@ant-design/icons';
import { Avatar, Flex, Typography } from 'antd';
import { Link } from 'react-router-dom';
import { TOP_BAR_NAME_MAX_WIDTH } from '../../shared/config';

/** Avatar and real name (spec §2, §9): the name at most 100px wide; both lead to /info/index. */
export function UserLink({ realName, avatar, color }: { realName: string | undefined; avatar: string | undefined; color: string }) {
  return (
    <Link to="/info/index" aria-label={realName} style={{ color }}>
      <Flex align="center" gap={6}>
        <Avatar size="small" src={avatar || undefined} icon={<UserOutlined />} />
        <Typography.Text ellipsis style={{ maxWidth: TOP_BAR_NAME_MAX_WIDTH, color }} data-testid="top-bar-name">
          {realName}
        </Typography.Text>
      </Flex>
    </Link>
  );
}
