import { getData } from './envelope';

/** One record's readings (spec 001 "Follow-up graph data"): a pressure pair and/or a fasting glucose. */
export interface GraphPoint {
  followId: string;
  formCode: string;
  formName: string;
  /** yyyy-MM-dd, the record's visit date. */
  date: string;
  sbp: number | null;
  dbp: number | null;
  fbg: number | null;
}

export interface GraphData {
  archId: string;
  beginDate: string | null;
  endDate: string | null;
  formCodes: string[];
  /** Oldest first. */
  points: GraphPoint[];
}

/** userfollowup/follow-up-for-gxy-or-tnb-data: without dates, the resident's whole history; without forms, the spec's default forms. */
export function getFollowupGraph(archId: string, beginDate?: string, endDate?: string): Promise<GraphData> {
  const query = new URLSearchParams({ archId });
  if (beginDate) query.set('beginDate', beginDate);
  if (endDate) query.set('endDate', endDate);
  return getData<GraphData>(`/api/blade-iph-business/userfollowup/follow-up-for-gxy-or-tnb-data?${query.toString()}`);
}
