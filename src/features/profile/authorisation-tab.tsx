import { useEffect, useState } from 'react';
import { Descriptions } from 'antd';
import dayjs from 'dayjs';
import { getDictionary, type DictEntry } from '../../api/dict';
import { getPlatformDetail, getProfile, tokenTimes, type PlatformDetail, type ProfileInfo } from '../../api/profile';
import { getToken } from '../../api/session';
import type { ProfileTexts } from './profile-messages';
import { PLATFORM_DICT } from './platform-tab';

const when = (ms: number | undefined) => (ms === undefined ? undefined : dayjs(ms).format('YYYY-MM-DD HH:mm:ss'));

/** Masks all but the last four characters: the code is shown, not handed out. */
export const maskCode = (code: string): string =>
  code.length <= 4 ? '*'.repeat(code.length) : `${'*'.repeat(code.length - 4)}${code.slice(-4)}`;

/**
 * Authorisation info (read only): who the session is authorised as, the user platform and its
 * authorisation code, and when this login's authorisation was issued and expires (expireTime).
 */
export function AuthorisationTab({ t }: { t: ProfileTexts }) {
  const [profile, setProfile] = useState<ProfileInfo>();
  const [platform, setPlatform] = useState<PlatformDetail>();
  const [platforms, setPlatforms] = useState<DictEntry[]>([]);
  const times = tokenTimes(getToken());

  useEffect(() => {
    let alive = true;
    getProfile().then(
      (p) => alive && setProfile(p),
      () => undefined,
    );
    getPlatformDetail().then(
      (p) => alive && setPlatform(p),
      () => undefined,
    );
    getDictionary(PLATFORM_DICT).then(
      (d) => alive && setPlatforms(d),
      () => undefined,
    );
    return () => {
      alive = false;
    };
  }, []);

  const platformName = platform?.userType
    ? (platforms.find((p) => p.dictKey === platform.userType)?.dictValue ?? platform.userType)
    : undefined;
  const shown = (value: string | undefined) => value || t.notSet;

  return (
    <Descriptions bordered column={1} size="middle" styles={{ label: { width: 200 } }}>
      <Descriptions.Item label={t.logAccount}>{shown(profile?.account)}</Descriptions.Item>
      <Descriptions.Item label={t.tenantId}>{shown(profile?.tenantId)}</Descriptions.Item>
      <Descriptions.Item label={t.deptName}>{shown(profile?.deptName)}</Descriptions.Item>
      <Descriptions.Item label={t.roleName}>{shown(profile?.roleName)}</Descriptions.Item>
      <Descriptions.Item label={t.userType}>{shown(platformName)}</Descriptions.Item>
      <Descriptions.Item label={t.authorizeCode}>
        {shown(platform?.authorizeCode ? maskCode(platform.authorizeCode) : undefined)}
      </Descriptions.Item>
      <Descriptions.Item label={t.tokenIssued}>{shown(when(times.issuedAt))}</Descriptions.Item>
      <Descriptions.Item label={t.tokenExpires}>{shown(when(times.expiresAt))}</Descriptions.Item>
    </Descriptions>
  );
}
