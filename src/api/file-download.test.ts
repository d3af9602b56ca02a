import { describe, expect, it } from 'vitest';
import { fileNameFromDisposition } from './file-download';

describe('fileNameFromDisposition', () => {
  it('reads the RFC 5987 name the server sends for Chinese names', () => {
    const header = `attachment; filename*=UTF-8''${encodeURIComponent('用户导入模板.xlsx')}`;
    expect(fileNameFromDisposition(header, 'x.xlsx')).toBe('用户导入模板.xlsx');
  });

  it('prefers filename* over a plain filename, and decodes a percent-encoded plain one', () => {
    expect(fileNameFromDisposition(`attachment; filename="a.xlsx"; filename*=UTF-8''b%20c.xlsx`, 'x')).toBe('b c.xlsx');
    expect(fileNameFromDisposition(`attachment; filename=${encodeURIComponent('字典.xlsx')}`, 'x')).toBe('字典.xlsx');
    expect(fileNameFromDisposition('attachment; filename="plain name.xls"', 'x')).toBe('plain name.xls');
  });

  it('falls back when the answer names no file or the name is not decodable', () => {
    expect(fileNameFromDisposition(undefined, '模板下载.xlsx')).toBe('模板下载.xlsx');
    expect(fileNameFromDisposition('attachment', '模板下载.xlsx')).toBe('模板下载.xlsx');
    expect(fileNameFromDisposition('attachment; filename=50%.xlsx', 'x')).toBe('50%.xlsx');
  });
});
