/** Timers and limits of docs/product.md §16, in one place. */
export const timers = {
  authRetryAttempts: 3,
  authRetryBaseMs: 1000,
  authRetryMaxMs: 10_000,
  connectionCheckMs: 5000,
  copiedIndicatorMs: 2000,
  savedFlagMs: 3000,
  settingsBannerMs: 3000,
} as const;

export const toastDurations = {
  default: 4000,
  success: 2000,
  error: 4000,
} as const;
