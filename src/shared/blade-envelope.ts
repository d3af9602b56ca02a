/** The BladeX response envelope and page shape (docs/architecture.md §6): the one contract server and web app share. */
export interface Envelope<T> {
  code: number;
  success: boolean;
  data: T;
  msg: string;
}

export interface Page<T> {
  records: T[];
  total: number;
  size: number;
  current: number;
  pages: number;
}
