// Where the child screens lead (spec 001 §2): the archive detail's pages by code, the growth chart.

import { archiveDetailPath } from '../../shared/archive-paths';

/** A page of the child's archive detail: its health archive, or a child form by its code (childnewbornvisit, …). */
export const childDetailPath = (archId: string, page: string, personName?: string) => archiveDetailPath(archId, page, personName);

/** 儿童生长曲线: an archive detail page of the child management (spec 001 §2), charting the case's exams. */
export const growthChartPath = (archId: string, otherId?: string, personName?: string) =>
  `${archiveDetailPath(archId, 'growthchart', personName)}${otherId ? `&other_id=${encodeURIComponent(otherId)}` : ''}`;
