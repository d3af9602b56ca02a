import { getData } from './envelope';

/** A member of a resident's family as the archive page shows it (userinfomain/family-archives). */
export interface FamilyMember {
  id: string;
  archId: string;
  personName: string;
  archivesNo: string;
  sex: string;
  relation: string;
  relationName: string;
}

export interface ArchiveFamily {
  family: { id: string; familyNo: string; address: string; remark: string; householderArchId: string; householderName: string } | null;
  members: FamilyMember[];
}

/** The family an archive belongs to (as member or householder), with every member and their relation; family null when none. */
export const getArchiveFamily = (archId: string) =>
  getData<ArchiveFamily>('/api/blade-iph-business/userinfomain/family-archives', { params: { archId } });
