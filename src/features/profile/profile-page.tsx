import { Card, Tabs } from 'antd';
import { useMessages } from '../../shared/i18n/i18n-context';
import { AuthorisationTab } from './authorisation-tab';
import { LoginLogTab } from './login-log-tab';
import { PasswordTab } from './password-tab';
import { PersonalInfoTab } from './personal-info-tab';
import { PlatformTab } from './platform-tab';
import { profileMessages } from './profile-messages';

/** /info/index (spec 000 §2): personal info, password, platform info, authorisation, login log. */
export function ProfilePage() {
  const t = useMessages(profileMessages);
  return (
    <Card title={t.title} style={{ margin: 12 }}>
      <Tabs
        // destroyOnHidden: each tab loads its data when opened, so the login log is fresh.
        destroyOnHidden
        items={[
          { key: 'info', label: t.tabInfo, children: <PersonalInfoTab t={t} /> },
          { key: 'password', label: t.tabPassword, children: <PasswordTab t={t} /> },
          { key: 'platform', label: t.tabPlatform, children: <PlatformTab t={t} /> },
          { key: 'authorisation', label: t.tabAuthorisation, children: <AuthorisationTab t={t} /> },
          { key: 'loginlog', label: t.tabLoginLog, children: <LoginLogTab t={t} /> },
        ]}
      />
    </Card>
  );
}
