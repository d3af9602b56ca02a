import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import useSWR, { useSWRConfig } from 'swr';
import { getUserInfo as fetchUserInfo, logout } from '../../api/auth';
import { getUserDefault, getUserInfo as storedUserInfo } from '../../api/session';
import { getTenantInfo } from '../../api/tenant';
import { LOGIN_PATH } from '../../shared/config';
import { HomeCard } from './home-card';
import { HomeTotals } from './home-totals';

/** /home/index: the first page after login. */
export function HomePage() {
  const navigate = useNavigate();
  const { mutate } = useSWRConfig();
  const [loggingOut, setLoggingOut] = useState(false);
  // The login answer is on hand at once; the server's view refreshes it (e.g. a renamed role).
  const stored = storedUserInfo();
  const { data: user } = useSWR('blade-auth/user-info', fetchUserInfo);
  const { data: tenant } = useSWR('blade-system/tenant/info', getTenantInfo);

  const onLogout = async () => {
    setLoggingOut(true);
    await logout();
    // Another user may log in next in this tab: forget everything SWR holds for this one.
    await mutate(() => true, undefined, { revalidate: false });
    navigate(LOGIN_PATH, { replace: true });
  };

  return (
    <div style={{ padding: 24 }}>
      <HomeCard
        realName={user?.realName ?? stored?.real_name}
        account={user?.account ?? stored?.account}
        roleName={user?.roleName ?? stored?.role_name}
        tenantName={tenant?.tenantName ?? getUserDefault()?.tenantName}
        loggingOut={loggingOut}
        onLogout={() => void onLogout()}
      />
      <HomeTotals />
    </div>
  );
}
