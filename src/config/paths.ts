/** The app's routes as data (bulletproof-react's config/paths). */
export const paths = {
  dashboard: '/',
  saved: '/saved',
  ideasBank: '/ideas-bank',
  calendar: '/calendar',
  settings: '/settings',
  onboarding: '/onboarding',
} as const;
