import { getData } from './envelope';
import type { UserDefault } from './types';

/** The blade-user service (spec 000 §7 Users). */
export const getUserDefault = () => getData<UserDefault>('/api/blade-user/getUserDefault');
