import { getData } from './envelope';
import type { HealthMenu, HealthMenuRoute, HealthMenuTab } from '../shared/contract/followups-care';

/**
 * An archive's form menu (spec 001 §7 healthmenu/getHealthMenuRoutes): the forms the registry
 * places for this resident, in menu order, each with the tabs other forms join on its page, and
 * the archive buttons the caller's role holds.
 */
export type { HealthMenu, HealthMenuRoute, HealthMenuTab };

export const getHealthMenu = (archId: string) =>
  getData<HealthMenu>(`/api/blade-iph-business/healthmenu/getHealthMenuRoutes?archId=${encodeURIComponent(archId)}`);
