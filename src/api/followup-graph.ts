import { getData } from './envelope';
import type { GraphData, GraphPoint } from '../shared/contract/followups-care';

/** One record's readings (spec 001 "Follow-up graph data") and the graph's answer, as the contract says. */
export type { GraphData, GraphPoint };

/** userfollowup/follow-up-for-gxy-or-tnb-data: without dates, the resident's whole history; without forms, the spec's default forms. */
export function getFollowupGraph(archId: string, beginDate?: string, endDate?: string): Promise<GraphData> {
  const query = new URLSearchParams({ archId });
  if (beginDate) query.set('beginDate', beginDate);
  if (endDate) query.set('endDate', endDate);
  return getData<GraphData>(`/api/blade-iph-business/userfollowup/follow-up-for-gxy-or-tnb-data?${query.toString()}`);
}
