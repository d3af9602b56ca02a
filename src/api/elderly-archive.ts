import { getData } from './envelope';
import type { OldArchivesData, SelfCareSummary, TcmSummary } from '../shared/contract/followups-care';

/** The latest 老年人生活自理能力评估 and 中医体质辨识 of a resident (userfollowup/get-old-archives-data). */
export type { OldArchivesData, SelfCareSummary, TcmSummary };

export const getOldArchivesData = (archId: string) =>
  getData<OldArchivesData>(`/api/blade-iph-business/userfollowup/get-old-archives-data?archId=${encodeURIComponent(archId)}`);
