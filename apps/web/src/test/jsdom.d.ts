// The part of jsdom's API that jsdom-environment.ts uses (jsdom ships no types; @types/jsdom is not a dependency).
declare module 'jsdom' {
  export class JSDOM {
    constructor(html: string, options?: { pretendToBeVisual?: boolean; url?: string });
    readonly window: Window & typeof globalThis;
  }
}
