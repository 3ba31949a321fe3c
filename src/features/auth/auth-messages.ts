import { messages } from '@/config/messages';

/** The auth messages of docs/product.md §15, and which of them are about the connection (they get tips). */
export const authMessages = {
  noConnection: messages.no_connection,
  timeout: 'Connection timeout',
  network: 'Network error when connecting to authentication service',
  tokenError: 'Authentication token error - please try signing in again',
  initFailed: 'Failed to initialize authentication',
  profileFailed: 'Failed to load profile',
  signOutFailed: 'Could not sign out. Please try reloading the page.',
  /** docs/product.md §12: this sign-in was signed out on another device (or everywhere). */
  sessionEnded: 'Your session has ended. Please sign in again.',
  reconnecting: 'Connection interrupted. Reconnecting...',
  /** docs/product.md §16: after 5 reconnect attempts the connection status says it has stopped trying. */
  realtimeGaveUp: 'Connection lost. Reconnecting stopped after 5 attempts.',
  checkEmail: 'Check your email for the confirmation link',
  /** docs/product.md §15 auth widget confirmations of the password reset. */
  checkEmailForReset: 'Check your email for the password reset link',
  passwordUpdated: 'Your password has been updated',
  resetNeedsEmail: 'Please enter the email address of your account.',
  resetNeedsPassword: 'Please enter a new password.',
  /** A reset link that signed nobody in here (opened in another browser, or too late). */
  resetLinkUnusable:
    'This password reset link cannot be used here: open it in the browser where you asked for it, or ask for a new one.',
  /** docs/product.md §14: the auth provider needs an email (or phone) and a password. */
  missingCredentials: 'You must provide either an email or phone number and a password',
  /** After a confirmation link that could not sign this browser in (another browser, or too late). */
  confirmedSignIn: 'Your email address is confirmed. Sign in to continue.',
} as const;

const connectionMessages = new Set<string>([
  authMessages.noConnection,
  authMessages.timeout,
  authMessages.network,
]);

export function isConnectionMessage(message: string | null): boolean {
  return message !== null && connectionMessages.has(message);
}
