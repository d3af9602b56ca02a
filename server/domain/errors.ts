// Why the server refuses a request, in the terms of the work (not of HTTP). Repositories and
// services throw these; `server/http/domain-errors.ts` is the one place that turns each kind into
// an HTTP status and the BladeX envelope, so the layers below the routes never import HTTP.

/** The kinds of refusal; the HTTP mapping is exhaustive over this list. */
export type DomainErrorKind = 'refusal' | 'forbidden' | 'not-found' | 'conflict' | 'unprocessable' | 'version-required';

/** Extra facts the screen needs to react (the field to focus, who changed a row and when). */
export type ErrorData = Record<string, unknown>;

export abstract class DomainError extends Error {
  abstract readonly kind: DomainErrorKind;

  /** `message` is the Chinese text the user reads; `data` goes to the client beside it. */
  constructor(
    message: string,
    readonly data?: ErrorData,
  ) {
    super(message);
  }
}

/** The input breaks a rule (a required value, a format, a business rule). */
export class Refusal extends DomainError {
  readonly kind = 'refusal' as const;
}

/** The caller may not do this to this data. */
export class Forbidden extends DomainError {
  readonly kind = 'forbidden' as const;
  constructor(message = '缺失权限，请联系管理员', data?: ErrorData) {
    super(message, data);
  }
}

/** The thing named does not exist for the caller (another tenant's rows do not exist either). */
export class NotFound extends DomainError {
  readonly kind = 'not-found' as const;
  constructor(message = '数据不存在', data?: ErrorData) {
    super(message, data);
  }
}

/** Someone else changed the data since it was read, or is changing it now. */
export class Conflict extends DomainError {
  readonly kind = 'conflict' as const;
}

/** Well-formed but cannot be done as sent (a request id reused with other content, a rule past its budget). */
export class Unprocessable extends DomainError {
  readonly kind = 'unprocessable' as const;
}

/** An update without the row version it read: it would overwrite whatever is there. */
export class VersionRequired extends DomainError {
  readonly kind = 'version-required' as const;
}
