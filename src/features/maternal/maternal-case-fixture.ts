import type { MaternalCase } from './maternal-api';

/**
 * An open pregnancy as the server's case view answers it, for stories and screen tests: each names
 * only what it is about (`maternalCaseFixture({ riskColor: 'red' })`), so a new field of the view is
 * added here once.
 */
export function maternalCaseFixture(overrides: Partial<MaternalCase> = {}): MaternalCase {
  return {
    id: '1',
    otherId: '1',
    archId: '10',
    kind: 'maternal',
    status: '1',
    statusText: '在管',
    personName: '陈秀英',
    sex: '2',
    birthday: '1995-03-01',
    age: 31,
    idCard: '441***********123X',
    pregnantBookId: 'YC-2026-001',
    barcode: 'B0001',
    restRegion: '',
    doctorId: '2302',
    doctorName: '张伟',
    unitName: '源城区社区卫生服务中心',
    lastMenstrualPeriod: null,
    dateOfPrenatal: null,
    gestation: null,
    gravidity: 2,
    parity: 1,
    riskColor: '',
    deliveryDate: null,
    birthDate: null,
    birthWeight: null,
    childSex: '',
    motherArchId: null,
    highRisk: 0,
    closeDate: null,
    closeReason: '',
    closeReasonText: '',
    cancelReason: '',
    cancelTime: '',
    rowVersion: 1,
    createTime: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}
