import { describe, expect, it } from 'vitest';
import { checkUpload, type UploadPolicyName } from './upload';

const KB = 1024;

describe('checkUpload', () => {
  it.each<[UploadPolicyName, string, string, number, boolean, string | undefined]>([
    ['avatar', 'a.png', 'image/png', 1024 * KB, true, undefined],
    ['avatar', 'a.jpg', 'image/jpeg', 1024 * KB + 1, false, '超出文件类型限制'],
    ['avatar', 'a.gif', 'image/gif', 10, false, '超出文件类型限制'],
    ['attachment', 'r.jpg', 'image/jpeg', 3072 * KB, true, undefined],
    ['attachment', 'r.png', 'image/png', 3072 * KB + 1, false, '超出文件类型限制'],
    ['attachment', 'r.pdf', 'application/pdf', 10, false, '超出文件类型限制'],
    ['voucher', 'v.pdf', 'application/pdf', 10, true, undefined],
    ['voucher', 'v.gif', 'image/gif', 10, true, undefined],
    ['voucher', 'v.JPEG', 'image/jpeg', 10, true, undefined],
    ['voucher', 'v.pdf', 'image/png', 10, false, '只能上传图片文件或PDF文件！'],
    ['voucher', 'v.bmp', 'image/bmp', 10, false, '只能上传图片文件或PDF文件！'],
    ['import', 'a.xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 10, true, undefined],
    ['import', 'a.csv', 'text/csv', 10, false, '不支持的文件类型！'],
  ])('%s %s (%s, %i bytes) → %s', (policy, name, type, size, ok, message) => {
    const r = checkUpload({ name, type, size }, policy);
    expect(r.ok).toBe(ok);
    expect(r.message).toBe(message);
  });
});
