/**
 * The only door to page-leaving side effects. Code receives a `Browser` instead of touching
 * `window.location`, so tests hand in a recorder and assert where the page would have gone.
 */
export interface Browser {
  /** Leaves the app for `url` (an external sign-in page or a full reload of an app path). */
  assign: (url: string) => void;
  reload: () => void;
}

export const windowBrowser: Browser = {
  assign: (url) => window.location.assign(url),
  reload: () => window.location.reload(),
};
