import { getData } from './envelope';
import type { TenantInfo } from './types';

/** The caller's own tenant (institution) from blade-system. */
export const getTenantInfo = () => getData<TenantInfo>('/api/blade-system/tenant/info');
