// A 第2~5次产前随访 the save call accepts (schemas/maternalprenatal.json): the 2nd visit at 16 weeks of a
// pregnancy with LMP 2024-04-01; the maternal, task-centre and push tests override what they test.
export const prenatalValues = (o: Record<string, unknown> = {}) => ({
  visitDate: '2024-07-22',
  visitNo: '2',
  lmp: '2024-04-01',
  weight: 58,
  fetalHeartRate: 145,
  sbp: 112,
  dbp: 72,
  classification: '1',
  guidance: ['1'],
  referral: '1',
  nextVisitDate: '2024-08-20',
  doctorSign: '王医生',
  ...o,
});
