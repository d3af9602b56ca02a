import { FollowupPage } from '../features/archive-detail/followup-page';
import { useHoldNavigation, useLeaveGuard } from '../features/archive-detail/leave-guard';
import { ResidentSelect } from '../features/child-health/resident-select';
import { MaternalListPage, MaternalPage, type MaternalHosts } from '../features/maternal/maternal-page';

/** The archive page's leave guard, holding every navigation away as the archive page does (once per page). */
function useGuard() {
  const guard = useLeaveGuard();
  useHoldNavigation(guard);
  return guard;
}

// Features never import each other: the app hands the maternal shell the archive pages' follow-up
// page and leave guard, so a maternal form is filled, listed and guarded exactly as on the archive page,
// and child health's resident picker, which the list's 新增建档 picks the woman with.
const HOSTS: MaternalHosts = { RecordPage: FollowupPage, useLeaveGuard: useGuard, ResidentPicker: ResidentSelect };

/** /publichealthwork/maternal/*: the maternal page with its hosts. */
export function MaternalScreen() {
  return <MaternalPage hosts={HOSTS} />;
}

/** /publichealthwork/detail/maternal: the management list with its resident picker. */
export function MaternalListScreen() {
  return <MaternalListPage ResidentPicker={ResidentSelect} />;
}
