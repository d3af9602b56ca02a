// jsdom ships no types and @types/jsdom is not installed: the one constructor the server sanitiser uses.
declare module 'jsdom' {
  export class JSDOM {
    constructor(html?: string);
    readonly window: unknown;
  }
}
