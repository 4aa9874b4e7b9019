// The types of chromium.mjs, for playwright.config.ts (typed lint reads no types out of JavaScript).
export declare const CHROMIUM: string;
export declare const HEADLESS_SHELL: string | null;
export declare const CHROMIUM_ARGS: string[];
