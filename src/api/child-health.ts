import { getData } from './envelope';
import type { ChildRecord } from '../shared/contract/child-health';

export type { ChildRecord };

/** userfollowup/get-children-userfollow-up: the child's records across the child health forms, newest first. */
export function getChildRecords(archId: string, otherId?: string): Promise<ChildRecord[]> {
  const query = new URLSearchParams({ archId });
  if (otherId) query.set('otherId', otherId);
  return getData<ChildRecord[]>(`/api/blade-iph-business/userfollowup/get-children-userfollow-up?${query.toString()}`);
}
