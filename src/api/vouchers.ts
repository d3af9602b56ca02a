import { getData, postData } from './envelope';
import { request } from './request';
import type { Envelope } from './types';
import type { VoucherFile, VoucherView } from '../shared/contract/followups-care';
import type { UploadView } from '../shared/contract/resource';

/**
 * Follow-up vouchers (spec 001 §3 voucher, §7 userfollowupvoucher): photos or PDFs attached to a
 * saved follow-up. A file is first uploaded with oss put-file, then its link is saved to the record.
 */
const BASE = '/api/blade-iph-business/userfollowupvoucher';
const PUT_FILE = '/api/blade-resource/oss/endpoint/put-file';

/** The oss upload limit (server/resource/routes/oss.ts): larger files are refused there. */
export const VOUCHER_MAX_BYTES = 5 * 1024 * 1024;

/** A voucher as the server answers it (the contract's VoucherView). */
export type FollowupVoucher = VoucherView;

/** What save-vouchers takes per voucher: the put-file answer's link, name and original name (the contract's). */
export type { VoucherFile };

/** A record's vouchers, newest first. */
export const listVouchers = (followId: string) => getData<FollowupVoucher[]>(`${BASE}/new-list`, { params: { followId } });

/** Uploads one file (policy voucher: png, jpg, gif or pdf); silent, the caller shows the message. */
export async function uploadVoucherFile(file: File): Promise<VoucherFile> {
  const form = new FormData();
  form.append('file', file);
  const res = await request.post<Envelope<UploadView>>(PUT_FILE, form, {
    params: { type: 'voucher' },
    meta: { silent: true },
  });
  const { link, name, originalName } = res.data.data;
  return { link, name, originalName: originalName || file.name };
}

/** Adds vouchers to a saved follow-up (at most 20 a call); silent, the caller shows the message. */
export const saveVouchers = (followId: string, vouchers: VoucherFile[]) =>
  postData<FollowupVoucher[]>(`${BASE}/save-vouchers`, { followId, vouchers }, { meta: { silent: true } });

export const removeVouchers = (ids: string[]) =>
  postData<boolean>(`${BASE}/remove`, null, { params: { ids: ids.join(',') }, meta: { silent: true } });

/** 上报基卫 (push-voucher-to-jw): the vouchers named get a push to 基卫 through the outbox (server/push). */
export const pushVouchersToJw = (ids: string[]) => postData<{ changed: number; ids: string[] }>(`${BASE}/push-voucher-to-jw`, { ids });
