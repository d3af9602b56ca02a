import { getData } from './envelope';

/** The latest 老年人生活自理能力评估 of a resident (userfollowup/get-old-archives-data). */
export interface SelfCareSummary {
  followId: string;
  visitDate: string | null;
  nextVisitDate: string | null;
  totalScore: number | null;
  /** living_skills code: 1 可自理, 2 轻度依赖, 3 中度依赖, 4 不能自理. */
  grade: string | null;
  gradeName: string | null;
}

/** The latest 中医体质辨识: the constitutions judged 是 / 倾向是 (tcm_constitution codes and names). */
export interface TcmSummary {
  followId: string;
  visitDate: string | null;
  nextVisitDate: string | null;
  constitutions: string[];
  constitutionNames: string[];
}

export interface OldArchivesData {
  archId: string;
  selfCare: SelfCareSummary | null;
  tcm: TcmSummary | null;
}

export const getOldArchivesData = (archId: string) =>
  getData<OldArchivesData>(`/api/blade-iph-business/userfollowup/get-old-archives-data?archId=${encodeURIComponent(archId)}`);
