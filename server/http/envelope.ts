import type { Envelope, Page } from '../../src/shared/blade-envelope';

export type { Envelope, Page } from '../../src/shared/blade-envelope';

export function ok<T>(data: T, msg = '操作成功'): Envelope<T> {
  return { code: 200, success: true, data, msg };
}

export function fail(code: number, msg: string): Envelope<null> {
  return { code, success: false, data: null, msg };
}

export function page<T>(records: T[], total: number, current: number, size: number): Page<T> {
  return { records, total, size, current, pages: size > 0 ? Math.ceil(total / size) : 0 };
}

/** An error that becomes an envelope with this HTTP status and Chinese message. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export const badRequest = (msg: string) => new ApiError(400, msg);
export const unauthorized = (msg = '请求未授权') => new ApiError(401, msg);
export const forbidden = (msg = '缺失权限，请联系管理员') => new ApiError(403, msg);
export const notFound = (msg = '数据不存在') => new ApiError(404, msg);
