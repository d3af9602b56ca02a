// Where the child screens lead (spec 001 §2): the archive detail's pages by code, the growth chart.

const q = (archId: string, personName?: string) =>
  `arch_id=${encodeURIComponent(archId)}${personName ? `&name=${encodeURIComponent(personName)}` : ''}`;

/** A page of the child's archive detail: its health archive, or a child form by its code (childnewbornvisit, …). */
export const childDetailPath = (archId: string, page: string, personName?: string) =>
  `/publichealthwork/detail/${page}?${q(archId, personName)}`;

/** 儿童生长曲线: an archive detail page of the child management (spec 001 §2), charting the case's exams. */
export const growthChartPath = (archId: string, otherId?: string, personName?: string) =>
  `/publichealthwork/detail/growthchart?${q(archId, personName)}${otherId ? `&other_id=${encodeURIComponent(otherId)}` : ''}`;
