import { useSearchParams } from 'react-router-dom';
import { MaternalListPage } from './maternal-list-page';
import { MaternalShell, type MaternalHosts } from './maternal-shell';

export { MaternalListPage };
export type { MaternalHosts };

/** /publichealthwork/maternal/*: the shell for ?arch_id (and otherId); without them, the management list. */
export function MaternalPage({ hosts }: { hosts: MaternalHosts }) {
  const [search] = useSearchParams();
  const archId = search.get('arch_id') ?? '';
  const otherId = search.get('otherId') ?? '';
  if (!archId && !otherId) return <MaternalListPage ResidentPicker={hosts.ResidentPicker} />;
  return <MaternalShell archId={archId} otherId={otherId} hosts={hosts} />;
}
