// What the maternal header labels a case with, beyond the case's own status.
import { daysBetween } from '../../engine';
import type { MaternalCase } from './maternal-api';

/** 产褥期: the six weeks after delivery (42 days, the 产后42天健康检查 that ends it). */
export const PUERPERIUM_DAYS = 42;

/**
 * The pregnancy phase of a case on `today`. Spec 001 names only an age life-stage label (儿童/少年/
 * 青年/中年/老年, shown with the age); it is silent on a phase tag, so this one is ours: 孕期 until a
 * delivery date is recorded (产时信息), 产褥期 for the 42 days after it, 产后 beyond; none once the
 * case is closed or cancelled (its status tag says so).
 */
export function pregnancyPhase(c: Pick<MaternalCase, 'status' | 'deliveryDate'>, today: string): '孕期' | '产褥期' | '产后' | null {
  if (c.status !== '1') return null;
  if (!c.deliveryDate) return '孕期';
  const days = daysBetween(c.deliveryDate, today);
  if (days === null) return '孕期';
  return days <= PUERPERIUM_DAYS ? '产褥期' : '产后';
}

/**
 * The death flag spec 001 line 24 keeps locally per otherId (set when a 孕产妇死亡报告卡 is saved in
 * the shell): with it the header shows 已注销 and greys its tags. The shell also sets it when the
 * case already holds a death report, so another browser shows the same.
 */
const deathKey = (otherId: string) => `maternal-death-${otherId}`;
export function hasDeathFlag(otherId: string): boolean {
  try {
    return localStorage.getItem(deathKey(otherId)) === '1';
  } catch {
    return false;
  }
}
export function setDeathFlag(otherId: string): void {
  try {
    localStorage.setItem(deathKey(otherId), '1');
  } catch {
    // Storage refused (private mode, quota): the header still learns it from the case's records.
  }
}
