/** The app's routes as data (bulletproof-react's config/paths). */
export const paths = {
  dashboard: '/',
  saved: '/saved',
  ideasBank: '/ideas-bank',
  calendar: '/calendar',
  results: '/results',
  settings: '/settings',
  onboarding: '/onboarding',
  /** Where a password-reset email's link lands: the user sets a new password there. */
  resetPassword: '/reset-password',
  /** Where LinkedIn sends the browser back after "Connect LinkedIn" (registered with the LinkedIn app). */
  linkedinCallback: '/linkedin/callback',
} as const;
