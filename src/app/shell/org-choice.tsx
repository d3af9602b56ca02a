import { useState } from 'react';
import { App, Flex, Select } from 'antd';
import useSWR from 'swr';
import { getDeptSelect, getRoleSelect, getTeamSelect } from '../../api/menu';
import { RequestError } from '../../api/request';
import { getUserInfo } from '../../api/session';
import { changeLogin, type ChangeType } from '../../api/user';
import { useMessages } from '../../shared/i18n/i18n-context';
import { adoptLogin, goHomeReloaded } from './session-actions';
import { shellMessages } from './shell-messages';
import { choiceComplete, teamSelector, type OrgChoice } from './top-bar-rules';

const current = (): OrgChoice => {
  const u = getUserInfo();
  return { deptId: u?.dept_id || undefined, roleId: u?.role_id || undefined, teamId: u?.team_id || undefined };
};

function failureText(error: unknown, fallback: string): string {
  if (error instanceof RequestError) {
    const body = error.body as { error_description?: unknown } | null | undefined;
    if (body && typeof body.error_description === 'string' && body.error_description) return body.error_description;
  }
  return fallback;
}

/**
 * Department / role / team dropdowns (spec §2, §4): a change re-logs in with a change type, goes
 * home, clears tabs and reloads; on failure the previous selection comes back. Department and
 * role are both required (请选择角色). The team selector shows only with more than one team and
 * is disabled in a category-6 department.
 */
export function OrgChoiceSelects() {
  const m = useMessages(shellMessages);
  const { message } = App.useApp();
  const { data: depts } = useSWR('blade-system/menu/deptSelect', getDeptSelect);
  const { data: roles } = useSWR('blade-system/menu/roleSelect', getRoleSelect);
  const { data: teams } = useSWR('blade-system/menu/teamSelect', getTeamSelect);
  // The shown selection: the session's, or the one being switched to while the call runs.
  const [shown, setShown] = useState<OrgChoice>(current);
  const [busy, setBusy] = useState(false);
  const team = teamSelector(teams, depts, shown.deptId);

  const change = async (type: ChangeType, id: string | undefined) => {
    const before = current();
    const key = type === 'dept' ? 'deptId' : type === 'role' ? 'roleId' : 'teamId';
    const next: OrgChoice = { ...before, [key]: id };
    if (!choiceComplete(next)) {
      void message.warning(m.chooseRole);
      setShown(before);
      return;
    }
    setShown(next);
    setBusy(true);
    try {
      const answer = await changeLogin(type, { deptId: next.deptId, roleId: next.roleId, teamId: next.teamId });
      if (!answer.access_token) throw new Error(m.switchFailed);
      await adoptLogin(answer);
      goHomeReloaded();
    } catch (e) {
      void message.error(failureText(e, e instanceof Error && e.message ? e.message : m.switchFailed));
      setShown(before);
      setBusy(false);
    }
  };

  const width = { minWidth: 96, maxWidth: 160 };
  return (
    <Flex gap={6} align="center">
      <Select
        aria-label={m.dept}
        title={m.dept}
        value={shown.deptId}
        placeholder={m.dept}
        disabled={busy}
        style={width}
        popupMatchSelectWidth={false}
        options={(depts ?? []).map((d) => ({ value: d.id, label: d.deptName }))}
        onChange={(v: string) => void change('dept', v)}
      />
      <Select
        aria-label={m.role}
        title={m.role}
        value={shown.roleId}
        placeholder={m.role}
        disabled={busy}
        style={width}
        popupMatchSelectWidth={false}
        options={(roles ?? []).map((r) => ({ value: r.id, label: r.roleName }))}
        onChange={(v: string) => void change('role', v)}
      />
      {team.visible && (
        <Select
          aria-label={m.team}
          title={m.team}
          value={shown.teamId}
          placeholder={m.team}
          disabled={busy || team.disabled}
          style={width}
          popupMatchSelectWidth={false}
          options={(teams ?? []).map((t) => ({ value: t.id, label: t.name }))}
          onChange={(v: string) => void change('team', v)}
        />
      )}
    </Flex>
  );
}
