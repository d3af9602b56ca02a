import {
  AppstoreOutlined,
  AuditOutlined,
  BarChartOutlined,
  BookOutlined,
  CloudUploadOutlined,
  DesktopOutlined,
  FormOutlined,
  HomeOutlined,
  IdcardOutlined,
  ProfileOutlined,
  ReadOutlined,
  SafetyOutlined,
  ScheduleOutlined,
  SettingOutlined,
  ToolOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';

/** The server names icons by their antd name without the style suffix (menu "source"). */
const ICONS: Record<string, ReactNode> = {
  home: <HomeOutlined />,
  idcard: <IdcardOutlined />,
  schedule: <ScheduleOutlined />,
  audit: <AuditOutlined />,
  read: <ReadOutlined />,
  'cloud-upload': <CloudUploadOutlined />,
  safety: <SafetyOutlined />,
  'bar-chart': <BarChartOutlined />,
  setting: <SettingOutlined />,
  book: <BookOutlined />,
  profile: <ProfileOutlined />,
  tool: <ToolOutlined />,
  form: <FormOutlined />,
  desktop: <DesktopOutlined />,
};

/** Unknown names get a neutral icon rather than none, so collapsed menus keep their rhythm. */
export const menuIcon = (source: unknown): ReactNode => (typeof source === 'string' && ICONS[source]) || <AppstoreOutlined />;
